"""What every refusal is: an English template marked for translation, its parameters, and the
field or player it is about. Plain Python (no Django): the pure rules raise these, the web layer
translates them (toolkit/refusals.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it here."""
    return message


class Plural(NamedTuple):
    """A message with a count in it: its two English forms and the parameter that says how many,
    which picks the form (ngettext, in each language's own way: one form in Chinese)."""

    singular: str
    plural: str
    count: str

    def english(self, params: Mapping[str, object]) -> str:
        return self.singular if params[self.count] == 1 else self.plural


def ngettext_noop(singular: str, plural: str, count: str) -> Plural:
    """Mark a plural message for translation (makemessages: --keyword=ngettext_noop:1,2) without
    translating it here; `count` names the parameter that says how many."""
    return Plural(singular, plural, count)


class Refusal(ValueError):
    """Something asked for is refused and nothing was changed. `template % params` is the English
    message; `field` or `player` says what it is about. The API, the socket and the pages catch
    this; rounds/errors.py gives each kind its HTTP status."""

    def __init__(
        self,
        template: str | Plural,
        *,
        player: int | None = None,
        field: str | None = None,
        **params: object,
    ) -> None:
        self.template = template
        self.params = params
        self.player = player
        self.field = field
        english = template.english(params) if isinstance(template, Plural) else template
        super().__init__(english % params if params else english)

    @property
    def message(self) -> str:
        return str(self)
