"""Tiến lên over the JSON API (SPEC 14, API.md "Tiến lên and the rest of the family"): a session's
game, its settings and refusals, a hand by finishing order with its events, the state's rounds,
the preview, corrections, the history, a duplicate request and the settlement."""

import pytest

from rounds.models import Round, RoundVersion

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
ANN, BEN, CAT, DAN = range(4)
# SPEC 14.3's worked example: Dan killed holding four of a kind, Cat chopped Ben's red 2.
EXAMPLE = {
    "order": [ANN, BEN, CAT, DAN],
    "killed": [DAN],
    "left": [{"player": DAN, "four_of_a_kind": 1}],
    "chops": [{"by": CAT, "from": BEN, "items": ["red_two"]}],
}


def create(api, **fields):
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 201, response.json()
    return response.json()


def locked(api, key):
    response = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"})
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def add(api, key, token, hand, **more):
    return api.post(f"/api/sessions/{key}/rounds", {**hand, **more}, token=token)


def test_the_game_is_chosen_at_the_start_with_its_defaults(api):
    state = create(api, game="tien_len")
    settings = state["settings"]
    assert settings["game"] == "tien_len"
    assert settings["mode"] == "tien_len"
    assert settings["tien_len"] == {
        "first": 2,
        "second": 1,
        "kill": 2,
        "instant": 2,
        "chop": 1,
        "values": {"black_two": 1, "red_two": 2, "three_pairs": 2, "four_of_a_kind": 3, "four_pairs": 4},
        "killed": True,
        "left": True,
        "chops": True,
        "instant_win": True,
    }
    assert "tiers" not in settings
    assert "twos" not in settings
    assert create(api)["settings"]["game"] == "big_two"


def test_the_preset_sets_the_game_and_keys_are_optional(api):
    state = create(api, preset="tien-len", tien_len={"first": 4, "values": {"red_two": 3}})
    assert state["settings"]["game"] == "tien_len"
    assert state["settings"]["tien_len"]["first"] == 4
    assert state["settings"]["tien_len"]["second"] == 1
    assert state["settings"]["tien_len"]["values"]["red_two"] == 3
    assert state["settings"]["tien_len"]["values"]["black_two"] == 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"game": "tien_len", "tiers": [[1, 1]]}, "tiers"),
        ({"game": "tien_len", "twos": {"points_per_two": 2}}, "twos"),
        ({"game": "tien_len", "mode": "points"}, "mode"),
        ({"game": "tien_len", "covering_rule": True}, "covering_rule"),
        ({"game": "tien_len", "tien_len": {"second": 2}}, "tien_len.second"),
        ({"game": "tien_len", "tien_len": {"first": 1001}}, "tien_len.first"),
        ({"game": "tien_len", "tien_len": {"killed": "yes"}}, "tien_len.killed"),
        ({"game": "tien_len", "tien_len": {"bombs": 1}}, "tien_len"),
        ({"tien_len": {"first": 3}}, "tien_len"),
        ({"game": "chess"}, "game"),
        ({"game": "tien_len", "zero_sum": False}, "zero_sum"),
        ({"preset": "tien-len", "zero_sum": True}, "zero_sum"),
    ],
)
def test_settings_of_the_other_game_are_refused_naming_the_field(api, fields, field):
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field


def test_a_hand_scores_the_worked_example_and_the_state_carries_it(api):
    key = create(api, game="tien_len")["id"]
    token = locked(api, key)
    response = add(api, key, token, EXAMPLE, request_id="hand-1")
    assert response.status_code == 201, response.json()
    state = api.get(f"/api/sessions/{key}").json()
    (hand,) = state["rounds"]
    assert hand["scores"] == [7, -1, 1, -7]
    assert hand["cards"] is None
    assert hand["order"] == [ANN, BEN, CAT, DAN]
    assert hand["killed"] == [DAN]
    assert hand["left"] == [
        {"player": DAN, "black_two": 0, "red_two": 0, "three_pairs": 0, "four_of_a_kind": 1, "four_pairs": 0}
    ]
    assert hand["chops"] == [{"by": CAT, "from": BEN, "items": ["red_two"]}]
    assert hand["instant"] is None
    assert hand["rules"]["game"] == "tien_len"
    assert state["totals"] == [7, -1, 1, -7]
    stored = Round.objects.get()
    assert stored.cards == []
    assert stored.hand["order"] == [0, 1, 2, 3]


def test_the_last_is_filled_in_and_a_repeat_is_one_hand(api):
    key = create(api, game="tien_len")["id"]
    token = locked(api, key)
    first = add(api, key, token, {"order": [CAT, ANN, DAN]}, request_id="same")
    again = add(api, key, token, {"order": [CAT, ANN, DAN]}, request_id="same")
    assert first.status_code == 201
    assert again.status_code in (200, 201)
    state = api.get(f"/api/sessions/{key}").json()
    assert len(state["rounds"]) == 1
    assert state["rounds"][0]["order"] == [CAT, ANN, DAN, BEN]
    # Last pays the first 2, the third pays the second 1 (SPEC 14.3 rule 1).
    assert state["rounds"][0]["scores"] == [1, -2, 2, -1]
    other = add(api, key, token, {"order": [ANN, CAT, DAN]}, request_id="same")
    assert other.status_code == 409


