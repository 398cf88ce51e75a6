"""The door of rounds' web layer for the web layers above it (groups, events): the settings form
a group's rules start from, and the schemas of a session's settings and bodies in the OpenAPI
document. Nothing else of rounds' web layer is theirs to import (pyproject.toml holds it)."""

from rounds.web.form_values import initial_from_state
from rounds.web.forms import SettingsForm
from rounds.web.openapi_schemas import BODIES, SETTINGS_INPUT

__all__ = ["BODIES", "SETTINGS_INPUT", "SettingsForm", "initial_from_state"]
