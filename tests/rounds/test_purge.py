"""The purge cannot lose a season (issue 19): a group's evenings are never purged on their own,
an import is dated when it was written (the played day lives in GroupEvening.played_on), and a
group, if ever purged, goes whole with its evenings and import records."""

import importlib
from datetime import date, timedelta
from io import StringIO

import pytest
from django.apps import apps
from django.core.management import call_command
from django.utils import timezone

from groups.models import Group, GroupEvening, GroupImport, GroupPlayer, GroupSeat
from groups.reads.selectors import group_season
from groups.services.group_writes import group_create, group_player_rename, group_rules_set
from groups.services.paper_import import log_import
from rounds.models import Round, RoundVersion, Session
from rounds.reads.state import settlement_of
from rounds.services.locking import lock_release
from rounds.services.payments import transfer_mark_paid
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

OLD_LOG = """\
2013-03-19
F=11
Ann Ben Cat Dan
5 0 11 13
0 3 9t 4

2013-03-26
Ann Ben Cat
0 10 12
"""


def purge(command, days, *flags):
    out = StringIO()
    call_command(command, "--older-than", str(days), *flags, stdout=out)
    return out.getvalue().splitlines()


def age(sessions, days):
    Session.objects.filter(pk__in=[session.pk for session in sessions]).update(
        updated_at=timezone.now() - timedelta(days=days)
    )


@pytest.fixture
def imported_2013():
    group = group_create(name="Thursdays 2013")
    log_import(group=group, text=OLD_LOG, dry_run=False)
    return group


def test_an_import_is_dated_now_and_played_on_its_own_day(imported_2013):
    evening = GroupEvening.objects.filter(group=imported_2013).order_by("played_on").first()
    session = Session.objects.get(pk=evening.pk)
    assert evening.played_on == date(2013, 3, 19)
    assert session.created_at.date() == session.finished_at.date() == date(2013, 3, 19)
    assert timezone.now() - session.updated_at < timedelta(minutes=5)
    assert {version.created_at.date() for version in RoundVersion.objects.filter(session=session)} == {
        date(2013, 3, 19)
    }


def test_purging_sessions_keeps_a_season_imported_with_old_dates(imported_2013):
    plain = make_session()
    add_rounds(plain, [5, 0, 11, 13])
    evenings = list(Session.objects.filter(pk__in=GroupEvening.objects.values("session_id")))
    age([plain, *evenings], 400)  # even evenings untouched for longer than the cutoff stay
    before = group_season(imported_2013)
    listed = purge("purge_sessions", 90, "--dry-run")
    assert listed == [
        f"  session {plain.pk}: started {plain.created_at:%Y-%m-%d}, last changed "
        f"{(timezone.now() - timedelta(days=400)):%Y-%m-%d}, 1 rounds (Ann, Ben, Cat, Dan)",
        "1 sessions not changed for 90 days would be removed",
    ]
    assert Session.objects.filter(pk=plain.pk).exists()
    assert purge("purge_sessions", 90)[-1].startswith("Removed 1 sessions not changed for 90 days")
    assert not Session.objects.filter(pk=plain.pk).exists()
    after = group_season(imported_2013)
    assert len(after.evenings) == len(before.evenings) == 2
    assert after.lines == before.lines
    assert Round.objects.filter(session__in=evenings).count() == 3
    # The log is still known: importing it again is refused, and adds nothing.
    with pytest.raises(Exception, match="already imported"):
        log_import(group=imported_2013, text=OLD_LOG, dry_run=False)
    assert GroupEvening.objects.filter(group=imported_2013).count() == 2


