"""A write's reply carries the rounds from the change on, as the broadcast does (API.md, "Every
write's reply"; issue 20): its size does not grow with the evening, and a page merges it."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.rounds.test_api import add, create, token_for

ROUNDS = ([5, 0, 11, 13], [0, 10, 2, 7], [3, 4, 0, 13], [1, 1, 1, 0])


def play(api, count):
    key = create(api, value_per_point="0.50")["id"]
    token = token_for(api, key)
    for number in range(count):
        assert add(api, key, token, ROUNDS[number % 4]).status_code == 201
    return key, token


@pytest.mark.django_db(transaction=True)
def test_an_add_replies_with_its_round_only_at_any_length(api):
    sizes = []
    for count in (2, 40):
        key, token = play(api, count)
        reply = add(api, key, token, [0, 2, 3, 4])
        state = reply.json()["state"]
        whole = api.get(f"/api/sessions/{key}").json()
        assert (state["rounds_from"], [item["number"] for item in state["rounds"]]) == (
            count + 1,
            [count + 1],
        )
        assert state["rounds"] == whole["rounds"][count:]
        assert {name: state[name] for name in ("totals", "version", "standings", "next")} == {
            name: whole[name] for name in ("totals", "version", "standings", "next")
        }
        sizes.append(len(reply.content))
    assert sizes[1] < sizes[0] * 1.1  # 40 rounds before it weigh nothing


@pytest.mark.django_db(transaction=True)
def test_a_correction_replies_from_the_round_it_corrected(api):
    key, token = play(api, 5)
    state = api.put(f"/api/sessions/{key}/rounds/3", {"cards": [0, 1, 1, 1]}, token=token).json()["state"]
    whole = api.get(f"/api/sessions/{key}").json()
    assert state["rounds_from"] == 3
    assert state["rounds"] == whole["rounds"][2:]


@pytest.mark.django_db(transaction=True)
def test_a_settings_change_replies_without_rounds_and_a_rescore_with_all(api):
    key, token = play(api, 3)
    kept = api.patch(f"/api/sessions/{key}", {"target": 200}, token=token).json()
    rescored = api.patch(f"/api/sessions/{key}", {"tiers": [[1, 1]], "rescore": True}, token=token).json()
    assert (kept["rounds_from"], kept["rounds"], kept["settings"]["target"]) == (4, [], 200)
    assert (rescored["rounds_from"], len(rescored["rounds"])) == (1, 3)


@pytest.mark.django_db(transaction=True)
def test_a_round_add_runs_at_most_ten_statements(api):
    key, token = play(api, 20)
    with CaptureQueriesContext(connection) as captured:
        assert add(api, key, token, [0, 2, 3, 4]).status_code == 201
    # The session by key; BEGIN; the lock with the session and its last round; the players; the
    # round; its history version; the lease; the session's sums; COMMIT; the paid ticks.
    assert len(captured.captured_queries) <= 10, [query["sql"][:60] for query in captured.captured_queries]
