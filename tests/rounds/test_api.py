"""The JSON API (docs/api.md), endpoint by endpoint, with real values."""

import pytest

from rounds.models import Round, RoundVersion, Session

pytestmark = pytest.mark.django_db

PLAYERS = ["Ann", "Ben", "Cat", "Dan"]


def create(api, **fields):
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 201, response.json()
    return response.json()


def lock(api, key, device="Ann's phone", **body):
    return api.post(f"/api/sessions/{key}/lock", {"device": device, **body})


def token_for(api, key, device="Ann's phone"):
    response = lock(api, key, device)
    assert response.status_code == 200, response.json()
    return response.json()["token"]


def add(api, key, token, cards, **body):
    return api.post(f"/api/sessions/{key}/rounds", {"cards": cards, **body}, token=token)


# --- sessions ------------------------------------------------------------------


def test_create_replies_with_the_state_and_a_follow_key(api):
    state = create(api, preset="classic-points", value_per_point="0.50", currency="EUR")
    assert state["view_id"] != state["id"]
    assert state["players"] == [
        {"name": name, "seat": seat, "total": 0, "rank": 1} for seat, name in enumerate(PLAYERS)
    ]
    assert state["settings"] == {
        "game": "big_two",
        "mode": "points",
        "tiers": [[1, 1], [10, 2], [13, 3]],
        "twos": None,
        "rounds": None,
        "target": None,
        "value_per_point": "0.50",
        "currency": "EUR",
        "covering_rule": False,
        "covering_style": "pays_for_everyone",
    }
    assert state["next"] == {"round": 1, "leader": None, "dealer": 0, "direction": "clockwise"}
    assert state["links"]["page"] == f"/s/{state['id']}/"
    assert state["links"]["follow"] == f"/s/{state['view_id']}/"
    assert (state["lock"], state["rounds"], state["totals"], state["finished"]) == (
        None,
        [],
        [0, 0, 0, 0],
        False,
    )


def test_only_players_are_required_and_classic_points_is_the_default(api):
    state = create(api)
    assert (state["settings"]["mode"], state["settings"]["tiers"], state["settlement"]) == (
        "points",
        [[1, 1], [10, 2], [13, 3]],
        None,
    )


def test_preset_with_explicit_override(api):
    state = create(api, preset="wta-doubles", tiers=[[1, 1], [10, 2]], twos={"points_per_two": 2})
    assert state["settings"]["mode"] == "winner_takes_all"
    assert state["settings"]["tiers"] == [[1, 1], [10, 2]]
    assert state["settings"]["twos"] == {"points_per_two": 2}


@pytest.mark.parametrize(
    ("body", "field", "player"),
    [
        ({"players": ["Ann", "Ann"]}, "players", 1),
        ({"players": ["Ann"]}, "players", None),
        ({"players": PLAYERS, "mode": "poker"}, "mode", None),
        ({"players": PLAYERS, "tiers": [[1, 2], [10, 1]]}, "tiers", None),
        ({"players": PLAYERS, "rounds": "3"}, "rounds", None),
        ({"players": PLAYERS, "rounds": 0}, "rounds", None),
        ({"players": PLAYERS, "target": 50, "mode": "pay_difference"}, "target", None),
        ({"players": PLAYERS, "value_per_point": "-1"}, "value_per_point", None),
        ({"players": PLAYERS, "value_per_point": "abc"}, "value_per_point", None),
        ({"players": PLAYERS, "twos": 4}, "twos", None),
        ({"players": PLAYERS, "preset": "poker-night"}, "preset", None),
        ({"players": PLAYERS, "randomize_seats": "yes"}, "randomize_seats", None),
        ({"players": PLAYERS, "colour": "red"}, "colour", None),
    ],
)
def test_bad_session_input_is_a_400_naming_the_field_and_stores_nothing(api, body, field, player):
    response = api.post("/api/sessions", body)
    assert response.status_code == 400
    assert (response.json()["field"], response.json()["player"]) == (field, player)
    assert response.json()["error"]
    assert Session.objects.count() == 0


