"""Everything the events app takes from the rounds app, in one place (the app sits above it).

Only public names: models, keyword-only services, input cleaning, refusals and the API's
conventions. When the rounds app moves a name, this module is the one to change.
"""

from rounds.consumers import log_socket
from rounds.errors import ProtocolError, ServiceError, refusal, translated
from rounds.events import group_name as table_group
from rounds.export import neutralised
from rounds.inputs import SETTINGS_FIELDS, SessionSettings, clean_name, clean_settings
from rounds.jsonapi import endpoint, json_body, refused
from rounds.models import MAX_NAME_LENGTH, EntryLock, Round, Session, new_key
from rounds.presets import PRESETS, PRESETS_BY_ID
from rounds.ratelimit import rate_limited
from rounds.rules.names import PLAYER_NAME, name_key
from rounds.rules.ruleset import Mode, gettext_noop, is_whole_number
from rounds.rules.scoring import real_losses
from rounds.selectors import KEY_PATTERN, Viewer, by_key, lock_state, open_by_key
from rounds.services import session_close, session_create, session_seat_players
from rounds.services.sessions import apply_settings
from rounds.signals import LAST_WRITE, PageHost
from rounds.state import settings_json

__all__ = [
    "KEY_PATTERN",
    "LAST_WRITE",
    "MAX_NAME_LENGTH",
    "PLAYER_NAME",
    "PRESETS",
    "PRESETS_BY_ID",
    "SETTINGS_FIELDS",
    "EntryLock",
    "Mode",
    "PageHost",
    "ProtocolError",
    "Round",
    "ServiceError",
    "Session",
    "SessionSettings",
    "Viewer",
    "apply_settings",
    "by_key",
    "clean_name",
    "clean_settings",
    "endpoint",
    "gettext_noop",
    "is_whole_number",
    "json_body",
    "lock_state",
    "log_socket",
    "name_key",
    "neutralised",
    "new_key",
    "open_by_key",
    "rate_limited",
    "real_losses",
    "refusal",
    "refused",
    "session_close",
    "session_create",
    "session_seat_players",
    "settings_json",
    "table_group",
    "translated",
]
