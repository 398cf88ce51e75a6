"""The entry speaks the page's language to the end: a refusal the server sends over the socket
(the preview, then the add) reads in zh-Hant on a zh-Hant page and in zh-Hans on a zh-Hans page,
as the import page's do; and dates and times take the phone's own regional form only when it
reads the page's script."""

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.test_entry import type_keys

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize(
    ("language", "lang", "no_winner"),
    [("zh-hant", "zh-Hant", "沒有贏家"), ("zh-hans", "zh-Hans", "没有赢家")],
)
def test_a_refusal_on_a_chinese_page_is_in_its_script(
    phones, live_api, server_url, screenshot, language, lang, no_winner
):
    state = live_api.create()
    phone = phones("Ann's phone")
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    page = phone.open(f"/s/{state['id']}/")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    type_keys(page, "5 6 7 8")  # no winner: the server's preview refuses it, over the socket
    error = page.locator("[data-form-error]")
    expect(error).to_be_visible()
    expect(error).to_have_text(HAN)
    expect(error).to_contain_text(no_winner)
    preview_refusal = error.inner_text()
    type_keys(page, "Enter")  # the add is refused the same way, in the same words
    expect(error).to_have_text(preview_refusal)
    assert not re.search(r"[A-Za-z]{3,}", preview_refusal), preview_refusal
    screenshot(page, f"entry-refusal-{language}")
    assert live_api.state(state["id"])["rounds"] == []


@pytest.mark.parametrize(
    ("language", "device", "dates"),
    [
        ("zh-hans", "zh-SG", "zh-SG"),  # the page's script: the device's own form
        ("zh-hans", "zh-TW", "zh-Hans"),  # another script: the page's
        ("zh-hant", "zh-HK", "zh-HK"),
        ("zh-hant", "zh-CN", "zh-Hant"),
        ("en", "en-GB", "en-GB"),
        ("en", "zh-CN", "en"),
    ],
)
def test_dates_take_the_devices_form_only_in_the_pages_script(browser, server_url, language, device, dates):
    context = browser.new_context(locale=device, service_workers="block")
    try:
        context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
        page = context.new_page()
        page.goto(f"{server_url}/rules/")
        assert page.evaluate("import('/static/js/device.js').then((module) => module.dateLocale())") == dates
    finally:
        context.close()


@pytest.mark.parametrize(
    ("language", "device", "zone", "shown"),
    [
        ("zh-hant", "zh-HK", "Asia/Hong_Kong", ["上午4:47", "下午4:05"]),
        ("zh-hant", "zh-TW", "Asia/Taipei", ["上午4:47", "下午4:05"]),
        ("zh-hans", "zh-CN", "Asia/Shanghai", ["4:47", "16:05"]),
        ("en", "en-US", "America/New_York", ["4:47 AM", "4:05 PM"]),
    ],
)
def test_the_history_writes_a_time_as_the_phones_clock_does(
    browser, server_url, language, device, zone, shown
):
    """A single-digit hour has no leading zero: the history sheet read 上午04:47."""
    context = browser.new_context(locale=device, timezone_id=zone, service_workers="block")
    try:
        context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
        page = context.new_page()
        page.goto(f"{server_url}/rules/")
        times = page.evaluate(
            """async () => {
              const { clockTime } = await import('/static/js/device.js');
              return [new Date(2026, 11, 7, 4, 47), new Date(2026, 11, 7, 16, 5)].map(clockTime);
            }"""
        )
        assert [time.replace("\u202f", " ") for time in times] == shown
    finally:
        context.close()


@pytest.mark.parametrize(("language", "spaced"), [("zh-hans", False), ("en", True)])
def test_the_bombs_note_follows_its_word_as_the_language_writes_it(
    phones, live_api, server_url, language, spaced
):
    """Chinese puts no space before a full-width bracket ("炸弹（每个都让每笔支付加倍）", it read "炸弹 （…");
    "Bombs (…" keeps its space."""
    state = live_api.create(preset="chu-da-di")
    phone = phones("Ann's phone")
    phone.context.add_cookies([{"name": "django_language", "value": language, "url": server_url}])
    page = phone.open(f"/s/{state['id']}/")
    note = page.locator(".bombs-step .bombs-note")
    expect(note).to_be_visible()
    assert page.locator(".bombs-step > span").first.evaluate("(span) => span.firstChild.textContent") in (
        "炸弹",
        "Bombs",
    )
    gap = float(note.evaluate("(note) => getComputedStyle(note).marginInlineStart").removesuffix("px"))
    assert (gap > 3) if spaced else (gap == 0), gap
