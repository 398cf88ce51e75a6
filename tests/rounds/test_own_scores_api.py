"""Our own scores (SPEC 15, API.md): a mode where a hand is each player's score as typed; "must
add up to 0" on by default, refusing naming the difference; highest total wins; settlement,
history, groups' seasons; what is stored is exactly what was typed."""

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as examples
from hypothesis import strategies as st

from rounds import services
from rounds.models import Round
from rounds.rules.scoring import RoundEntry
from tests.factories import grab_lock, make_session

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def create(api, **fields):
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 201, response.json()
    return response.json()


def locked(api, key):
    return api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()["token"]


def test_a_hand_is_the_scores_as_typed_and_the_highest_total_wins(api):
    state = create(api, mode="own_scores", value_per_point="1")
    assert state["settings"]["mode"] == "own_scores"
    assert state["settings"]["zero_sum"] is True
    assert "tiers" not in state["settings"]
    key = state["id"]
    token = locked(api, key)
    for scores in ([3, -1, -2, 0], [-5, 6, 0, -1]):
        reply = api.post(f"/api/sessions/{key}/rounds", {"scores": scores}, token=token)
        assert reply.status_code == 201, reply.json()
    state = api.get(f"/api/sessions/{key}").json()
    assert [shown["scores"] for shown in state["rounds"]] == [[3, -1, -2, 0], [-5, 6, 0, -1]]
    assert state["rounds"][0]["cards"] is None
    assert state["totals"] == [-2, 5, -2, -1]
    assert next(standing["player"] for standing in state["standings"]) == 1
    assert state["settlement"]["net"] == ["-2.00", "5.00", "-2.00", "-1.00"]


def test_a_hand_that_does_not_add_up_is_refused_naming_the_difference(api):
    key = create(api, mode="own_scores")["id"]
    reply = api.post(f"/api/sessions/{key}/rounds", {"scores": [3, -1, -1, 0]}, token=locked(api, key))
    assert reply.status_code == 400
    assert reply.json()["field"] == "scores"
    assert "+1" in reply.json()["error"]
    assert not Round.objects.exists()


def test_with_zero_sum_off_any_scores_are_kept_and_settle_by_differences(api):
    key = create(api, mode="own_scores", zero_sum=False, value_per_point="1")["id"]
    reply = api.post(f"/api/sessions/{key}/rounds", {"scores": [10, 4, 0, 2]}, token=locked(api, key))
    assert reply.status_code == 201, reply.json()
    state = api.get(f"/api/sessions/{key}").json()
    assert state["totals"] == [10, 4, 0, 2]
    net = [float(amount) for amount in state["settlement"]["net"]]
    assert sum(net) == 0
    assert net == sorted(net, reverse=True) or net[0] == max(net)
    assert net[0] > net[1] > net[3] > net[2]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"scores": [1, -1, 0]}, "scores"),
        ({"scores": [1, -1, 0, "0"]}, "scores"),
        ({"scores": [2_000_000, -2_000_000, 0, 0]}, "scores"),
        ({"cards": [0, 1, 2, 3]}, "cards"),
    ],
)
def test_bad_hands_are_refused(api, body, field):
    key = create(api, mode="own_scores")["id"]
    reply = api.post(f"/api/sessions/{key}/rounds", body, token=locked(api, key))
    assert reply.status_code == 400, reply.json()
    assert reply.json()["field"] == field


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"mode": "own_scores", "tiers": [[1, 2]]}, "tiers"),
        ({"mode": "own_scores", "twos": {"doubles": True}}, "twos"),
        ({"mode": "own_scores", "bombs": True}, "bombs"),
        ({"mode": "points", "zero_sum": False}, "zero_sum"),
    ],
)
def test_settings_that_do_not_apply_are_refused(api, fields, field):
    reply = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert reply.status_code == 400, reply.json()
    assert reply.json()["field"] == field


def test_scores_in_a_big_two_session_are_refused(api):
    key = create(api)["id"]
    reply = api.post(f"/api/sessions/{key}/rounds", {"scores": [1, -1, 0, 0]}, token=locked(api, key))
    assert reply.status_code == 400
    assert reply.json()["field"] == "scores"


def test_a_groups_season_counts_own_scores_in_net_and_games_only(api):
    group = api.post("/api/groups", {"name": "House rules"}).json()
    api.patch(f"/api/groups/{group['id']}", {"rules": {"mode": "own_scores"}})
    state = api.post(f"/api/groups/{group['id']}/evenings", {"players": PLAYERS}).json()
    assert state["settings"]["mode"] == "own_scores"
    token = locked(api, state["id"])
    api.post(f"/api/sessions/{state['id']}/rounds", {"scores": [5, -5, 0, 0]}, token=token)
    players = {line["name"]: line for line in api.get(f"/api/groups/{group['id']}/season").json()["players"]}
    assert [
        (players[name]["net_score"], players[name]["games"], players[name]["wins"]) for name in PLAYERS
    ] == [
        (5, 1, 0),
        (-5, 1, 0),
        (0, 1, 0),
        (0, 1, 0),
    ]


@st.composite
def typed_hands(draw):
    players = draw(st.integers(2, 4))
    zero_sum = draw(st.booleans())
    hands = []
    for _ in range(draw(st.integers(1, 5))):
        scores = draw(st.lists(st.integers(-1000, 1000), min_size=players, max_size=players))
        if zero_sum:
            scores[-1] = -sum(scores[:-1])
        hands.append(scores)
    return players, zero_sum, hands


@examples(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(typed_hands())
def test_own_scores_store_exactly_what_was_typed(hand):
    players, zero_sum, hands = hand
    session = make_session(players=PLAYERS[:players], mode="own_scores", zero_sum=zero_sum)
    token = grab_lock(session)
    for scores in hands:
        services.round_add(session=session, token=token, entry=RoundEntry(cards=(), hand={"scores": scores}))
    stored = list(Round.objects.filter(session=session).order_by("number"))
    assert [round_.scores for round_ in stored] == hands
    assert [round_.hand for round_ in stored] == [{"scores": scores} for scores in hands]
    session.refresh_from_db()
    assert session.totals == [sum(column) for column in zip(*hands, strict=True)]


def test_the_largest_transfers_are_ticked_paid_and_the_evening_still_reads(api):
    """A transfer over a trillion (typed scores at a million, a million a point) ticked paid was
    stored past the column's 14 digits: that reply and every later read of the session (its
    state, recap, export) answered 500."""
    key = create(api, mode="own_scores", value_per_point="1000000", currency="VND")["id"]
    token = locked(api, key)
    for _ in range(3):
        hand = {"scores": [1_000_000, -1_000_000, 0, 0]}
        assert api.post(f"/api/sessions/{key}/rounds", hand, token=token).status_code == 201
    (transfer,) = api.get(f"/api/sessions/{key}").json()["settlement"]["transfers"]
    assert transfer == {"from": 1, "to": 0, "amount": "3000000000000.00", "paid": False}
    ticked = api.post(
        f"/api/sessions/{key}/transfers/paid", {**transfer, "paid": True, "device": "Ann's phone"}
    )
    assert ticked.status_code == 200, ticked.content
    assert api.get(f"/api/sessions/{key}").json()["settlement"]["transfers"][0]["paid"] is True
    for path in ("recap.txt", "export.csv", "export.json"):
        assert api.get(f"/api/sessions/{key}/{path}").status_code == 200, path
