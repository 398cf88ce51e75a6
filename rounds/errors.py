"""Refusals a player can read. Each carries an HTTP status for the API and the socket."""

from toolkit.messages import Refusal, gettext_noop

LOCK_HELD = gettext_noop("Round %(round)s is being entered on %(holder)s")
LOCK_EDITING = gettext_noop("Round %(round)s is being corrected on %(holder)s")
LOCK_NEEDED = gettext_noop("Open the entry first: nobody holds the entry lock")
LOCK_LOST = gettext_noop("Your entry lock has run out; open the entry again")
LOCK_STILL_LIVE = gettext_noop("%(holder)s is still entering; you can take over once it goes idle")
SESSION_FINISHED = gettext_noop("The session is finished; reopen it to add a round")
SESSION_FULL = gettext_noop(
    "Rounds: this session holds %(most)s rounds, the most one session can; start a rematch to play on"
)
HISTORY_FULL = gettext_noop(
    "History: this session has kept %(most)s changes, the most one session can; start a rematch to play on"
)
ROUND_MISSING = gettext_noop("There is no round %(number)s")
VERSION_MISSING = gettext_noop("There is no version %(version)s in this session's history")
ROUND_STILL_THERE = gettext_noop(
    "Round %(number)s is still in the session: only a deleted round can be restored"
)
UNDO_STALE = gettext_noop("Round %(number)s has changed since; only its last change can be undone")
UNDO_RESCORE = gettext_noop("A rescore cannot be undone; change the rules again instead")
VIEW_ONLY = gettext_noop("This is a follow link: it can watch the session but not change it")


class ServiceError(Refusal):
    """Bad input or a refused write (not a rule of the game: those are ScoringError); nothing was stored."""

    status = 400


class LockRefused(ServiceError):
    """The caller does not hold the current, unexpired entry lock."""

    status = 409

    def __init__(self, template: str, *, holder: str = "", **params: object) -> None:
        self.holder = holder
        super().__init__(template, field="lock", holder=holder, **params)

    @property
    def reply_fields(self) -> dict:
        """What a refusal's reply adds (toolkit/refusals.py): who holds the lock."""
        return {"holder": self.holder or None}


class SessionFinished(ServiceError):
    status = 409

    def __init__(self) -> None:
        super().__init__(SESSION_FINISHED)


class SessionFull(ServiceError):
    status = 409

    def __init__(self, most: int) -> None:
        super().__init__(SESSION_FULL, field="rounds", most=f"{most:,}")


class HistoryFull(ServiceError):
    status = 409

    def __init__(self, most: int) -> None:
        super().__init__(HISTORY_FULL, field="history", most=f"{most:,}")


class RoundMissing(ServiceError):
    status = 404

    def __init__(self, number: object) -> None:
        super().__init__(ROUND_MISSING, field="number", number=number)


class VersionMissing(ServiceError):
    status = 404

    def __init__(self, version: object) -> None:
        super().__init__(VERSION_MISSING, field="version", version=version)


class VersionRefused(ServiceError):
    """A history version that cannot be restored or undone as things stand."""

    status = 409

    def __init__(self, template: str, **params: object) -> None:
        super().__init__(template, field="version", **params)