def test_a_group_unused_for_days_goes_whole_and_a_used_one_stays(imported_2013):
    used = group_create(name="Still playing")
    log_import(group=used, text=OLD_LOG.replace("2013", "2014"), dry_run=False)
    stale_sessions = list(Session.objects.filter(pk__in=imported_2013.evenings.values("session_id")))
    age(stale_sessions, 800)
    made = timezone.now() - timedelta(days=900)
    Group.objects.filter(pk=imported_2013.pk).update(created_at=made, updated_at=made)
    GroupImport.objects.filter(group=imported_2013).update(created_at=timezone.now() - timedelta(days=800))
    listed = purge("purge_groups", 730, "--dry-run")
    assert listed == [
        f"  group {imported_2013.pk} (Thursdays 2013): made "
        f"{(timezone.now() - timedelta(days=900)):%Y-%m-%d}, 2 evenings, 1 imported logs",
        "1 groups not used for 730 days would be removed",
    ]
    assert Group.objects.count() == 2
    assert purge("purge_groups", 730) == ["Removed 1 groups not used for 730 days, with their 2 evenings"]
    assert list(Group.objects.all()) == [used]
    assert not Session.objects.filter(pk__in=[session.pk for session in stale_sessions]).exists()
    assert not GroupEvening.objects.filter(group_id=imported_2013.pk).exists()
    assert not GroupSeat.objects.filter(player__group_id=imported_2013.pk).exists()
    assert not GroupPlayer.objects.filter(group_id=imported_2013.pk).exists()
    assert not GroupImport.objects.filter(group_id=imported_2013.pk).exists()
    assert GroupEvening.objects.filter(group=used).count() == 2


def test_a_group_with_one_recent_evening_is_used():
    group = group_create(name="Now and then")
    log_import(group=group, text=OLD_LOG, dry_run=False)
    evenings = list(Session.objects.filter(pk__in=group.evenings.values("session_id")))
    age(evenings[:1], 800)
    made = timezone.now() - timedelta(days=900)
    Group.objects.filter(pk=group.pk).update(created_at=made, updated_at=made)
    GroupImport.objects.update(created_at=timezone.now() - timedelta(days=800))
    assert purge("purge_groups", 730)[0].startswith("Removed 0 groups")


def stale_group(imported: Group) -> None:
    """Every trace of use 800 days old or more."""
    age(list(Session.objects.filter(pk__in=imported.evenings.values("session_id"))), 800)
    made = timezone.now() - timedelta(days=900)
    Group.objects.filter(pk=imported.pk).update(created_at=made, updated_at=made)
    GroupImport.objects.update(created_at=timezone.now() - timedelta(days=800))


def test_a_rules_change_or_a_rename_today_is_use_of_a_group(imported_2013):
    stale_group(imported_2013)
    assert purge("purge_groups", 730, "--dry-run")[-1].startswith("1 groups")
    group_rules_set(group=imported_2013, rules={"preset": "hong-kong"})
    assert purge("purge_groups", 730)[0].startswith("Removed 0 groups")
    stale_group(imported_2013)
    player = GroupPlayer.objects.filter(group=imported_2013).first()
    group_player_rename(group=imported_2013, player_id=player.pk, name="Annie")
    assert purge("purge_groups", 730)[0].startswith("Removed 0 groups")
    assert Group.objects.filter(pk=imported_2013.pk).exists()


def test_a_payment_ticked_today_is_use_of_a_session():
    session = make_session(value_per_point="1.00")
    lock_release(session=session, token=add_rounds(session, [5, 0, 11, 13]))
    age([session], 400)
    session = Session.objects.get(pk=session.pk)
    transfer = settlement_of(session).transfers[0]
    transfer_mark_paid(
        session=session, payer=transfer.payer, payee=transfer.payee, amount=transfer.amount, paid=True
    )
    assert purge("purge_sessions", 90)[-1].startswith("Removed 0 sessions")
    assert Session.objects.filter(pk=session.pk).exists()


def test_the_migration_dates_evenings_imported_before_it_by_their_import(imported_2013):
    """A database from before the fix: imported evenings carry their played day as updated_at."""
    imported_at = timezone.now() - timedelta(days=3)
    GroupImport.objects.update(created_at=imported_at)
    sessions = Session.objects.filter(pk__in=imported_2013.evenings.values("session_id"))
    sessions.update(updated_at=timezone.now().replace(year=2013))
    migration = importlib.import_module("groups.migrations.0003_imported_updated_at")
    migration.written_when_imported(apps, None)
    assert {session.updated_at for session in sessions} == {imported_at}
