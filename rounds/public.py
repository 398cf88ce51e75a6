"""The one door of the rounds app for the apps above it (groups, events): what they may use of a
session, its rules and its state. They import rounds through this module and the pure rules
(rounds.rules) only; an import-linter contract holds it (pyproject.toml). A name another app
needs is added here, so that what the rest of rounds moves stays its own business.
"""

from rounds.channels import group_name as table_group
from rounds.clock import clock
from rounds.errors import ProtocolError, ServiceError, refusal, status_of, translated
from rounds.inputs import (
    SETTINGS_FIELDS,
    SessionSettings,
    clean_name,
    clean_players,
    clean_settings,
    stored_settings,
)
from rounds.labels import minus
from rounds.live.consumers import log_socket
from rounds.management.purge import PurgeCommand
from rounds.models import (
    MAX_NAME_LENGTH,
    MAX_SESSION_ROUNDS,
    EntryLock,
    Player,
    Round,
    Session,
    new_key,
    rules_of_json,
)
from rounds.presets import DEFAULT_PRESET, PRESETS, PRESETS_BY_ID
from rounds.reads.chart import left_margin
from rounds.reads.export import neutralised
from rounds.reads.selectors import KEY_PATTERN, Viewer, by_key, current_settings, lock_state, open_by_key
from rounds.reads.sharing import share_link
from rounds.reads.state import money, settings_json, settlement_of, table_state
from rounds.services import session_close, session_create, session_seat_players
from rounds.services.imports import scored_entries, session_import
from rounds.services.ratelimit import RateLimited, client_address, count_hit, count_request, rate_limited
from rounds.services.sessions import apply_settings
from rounds.signals import (
    LAST_WRITE,
    PageHost,
    SessionHost,
    rematch_counted,
    rematch_rules,
    session_changing,
    session_hosted,
    session_hosted_page,
    session_links,
    session_published,
    session_rematched,
    session_saved,
    sessions_kept,
)
from rounds.web.forms import SettingsForm, initial_from_state
from rounds.web.jsonapi import endpoint, json_body, refused
from rounds.web.openapi_schemas import (
    BODIES,
    BOOLEAN,
    INTEGER,
    MONEY,
    SETTINGS_INPUT,
    STRING,
    array,
    json_content,
    nullable,
    obj,
    operation,
    ref,
)

__all__ = [
    "BODIES",
    "BOOLEAN",
    "DEFAULT_PRESET",
    "INTEGER",
    "KEY_PATTERN",
    "LAST_WRITE",
    "MAX_NAME_LENGTH",
    "MAX_SESSION_ROUNDS",
    "MONEY",
    "PRESETS",
    "PRESETS_BY_ID",
    "SETTINGS_FIELDS",
    "SETTINGS_INPUT",
    "STRING",
    "EntryLock",
    "PageHost",
    "Player",
    "ProtocolError",
    "PurgeCommand",
    "RateLimited",
    "Round",
    "ServiceError",
    "Session",
    "SessionHost",
    "SessionSettings",
    "SettingsForm",
    "Viewer",
    "apply_settings",
    "array",
    "by_key",
    "clean_name",
    "clean_players",
    "clean_settings",
    "client_address",
    "clock",
    "count_hit",
    "count_request",
    "current_settings",
    "endpoint",
    "initial_from_state",
    "json_body",
    "json_content",
    "left_margin",
    "lock_state",
    "log_socket",
    "minus",
    "money",
    "neutralised",
    "new_key",
    "nullable",
    "obj",
    "open_by_key",
    "operation",
    "rate_limited",
    "ref",
    "refusal",
    "refused",
    "rematch_counted",
    "rematch_rules",
    "rules_of_json",
    "scored_entries",
    "session_changing",
    "session_close",
    "session_create",
    "session_hosted",
    "session_hosted_page",
    "session_import",
    "session_links",
    "session_published",
    "session_rematched",
    "session_saved",
    "session_seat_players",
    "sessions_kept",
    "settings_json",
    "settlement_of",
    "share_link",
    "status_of",
    "stored_settings",
    "table_group",
    "table_state",
    "translated",
]
