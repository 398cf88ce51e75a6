"""Session history, restore and undo through the JSON API (API.md "Session history and restore")."""

import json

import pytest

from rounds.models import Round, RoundVersion
from tests.rounds.test_api import add, create, token_for

pytestmark = pytest.mark.django_db

ROUNDS = ([5, 0, 11, 13], [0, 3, 7, 10], [2, 4, 0, 1])


def evening(api, *card_lists):
    state = create(api)
    key = state["id"]
    token = token_for(api, key)
    for cards in card_lists or ROUNDS:
        assert add(api, key, token, cards).status_code == 201
    return state, key, token


def history(api, key):
    response = api.get(f"/api/sessions/{key}/history")
    assert response.status_code == 200, response.json()
    return response.json()["versions"]


def deleted_version(api, key, number):
    return next(v["id"] for v in history(api, key) if v["action"] == "deleted" and v["number"] == number)


def restore(api, key, version_id, token, body=None):
    return api.post(f"/api/sessions/{key}/history/{version_id}/restore", body, token=token)


def undo(api, key, version_id, token, body=None):
    return api.post(f"/api/sessions/{key}/history/{version_id}/undo", body, token=token)


def card_lists(api, key):
    return [round_["cards"] for round_ in api.get(f"/api/sessions/{key}").json()["rounds"]]


def test_history_lists_every_version_newest_first_with_the_deleted_round(api):
    state, key, token = evening(api)
    api.put(f"/api/sessions/{key}/rounds/3", {"cards": [2, 4, 0, 3]}, token=token)
    assert api.delete(f"/api/sessions/{key}/rounds/1", token=token).status_code == 200
    versions = history(api, key)
    assert [(v["action"], v["number"], v["cards"]) for v in versions] == [
        ("deleted", 1, [5, 0, 11, 13]),
        ("edited", 3, [2, 4, 0, 3]),
        ("added", 3, [2, 4, 0, 1]),
        ("added", 2, [0, 3, 7, 10]),
        ("added", 1, [5, 0, 11, 13]),
    ]
    newest = versions[0]
    assert set(newest) >= {"id", "number", "action", "cards", "twos", "covering", "scores", "device", "at"}
    assert (newest["scores"], newest["twos"], newest["covering"], newest["device"]) == (
        [5, 0, 22, 39],
        None,
        None,
        "Ann's phone",
    )
    assert newest["at"][:4].isdigit()
    assert "T" in newest["at"]
    # The follow key reads the same history.
    assert history(api, state["view_id"]) == versions


def test_the_rounds_own_history_follows_it_after_renumbering(api):
    _state, key, token = evening(api)
    api.put(f"/api/sessions/{key}/rounds/3", {"cards": [2, 4, 0, 3]}, token=token)
    api.delete(f"/api/sessions/{key}/rounds/1", token=token)
    versions = api.get(f"/api/sessions/{key}/rounds/2/history").json()["versions"]
    assert [(v["action"], v["number"], v["cards"]) for v in versions] == [
        ("added", 3, [2, 4, 0, 1]),
        ("edited", 3, [2, 4, 0, 3]),
    ]


def test_restore_puts_the_round_back_at_its_old_number(api):
    _state, key, token = evening(api)
    api.delete(f"/api/sessions/{key}/rounds/2", token=token)
    response = restore(api, key, deleted_version(api, key, 2), token, {"request_id": "restore-1"})
    assert response.status_code == 201, response.json()
    reply = response.json()
    assert (reply["round"]["number"], reply["round"]["cards"]) == (2, [0, 3, 7, 10])
    assert reply["round"]["scores"] == [0, 3, 7, 20]
    # The rounds from the one restored on (API.md, "Every write's reply").
    assert reply["state"]["rounds_from"] == 2
    assert [r["cards"] for r in reply["state"]["rounds"]] == list(map(list, ROUNDS))[1:]
    assert reply["state"]["totals"] == [7, 7, 29, 60]
    assert RoundVersion.objects.get(pk=reply["version_id"]).action == "restored"
    assert history(api, key)[0]["action"] == "restored"


def test_restore_is_idempotent_by_request_id(api):
    _state, key, token = evening(api)
    api.delete(f"/api/sessions/{key}/rounds/2", token=token)
    version_id = deleted_version(api, key, 2)
    first = restore(api, key, version_id, token, {"request_id": "restore-1"})
    again = restore(api, key, version_id, token, {"request_id": "restore-1"})
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["round"] == first.json()["round"]
    assert Round.objects.count() == 3
    reused = undo(api, key, version_id, token, {"request_id": "restore-1"})
    assert (reused.status_code, reused.json()["field"]) == (409, "request_id")


