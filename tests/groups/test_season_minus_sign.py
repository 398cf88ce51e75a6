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
    assert f"{MINUS}11.50 EUR" in text  # the season's money
    assert f"Dan {MINUS}23" in html  # the chart's summary
    season = client.get(f"/api/groups/{group.view_key}/season").content.decode()
    assert MINUS not in season
    assert "-23" in season
