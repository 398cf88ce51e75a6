"""Refusals a player can read. Each carries an HTTP status for the API and the socket."""

from django.utils.translation import gettext, ngettext

from rounds.rules.ruleset import Plural, Refusal, gettext_noop

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
REQUEST_REUSED = gettext_noop("This request_id was already used for a different change")
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


class RequestReused(ServiceError):
    status = 409

    def __init__(self) -> None:
        super().__init__(REQUEST_REUSED, field="request_id")


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


def translated(error: Refusal) -> str:
    """The error's message in the active language (in the plural form its count asks for)."""
    if isinstance(error.template, Plural):
        plural = error.template
        return ngettext(plural.singular, plural.plural, error.params[plural.count]) % error.params
    template = gettext(error.template)
    return template % error.params if error.params else template


class ProtocolError(Exception):
    """A request the API or the socket cannot take as sent (bad JSON, unknown field, wrong key).

    Its message is already in the active language.
    """

    def __init__(self, status: int, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.field = field


def status_of(error: Refusal) -> int:
    """A rule broken is a 400; service refusals carry their own status (404, 409)."""
    return getattr(error, "status", 400)


def refusal(error: Refusal | ProtocolError) -> tuple[int, dict]:
    """The status and body the API, the socket and the settings sheet all answer a refusal with."""
    if isinstance(error, ProtocolError):
        return error.status, {"error": error.message, "field": error.field, "player": None}
    body: dict = {"error": translated(error), "field": error.field, "player": error.player}
    if isinstance(error, LockRefused):
        body["holder"] = error.holder or None
    return status_of(error), body
