"""The home page's quick setups set 锄大地's doublings (SPEC 15: ♠2 held, bombs) as the API's
presets do: the 锄大地 setup turns them on, every other setup turns them off, and the form never
offers a number field the text "None" (QA, an evening in Simplified Chinese started from the
home page's 锄大地 setup with neither ♠2 nor bombs)."""

import json
import re

import pytest

from rounds.presets import PRESETS, PRESETS_BY_ID
from rounds.web.form_values import presets_for_page

pytestmark = pytest.mark.django_db


def home_presets(client):
    page = client.get("/").content.decode()
    found = re.search(r'<script id="presets" type="application/json">(.*?)</script>', page, re.S)
    return page, {preset["id"]: preset["values"] for preset in json.loads(found.group(1))}


def test_the_chu_da_di_setup_turns_on_spade_two_and_bombs(client):
    _, values = home_presets(client)
    assert (values["chu-da-di"]["spade_two"], values["chu-da-di"]["bombs"]) == (8, True)


def test_every_other_setup_turns_them_off():
    for preset in presets_for_page():
        if preset["id"] != "chu-da-di":
            assert (preset["values"]["spade_two"], preset["values"]["bombs"]) == ("", False), preset["id"]


def test_the_setups_values_say_what_the_api_presets_set():
    for preset in presets_for_page():
        shown = PRESETS_BY_ID[preset["id"]].as_json()
        assert preset["values"]["bombs"] == bool(shown.get("bombs"))
        assert preset["values"]["spade_two"] == (shown["spade_two"]["from"] if shown.get("spade_two") else "")


def test_a_number_field_left_empty_is_empty_not_none(client):
    page, _ = home_presets(client)
    assert 'value="None"' not in page
    assert re.search(r'name="spade_two"[^>]*value=""', page)


def test_the_form_posts_the_chu_da_di_setup_as_it_shows_it(client):
    # What the page's script puts in the fields once the setup is tapped, posted as the form does.
    _, values = home_presets(client)
    chu = values["chu-da-di"]
    form = {f"player_{index}": name for index, name in enumerate(["小王", "小李", "阿明", "阿芳"])}
    form |= {key: value for key, value in chu.items() if not isinstance(value, list)}
    form |= {f"tier_from_{n}": f for n, (f, _) in enumerate(chu["tiers"], start=1)}
    form |= {f"tier_times_{n}": t for n, (_, t) in enumerate(chu["tiers"], start=1)}
    form["bombs"] = "on"
    reply = client.post("/", form)
    assert reply.status_code == 302, reply.content.decode()[:2000]
    key = reply["Location"].rstrip("/").split("/")[-1]
    settings = client.get(f"/api/sessions/{key}").json()["settings"]
    assert settings["spade_two"] == {"from": 8}
    assert settings["bombs"] is True


@pytest.mark.parametrize(
    ("language", "first"),
    [
        ("vi", ["tien-len"]),
        ("id", ["capsa-banting"]),
        ("zh-hans", ["chu-da-di"]),
        ("zh-hant", ["hong-kong", "taiwan-place"]),
        ("en", ["classic-points"]),
        ("fil", ["classic-points"]),
    ],
)
def test_the_home_page_lists_its_countrys_setups_first(client, language, first):
    """A Vietnamese phone finds Tiến lên first among the quick setups, not fourteenth; every setup
    is still there once, and the API's list keeps its order."""
    client.cookies["django_language"] = language
    page = client.get("/").content.decode()
    listed = re.findall(r'class="preset" data-preset="([a-z0-9-]+)"', page)
    assert listed[: len(first)] == first
    assert sorted(listed) == sorted(preset.id for preset in PRESETS)
    assert [preset["id"] for preset in client.get("/api/presets").json()] == [preset.id for preset in PRESETS]
