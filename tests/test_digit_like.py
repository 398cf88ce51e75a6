"""Digit-like input never costs a 500 (issue 29: `str.isdigit()` then `int()` took "²"; a number
past 64 bits reached SQLite): superscripts, other scripts' digits, fractions, huge and negative
numbers, in every path, query and form field that takes a number. Each answer is a refusal
(400/404/409) or a page, and nothing is stored."""

from __future__ import annotations

import pytest

from groups.services.group_writes import group_create
from rounds.models import Round
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db
DIGIT_LIKE = ["²", "٣", "½", "99999999999999999999999", "-1", "1e3", " 7 ", "0x10", "१२", "Ⅻ", "7\x00"]


@pytest.fixture
def keys():
    session = make_session()
    token = add_rounds(session, [5, 0, 11, 13])
    group = group_create(name="Digits")
    return session.edit_key, token, group.edit_key


def requests_with(token_like: str, keys) -> list[tuple[str, str, dict | None]]:
    session, _token, group = keys
    paths = [
        ("get", f"/api/sessions/{session}/rounds/{token_like}/history", None),
        ("put", f"/api/sessions/{session}/rounds/{token_like}", {"cards": [5, 0, 11, 13]}),
        ("delete", f"/api/sessions/{session}/rounds/{token_like}", None),
        ("post", f"/api/sessions/{session}/history/{token_like}/restore", {}),
        ("post", f"/api/sessions/{session}/history/{token_like}/undo", {}),
        ("patch", f"/api/groups/{group}/players/{token_like}", {"name": "Zed"}),
        ("get", f"/api/sessions/{session}/requests?request_id={token_like}", None),
        ("get", f"/api/groups/{group}/season?from={token_like}&to={token_like}", None),
        ("get", f"/g/{group}/?range=custom&from={token_like}&to={token_like}", None),
        ("post", f"/api/sessions/{session}/lock", {"device": "x", "round": token_like}),
        ("post", f"/api/sessions/{session}/preview", {"cards": [token_like, 0, 1, 2]}),
        ("post", "/api/sessions", {"players": ["A", "B"], "rounds": token_like, "target": token_like}),
    ]
    return [(method, path.replace(" ", "%20"), body) for method, path, body in paths]


@pytest.mark.parametrize("token_like", DIGIT_LIKE)
def test_no_path_or_json_field_answers_500(api, keys, token_like):
    for method, path, body in requests_with(token_like, keys):
        response = api.call(method, path, body, token=keys[1])
        assert response.status_code < 500, (method, path, response.status_code)
    assert Round.objects.count() == 1


@pytest.mark.parametrize("token_like", DIGIT_LIKE)
def test_no_form_field_answers_500(client, keys, token_like):
    session, _token, group = keys
    forms = [
        ("/", {"player_0": "Ann", "player_1": "Ben", "length": "rounds", "rounds": token_like}),
        (
            "/",
            {
                "player_0": "Ann",
                "player_1": "Ben",
                "length": "target",
                "target": token_like,
                "base_rate": token_like,
            },
        ),
        (f"/s/{session}/rounds/add", {"cards": [token_like, "0", "1", "2"], "twos": [token_like] * 4}),
        (f"/s/{session}/settle/paid", {"from": token_like, "to": "1", "amount": token_like, "paid": "1"}),
        (f"/s/{session}/settle/", {"value_per_point": token_like, "currency": "EUR"}),
        (f"/s/{session}/settings", {"mode": "points", "base_rate": token_like, "tier_from_1": token_like}),
        (f"/g/{group}/players/rename", {"player": token_like, "name": "Zed"}),
        (f"/g/{group}/evenings/new", {"player_0": "Ann", "player_1": "Ben", "rounds": token_like}),
        (f"/g/{group}/rules", {"mode": "by_place", "pays_1": token_like, "heavy_from": token_like}),
    ]
    for path, body in forms:
        response = client.post(path, body)
        assert response.status_code < 500, (path, response.status_code)
    assert Round.objects.count() == 1


VALUE_LIKE = ["٣", "３", "1.５", "۰.۵", "१२", "²"]


@pytest.mark.parametrize("amount", VALUE_LIKE)
def test_value_per_point_refuses_digit_like_input_as_events_do(api, client, keys, amount):
    session, token, _group = keys
    answer = api.patch(f"/api/sessions/{session}", {"value_per_point": amount}, token=token)
    assert answer.status_code == 400, answer.json()
    assert (answer.json()["field"], answer.json()["error"]) == (
        "value_per_point",
        "Value per point: give an amount like 0.50 (at most 4 decimals, not negative)",
    )
    created = api.post("/api/sessions", {"players": ["Ann", "Ben"], "value_per_point": amount})
    assert (created.status_code, created.json()["field"]) == (400, "value_per_point")
    api.delete(f"/api/sessions/{session}/lock", token=token)
    page = client.post(f"/s/{session}/settle/", {"value_per_point": amount, "currency": "EUR"})
    assert page.status_code == 400
    assert "Value per point: give an amount like 0.50" in page.content.decode()
    assert api.get(f"/api/sessions/{session}").json()["settings"]["value_per_point"] is None
    token = api.post(f"/api/sessions/{session}/lock", {"device": "Ann's phone"}).json()["token"]
    kept = api.patch(f"/api/sessions/{session}", {"value_per_point": "0,5"}, token=token)
    assert kept.json()["settings"]["value_per_point"] == "0.50"
