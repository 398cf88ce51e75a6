"""SPEC 10 on hand-made evenings: every season figure, worked out by hand, through the services."""

from datetime import date
from decimal import Decimal

import pytest

from groups.models import GroupEvening
from groups.reads.selectors import group_season, player_names, season_json
from groups.rules.season import (
    ALL_DATES,
    DateRange,
    Evening,
    SeasonRound,
    season_of,
    sorted_lines,
    this_month,
    this_year,
)
from groups.services import group_writes as services
from rounds.inputs import clean_settings
from tests.factories import add_rounds

pytestmark = pytest.mark.django_db


def evening(group, names, *, day, **settings):
    session = services.group_session_create(group=group, players=names, settings=clean_settings(settings))
    GroupEvening.objects.filter(pk=session.pk).update(played_on=day)
    return session


@pytest.fixture
def season_group():
    """Ann, Ben and Cat play Points (classic) in January; Ann, Ben and Dan pay the difference (flat,
    covering on, 0.50 EUR a point) in February."""
    group = services.group_create(name="Thursday table")
    points = evening(group, ["Ann", "Ben", "Cat"], day=date(2026, 1, 10), preset="classic-points")
    # A 5, B 0, C 11 -> +5, 0, +22; then A 0, B 3, C 10 -> 0, +3, +20. Totals 5, 3, 42.
    add_rounds(points, [5, 0, 11], [0, 3, 10])
    money = evening(
        group,
        ["Ann", "Ben", "Dan"],
        day=date(2026, 2, 5),
        preset="pay-difference",
        covering_rule=True,
        value_per_point="0.50",
        currency="EUR",
    )
    # A 3, B 0, D 1 -> A -5, B +4, D +1; then A 2, B 0, D 4 with Ann covering -> A -6, B +6, D 0.
    token = add_rounds(money, [3, 0, 1])
    add_rounds(money, [2, 0, 4], token=token, covering=0)
    return group


def lines_by_name(group, dates=ALL_DATES):
    season = group_season(group, dates)
    names = player_names(group)
    return {names[line.player]: line for line in season.lines}, season, names


def test_season_table_counts_every_figure(season_group):
    lines, _, _ = lines_by_name(season_group)
    figures = {
        name: (line.evenings, line.games, line.wins, line.fries, line.real_losses, line.net_score)
        for name, line in lines.items()
    }
    assert figures == {
        # Points net is the score difference: Σ T_j − n·T_i = 50 − 3·5 = 35, then −11 paying the difference.
        "Ann": (2, 4, 1, 0, 5 + 0 + 3 + 6, 35 - 11),
        "Ben": (2, 4, 3, 0, 3, 41 + 10),
        "Cat": (1, 2, 0, 2, 42, 50 - 3 * 42),
        "Dan": (1, 2, 0, 0, 1, 1),
    }


def test_points_net_is_the_score_difference_and_sums_to_zero(season_group):
    january = DateRange(date(2026, 1, 1), date(2026, 1, 31))
    lines, _, _ = lines_by_name(season_group, january)
    assert {name: line.net_score for name, line in lines.items()} == {"Ann": 35, "Ben": 41, "Cat": -76}


def test_covering_player_bears_the_real_loss(season_group):
    february = DateRange(date(2026, 2, 1), date(2026, 2, 28))
    lines, _, _ = lines_by_name(season_group, february)
    # Round 2: Ann covers L = 2 + 4 = 6; Dan's own 4 is not his loss.
    assert {name: line.real_losses for name, line in lines.items()} == {"Ann": 9, "Ben": 0, "Dan": 1}


def test_per_game_rates(season_group):
    lines, _, _ = lines_by_name(season_group)
    assert lines["Ann"].per_game("net_score") == Decimal("6.00")
    assert lines["Ben"].per_game("wins") == Decimal("0.75")
    assert lines["Cat"].per_game("fries") == Decimal("1.00")
    assert lines["Cat"].per_game("real_losses") == Decimal("21.00")


def test_head_to_head_rival_and_nemesis(season_group):
    _, season, names = lines_by_name(season_group)
    ids = {name: pk for pk, name in names.items()}
    ann, ben, cat, dan = (ids[name] for name in ("Ann", "Ben", "Cat", "Dan"))
    assert (season.pair(ann, ben).games, season.pair(ann, ben).net) == (4, -2 - 9)
    assert (season.pair(ben, ann).games, season.pair(ben, ann).net) == (4, 11)
    assert (season.pair(ann, cat).games, season.pair(ann, cat).net) == (2, 37)
    assert season.pair(ben, dan).net == 1
    assert season.pair(cat, dan) is None  # never at one table
    assert season.rival(ann) == ben
    assert season.nemesis(ann) == ben
    assert season.rival(ben) == ann
    assert season.nemesis(ben) is None
    assert season.rival(cat) is None  # two shared games are not enough


def test_money_per_player_and_currency(season_group):
    _, season, names = lines_by_name(season_group)
    money = {names[player]: amounts for player, amounts in season.money.items()}
    assert money == {
        "Ann": {"EUR": Decimal("-5.50")},
        "Ben": {"EUR": Decimal("5.00")},
        "Dan": {"EUR": Decimal("0.50")},
    }


def test_date_range_keeps_only_its_evenings(season_group):
    lines, season, _ = lines_by_name(season_group, DateRange(date(2026, 2, 1), None))
    assert sorted(lines) == ["Ann", "Ben", "Dan"]
    assert lines["Ann"].evenings == 1
    assert lines["Ann"].games == 2
    assert [evening.played_on for evening in season.evenings] == [date(2026, 2, 5)]
    nothing, _, _ = lines_by_name(season_group, DateRange(date(2025, 1, 1), date(2025, 12, 31)))
    assert nothing == {}


