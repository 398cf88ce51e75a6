"""The door of rounds' web layer for the web layers above it (groups, events): settings_form(),
which builds a form of the settings from their declarations (a group's rules are set on one), the
settings form's values of a state's settings, and the schemas of a session's settings and bodies
in the OpenAPI document. Nothing else of rounds' web layer is theirs to import (pyproject.toml holds it)."""

from rounds.web.form_values import initial_from_state
from rounds.web.forms import settings_form
from rounds.web.openapi_schemas import BODIES, SETTINGS_INPUT

__all__ = ["BODIES", "SETTINGS_INPUT", "initial_from_state", "settings_form"]