def test_restore_of_a_round_that_still_exists_is_a_409(api):
    _state, key, token = evening(api)
    live = next(v["id"] for v in history(api, key) if v["number"] == 2)
    response = restore(api, key, live, token)
    assert response.status_code == 409
    assert response.json() == {
        "error": "Round 2 is still in the session: only a deleted round can be restored",
        "field": "version",
        "player": None,
    }
    assert len(history(api, key)) == 3


@pytest.mark.parametrize("version_id", [987654, 10**30])
def test_restore_of_an_unknown_version_is_a_json_404(api, version_id):
    _state, key, token = evening(api)
    response = restore(api, key, version_id, token)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["field"] == "version"
    assert f"no version {version_id}" in response.json()["error"]


def test_restore_with_the_view_key_is_a_403(api):
    state, key, token = evening(api)
    api.delete(f"/api/sessions/{key}/rounds/2", token=token)
    response = restore(api, state["view_id"], deleted_version(api, key, 2), token)
    assert (response.status_code, response.json()["field"]) == (403, "key")
    assert Round.objects.count() == 2


def test_restore_without_the_lock_is_a_409_and_changes_nothing(api):
    _state, key, token = evening(api)
    api.delete(f"/api/sessions/{key}/rounds/2", token=token)
    api.delete(f"/api/sessions/{key}/lock", token=token)
    response = restore(api, key, deleted_version(api, key, 2), None)
    assert (response.status_code, response.json()["field"]) == (409, "lock")
    assert Round.objects.count() == 2


@pytest.mark.parametrize(
    ("body", "field"),
    [({"request_id": 7}, "request_id"), ({"number": 2}, "number"), ({"release_lock": "yes"}, "release_lock")],
)
def test_bad_restore_bodies_are_a_400_naming_the_field(api, body, field):
    _state, key, token = evening(api)
    api.delete(f"/api/sessions/{key}/rounds/2", token=token)
    response = restore(api, key, deleted_version(api, key, 2), token, body)
    assert (response.status_code, response.json()["field"]) == (400, field)
    assert Round.objects.count() == 2


def test_undo_of_an_add_a_correction_and_a_delete(api):
    _state, key, token = evening(api, ROUNDS[0])
    added = add(api, key, token, ROUNDS[1]).json()
    response = undo(api, key, added["version_id"], token)
    assert response.status_code == 200, response.json()
    assert (response.json()["deleted"], card_lists(api, key)) == (2, [ROUNDS[0]])

    edited = api.put(f"/api/sessions/{key}/rounds/1", {"cards": [1, 0, 1, 1]}, token=token).json()
    response = undo(api, key, edited["version_id"], token)
    assert response.json()["round"]["cards"] == ROUNDS[0]
    assert response.json()["state"]["totals"] == [5, 0, 22, 39]

    deleted = api.delete(f"/api/sessions/{key}/rounds/1", token=token).json()
    response = undo(api, key, deleted["version_id"], token, {"request_id": "u-3", "release_lock": True})
    assert response.json()["round"]["cards"] == ROUNDS[0]
    assert response.json()["state"]["lock"] is None
    assert [v["action"] for v in history(api, key)][:6] == [
        "restored",
        "deleted",
        "edited",
        "edited",
        "deleted",
        "added",
    ]


def test_undo_of_a_change_that_is_no_longer_the_last_is_a_409(api):
    _state, key, token = evening(api, ROUNDS[0])
    added = add(api, key, token, ROUNDS[1]).json()
    api.put(f"/api/sessions/{key}/rounds/2", {"cards": [1, 0, 1, 1]}, token=token)
    response = undo(api, key, added["version_id"], token)
    assert (response.status_code, response.json()["field"]) == (409, "version")
    assert card_lists(api, key)[1] == [1, 0, 1, 1]


def test_export_json_includes_the_history(api):
    _state, key, token = evening(api)
    api.delete(f"/api/sessions/{key}/rounds/3", token=token)
    response = api.get(f"/api/sessions/{key}/export.json")
    exported = json.loads(response.content)
    assert exported["history"] == history(api, key)
    assert [(v["action"], v["number"]) for v in exported["history"]][:2] == [("deleted", 3), ("added", 3)]
    assert exported["history"][0]["restorable"] is True