def test_malformed_json_is_a_400(api):
    response = api.post("/api/sessions", '{"players": [', content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"] == "The body is not valid JSON"


def test_a_json_array_is_not_an_object(api):
    assert api.post("/api/sessions", "[1, 2]").status_code == 400


def test_other_media_types_are_a_415(api):
    response = api.post("/api/sessions", "players=Ann", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415


def test_bodies_over_64_kb_are_a_413(api):
    response = api.post("/api/sessions", {"players": PLAYERS, "currency": "x" * 70_000})
    assert response.status_code == 413
    assert Session.objects.count() == 0


def test_wrong_method_is_a_json_405(api):
    response = api.delete("/api/sessions")
    assert response.status_code == 405
    assert response["Allow"] == "POST"


def test_presets_list_has_every_quick_setup(api):
    presets = api.get("/api/presets").json()
    assert {p["id"] for p in presets} >= {
        "classic-points",
        "points-50",
        "points-100",
        "quick-3",
        "full-7",
        "wta-flat",
        "wta-doubles",
        "pay-difference",
    }
    quick = next(p for p in presets if p["id"] == "quick-3")
    assert (quick["mode"], quick["tiers"], quick["twos"], quick["rounds"], quick["target"]) == (
        "points",
        [[1, 1], [10, 2], [13, 3]],
        None,
        3,
        None,
    )


def test_unknown_session_is_a_404(api):
    response = api.get("/api/sessions/no-such-key")
    assert response.status_code == 404
    assert response.json() == {"error": "There is no session with this key", "field": None, "player": None}


def test_the_follow_key_reads_without_the_edit_key(api):
    state = create(api)
    followed = api.get(f"/api/sessions/{state['view_id']}").json()
    assert "id" not in followed
    assert "view_id" not in followed
    assert "page" not in followed["links"]
    assert followed["links"]["socket"] == f"/ws/sessions/{state['view_id']}/"
    assert followed["totals"] == state["totals"]


def test_the_follow_key_can_never_write(api):
    state = create(api)
    view = state["view_id"]
    token = token_for(api, state["id"])
    assert lock(api, view).status_code == 403
    assert add(api, view, token, [5, 0, 11, 13]).status_code == 403
    assert api.patch(f"/api/sessions/{view}", {"target": 10}, token=token).status_code == 403
    assert api.delete(f"/api/sessions/{view}/lock", token=token).status_code == 403
    assert Round.objects.count() == 0


# --- the entry lock --------------------------------------------------------------


def test_lock_acquire_then_a_second_device_gets_409_with_the_holder(api):
    key = create(api)["id"]
    first = lock(api, key, "Ann's phone")
    assert first.status_code == 200
    assert (first.json()["holder"], first.json()["expires_in"]) == ("Ann's phone", 30.0)
    second = lock(api, key, "Ben's phone")
    assert second.status_code == 409
    assert second.json()["holder"] == "Ann's phone"
    assert api.get(f"/api/sessions/{key}").json()["lock"]["holder"] == "Ann's phone"


def test_lock_renews_with_the_same_token(api):
    key = create(api)["id"]
    token = token_for(api, key)
    renewed = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}, token=token)
    assert (renewed.status_code, renewed.json()["token"]) == (200, token)


def test_takeover_of_a_live_lease_is_a_409(api):
    key = create(api)["id"]
    token_for(api, key, "Ann's phone")
    response = lock(api, key, "Ben's phone", takeover=True)
    assert response.status_code == 409
    assert response.json()["holder"] == "Ann's phone"


def test_takeover_of_an_idle_lease_wins_and_fences_the_old_token(api, frozen_clock, settings):
    key = create(api)["id"]
    old = token_for(api, key, "Ann's phone")
    frozen_clock.advance(settings.LOCK_IDLE_SECONDS)
    taken = lock(api, key, "Ben's phone", takeover=True)
    assert taken.status_code == 200
    refused = add(api, key, old, [5, 0, 11, 13])
    assert refused.status_code == 409
    assert refused.json()["holder"] == "Ben's phone"
    assert api.get(f"/api/sessions/{key}").json()["rounds"] == []


def test_release_frees_the_lock(api):
    key = create(api)["id"]
    token = token_for(api, key)
    released = api.delete(f"/api/sessions/{key}/lock", token=token)
    assert released.json() == {"released": True, "lock": None}
    assert lock(api, key, "Ben's phone").status_code == 200


def test_a_device_needs_a_name(api):
    key = create(api)["id"]
    response = lock(api, key, "  ")
    assert (response.status_code, response.json()["field"]) == (400, "device")


# --- rounds ------------------------------------------------------------------------


