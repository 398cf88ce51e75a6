"""The season table, head to head, money and chart show negatives with a real minus (U+2212);
the season's JSON keeps ASCII."""

import re

import pytest

from groups.services import group_writes as services
from rounds.inputs import clean_settings
from tests.factories import add_rounds
from tests.rounds.test_minus_sign import ASCII_NEGATIVE, MINUS, shown_text

pytestmark = pytest.mark.django_db


def test_the_season_page_writes_negatives_with_a_real_minus(client):
    group = services.group_create(name="Thursday table")
    settings = clean_settings({"preset": "pay-difference", "value_per_point": "0.50", "currency": "EUR"})
    session = services.group_session_create(
        group=group, players=["Ann", "Ben", "Cat", "Dan"], settings=settings
    )
    add_rounds(session, [5, 0, 11, 13])  # A +9, B +29, C −15, D −23
    html = client.get(f"/g/{group.view_key}/").content.decode()
    text = shown_text(html)
    assert ASCII_NEGATIVE.findall(text) == []
    dan = re.search(r'data-season-player="Dan">.*?</tr>', html, re.S).group(0)
    assert f"<td>{MINUS}23</td>" in dan
    assert f"{MINUS}€11.50" in text  # the season's money, written as the settle page writes it
    assert f"Dan {MINUS}23" in html  # the chart's summary
    season = client.get(f"/api/groups/{group.view_key}/season").content.decode()
    assert MINUS not in season
    assert "-23" in season


def test_the_seasons_money_in_rupiah_is_whole_and_grouped_as_the_settle_page_writes_it(client):
    """A Capsa club playing for Rp1.000 a point (typed "Rp", stored "RP"): the season's money
    read "45000,00 RP" on an Indonesian page, beside the settle page's Rp45.000."""
    group = services.group_create(name="Klub Capsa")
    settings = clean_settings({"preset": "capsa-banting", "value_per_point": "1.000", "currency": "Rp"})
    session = services.group_session_create(
        group=group, players=["Budi", "Sari", "Andi", "Dewi"], settings=settings
    )
    add_rounds(session, [5, 0, 9, 13])  # Sari takes 5 + 9×2 + 13×3 = 62
    html = client.get(f"/g/{group.view_key}/", HTTP_ACCEPT_LANGUAGE="id").content.decode()
    money = re.search(r"<ul class=\"season-money\".*?</ul>", html, re.S).group(0)
    shown = dict(re.findall(r"<strong>(\w+)</strong> <span class=\"amount\">([^<]+)</span>", money))
    assert shown == {
        "Budi": f"{MINUS}Rp5.000",
        "Sari": "+Rp62.000",
        "Andi": f"{MINUS}Rp18.000",
        "Dewi": f"{MINUS}Rp39.000",
    }
