"""GET /api/sessions/<key>/requests: which of a phone's request_ids were stored (SPEC 9 replay)."""

import pytest

from tests.rounds.test_api import add, create, token_for

pytestmark = pytest.mark.django_db


def asked(api, key, *request_ids):
    query = "&".join(f"request_id={request_id}" for request_id in request_ids)
    return api.get(f"/api/sessions/{key}/requests?{query}")


def test_a_lost_reply_is_found_stored_and_a_resend_stores_nothing(api):
    state = create(api)
    key = state["id"]
    token = token_for(api, key)
    assert add(api, key, token, [5, 0, 11, 13], request_id="phone-a-1").status_code == 201
    assert add(api, key, token, [0, 3, 7, 10], request_id="phone-a-2").status_code == 201
    assert (
        api.delete(f"/api/sessions/{key}/rounds/1", {"request_id": "phone-a-3"}, token=token).status_code
        == 200
    )

    reply = asked(api, key, "phone-a-3", "never-sent", "phone-a-1")
    assert reply.status_code == 200
    assert reply.json() == {
        "stored": [
            {"request_id": "phone-a-3", "action": "delete", "number": 1},
            {"request_id": "phone-a-1", "action": "add", "number": 1},
        ],
        "version": 3,
    }
    # The phone then resends only what is missing; resending a stored one changes nothing either.
    again = add(api, key, token, [5, 0, 11, 13], request_id="phone-a-1")
    assert again.status_code == 200
    assert len(api.get(f"/api/sessions/{key}").json()["rounds"]) == 1
    assert asked(api, key, "never-sent").json() == {"stored": [], "version": 3}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "request_id: ask about 1 to 50 request_ids at a time"),
        (
            "&".join(f"request_id=r{n}" for n in range(51)),
            "request_id: ask about 1 to 50 request_ids at a time",
        ),
        ("request_id=a%01b", "request_id: give a string of 1 to 100 characters, such as a UUID"),
        ("request_id=" + "x" * 101, "request_id: give a string of 1 to 100 characters, such as a UUID"),
    ],
)
def test_bad_questions_are_refused_by_field(api, query, message):
    key = create(api)["id"]
    reply = api.get(f"/api/sessions/{key}/requests?{query}")
    assert reply.status_code == 400
    assert reply.json() == {"error": message, "field": "request_id", "player": None}


def test_only_the_edit_key_may_ask_and_an_unknown_key_is_404(api):
    state = create(api)
    assert asked(api, state["view_id"], "x").status_code == 403
    assert asked(api, "nope", "x").status_code == 404
    assert api.post(f"/api/sessions/{state['id']}/requests", {}).status_code == 405
