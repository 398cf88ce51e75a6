"""The session rate limit is one count for the address across two daphne workers (PostgreSQL)."""

import pytest

from rounds.models import Session
from tests.servers import daphne
from tests.test_cross_process import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_workers_share_one_count(django_db_setup):
    limit = {"RATE_LIMIT_SESSIONS": "4/3600"}
    with daphne(**limit) as first_url, daphne(**limit) as second_url:
        first, second = Server(first_url), Server(second_url)
        body = {"players": ["Ann", "Ben"]}
        statuses = [server.call("POST", "/api/sessions", body)[0] for server in (first, second) * 3]
        assert statuses == [201, 201, 201, 201, 429, 429]
        status, refusal = second.call("POST", "/api/sessions", body)
        assert status == 429
        assert "Too many new sessions" in refusal["error"]
    assert Session.objects.count() == 4
