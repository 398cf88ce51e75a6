"""Issue 29's caps on events, each with a clear refusal: the tables a draw makes count per address
like new sessions (429, a night of 50 tables x 5 rounds fits), hands per event, rules that are no
setting or do not apply to their mode; the standings and the screen read each table's stored
totals, never every hand."""

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from events.models import Event, EventRound, EventTable
from events.reads.selectors import event_json, event_live
from events.reads.standings import event_standings
from events.reads.tally import Tally, hands_by_session
from rounds.models import Session
from rounds.reads.selectors import Viewer
from scorekeeper.settings import RATE_LIMITS as DEFAULT_LIMITS
from tests.events.helpers import NAMES, draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db


def players(count):
    return [f"Player {number:03d}" for number in range(count)]


def test_the_tables_a_draw_makes_count_against_the_address(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "event_table": (12, 3600)}
    first = new_event(api, players=players(40))
    draw(api, first["id"])  # 10 tables
    second = new_event(api, players=players(12))
    refused = api.post(f"/api/events/{second['id']}/rounds", {})
    assert refused.status_code == 429
    assert refused.json()["error"].startswith("Too many new tables from this address")
    assert "limit of 12 tables" in refused.json()["error"]
    assert EventRound.objects.filter(event__view_key=second["view_id"]).count() == 0
    assert Session.objects.count() == 10
    small = new_event(api, players=players(8))
    assert api.post(f"/api/events/{small['id']}/rounds", {}).status_code == 201  # 2 more fit


def test_a_refused_draw_on_the_page_says_when_to_try_again(api, client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "event_table": (1, 3600)}
    event = new_event(api)
    reply = client.post(f"/e/{event['id']}/draw")
    assert reply.status_code == 429
    assert "Too many new tables from this address" in reply.content.decode()
    assert EventRound.objects.count() == 0


def test_a_real_night_of_fifty_tables_and_five_rounds_fits_the_default_limit(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "event_table": DEFAULT_LIMITS["event_table"]}
    assert django_settings.RATE_LIMITS["event_table"] == (300, 3600)
    event = new_event(api, players=players(200), rounds=5, hands=1)
    for _round in range(5):
        assert len(draw(api, event["id"], force=True)["tables"]) == 50
    assert EventTable.objects.count() == 250


@pytest.mark.parametrize(
    ("rounds", "hands", "fits"), [(5, 24, True), (5, 25, False), (20, 6, True), (2, 60, True), (3, 60, False)]
)
def test_hands_per_event_are_capped(api, rounds, hands, fits):
    reply = api.post("/api/events", {"name": "Club", "players": NAMES, "rounds": rounds, "hands": hands})
    if fits:
        assert reply.status_code == 201
        return
    assert reply.status_code == 400
    assert reply.json()["field"] == "hands"
    assert (
        f"at most 120 hands a player (rounds × hands); {rounds} rounds of {hands} hands are {rounds * hands}"
        in reply.json()["error"]
    )
    assert Event.objects.count() == 0


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"modee": "points"}, "there is no setting called modee"),
        ({"preset": "classic-points", "x": 1}, "there is no setting called x"),
        (
            {"mode": "points", "places": {"pays": [100, 200, 300]}},
            "places applies only when paying by place (mode by_place), not in points",
        ),
        (
            {"preset": "wta-flat", "house_name": "Bank"},
            "house_name applies only when paying by place (mode by_place), not in winner_takes_all",
        ),
    ],
)
def test_event_rules_refuse_unknown_fields_and_fields_of_another_mode(api, rules, words):
    reply = api.post(
        "/api/events", {"name": "Club", "players": NAMES, "rounds": 1, "hands": 1, "rules": rules}
    )
    assert reply.status_code == 400, reply.content
    assert reply.json()["field"] == "rules"
    assert words in reply.json()["error"]
    assert Event.objects.count() == 0


def test_places_are_taken_when_paying_by_place(api):
    rules = {"mode": "by_place", "places": {"pays": [100, 200, 300]}, "house_name": "Bank"}
    event = new_event(api, rules=rules)
    assert event["rules"] == rules


def tallied(api, event, rounds):
    """Play `rounds` hands at every table, the publish path keeping each table's totals (these
    tests commit: the path runs after each commit, and its state is kept by session id and
    version, which a rolled-back test's ids would leave for the next test to find)."""
    drawn = draw(api, event["id"])
    for table in drawn["tables"]:
        play_table(api, table["session"], *(hand_for(4, winner=hand % 4) for hand in range(rounds)))
    return drawn


@pytest.mark.django_db(transaction=True)
def test_stored_totals_are_the_hands_counted_again(api):
    event = new_event(api, hands=5, rules={"preset": "pay-difference"})
    tallied(api, event, 5)
    tables = list(EventTable.objects.select_related("session"))
    hands = hands_by_session(table.pk for table in tables)
    for table in tables:
        assert table.tally_version == table.session.version
        counted = Tally.of(table.session.pairwise, hands[table.pk])
        assert (table.hands_played, table.net, table.wins, table.real_losses) == (
            counted.hands,
            counted.net,
            counted.wins,
            counted.real_losses,
        )
        assert table.hands_played == 5


def screen_queries(event_key):
    found = Event.objects.get(view_key=event_key)
    with CaptureQueriesContext(connection) as captured:
        event_live(found, Viewer.FOLLOWER)
    return [query["sql"] for query in captured.captured_queries]


@pytest.mark.django_db(transaction=True)
def test_the_screen_reads_no_hand_and_the_same_queries_at_one_or_many_hands(api):
    few = new_event(api, hands=6)
    tallied(api, few, 1)
    many = new_event(api, hands=6)
    tallied(api, many, 6)
    one, six = screen_queries(few["view_id"]), screen_queries(many["view_id"])
    assert len(one) == len(six)
    assert not any('"rounds_round"' in sql for sql in six)


def test_a_table_whose_totals_lag_is_counted_from_its_hands(api):
    event = new_event(api, hands=3)
    drawn = draw(api, event["id"])
    play_table(api, drawn["tables"][0]["session"], [0, 3, 4, 5], [2, 0, 1, 13])
    stored = EventTable.objects.get(session__edit_key=drawn["tables"][0]["session"])
    assert (stored.hands_played, stored.wins) == (2, [1, 1, 0, 0])  # kept in each hand's transaction
    EventTable.objects.update(tally_version=-1, hands_played=0, wins=[0, 0, 0, 0])  # as if it lagged
    found = Event.objects.get()
    lines = {line.name: line for line in event_standings(found, ratings=False)}
    seated = drawn["tables"][0]["players"]
    assert [lines[name].hands for name in seated] == [2, 2, 2, 2]
    assert [lines[name].wins for name in seated] == [1, 1, 0, 0]
    shown = event_json(found, Viewer.EDITOR)["rounds"][0]["tables"][0]["hands_played"]
    assert shown == 2
