"""Writes from the session's history: restore a deleted round, undo the last change of a round.

Both run in the same guarded frame as round_add/edit/delete (fencing, idempotency,
version bump, finish check, broadcast), and both are recorded in the history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Unpack

from rounds.bodies import Once
from rounds.errors import (
    ROUND_STILL_THERE,
    UNDO_RESCORE,
    UNDO_STALE,
    VersionMissing,
    VersionRefused,
)
from rounds.models import Round, RoundVersion, Session
from rounds.reads.replies import RoundWrite
from rounds.rules import hands
from rounds.rules.ruleset import RoundRules
from rounds.services.records import record_version, store_scores
from rounds.services.round_writes import (
    Change,
    Table,
    delete_round,
    edit_round,
    guarded_write,
    request_fingerprint,
)


def version_in(session: Session, version_id: int) -> RoundVersion:
    version = RoundVersion.objects.filter(session=session, pk=version_id).first()
    if version is None:
        raise VersionMissing(version_id)
    return version


def live_round(session: Session, version: RoundVersion) -> Round | None:
    return Round.objects.filter(session=session, lineage=version.lineage).first()


def latest_of(session: Session, version: RoundVersion) -> RoundVersion:
    return RoundVersion.objects.filter(session=session, lineage=version.lineage).order_by("pk").last()


def restore_round(session: Session, table: Table, version: RoundVersion, device: str) -> Change:
    """Put a deleted round back at the number it had when deleted (or last, if fewer rounds
    remain), with the values and the rules of `version`; later rounds move up one."""
    still_there = live_round(session, version)
    if still_there is not None:
        raise VersionRefused(ROUND_STILL_THERE, number=still_there.number)
    table.check_room()
    rules = RoundRules.from_json(version.rules)
    checked = hands.validate_round(version.entry, table.names, rules)
    scored = hands.score_checked(checked, rules)
    position = min(latest_of(session, version).number, table.rounds_played + 1)
    # One row at a time, highest first, so the unique round number is never held twice.
    for later in Round.objects.filter(session=session, number__gte=position).order_by("-number"):
        later.number += 1
        later.save(update_fields=["number"])
    round_ = Round(
        session=session,
        number=position,
        lineage=version.lineage,
        # Still marked corrected (✎) if it was corrected or rescored before it was deleted.
        edited=RoundVersion.objects.filter(
            session=session,
            lineage=version.lineage,
            action__in=[RoundVersion.Action.EDITED, RoundVersion.Action.RESCORED],
        ).exists(),
    )
    round_.set_rules(rules)
    store_scores(round_, checked, scored)
    round_.save()
    RoundVersion.objects.filter(session=session, lineage=version.lineage).update(round=round_)
    restored = record_version(round_, checked, scored, action=RoundVersion.Action.RESTORED, device=device)
    if position <= session.reopened_after:
        session.reopened_after += 1  # the reopening point moves with the rounds before it
    return Change(
        write=RoundWrite(number=position, round=round_, version_id=restored.pk),
        rounds_played=table.rounds_played + 1,
        event="round.restored",
        added=scored,
    )


def undo_change(session: Session, table: Table, version: RoundVersion, device: str) -> Change:
    """Take back the change `version` recorded, if it is still its round's last change."""
    if version.action == RoundVersion.Action.RESCORED:
        raise VersionRefused(UNDO_RESCORE)
    if latest_of(session, version).pk != version.pk:
        raise VersionRefused(UNDO_STALE, number=version.number)
    if version.action == RoundVersion.Action.DELETED:
        return restore_round(session, table, version, device)
    round_ = live_round(session, version)
    if version.action == RoundVersion.Action.EDITED:
        before = (
            RoundVersion.objects.filter(session=session, lineage=version.lineage, pk__lt=version.pk)
            .order_by("pk")
            .last()
        )
        if before is None:
            raise VersionRefused(UNDO_STALE, number=version.number)
        return edit_round(session, table, round_, before.entry, device)
    return delete_round(session, table, round_, device)  # an add or a restore


def from_version(
    *,
    action: str,
    apply: Callable[[Session, Table, RoundVersion, str], Change],
    session: Session,
    token: str | None,
    version_id: int,
    **once: Unpack[Once],
) -> RoundWrite:
    """The guarded write of a change taken from history version `version_id`."""

    def change(session: Session, table: Table, device: str) -> Change:
        return apply(session, table, version_in(session, version_id), device)

    return guarded_write(
        session=session,
        token=token,
        action=action,
        fingerprint=request_fingerprint(action, version_id, None),
        change=change,
        **once,
    )


def round_restore(
    *,
    session: Session,
    token: str | None,
    version_id: int,
    **once: Unpack[Once],
) -> RoundWrite:
    """Restore the deleted round that history version `version_id` belongs to."""
    return from_version(
        action="restore",
        apply=restore_round,
        session=session,
        token=token,
        version_id=version_id,
        **once,
    )


def round_undo(
    *,
    session: Session,
    token: str | None,
    version_id: int,
    **once: Unpack[Once],
) -> RoundWrite:
    """Undo the change recorded as `version_id`: an add is deleted, a correction goes back to
    the values before it, a delete is restored, a restore is deleted again."""
    return from_version(
        action="undo",
        apply=undo_change,
        session=session,
        token=token,
        version_id=version_id,
        **once,
    )


# The history writes by action, as the API's URL and the socket's message (round.<action>) name them.
HISTORY_WRITES = {"restore": round_restore, "undo": round_undo}
