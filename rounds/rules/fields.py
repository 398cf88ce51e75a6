"""Every setting of a session in one order: a round's own rules as RoundRules declares them on its
fields (rounds/rules/ruleset.py, with setting.py's declared()), then the session's own settings,
declared here. Each carries its key in the settings JSON (the API's bodies, the state, a group's
rules, a device's saved setups), its kind and bounds, its default, the modes that use it, and its
label and help as the settings form shows them. The order is the OpenAPI document's, the form's
and the order in which a body's settings are checked.

No Django here: labels are English, marked with gettext_noop for makemessages and translated
where they are shown. What derives from these declarations: the JSON parse and its refusals
(rounds/inputs.py; a part's by rounds/rules/places.py), the settings' OpenAPI schemas
(rounds/web/openapi_schemas.py), the form's fields, values and layout (rounds/web/form_fields.py,
rounds/web/forms.py), the state's settings (rounds/reads/state.py), how a session keeps them
(Session.own_setting: a column, or by name in its options), which settings an event refuses
outside by_place (events/inputs.py), and what the pages' scripts read
(rounds/web/tags/page_labels.py puts it in the page as JSON). A new rule is declared on its field
in ruleset.py, a new setting of the session's here; the rule that uses it and a template that
lays it out are the only other places it is written.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from rounds.rules.mode import BY_CARDS
from rounds.rules.names import MAX_NAME_LENGTH
from rounds.rules.ruleset import Mode, Places, RoundRules
from rounds.rules.setting import Kind, Setting, declarations
from toolkit.messages import gettext_noop

DEFAULT_PLACES: Final = Places()

SETTINGS: Final[tuple[Setting, ...]] = (
    # A round's own rules, declared on their fields; the game first (it says which of them apply).
    *sorted(declarations(RoundRules), key=lambda setting: setting.name != "game"),
    Setting(
        "rounds",
        Kind.COUNT,
        label=gettext_noop("Rounds"),
        minimum=1,
        maximum=999,
        nullable=True,
        always_shown=True,
        offered=7,
        attribute="rounds_limit",
        refusal=gettext_noop("Rounds: give null (open-ended) or a whole number from 1 to %(maximum)s"),
        preset=True,
    ),
    Setting(
        "target",
        Kind.COUNT,
        label=gettext_noop("Target"),
        minimum=1,
        maximum=100_000,
        modes=frozenset({Mode.POINTS}),
        nullable=True,
        always_shown=True,
        offered=50,
        refusal=gettext_noop("Target: give null or a whole number of points from 1 to %(maximum)s"),
        panel=True,
        preset=True,
    ),
    Setting(
        "value_per_point",
        Kind.MONEY,
        label=gettext_noop("Value per point"),
        max_length=20,
        nullable=True,
        always_shown=True,
    ),
    Setting(
        "currency",
        Kind.CODE,
        "",
        label=gettext_noop("Currency"),
        max_length=8,
        null_is_default=True,
        always_shown=True,
    ),
    Setting(
        "covering_rule",
        Kind.FLAG,
        False,
        label=gettext_noop("Covering (the assistant rule): one loser a round may be marked as covering"),
        modes=BY_CARDS,
        refusal=gettext_noop("covering_rule: give true or false"),
        panel=True,
    ),
    Setting(
        "house_name",
        Kind.NAME,
        "",
        label=gettext_noop("The house (who keeps the score, not playing)"),
        max_length=MAX_NAME_LENGTH,
        modes=frozenset({Mode.BY_PLACE}),
        null_is_default=True,
        panel=True,
        placeholder=gettext_noop("House"),
    ),
)
BY_NAME: Final[Mapping[str, Setting]] = {setting.name: setting for setting in SETTINGS}
RULES: Final = tuple(setting for setting in SETTINGS if setting.rule)
SESSION: Final = tuple(setting for setting in SETTINGS if not setting.rule)  # the session's own
PRESET: Final = tuple(setting for setting in SETTINGS if setting.preset)  # what a quick setup sets
PLACES: Final = BY_NAME["places"]
TWOS: Final = BY_NAME["twos"]
# What only paying by place uses (the places, the house's name): sent with another mode it would
# be dropped unseen, so a body that sends it is refused (rounds/inputs.py, events/inputs.py).
ONLY_BY_PLACE: Final = tuple(setting.name for setting in SETTINGS if setting.modes == {Mode.BY_PLACE})
NOT_BY_PLACE: Final = gettext_noop(
    "%(name)s applies only when paying by place (mode by_place), not in %(mode)s"
)
GAME: Final = BY_NAME["game"]
TIEN_LEN: Final = BY_NAME["tien_len"]
# What Tiến lên does not play (SPEC 14): sent with it, refused naming the field; and its own
# settings, refused in a Big Two session (rounds/inputs.py).
NOT_TIEN_LEN: Final = tuple(
    setting.name for setting in SETTINGS if Mode.TIEN_LEN not in setting.modes and setting.name != "target"
)
NOT_IN_TIEN_LEN: Final = gettext_noop("%(name)s does not apply to Tiến lên (game tien_len)")
# What typing your own scores does not use (SPEC 15): sent with it, refused naming the field.
NOT_OWN_SCORES: Final = tuple(
    setting.name
    for setting in SETTINGS
    if Mode.OWN_SCORES not in setting.modes and setting.name not in {"target", "tien_len", *ONLY_BY_PLACE}
)
NOT_IN_OWN_SCORES: Final = gettext_noop("%(name)s does not apply when the table types its own scores")
ONLY_OWN_SCORES: Final = gettext_noop(
    "%(name)s applies only when the table types its own scores (mode own_scores)"
)
ONLY_TIEN_LEN: Final = gettext_noop("%(name)s applies only to Tiến lên (game tien_len), not to Big Two")
