"""锄大地's ♠2 and bombs and the family's presets over the JSON API (SPEC 15, API.md): the
settings, a hand's doublings in the state and the preview, each refusal, and the presets."""

import pytest

from rounds.models import Round

pytestmark = pytest.mark.django_db

PLAYERS = ["A", "B", "C", "D"]


def create(api, **fields):
    response = api.post("/api/sessions", {"players": PLAYERS, **fields})
    assert response.status_code == 201, response.json()
    return response.json()


def locked(api, key):
    return api.post(f"/api/sessions/{key}/lock", {"device": "A's phone"}).json()["token"]


def test_the_chu_da_di_preset_and_spec_15s_worked_example(api):
    state = create(api, preset="chu-da-di")
    settings = state["settings"]
    assert (settings["mode"], settings["tiers"]) == ("winner_takes_all", [[1, 1], [8, 2], [10, 3], [13, 4]])
    assert (settings["spade_two"], settings["bombs"]) == ({"from": 8}, True)
    key = state["id"]
    hand = {"cards": [9, 0, 10, 4], "spade_two": 2, "bombs": 1}
    preview = api.post(f"/api/sessions/{key}/preview", hand).json()["round"]
    assert preview["scores"] == [-36, 164, -120, -8]
    reply = api.post(f"/api/sessions/{key}/rounds", hand, token=locked(api, key))
    assert reply.status_code == 201, reply.json()
    (shown,) = api.get(f"/api/sessions/{key}").json()["rounds"]
    assert (shown["scores"], shown["spade_two"], shown["bombs"]) == ([-36, 164, -120, -8], 2, 1)
    assert (Round.objects.get().spade_two, Round.objects.get().bombs) == (2, 1)


def test_capsa_banting_and_the_switches_off_by_default(api):
    settings = create(api, preset="capsa-banting")["settings"]
    assert (settings["mode"], settings["tiers"]) == ("winner_takes_all", [[1, 1], [9, 2], [13, 3]])
    assert "spade_two" not in settings
    assert "bombs" not in settings
    assert create(api, spade_two={"from": 10})["settings"]["spade_two"] == {"from": 10}


def test_a_round_without_doublings_shows_none_of_their_keys(api):
    key = create(api)["id"]
    api.post(f"/api/sessions/{key}/rounds", {"cards": [0, 1, 2, 3]}, token=locked(api, key))
    (shown,) = api.get(f"/api/sessions/{key}").json()["rounds"]
    assert "spade_two" not in shown
    assert "bombs" not in shown


@pytest.mark.parametrize(
    ("rules", "hand", "field", "player"),
    [
        ({"preset": "chu-da-di"}, {"cards": [9, 0, 10, 4], "spade_two": 1}, "spade_two", 1),
        ({"preset": "chu-da-di"}, {"cards": [9, 0, 10, 4], "bombs": 5}, "bombs", None),
        ({"preset": "chu-da-di"}, {"cards": [9, 0, 10, 4], "bombs": "2"}, "bombs", None),
        ({}, {"cards": [9, 0, 10, 4], "spade_two": 2}, "spade_two", None),
        ({}, {"cards": [9, 0, 10, 4], "bombs": 1}, "bombs", None),
    ],
)
def test_refusals_name_the_field_and_store_nothing(api, rules, hand, field, player):
    key = create(api, **rules)["id"]
    reply = api.post(f"/api/sessions/{key}/rounds", hand, token=locked(api, key))
    assert reply.status_code == 400, reply.json()
    assert (reply.json()["field"], reply.json()["player"]) == (field, player)
    assert not Round.objects.exists()


@pytest.mark.parametrize("spade_two", [{"from": 0}, {"from": 14}, {"from": "8"}, {"to": 8}, 8, True])
def test_a_bad_spade_two_setting_is_refused(api, spade_two):
    reply = api.post("/api/sessions", {"players": PLAYERS, "spade_two": spade_two})
    assert reply.status_code == 400
    assert reply.json()["field"] == "spade_two"


def test_the_history_shows_each_version_s_spade_two_and_bombs(api):
    """A correction of the bombs alone changed the scores, and the history's versions (the round's,
    the session's, the export's) showed the same cards with no ♠2 or bombs to say why."""
    key = create(api, preset="chu-da-di")["id"]
    token = locked(api, key)
    api.post(f"/api/sessions/{key}/rounds", {"cards": [9, 0, 10, 4], "spade_two": 2, "bombs": 1}, token=token)
    api.put(f"/api/sessions/{key}/rounds/1", {"cards": [9, 0, 10, 4], "bombs": 2}, token=token)
    versions = api.get(f"/api/sessions/{key}/rounds/1/history").json()["versions"]
    assert [(version["spade_two"], version["bombs"], version["scores"][1]) for version in versions] == [
        (2, 1, 164),
        (None, 2, 208),
    ]
    newest = api.get(f"/api/sessions/{key}/history").json()["versions"][0]
    assert (newest["spade_two"], newest["bombs"]) == (None, 2)
    exported = api.get(f"/api/sessions/{key}/export.json").json()["history"][0]
    assert (exported["spade_two"], exported["bombs"]) == (None, 2)
    plain = create(api)["id"]
    api.post(f"/api/sessions/{plain}/rounds", {"cards": [0, 5, 6, 7]}, token=locked(api, plain))
    (version,) = api.get(f"/api/sessions/{plain}/rounds/1/history").json()["versions"]
    assert {"spade_two", "bombs"}.isdisjoint(version)
