"""The bodies that start a session and change it: the settings from their declarations
(rounds/rules/fields.py), read over a base (the default quick setup, a group's own rules, the
session's settings now) when the write knows it; the players; who hosts the session."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from django.utils.translation import gettext as _

from rounds.inputs import SessionSettings, clean_players, clean_settings
from rounds.rules import fields
from rounds.rules.fields import Kind, Setting
from rounds.rules.names import MAX_NAME_LENGTH
from rounds.rules.ruleset import MAX_CARDS, Mode
from rounds.signals import HOST_FIELDS, SessionHost, session_host
from toolkit.bodies import Body, declared, flag, one, part, switch
from toolkit.openapi import BOOLEAN, STRING, array, nullable, obj
from toolkit.refusals import ProtocolError


def value_schema(setting: Setting) -> dict:
    """A setting's value as a body sends it (null apart) and a reply shows it."""
    match setting.kind:
        case Kind.CHOICE:
            return {"enum": list(setting.choices)}
        case Kind.COUNT:
            return {"type": "integer", "minimum": setting.minimum, "maximum": setting.maximum}
        case Kind.AMOUNT:
            return {"type": "integer", "minimum": 0}
        case Kind.AMOUNTS:
            return array({"type": "integer", "minimum": 0}, minItems=1, maxItems=setting.maximum)
        case Kind.FLAG:
            return BOOLEAN
        case Kind.CODE | Kind.NAME:
            return {"type": "string", "maxLength": setting.max_length}
        case Kind.MONEY:
            return STRING
        case Kind.TIERS:
            return array(
                array({"type": "integer", "minimum": 1}, minItems=2, maxItems=2),
                minItems=1,
                maxItems=MAX_CARDS,
            )
        case Kind.TWOS:  # exactly one of its parts (a flag part: only true)
            return {
                "anyOf": [
                    obj(
                        {part.name: value_schema(part) if part.kind is not Kind.FLAG else {"const": True}},
                        required=(part.name,),
                        closed=True,
                    )
                    for part in setting.parts
                ]
            }
        case Kind.FROM:
            count = {"type": "integer", "minimum": setting.minimum, "maximum": setting.maximum}
            return obj({"from": count}, required=("from",), closed=True)
        case Kind.PLACES | Kind.PARTS:  # each key optional in a body, all present in a reply
            return obj({part.name: value_schema(part) for part in setting.parts}, closed=True)
    raise ValueError(setting.kind)


def input_schema(setting: Setting) -> dict:
    if setting.kind is Kind.MONEY:  # "0.50" or 0.5
        return nullable({"anyOf": [STRING, {"type": "number", "minimum": 0}]})
    schema = value_schema(setting)
    return nullable(schema) if setting.nullable or setting.null_is_default else schema


def shown_schema(setting: Setting) -> dict:
    if setting.name == "mode":  # a body picks Big Two's modes; Tiến lên's is set by its game
        return {"enum": [mode.value for mode in Mode]}
    return nullable(value_schema(setting)) if setting.nullable else value_schema(setting)


SETTINGS_INPUT = {
    "preset": nullable(STRING),  # a quick setup's id: its rules first, then the fields sent
    **{setting.name: input_schema(setting) for setting in fields.SETTINGS},
}
SEATS = {"randomize_seats": BOOLEAN}


class SettingsSent(Mapping[str, object]):
    """The settings a body sent, only the keys declared for them, as sent: each is checked when
    read over the base the write knows (clean_settings), so a refusal names it then."""

    def __init__(self, sent: Mapping[str, object], keys: Mapping[str, object]) -> None:
        self.sent = {key: value for key, value in sent.items() if key in keys}

    def __getitem__(self, key: str) -> object:
        return self.sent[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.sent)

    def __len__(self) -> int:
        return len(self.sent)

    def __repr__(self) -> str:
        return f"SettingsSent({self.sent!r})"


def settings_sent(properties: dict[str, dict], check: Callable[[Mapping], None] | None = None) -> Any:
    """The settings of a body (and its other `properties`), kept to be read over their base;
    `check` refuses now what needs no base."""

    def clean(sent: Mapping[str, object]) -> SettingsSent:
        if check is not None:
            check(sent)
        return SettingsSent(sent, properties)

    return part(properties, clean)


def check_finished(sent: Mapping[str, object]) -> None:
    finished = sent.get("finished")
    if finished is not None and not isinstance(finished, bool):
        raise ProtocolError(400, _("finished: give true or false"), field="finished")


def own_settings(sent: Mapping[str, object]) -> tuple[SessionSettings, bool]:
    """A stranger's session: the fields sent over the default quick setup, and its seat draw."""
    return clean_settings(sent), flag(sent, "randomize_seats")


def hosted(sent: Mapping[str, object]) -> SessionHost | None:
    """The other app's owner a new session names (rounds.signals.session_hosted), else None."""
    for field in HOST_FIELDS:
        key = sent.get(field)
        host = session_host(field, key)
        if key is not None and host is None:  # no app takes the field
            raise ProtocolError(400, _("Unknown field: %(field)s") % {"field": field}, field=field)
        if host is not None:
            return host
    return None


PLAYERS = array({"type": "string", "minLength": 1, "maxLength": MAX_NAME_LENGTH}, minItems=2, maxItems=4)
GROUP = {"type": "string", "description": "a group's edit key: the session joins the group"}


@declared
class NewSession(Body):
    """A new session's settings (with the seat draw) and players; a group's evening is this body."""

    settings: SettingsSent = settings_sent({**SETTINGS_INPUT, **SEATS})
    players: list[str] = one("players", PLAYERS, clean_players, required=True)


@declared
class SessionCreate(NewSession):
    """A new session, and who hosts it (a group's evening)."""

    host: SessionHost | None = part({"group": GROUP}, hosted)

    @property
    def settings_of(self) -> Any:
        """How the settings sent are read: over the host's own rules, else the default setup."""
        return own_settings if self.host is None else self.host.settings_of


@declared
class SessionChange(Body):
    """New rules, length or wager; `finished` reopens or finishes; `rescore` applies the rules
    to the rounds played."""

    changes: SettingsSent = settings_sent({**SETTINGS_INPUT, "finished": nullable(BOOLEAN)}, check_finished)
    rescore: bool = switch("rescore")
