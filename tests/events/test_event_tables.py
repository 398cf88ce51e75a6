"""An event's tables are ordinary sessions: swapped before their first hand by the rounds app's
own service, and kept from purge_sessions with their event."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from events.models import EventTable
from rounds.errors import ServiceError
from rounds.models import Player, Session
from rounds.services import session_seat_players
from tests.events.helpers import draw, new_event
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db


def test_seating_other_players_keeps_seats_and_links_and_bumps_the_version():
    session = make_session(["Ann", "Ben", "Cat", "Dan"], randomize_seats=True)
    seats = list(Player.objects.filter(session=session).values_list("seat", flat=True))
    version = session.version
    seated = session_seat_players(session=session, names=["Eve", "Ben", "Cat", "Ann"])
    assert list(Player.objects.filter(session=session).values_list("name", flat=True)) == [
        "Eve",
        "Ben",
        "Cat",
        "Ann",
    ]
    assert list(Player.objects.filter(session=session).values_list("seat", flat=True)) == seats
    assert seated.version == version + 1
    assert seated.edit_key == session.edit_key


def test_seating_is_refused_once_a_round_was_played_and_changes_nothing():
    session = make_session(["Ann", "Ben", "Cat"])
    add_rounds(session, [0, 3, 4])
    with pytest.raises(ServiceError) as refused:
        session_seat_players(session=session, names=["Eve", "Ben", "Cat"])
    assert refused.value.field == "players"
    assert list(Player.objects.filter(session=session).values_list("name", flat=True)) == [
        "Ann",
        "Ben",
        "Cat",
    ]


def test_seating_needs_a_name_for_each_seat():
    session = make_session(["Ann", "Ben", "Cat"])
    with pytest.raises(ServiceError) as refused:
        session_seat_players(session=session, names=["Eve", "Ben"])
    assert refused.value.field == "players"


def test_purge_keeps_an_events_tables(api):
    event = new_event(api)
    draw(api, event["id"])
    lone = make_session(["Ann", "Ben"])
    Session.objects.update(updated_at=timezone.now() - timedelta(days=400))
    call_command("purge_sessions", "--older-than", "30", stdout=io.StringIO())
    assert not Session.objects.filter(pk=lone.pk).exists()
    assert EventTable.objects.count() == 2
    assert Session.objects.count() == 2
