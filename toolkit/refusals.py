"""The one refusal format: every refusal the API, the socket and the pages answer with is
{"error", "field", "player"} (and what its kind adds, such as the lock's holder) with its status.
A refusal (toolkit/messages.py) is translated here, in the active language."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from toolkit.messages import Plural, Refusal


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
    body.update(getattr(error, "reply_fields", {}))
    return status_of(error), body
