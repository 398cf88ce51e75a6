"""One reply for every round write, over HTTP and the socket: {"round", "state"}, the state after it."""

import json

import pytest
from channels.db import database_sync_to_async
from django.core.serializers.json import DjangoJSONEncoder

from rounds.models import Session
from rounds.reads import state_cache as table_states
from tests.factories import grab_lock, make_session
from tests.rounds.test_api import PLAYERS, add, create, token_for
from tests.rounds.test_consumers import channel_layer, socket_to  # noqa: F401 (channel_layer is autouse)

THREE_ROUNDS = ([5, 0, 11, 13], [0, 1, 1, 1], [1, 0, 1, 1])


@pytest.mark.django_db
def test_the_http_reply_to_the_round_that_ends_the_evening_says_finished_with_the_new_version(api):
    key = create(api, preset="quick-3")["id"]
    token = token_for(api, key)
    for cards in THREE_ROUNDS[:2]:
        add(api, key, token, cards)
    body = add(api, key, token, THREE_ROUNDS[2]).json()
    after = api.get(f"/api/sessions/{key}").json()
    assert after["finished"] is True
    assert body["state"]["finished"] is True
    assert body["state"]["version"] == after["version"]
    # The rounds from the one the write touched on (API.md, "Every write's reply").
    assert body["state"] == after | {
        "lock": body["state"]["lock"],
        "rounds": after["rounds"][2:],
        "rounds_from": 3,
    }
    assert body["round"]["number"] == 3


@pytest.mark.django_db
def test_every_http_write_replies_with_the_version_it_made(api):
    key = create(api)["id"]
    token = token_for(api, key)
    versions = [
        add(api, key, token, [5, 0, 11, 13]).json()["state"]["version"],
        api.put(f"/api/sessions/{key}/rounds/1", {"cards": [5, 0, 10, 13]}, token=token).json()["state"][
            "version"
        ],
        api.delete(f"/api/sessions/{key}/rounds/1", token=token).json()["state"]["version"],
    ]
    assert versions == [1, 2, 3]
    assert api.get(f"/api/sessions/{key}").json()["version"] == 3


@pytest.mark.django_db
def test_the_delete_reply_keeps_deleted_and_adds_the_round_as_it_was(api):
    key = create(api)["id"]
    token = token_for(api, key)
    add(api, key, token, [5, 0, 11, 13])
    add(api, key, token, [0, 1, 2, 3])
    body = api.delete(f"/api/sessions/{key}/rounds/1", token=token).json()
    assert body["deleted"] == 1
    assert {k: body["round"][k] for k in ("number", "cards", "scores", "deleted")} == {
        "number": 1,
        "cards": [5, 0, 11, 13],
        "scores": [5, 0, 22, 39],
        "deleted": True,
    }
    assert body["state"]["totals"] == [0, 1, 2, 3]


@pytest.mark.django_db
def test_a_replayed_request_replies_with_the_state_as_it_is_now(api):
    key = create(api)["id"]
    token = token_for(api, key)
    first = add(api, key, token, [5, 0, 11, 13], request_id="r1").json()
    add(api, key, token, [0, 1, 2, 3])
    again = add(api, key, token, [5, 0, 11, 13], request_id="r1").json()
    assert again["round"] == first["round"]
    assert (again["state"]["version"], len(again["state"]["rounds"])) == (2, 2)


@pytest.mark.django_db(transaction=True)
async def test_the_socket_reply_is_the_same_round_and_state_as_the_http_reply():
    session = await database_sync_to_async(make_session)(list(PLAYERS), preset="quick-3")
    token = await database_sync_to_async(grab_lock)(session)
    async with socket_to(session.edit_key) as (ann, _):
        for cards in THREE_ROUNDS[:2]:
            assert (await ann.request("round.add", cards=cards, token=token))["ok"]
        reply = await ann.request("round.add", cards=THREE_ROUNDS[2], token=token)
        stored = await database_sync_to_async(Session.objects.get)(pk=session.pk)
        assert (reply["number"], reply["replayed"], reply["deleted"]) == (3, False, False)
        assert reply["round"]["scores"] == [1, 0, 1, 1]
        assert reply["state"]["finished"] is True
        assert reply["state"]["version"] == stored.version == 3
        assert reply["state"]["id"] == session.edit_key
        deleted = await ann.request("round.delete", number=3, token=token)
        assert (deleted["deleted"], deleted["round"]["cards"]) == (True, [1, 0, 1, 1])
        assert (deleted["state"]["finished"], deleted["state"]["version"]) == (False, 4)


@pytest.mark.django_db(transaction=True)
def test_a_write_reply_reuses_each_published_rounds_json_and_reads_as_if_encoded_whole(api):
    key = create(api)["id"]
    token = token_for(api, key)
    for cards in [[5, 0, 11, 13], [0, 10, 2, 7], [3, 4, 0, 13]]:
        add(api, key, token, cards)
    edited = api.put(f"/api/sessions/{key}/rounds/2", {"cards": [0, 9, 2, 7]}, token=token)
    response = add(api, key, token, [1, 1, 1, 0], request_id="last")
    assert (edited.status_code, response.status_code) == (200, 201)
    session = Session.objects.get(edit_key=key)
    published = table_states.recent[session.pk, session.version]
    kept, texts = table_states.encoded[id(published["rounds"])]
    # Rounds 1 and 2 (as edited) came from the versions before; each text is that round's JSON.
    assert kept is published["rounds"]
    assert texts == [json.dumps(item, cls=DjangoJSONEncoder) for item in published["rounds"]]
    assert [item["cards"] for item in published["rounds"]] == [
        [5, 0, 11, 13],
        [0, 9, 2, 7],
        [3, 4, 0, 13],
        [1, 1, 1, 0],
    ]
    body = response.content.decode()
    assert table_states.SPLICE not in body
    assert body == json.dumps(response.json(), cls=DjangoJSONEncoder)
    whole = api.get(f"/api/sessions/{key}").json()
    # The reply carries the rounds from the one the write touched on, as the group got them.
    assert response.json()["state"] == whole | {
        "lock": response.json()["state"]["lock"],
        "rounds": whole["rounds"][3:],
        "rounds_from": 4,
    }
    # The kept texts are what goes out: a state built elsewhere is encoded whole.
    table_states.encoded[id(published["rounds"])] = (kept, ['{"kept": true}', *texts[1:]])
    assert table_states.reply_json({"state": published}).count('{"kept": true}') == 1
    assert '{"kept": true}' not in table_states.reply_json({"state": {**published, "rounds": list(kept)}})
    table_states.encoded[id(published["rounds"])] = (kept, texts)
    # A replay is built from the session as it stands, whole: the same state as a read.
    again = add(api, key, token, [1, 1, 1, 0], request_id="last")
    assert again.status_code == 200
    assert again.json()["state"] == whole | {"lock": again.json()["state"]["lock"]}