def test_add_round_replies_with_the_scored_round_and_the_state(api):
    key = create(api, value_per_point="0.50")["id"]
    response = add(api, key, token_for(api, key), [5, 0, 11, 13], request_id="r1")
    assert response.status_code == 201
    body = response.json()
    assert {k: body["round"][k] for k in ("number", "cards", "winner", "penalties", "scores")} == {
        "number": 1,
        "cards": [5, 0, 11, 13],
        "winner": 1,
        "penalties": [5, 0, 22, 39],
        "scores": [5, 0, 22, 39],
    }
    assert body["state"]["totals"] == [5, 0, 22, 39]
    assert body["state"]["next"] == {"round": 2, "leader": 1, "dealer": 1, "direction": "counterclockwise"}
    assert body["state"]["settlement"]["net"] == ["23.00", "33.00", "-11.00", "-45.00"]


def test_add_round_without_the_lock_is_a_409_and_changes_nothing(api):
    key = create(api)["id"]
    token_for(api, key, "Ann's phone")
    response = add(api, key, None, [5, 0, 11, 13])
    assert response.status_code == 409
    assert response.json()["holder"] == "Ann's phone"
    response = add(api, key, "forged", [5, 0, 11, 13])
    assert response.status_code == 409
    assert api.get(f"/api/sessions/{key}").json()["rounds"] == []


@pytest.mark.parametrize(
    ("cards", "message", "player"),
    [
        ([5, 0, 11, 14], "Dan: 14 cards is more than a hand", 3),
        ([0, 3, 0, 4], "Two winners: Ann and Cat both have 0 cards", 2),
        ([1, 2, 3, 4], "No winner: the player who went out has 0 cards", None),
        ([5, 0, "x", 4], "Cat: cards left must be a whole number from 0 to 13", 2),
        ([5, 0, 4], "Cards: give one count per player (4), not 3", None),
    ],
)
def test_bad_round_is_a_400_naming_the_player_and_stores_nothing(api, cards, message, player):
    key = create(api)["id"]
    response = add(api, key, token_for(api, key), cards)
    assert response.status_code == 400
    assert (response.json()["error"], response.json()["player"]) == (message, player)
    assert Round.objects.count() == 0


def test_covering_and_twos_through_the_api(api):
    key = create(api, preset="house-tiers", covering_rule=True)["id"]
    token = token_for(api, key)
    response = add(api, key, token, [7, 0, 8, 13], twos=[1, 0, 0, 2])
    assert response.json()["round"]["scores"] == [-18, 115, -24, -73]
    response = add(api, key, token, [7, 0, 8, 13], twos=[1, 0, 0, 2], covering=0)
    assert response.json()["round"]["scores"] == [-115, 115, 0, 0]
    assert response.json()["round"]["covering"] == 0


def test_the_same_request_id_returns_the_first_reply_and_stores_nothing_new(api):
    key = create(api)["id"]
    token = token_for(api, key)
    first = add(api, key, token, [5, 0, 11, 13], request_id="abc")
    again = add(api, key, token, [5, 0, 11, 13], request_id="abc")
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["round"] == first.json()["round"]
    assert len(again.json()["state"]["rounds"]) == 1


def test_the_same_request_id_with_another_body_is_a_409(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13], request_id="abc")
    response = add(api, key, token, [6, 0, 11, 13], request_id="abc")
    assert response.status_code == 409
    assert response.json()["field"] == "request_id"
    assert Round.objects.get().cards[0] == 5


def test_adding_to_a_finished_session_is_a_409(api):
    key = create(api, preset="quick-3")["id"]
    token = token_for(api, key)
    for cards in ([5, 0, 11, 13], [0, 1, 1, 1], [1, 0, 1, 1]):
        add(api, key, token, cards)
    assert api.get(f"/api/sessions/{key}").json()["finished"] is True
    response = add(api, key, token, [1, 1, 0, 1])
    assert response.status_code == 409
    assert Round.objects.count() == 3


def test_put_corrects_a_round_and_history_lists_the_versions(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13])
    response = api.put(f"/api/sessions/{key}/rounds/1", {"cards": [5, 0, 10, 13]}, token=token)
    assert response.status_code == 200
    assert response.json()["state"]["totals"] == [5, 0, 20, 39]
    versions = api.get(f"/api/sessions/{key}/rounds/1/history").json()["versions"]
    assert [(v["action"], v["cards"], v["scores"], v["device"]) for v in versions] == [
        ("added", [5, 0, 11, 13], [5, 0, 22, 39], "Ann's phone"),
        ("edited", [5, 0, 10, 13], [5, 0, 20, 39], "Ann's phone"),
    ]