def test_an_instant_win_alone(api):
    key = create(api, game="tien_len")["id"]
    token = locked(api, key)
    assert add(api, key, token, {"instant": BEN}).status_code == 201
    assert api.get(f"/api/sessions/{key}").json()["rounds"][0]["scores"] == [-4, 12, -4, -4]
    refused = add(api, key, token, {"instant": BEN, "order": [BEN, ANN]})
    assert refused.status_code == 400
    assert refused.json()["field"] == "order"
    assert refused.json()["player"] == BEN


@pytest.mark.parametrize(
    ("hand", "field", "player"),
    [
        ({"order": [ANN, ANN, BEN]}, "order", ANN),
        ({"order": [ANN]}, "order", BEN),
        ({"order": [ANN, BEN, CAT], "killed": [ANN]}, "killed", ANN),
        ({"order": [ANN, BEN, CAT], "killed": [BEN]}, "killed", BEN),
        ({"order": [ANN, BEN, CAT], "left": [{"player": BEN, "red_two": 1}]}, "left", BEN),
        ({"order": [ANN, BEN, CAT], "chops": [{"by": CAT, "from": CAT, "items": ["red_two"]}]}, "chops", CAT),
        ({"order": [ANN, BEN, CAT], "chops": [{"by": CAT, "from": BEN, "items": []}]}, "chops", CAT),
        ({"order": [ANN, BEN, CAT], "cards": [0, 1, 2, 3]}, "cards", None),
        ({"cards": [0, 1, 2, 3]}, "cards", None),
    ],
)
def test_impossible_hands_are_refused_naming_field_and_player_and_nothing_is_stored(api, hand, field, player):
    key = create(api, game="tien_len")["id"]
    token = locked(api, key)
    response = add(api, key, token, hand)
    assert response.status_code == 400, response.json()
    assert response.json()["field"] == field
    assert response.json()["player"] == player
    assert not Round.objects.exists()


def test_a_big_two_session_refuses_a_tien_len_hand(api):
    key = create(api)["id"]
    token = locked(api, key)
    response = add(api, key, token, {"order": [0, 1, 2, 3]})
    assert response.status_code == 400
    assert response.json()["field"] == "order"


def test_a_switched_off_rule_is_refused(api):
    key = create(api, game="tien_len", tien_len={"chops": False})["id"]
    token = locked(api, key)
    response = add(
        api, key, token, {"order": [0, 1, 2, 3], "chops": [{"by": 2, "from": 1, "items": ["red_two"]}]}
    )
    assert response.status_code == 400
    assert response.json()["field"] == "chops"


def test_preview_correction_history_and_settlement(api):
    key = create(api, game="tien_len", value_per_point="1000", currency="VND")["id"]
    token = locked(api, key)
    response = api.post(f"/api/sessions/{key}/preview", EXAMPLE)
    assert response.status_code == 200, response.json()
    preview = response.json()["round"]
    assert preview["scores"] == [7, -1, 1, -7]
    assert preview["order"] == [ANN, BEN, CAT, DAN]
    assert preview["cards"] is None
    assert {"from": DAN, "to": ANN, "amount": 7} in preview["payments"]
    assert {"from": BEN, "to": CAT, "amount": 2} in preview["payments"]
    assert preview["ranks"] == [1, 2, 3, 4]
    assert add(api, key, token, {"order": [0, 1, 2, 3]}).status_code == 201
    edited = api.put(f"/api/sessions/{key}/rounds/1", EXAMPLE, token=token)
    assert edited.status_code == 200, edited.json()
    state = api.get(f"/api/sessions/{key}").json()
    assert state["rounds"][0]["scores"] == [7, -1, 1, -7]
    assert state["rounds"][0]["edited"]
    versions = RoundVersion.objects.order_by("pk")
    assert [version.scores for version in versions] == [[2, 1, -1, -2], [7, -1, 1, -7]]
    assert versions.last().hand["killed"] == [DAN]
    history = api.get(f"/api/sessions/{key}/history").json()
    assert history["versions"][-1]["order"] == [0, 1, 2, 3]
    assert state["settlement"]["net"] == ["7000.00", "-1000.00", "1000.00", "-7000.00"]


def test_the_game_cannot_change_mid_session(api):
    key = create(api, game="tien_len")["id"]
    token = locked(api, key)
    response = api.patch(f"/api/sessions/{key}", {"game": "big_two"}, token=token)
    assert response.status_code == 400
    assert response.json()["field"] == "game"
    response = api.patch(f"/api/sessions/{key}", {"zero_sum": False}, token=token)
    assert response.status_code == 400
    assert response.json()["field"] == "zero_sum"
    response = api.patch(f"/api/sessions/{key}", {"tien_len": {"first": 3}}, token=token)
    assert response.status_code == 200, response.json()
    assert response.json()["settings"]["tien_len"]["first"] == 3


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"game": "tien_len"}, "order", "Order: list the players"),
        ({"mode": "own_scores"}, "scores", "Scores: give one whole number per player"),
        ({}, "cards", "Cards: give a list of cards left"),
    ],
    ids=["tien-len", "own-scores", "big-two"],
)
def test_a_round_with_nothing_of_a_hand_asks_for_its_game_s_hand(api, fields, field, words):
    """An empty body (the round or its preview) is told what this session's hand is, naming the
    game's field, not asked for cards at a table that plays by order or by typed scores."""
    key = create(api, **fields)["id"]
    for response in (add(api, key, locked(api, key), {}), api.post(f"/api/sessions/{key}/preview", {})):
        assert response.status_code == 400
        assert response.json()["field"] == field
        assert response.json()["error"].startswith(words)
    assert not Round.objects.exists()


