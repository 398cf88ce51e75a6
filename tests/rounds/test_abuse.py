"""Abuse: new sessions rate-limited per client address (shared by every worker), and the purge."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from rounds.models import EntryLock, Player, RateCounter, Round, Session
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

PLAYERS = {"players": ["Ann", "Ben"]}


@pytest.fixture
def three_an_hour(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "session": (3, 3600)}


def create(api, address="203.0.113.7"):
    return api.client.post("/api/sessions", PLAYERS, content_type="application/json", REMOTE_ADDR=address)


def test_the_fourth_new_session_in_an_hour_is_refused_with_429(api, three_an_hour):
    assert [create(api).status_code for _ in range(3)] == [201, 201, 201]
    refused = create(api)
    assert refused.status_code == 429
    body = refused.json()
    assert body["error"].startswith("Too many new sessions from this address; try again in ")
    assert (body["field"], body["player"]) == (None, None)
    assert 0 < int(refused["Retry-After"]) <= 3600
    assert Session.objects.count() == 3
    # Another address has its own count.
    assert create(api, address="198.51.100.2").status_code == 201


def test_refused_input_does_not_count(api, three_an_hour):
    for _ in range(5):
        assert (
            api.client.post(
                "/api/sessions", {"players": ["Ann"]}, content_type="application/json"
            ).status_code
            == 400
        )
    assert RateCounter.objects.count() == 0
    assert create(api).status_code == 201


def test_the_home_form_counts_too_and_rematches_have_their_own_count(api, client, three_an_hour):
    key = create(api, address="127.0.0.1").json()["id"]
    assert api.post(f"/api/sessions/{key}/rematch").status_code == 201
    form = {"mode": "points", "base_rate": "1", "length": "open", "player_0": "Ann", "player_1": "Ben"}
    assert client.post("/", form).status_code == 302
    assert client.post("/", form).status_code == 302
    page = client.post("/", form)
    assert page.status_code == 429
    assert "Too many new sessions from this address" in page.content.decode()
    # A table playing on is not a stranger starting sessions (issue 19): RATE_LIMIT_REMATCHES.
    assert api.post(f"/api/sessions/{key}/rematch").status_code == 201
    assert Session.objects.count() == 5


def test_a_new_window_starts_a_new_count(api, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "session": (1, 1)}
    assert create(api).status_code == 201
    RateCounter.objects.update(window_start=timezone.now() - timedelta(seconds=5))
    assert create(api).status_code == 201


def test_purge_removes_sessions_untouched_for_days_with_everything_in_them():
    old, recent = make_session(), make_session()
    add_rounds(old, [5, 0, 11, 13])
    add_rounds(recent, [5, 0, 11, 13])
    Session.objects.filter(pk=old.pk).update(updated_at=timezone.now() - timedelta(days=31))
    Session.objects.filter(pk=recent.pk).update(updated_at=timezone.now() - timedelta(days=29))
    RateCounter.objects.create(scope="session", client="x", window_start=timezone.now() - timedelta(days=2))
    out = StringIO()
    call_command("purge_sessions", "--older-than", "30", "--dry-run", stdout=out)
    assert out.getvalue().splitlines()[-1] == "1 sessions not changed for 30 days would be removed"
    assert Session.objects.count() == 2
    out = StringIO()
    call_command("purge_sessions", "--older-than", "30", stdout=out)
    assert out.getvalue().strip() == "Removed 1 sessions not changed for 30 days; 1 ended rate-limit windows"
    assert list(Session.objects.all()) == [recent]
    assert Round.objects.filter(session_id=old.pk).count() == 0
    assert Player.objects.filter(session_id=old.pk).count() == 0
    assert EntryLock.objects.filter(session_id=old.pk).count() == 0
    assert Round.objects.filter(session=recent).count() == 1


def test_purge_needs_a_number_of_days():
    with pytest.raises(CommandError):
        call_command("purge_sessions", "--older-than", "0")
