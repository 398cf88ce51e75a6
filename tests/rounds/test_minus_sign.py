"""One minus sign (U+2212) in every negative number a page shows; the CSV and the API keep ASCII."""

import re

import pytest

from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

MINUS = "\u2212"
# A hyphen-minus right before a digit, outside an attribute or a script: a negative number
# written the ASCII way (dates like 2026-12-04 are a digit, then the hyphen).
ASCII_NEGATIVE = re.compile(r"(?<![\w-])-\d")


def shown_text(html):
    """What a reader sees: no scripts, no JSON, no tags and their attributes."""
    html = re.sub(r"<script\b.*?</script>", "", html, flags=re.S)
    html = re.sub(r"<template\b.*?</template>", "", html, flags=re.S)
    return re.sub(r"<[^>]*>", " ", html)


@pytest.fixture
def losing_evening():
    """Pay the difference, flat: A 5 B 0 C 11 D 13 (A +9, B +29, C −15, D −23), twice, then over."""
    session = make_session(preset="pay-difference", rounds=2, value_per_point="1.00", currency="TWD")
    add_rounds(session, [5, 0, 11, 13], [5, 0, 11, 13])
    session.refresh_from_db()
    return session


def test_the_session_page_shows_every_negative_number_with_a_real_minus(client, losing_evening):
    html = client.get(f"/s/{losing_evening.edit_key}/").content.decode()
    text = shown_text(html)
    assert ASCII_NEGATIVE.findall(text) == []
    totals = re.findall(r'data-total="(\d)">([^<]*)<', html)
    assert totals == [("0", "18"), ("1", "58"), ("2", f"{MINUS}30"), ("3", f"{MINUS}46")]
    assert re.findall(
        r'class="cell p3[^"]*" data-cell>(?:(?!</span></span>).)*data-running-total>([^<]*)<', html
    )[:2] == [
        f"{MINUS}46",
        f"{MINUS}23",
    ]
    assert re.findall(r"data-standing-total>([^<]*)<", html)[:4] == ["58", "18", f"{MINUS}30", f"{MINUS}46"]


def test_who_pays_whom_says_points_and_money_with_the_same_minus(client, losing_evening):
    html = client.get(f"/s/{losing_evening.view_key}/settle/").content.decode()
    text = shown_text(html)
    assert ASCII_NEGATIVE.findall(text) == []
    assert f"{MINUS}46 points" in text
    assert f"{MINUS}NT$46.00" in text
    assert f"Cat {MINUS}30" in html  # the chart's summary, and its axis
    assert re.search(rf'<text class="axis"[^>]*>{MINUS}46</text>', html)


def test_the_csv_and_the_api_keep_ascii(client, losing_evening):
    csv = client.get(f"/api/sessions/{losing_evening.view_key}/export.csv").content.decode()
    assert MINUS not in csv
    cells = {cell for line in csv.splitlines() for cell in line.split(",")}
    assert {"-23", "-46"} <= cells
    state = client.get(f"/api/sessions/{losing_evening.view_key}").json()
    assert state["totals"] == [18, 58, -30, -46]
    assert MINUS not in client.get(f"/api/sessions/{losing_evening.view_key}").content.decode()