def test_rename_mid_season_keeps_the_history():
    group = services.group_create(name="Fridays")
    first = evening(group, ["Ann", "Ben"], day=date(2026, 3, 1), preset="wta-flat")
    add_rounds(first, [0, 5])
    ann = group.players.get(name="Ann")
    services.group_player_rename(group=group, player_id=ann.pk, name="Annie")
    second = evening(group, ["annie", "Ben"], day=date(2026, 3, 8), preset="wta-flat")
    add_rounds(second, [0, 2])
    assert list(second.players.values_list("name", flat=True)) == ["Annie", "Ben"]
    assert list(first.players.values_list("name", flat=True)) == ["Ann", "Ben"]  # the evening as it was
    lines, season, _ = lines_by_name(group)
    assert sorted(lines) == ["Annie", "Ben"]
    assert (lines["Annie"].evenings, lines["Annie"].wins, lines["Annie"].net_score) == (2, 2, 7)
    assert season.running_net[ann.pk] == [(0, 0), (1, 5), (2, 7)]


def test_season_json_has_the_contract_fields(season_group):
    season = group_season(season_group)
    reply = season_json(season, player_names(season_group))
    assert [player["name"] for player in reply["players"]] == ["Ann", "Ben", "Cat", "Dan"]
    assert set(reply["players"][0]) >= {
        "name",
        "evenings",
        "games",
        "wins",
        "fries",
        "real_losses",
        "net_score",
    }
    pair = next(item for item in reply["head_to_head"] if item["players"] == [0, 1])
    assert (pair["games"], pair["net"]) == (4, -11)
    assert reply["players"][0]["money"] == {"EUR": "-5.50"}


def test_fries_follow_each_rounds_second_tier():
    rounds = (
        SeasonRound(cards=(0, 10, 11), real_losses=(0, 20, 22), fry_from=11),
        SeasonRound(cards=(0, 10, 13), real_losses=(0, 20, 39), fry_from=10),
        SeasonRound(cards=(0, 12, 13), real_losses=(0, 12, 13), fry_from=None),
    )
    night = Evening(
        session=1, played_on=date(2026, 1, 1), players=(7, 8, 9), rounds=rounds, pairwise=((0, 0, 0),) * 3
    )
    season = season_of([night])
    assert [line.fries for line in season.lines] == [0, 1, 2]


def test_sorting_by_any_column_and_the_ranges():
    lines = season_of(
        [
            Evening(
                session=1,
                played_on=date(2026, 5, 2),
                players=(1, 2),
                rounds=(SeasonRound(cards=(0, 3), real_losses=(0, 3), fry_from=10),),
                pairwise=((0, 3), (-3, 0)),
            )
        ]
    ).lines
    names = {1: "Zoe", 2: "Abe"}
    assert [line.player for line in sorted_lines(lines, "name", descending=False, names=names)] == [2, 1]
    assert [line.player for line in sorted_lines(lines, "net_score", descending=True, names=names)] == [1, 2]
    assert [line.player for line in sorted_lines(lines, "wins_per_game", descending=False, names=names)] == [
        2,
        1,
    ]
    assert [line.player for line in sorted_lines(lines, "nonsense", descending=False, names=names)] == [1, 2]
    assert this_month(date(2026, 2, 14)) == DateRange(date(2026, 2, 1), date(2026, 2, 28))
    assert this_year(date(2026, 2, 14)) == DateRange(date(2026, 1, 1), date(2026, 12, 31))


@pytest.mark.parametrize(
    ("style", "nets"),
    [
        # 3.4: Ann pays Ben's due from Dan too (A→B 2, A→B 4; D→A dropped): Ann −6, Ben +6, Dan 0.
        ("pays_for_everyone", {"Ann": -6, "Ben": 6, "Dan": 0}),
        # 3.5: Ann's penalty becomes L = 6, the others' 0, then pay the difference: −12, +6, +6.
        ("takes_whole_loss", {"Ann": -12, "Ben": 6, "Dan": 6}),
    ],
)
def test_covering_under_both_rules(style, nets):
    group = services.group_create(name="Covering")
    night = evening(
        group,
        ["Ann", "Ben", "Dan"],
        day=date(2026, 4, 1),
        preset="pay-difference",
        covering_rule=True,
        covering_style=style,
    )
    add_rounds(night, [2, 0, 4], covering=0)
    lines, season, names = lines_by_name(group)
    assert {name: line.net_score for name, line in lines.items()} == nets
    # The real loss is the same under either rule: the covering player bears L, the others nothing.
    assert {name: line.real_losses for name, line in lines.items()} == {"Ann": 6, "Ben": 0, "Dan": 0}
    ids = {name: pk for pk, name in names.items()}
    assert season.pair(ids["Dan"], ids["Ann"]).net == nets["Dan"]


def test_rival_and_nemesis_ties_go_by_name_not_by_when_a_player_joined():
    # Player 1 plays 3 rounds with each of 9 ("Ann") and 5 ("Zed") and loses 2 points to each.
    night = Evening(
        session=1,
        played_on=date(2026, 6, 1),
        players=(1, 5, 9),
        rounds=tuple(SeasonRound(cards=(1, 0, 0), real_losses=(1, 0, 0), fry_from=10) for _ in range(3)),
        pairwise=((0, -2, -2), (2, 0, 0), (2, 0, 0)),
    )
    season = season_of([night])
    names = {1: "Bob", 5: "Zed", 9: "Ann"}
    assert season.rival(1, names) == 9
    assert season.nemesis(1, names) == 9
    assert season.rival(1, {1: "Bob", 5: "Amy", 9: "Zoe"}) == 5
