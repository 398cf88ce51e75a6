"""The season page's Skill column and chart (SPEC 12), in English and zh-Hant."""

import re

import pytest

from groups.reads.season_ratings import season_ratings
from groups.reads.selectors import group_season
from groups.services import group_writes as services
from rounds.inputs import clean_settings
from tests.factories import add_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    group = services.group_create(name="Thursday table")
    session = services.group_session_create(
        group=group, players=["Ann", "Ben", "Cat"], settings=clean_settings({"preset": "pay-difference"})
    )
    add_rounds(session, *([[0, 4, 9], [5, 0, 2], [3, 3, 0]] * 10))  # 30 rounds: all ranked
    other = services.group_session_create(
        group=group, players=["Ann", "Dan"], settings=clean_settings({"preset": "pay-difference"})
    )
    add_rounds(other, [0, 6], [2, 0])  # Dan: 2 rounds, 28 to go
    return group


def rating_cells(html):
    return dict(
        re.findall(
            r'data-season-player="([^"]+)">.*?<td>[^<]*</td>(<td[^>]*data-rating[^>]*>.*?</td>)', html, re.S
        )
    )


def test_the_rating_column_shows_the_ordinal_and_greys_the_unranked(client, group):
    html = client.get(f"/g/{group.view_key}/").content.decode()
    ratings = season_ratings(group, group_season(group)).players
    names = {player.name: player.pk for player in group.players.all()}
    cells = rating_cells(html)
    assert set(cells) == {"Ann", "Ben", "Cat", "Dan"}
    for name in ("Ann", "Ben", "Cat"):
        assert (
            cells[name]
            == f'<td data-rating="{ratings[names[name]].ordinal:.1f}">{ratings[names[name]].ordinal:.1f}</td>'
        )
    assert 'class="unranked"' in cells["Dan"]
    assert cells["Dan"].endswith("><small>28 more games to be ranked</small></td>")
    assert ">Skill" in html
    assert "Skill: a cautious estimate from every game," in html
    assert "μ" not in html  # the details are a ratings page's
    assert "σ" not in html
    assert 'data-sort="rating"' in html
    assert "data-rating-chart" in html


def test_sorting_by_rating_puts_the_ranked_first(client, group):
    html = client.get(f"/g/{group.view_key}/?sort=rating&dir=desc").content.decode()
    order = re.findall(r'data-season-player="([^"]+)"', html)
    ratings = season_ratings(group, group_season(group)).players
    names = {player.pk: player.name for player in group.players.all()}
    ranked = sorted((r for r in ratings.items() if r[1].ranked), key=lambda item: -item[1].ordinal)
    assert order == [names[player] for player, _rating in ranked] + ["Dan"]


def test_the_rating_reads_in_chinese(client, group):
    client.cookies["django_language"] = "zh-hant"
    html = client.get(f"/g/{group.view_key}/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert "實力" in html
    assert "再打 28 局即可排名" in rating_cells(html)["Dan"]
