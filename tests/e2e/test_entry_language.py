"""The entry speaks the page's language to the end: a refusal the server sends over the socket
(the preview, then the add) reads in zh-Hant on a zh-Hant page, as the import page's do."""

import re

from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys

HAN = re.compile(r"[\u4e00-\u9fff]")


def test_a_refusal_on_a_zh_hant_page_is_in_traditional_chinese(phones, live_api, server_url, screenshot):
    state = live_api.create()
    phone = phones("Ann's phone")
    phone.context.add_cookies([{"name": "django_language", "value": "zh-hant", "url": server_url}])
    page = phone.open(f"/s/{state['id']}/")
    expect(page.locator("html")).to_have_attribute("lang", "zh-hant")
    type_keys(page, "5 6 7 8")  # no winner: the server's preview refuses it, over the socket
    error = page.locator("[data-form-error]")
    expect(error).to_be_visible()
    expect(error).to_have_text(HAN)
    preview_refusal = error.inner_text()
    type_keys(page, "Enter")  # the add is refused the same way, in the same words
    expect(error).to_have_text(preview_refusal)
    assert not re.search(r"[A-Za-z]{3,}", preview_refusal), preview_refusal
    screenshot(page, "entry-refusal-zh-hant")
    assert live_api.state(state["id"])["rounds"] == []
