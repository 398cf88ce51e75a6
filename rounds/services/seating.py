"""Who sits in a session's seats, changed before its first round (an event's swap, SPEC 11)."""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from rounds.errors import ServiceError
from rounds.inputs import clean_players
from rounds.models import Player, RoundVersion, Session
from rounds.services.publish import changed
from toolkit.messages import gettext_noop

SEATS_PLAYED = gettext_noop("Players: a round was played at this table; its players stay")
SEATS_COUNT = gettext_noop("Players: give one name for each of the %(count)s seats")


@transaction.atomic
def session_seat_players(*, session: Session, names: Sequence[str]) -> Session:
    """Player i of the session becomes names[i], in the same seat; only while no round was ever
    entered (a round added then deleted still counts). Every device is told."""
    session = Session.objects.select_for_update().get(pk=session.pk)
    if RoundVersion.objects.filter(session=session).exists():
        raise ServiceError(SEATS_PLAYED, field="players")
    players = list(Player.objects.filter(session=session).order_by("index"))
    cleaned = clean_players(list(names))
    if len(cleaned) != len(players):
        raise ServiceError(SEATS_COUNT, field="players", count=len(players))
    Player.objects.filter(session=session).delete()  # names swap between rows; the unique name holds
    Player.objects.bulk_create(
        Player(session=session, index=player.index, name=name, seat=player.seat)
        for player, name in zip(players, cleaned, strict=True)
    )
    Session.objects.filter(pk=session.pk).update(version=F("version") + 1, updated_at=timezone.now())
    session.refresh_from_db()
    changed(session.pk, ["session.changed"], rounds_from=1, session=session)  # the whole state, after commit
    return session