@pytest.mark.parametrize(
    ("fields", "hand", "field"),
    [
        ({"game": "tien_len"}, {"order": [0, 1, 2, 3], "twos": [0, 0, 0, 1]}, "twos"),
        ({"game": "tien_len"}, {"order": [0, 1, 2, 3], "covering": 2}, "covering"),
        ({"game": "tien_len"}, {"order": [0, 1, 2, 3], "spade_two": 3}, "spade_two"),
        ({"game": "tien_len"}, {"instant": 1, "bombs": 1}, "bombs"),
        ({"mode": "own_scores"}, {"scores": [3, -1, -2, 0], "order": [0, 1, 2, 3]}, "order"),
        ({"mode": "own_scores"}, {"scores": [3, -1, -2, 0], "twos": [0, 0, 0, 0]}, "twos"),
        ({"mode": "own_scores"}, {"scores": [3, -1, -2, 0], "covering": 1}, "covering"),
        ({"mode": "own_scores"}, {"scores": [3, -1, -2, 0], "bombs": 2}, "bombs"),
        ({}, {"cards": [5, 0, 11, 13], "killed": [2]}, "killed"),
        ({}, {"cards": [5, 0, 11, 13], "order": None, "killed": [2]}, "killed"),  # null sends nothing
        ({}, {"cards": [5, 0, 11, 13], "chops": [{"by": 0, "from": 2, "items": ["red_two"]}]}, "chops"),
    ],
)
def test_a_key_of_another_game_s_hand_is_refused_by_name_not_dropped(api, fields, hand, field):
    """Sent beside a hand of another game, Big Two's twos, covering, ♠2 and bombs (or a Tiến lên
    key) are refused naming that key, over the round, its correction and its preview: they were
    dropped, and the hand stored as if they had never been sent."""
    key = create(api, **fields)["id"]
    token = locked(api, key)
    first = {"game": {"order": [0, 1, 2, 3]}, "mode": {"scores": [1, -1, 0, 0]}}
    assert (
        add(api, key, token, next((first[name] for name in fields), {"cards": [5, 0, 11, 13]})).status_code
        == 201
    )
    for response in (
        add(api, key, token, hand),
        api.put(f"/api/sessions/{key}/rounds/1", hand, token=token),
        api.post(f"/api/sessions/{key}/preview", hand),
    ):
        assert response.status_code == 400, response.json()
        assert response.json()["field"] == field
        assert field in response.json()["error"]
    assert Round.objects.count() == 1
    assert RoundVersion.objects.count() == 1


def test_null_and_empty_keys_of_another_game_s_hand_send_nothing(api):
    """What a client sends for 'none' (null, [], no bombs) stays accepted beside any hand."""
    for fields, hand in (
        ({"game": "tien_len"}, {"order": [0, 1, 2, 3], "twos": None, "covering": None, "bombs": 0}),
        ({"mode": "own_scores"}, {"scores": [1, -1, 0, 0], "order": [], "spade_two": None, "killed": None}),
        ({}, {"cards": [5, 0, 11, 13], "order": None, "killed": [], "instant": None, "scores": None}),
    ):
        key = create(api, **fields)["id"]
        assert add(api, key, locked(api, key), hand).status_code == 201


def test_a_tien_len_sessions_settings_sent_back_are_taken(api):
    """The state shows a Tiến lên session's mode as "tien_len"; a client that sends the settings it
    read (a new evening like this one, a group's rules from its GET) was refused, naming `mode`."""
    state = api.post("/api/sessions", {"players": ["An", "Bình", "Chi"], "preset": "tien-len"}).json()
    assert state["settings"]["mode"] == "tien_len"
    again = api.post("/api/sessions", {"players": ["An", "Bình", "Chi"], **state["settings"]})
    assert again.status_code == 201, again.json()
    assert again.json()["settings"] == state["settings"]
    group = api.post("/api/groups", {"name": "CLB"}).json()
    assert api.patch(f"/api/groups/{group['id']}", {"rules": {"preset": "tien-len"}}).status_code == 200
    rules = api.get(f"/api/groups/{group['id']}").json()["rules"]
    assert api.patch(f"/api/groups/{group['id']}", {"rules": rules}).status_code == 200
    refused = api.post("/api/sessions", {"players": ["An", "Bình"], "mode": "tien_len"})
    assert refused.status_code == 400  # a Big Two session has no such mode
    assert refused.json()["field"] == "mode"
