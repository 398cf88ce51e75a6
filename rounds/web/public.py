"""The door of rounds' web layer for the web layers above it (groups, events): settings_form(),
which builds a form of the settings from their declarations (a group's rules are set on one), the
settings form's values of a state's settings, the quick setups as the form fills them in, a session's declared bodies and their schemas in
the OpenAPI document. Nothing else of rounds' web layer is theirs to import (pyproject.toml holds it)."""

from rounds.session_bodies import SEATS, SETTINGS_INPUT, NewSession, SettingsSent, settings_sent
from rounds.web.form_values import initial_from_state, presets_for_page
from rounds.web.forms import settings_form
from rounds.web.openapi_schemas import BODIES

__all__ = [
    "BODIES",
    "SEATS",
    "SETTINGS_INPUT",
    "NewSession",
    "SettingsSent",
    "initial_from_state",
    "presets_for_page",
    "settings_form",
    "settings_sent",
]