def test_put_without_the_lock_is_a_409_and_changes_nothing(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13])
    response = api.put(f"/api/sessions/{key}/rounds/1", {"cards": [5, 0, 10, 13]}, token="forged")
    assert response.status_code == 409
    assert api.get(f"/api/sessions/{key}").json()["totals"] == [5, 0, 22, 39]
    assert RoundVersion.objects.count() == 1


def test_delete_renumbers_and_totals_follow(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13])
    add(api, key, token, [0, 1, 2, 3])
    response = api.delete(f"/api/sessions/{key}/rounds/1", token=token)
    assert response.status_code == 200
    assert response.json()["deleted"] == 1
    state = response.json()["state"]
    assert ([r["number"] for r in state["rounds"]], state["totals"]) == ([1], [0, 1, 2, 3])


def test_missing_round_is_a_404(api):
    key = create(api)["id"]
    token = token_for(api, key)
    assert api.put(f"/api/sessions/{key}/rounds/9", {"cards": [5, 0, 10, 13]}, token=token).status_code == 404
    assert api.get(f"/api/sessions/{key}/rounds/9/history").status_code == 404


def test_patch_changes_rules_from_the_next_round(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13])
    response = api.patch(f"/api/sessions/{key}", {"tiers": [[1, 1]], "value_per_point": "0.10"}, token=token)
    assert response.status_code == 200
    assert (
        add(api, key, token, [5, 0, 11, 13]).json()["state"]["rounds_from"] == 2
    )  # API.md, "Every write's reply"
    state = api.get(f"/api/sessions/{key}").json()
    assert [r["scores"] for r in state["rounds"]] == [[5, 0, 22, 39], [5, 0, 11, 13]]
    assert state["settings"]["value_per_point"] == "0.10"


def test_patch_with_rescore_rewrites_every_round(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13])
    response = api.patch(f"/api/sessions/{key}", {"tiers": [[1, 1]], "rescore": True}, token=token)
    assert response.json()["rounds"][0]["scores"] == [5, 0, 11, 13]


def test_patch_needs_the_lock(api):
    key = create(api)["id"]
    response = api.patch(f"/api/sessions/{key}", {"target": 10})
    assert response.status_code == 409
    assert api.get(f"/api/sessions/{key}").json()["settings"]["target"] is None


def test_patch_finished_false_reopens(api):
    key = create(api, preset="quick-3")["id"]
    token = token_for(api, key)
    for cards in ([5, 0, 11, 13], [0, 1, 1, 1], [1, 0, 1, 1]):
        add(api, key, token, cards)
    response = api.patch(f"/api/sessions/{key}", {"finished": False}, token=token)
    assert response.json()["finished"] is False
    assert add(api, key, token, [1, 1, 0, 1]).status_code == 201


def test_preview_scores_a_round_without_storing_it_or_needing_the_lock(api):
    key = create(api, preset="wta-flat", covering_rule=True)["id"]
    response = api.post(f"/api/sessions/{key}/preview", {"cards": [5, 0, 11, 13], "covering": 0})
    assert response.status_code == 200
    assert response.json()["round"]["scores"] == [-29, 29, 0, 0]
    assert Round.objects.count() == 0


def test_preview_refuses_exactly_as_adding_would(api):
    key = create(api)["id"]
    response = api.post(f"/api/sessions/{key}/preview", {"cards": [0, 14, 1, 2]})
    assert (response.status_code, response.json()["error"], response.json()["player"]) == (
        400,
        "Ben: 14 cards is more than a hand",
        1,
    )


def test_preview_of_a_correction_uses_that_rounds_rules(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13])
    api.patch(f"/api/sessions/{key}", {"tiers": [[1, 1]]}, token=token)
    corrected = api.post(f"/api/sessions/{key}/preview", {"cards": [5, 0, 12, 13], "number": 1}).json()[
        "round"
    ]
    next_round = api.post(f"/api/sessions/{key}/preview", {"cards": [5, 0, 12, 13]}).json()["round"]
    assert (corrected["scores"], next_round["scores"]) == ([5, 0, 24, 39], [5, 0, 12, 13])
