"""The door of rounds' web layer for the web layers above it (groups, events): the settings form
a group's rules start from, a session's declared bodies and their schemas in the OpenAPI
document. Nothing else of rounds' web layer is theirs to import (pyproject.toml holds it)."""

from rounds.session_bodies import SEATS, SETTINGS_INPUT, NewSession, SettingsSent, settings_sent
from rounds.web.form_values import initial_from_state
from rounds.web.forms import SettingsForm
from rounds.web.openapi_schemas import BODIES

__all__ = [
    "BODIES",
    "SEATS",
    "SETTINGS_INPUT",
    "NewSession",
    "SettingsForm",
    "SettingsSent",
    "initial_from_state",
    "settings_sent",
]
