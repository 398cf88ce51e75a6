"""A club's nights and the purges (SPEC 11.1 "Kept and purged", SPEC 13): purge_events never
removes an event of a group, purge_sessions never a night's table; purge_groups takes a club
with its nights and their tables, and counts a night's hands as the club's use."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from events.models import Event, EventPlayer, EventTable
from groups.models import Group, GroupEvening
from rounds.models import Round, Session
from tests.events.test_event_purge_and_mixing import age
from tests.groups.helpers import club_night, new_group

pytestmark = pytest.mark.django_db
PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def run(command, *arguments):
    out = StringIO()
    call_command(command, *arguments, stdout=out)
    return out.getvalue().splitlines()


def age_group(group_key, days):
    then = timezone.now() - timedelta(days=days)
    Group.objects.filter(edit_key=group_key).update(created_at=then, updated_at=then)
    Session.objects.filter(pk__in=GroupEvening.objects.values("session_id")).update(updated_at=then)
    for event in Event.objects.filter(group__edit_key=group_key):
        age(event.pk, days)


def test_purge_events_and_purge_sessions_never_remove_a_clubs_night(api):
    group = new_group(api)
    event, _hands = club_night(api, group["id"], PLAYERS)
    night = Event.objects.get(view_key=event["view_id"])
    age(night.pk, 400)
    assert run("purge_events", "--days", "90")[-1].startswith("Removed 0 events")
    assert run("purge_sessions", "--older-than", "90")[0].startswith("Removed 0 sessions")
    assert EventTable.objects.filter(event_round__event=night).count() == 2
    assert Round.objects.filter(session__in=EventTable.objects.values("session_id")).count() == 4


def test_purge_groups_keeps_a_club_whose_night_played_lately_and_removes_an_old_club_whole(api):
    kept, gone = new_group(api), new_group(api)
    kept_night, _hands = club_night(api, kept["id"], PLAYERS)
    gone_night, _hands = club_night(api, gone["id"], PLAYERS)
    api.post("/api/sessions", {"players": ["Ann", "Ben"], "group": gone["id"]})
    age_group(kept["id"], 400)
    age_group(gone["id"], 400)
    # A hand corrected at one of the kept club's tables today: the club is in use.
    table = EventTable.objects.filter(event_round__event__view_key=kept_night["view_id"]).first()
    Session.objects.filter(pk=table.session_id).update(updated_at=timezone.now())
    listed = run("purge_groups", "--older-than", "90", "--dry-run")
    assert listed[-1] == "1 groups not used for 90 days would be removed"
    tables = list(
        EventTable.objects.filter(event_round__event__group__edit_key=gone["id"]).values_list(
            "session_id", flat=True
        )
    )
    assert len(tables) == 2
    assert run("purge_groups", "--older-than", "90") == [
        "Removed 1 groups not used for 90 days, with their 1 evenings"
    ]
    assert not Group.objects.filter(edit_key=gone["id"]).exists()
    assert not Event.objects.filter(view_key=gone_night["view_id"]).exists()
    assert not Session.objects.filter(pk__in=tables).exists()  # the tables went with the night
    assert not EventPlayer.objects.filter(event__view_key=gone_night["view_id"]).exists()
    assert Event.objects.filter(view_key=kept_night["view_id"]).exists()
    assert EventTable.objects.filter(event_round__event__view_key=kept_night["view_id"]).count() == 2
