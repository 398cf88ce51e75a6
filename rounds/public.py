"""The domain's door of the rounds app for the apps above it (groups, events): create a session,
seat it, read it, its state and its rules. They import rounds through this module, its signals
(rounds/signals.py: what they hear of a session and answer), the pure rules (rounds.rules) and,
from their web layers only, rounds/web/public.py; an import-linter contract holds it
(pyproject.toml). A name another app needs is added here, so that what the rest of rounds moves
stays its own business. Nothing here comes from a web or live module.
"""

from rounds.channels import group_name as table_group
from rounds.clock import clock
from rounds.errors import ServiceError
from rounds.inputs import (
    SETTINGS_FIELDS,
    SessionSettings,
    clean_name,
    clean_players,
    clean_settings,
    stored_settings,
)
from rounds.labels import minus
from rounds.models import (
    MAX_NAME_LENGTH,
    MAX_SESSION_ROUNDS,
    EntryLock,
    Player,
    Round,
    Session,
    rules_of_json,
)
from rounds.presets import DEFAULT_PRESET, PRESETS_BY_ID, presets_in_language
from rounds.reads.export import neutralised
from rounds.reads.selectors import Viewer, by_key, current_settings, open_by_key
from rounds.reads.sharing import share_link
from rounds.reads.state import money, settings_json, settlement_of, table_state
from rounds.services import session_close, session_create, session_seat_players
from rounds.services.imports import scored_entries, session_import
from rounds.services.ratelimit import RateLimited, count_hit, count_request, rate_limited
from rounds.services.sessions import apply_settings

__all__ = [
    "DEFAULT_PRESET",
    "MAX_NAME_LENGTH",
    "MAX_SESSION_ROUNDS",
    "PRESETS_BY_ID",
    "SETTINGS_FIELDS",
    "EntryLock",
    "Player",
    "RateLimited",
    "Round",
    "ServiceError",
    "Session",
    "SessionSettings",
    "Viewer",
    "apply_settings",
    "by_key",
    "clean_name",
    "clean_players",
    "clean_settings",
    "clock",
    "count_hit",
    "count_request",
    "current_settings",
    "minus",
    "money",
    "neutralised",
    "open_by_key",
    "presets_in_language",
    "rate_limited",
    "rules_of_json",
    "scored_entries",
    "session_close",
    "session_create",
    "session_import",
    "session_seat_players",
    "settings_json",
    "settlement_of",
    "share_link",
    "stored_settings",
    "table_group",
    "table_state",
]
