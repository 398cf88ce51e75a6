"""Share the recap (SPEC 12): the share sheet gets the PNG as a file where the browser can share
files; a download where it cannot. navigator.share is stubbed in the page to catch the file."""

from playwright.sync_api import expect

STUB_SHARE = """
window.sharedFiles = [];
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  for (const file of data.files) {
    const head = Array.from(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
    window.sharedFiles.push({ name: file.name, type: file.type, size: file.size, head, title: data.title });
  }
};
"""
NO_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10]


def finished_evening(live_api):
    state = live_api.create(rounds=3, preset="pay-difference", value_per_point="0.50", currency="EUR")
    live_api.add_rounds(state["id"], [5, 0, 11, 13], [0, 3, 9, 4], [2, 6, 0, 12])
    return state


def shared(page):
    page.wait_for_function("() => window.sharedFiles.length > 0")
    return page.evaluate("() => window.sharedFiles")


def test_share_on_the_final_standings_hands_the_png_to_the_share_sheet(phones, live_api):
    state = finished_evening(live_api)
    phone = phones()
    phone.context.add_init_script(STUB_SHARE)
    page = phone.open(f"/s/{state['id']}/")
    final = page.locator("[data-final]")
    expect(final).to_be_visible()
    final.locator("[data-action='share-recap']").tap()
    (file,) = shared(page)
    assert file["type"] == "image/png"
    assert file["head"] == PNG_SIGNATURE
    assert file["size"] > 20_000
    assert file["name"].startswith("big-two-")
    assert file["name"].endswith(".png")


def test_the_menu_shares_it_on_a_follow_link_too(phones, live_api):
    state = finished_evening(live_api)
    phone = phones("Ben's phone")
    phone.context.add_init_script(STUB_SHARE)
    page = phone.open(f"/s/{state['view_id']}/")
    page.locator("[data-action='menu']").tap()
    page.locator("[data-sheet='menu'] [data-action='share-recap']").tap()
    (file,) = shared(page)
    assert file["head"] == PNG_SIGNATURE
    expect(page.locator("[data-sheet='menu']")).not_to_be_visible()


def test_without_web_share_the_picture_is_downloaded(phones, live_api):
    state = finished_evening(live_api)
    phone = phones()
    phone.context.add_init_script(NO_SHARE)
    page = phone.open(f"/s/{state['id']}/")
    with page.expect_download() as caught:
        page.locator("[data-final] [data-action='share-recap']").tap()
    download = caught.value
    assert download.suggested_filename.endswith(".png")
    with open(download.path(), "rb") as saved:
        assert list(saved.read(8)) == PNG_SIGNATURE
