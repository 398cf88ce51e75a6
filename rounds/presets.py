"""Quick setups (SPEC 5): one tap sets mode, penalty table, twos rule and length."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rounds.rules import fields
from rounds.rules.doubling import DEFAULT_SPADE_TWO_FROM
from rounds.rules.mode import Game
from rounds.rules.ruleset import CLASSIC_TIERS, FLAT_TIERS, Mode, Places, RoundRules, Tiers, Twos
from rounds.rules.tiers import house_tiers


@dataclass(frozen=True)
class Preset:
    """A quick setup: its rules and its length (a session keeps its own covering style over it)."""

    id: str
    name: str | Promise
    description: str | Promise
    rules: RoundRules
    rounds: int | None = None
    target: int | None = None

    def as_json(self) -> dict:
        """Its name and what it sets (rounds/rules/fields.py: the settings a quick setup sets)."""
        shown = (
            {"game": self.rules.game.value}
            | self.rules.to_json()
            | {"rounds": self.rounds, "target": self.target}
        )
        return {
            "id": self.id,
            "name": str(self.name),
            "description": str(self.description),
            **{setting.name: shown[setting.name] for setting in fields.PRESET if setting.name in shown},
        }


HONG_KONG_TIERS: Tiers = ((1, 1), (8, 2), (10, 3), (13, 4))
CHU_DA_DI_TIERS: Tiers = ((1, 1), (8, 2), (10, 3), (13, 4))  # SPEC 15
CAPSA_BANTING_TIERS: Tiers = ((1, 1), (9, 2), (13, 3))

PRESETS: tuple[Preset, ...] = (
    Preset(
        "classic-points",
        _("Classic points"),
        _("1 a card, ×2 from 10, ×3 for 13; lowest total wins; play as long as you like."),
        RoundRules(Mode.POINTS, CLASSIC_TIERS),
    ),
    Preset(
        "points-50",
        _("Points to 50"),
        _("Classic points; the first to reach 50 ends it and loses."),
        RoundRules(Mode.POINTS, CLASSIC_TIERS),
        target=50,
    ),
    Preset(
        "points-100",
        _("Points to 100"),
        _("Classic points; the first to reach 100 ends it and loses."),
        RoundRules(Mode.POINTS, CLASSIC_TIERS),
        target=100,
    ),
    Preset(
        "quick-3",
        _("Quick game"),
        _("Three rounds of classic points."),
        RoundRules(Mode.POINTS, CLASSIC_TIERS),
        rounds=3,
    ),
    Preset(
        "full-7",
        _("Full game"),
        _("Seven rounds of classic points."),
        RoundRules(Mode.POINTS, CLASSIC_TIERS),
        rounds=7,
    ),
    Preset(
        "wta-flat",
        _("Winner takes all"),
        _("The winner collects a point for every card left on the table; highest total wins."),
        RoundRules(Mode.WINNER_TAKES_ALL, FLAT_TIERS),
    ),
    Preset(
        "wta-doubles",
        _("Winner takes all, doubles"),
        _("Winner takes all with classic doubles (×2 from 10, ×3 for 13)."),
        RoundRules(Mode.WINNER_TAKES_ALL, CLASSIC_TIERS),
    ),
    Preset(
        "pay-difference",
        _("Pay the difference"),
        _("Every pair of players settles the difference in cards; highest total wins."),
        RoundRules(Mode.PAY_DIFFERENCE, FLAT_TIERS),
    ),
    Preset(
        "house-tiers",
        _("House tiers"),
        _("2 a card, 3 from 8 cards, 5 for all 13, plus 4 for each 2 held; winner takes all."),
        RoundRules(
            Mode.WINNER_TAKES_ALL, house_tiers(2, higher=(8, 3), all_thirteen=5), twos=Twos(points_per_two=4)
        ),
    ),
    Preset(
        "hong-kong",
        _("Hong Kong 炒"),
        _("Pay the difference; ×2 from 8 cards, ×3 from 10, ×4 for 13; each 2 held doubles the loss."),
        RoundRules(Mode.PAY_DIFFERENCE, HONG_KONG_TIERS, twos=Twos(doubles=True)),
    ),
    Preset(
        "taiwan-place",
        _("Taiwan 100/200/300"),
        _(
            "Paying by place: 2nd, 3rd and 4th pay 100, 200, 300; 200, 400, 600 when anyone holds 10 or"
            " more, and then the winner gives 100 to the house."
        ),
        RoundRules(Mode.BY_PLACE, FLAT_TIERS, places=Places()),
    ),
    Preset(
        "chu-da-di",
        _("锄大地 (Chinese Big Two)"),
        _(
            "Winner takes all: ×2 from 8 cards, ×3 from 10, ×4 for 13; a loser holding the ♠2 with 8 or"
            " more pays double, and each bomb doubles every payment."
        ),
        RoundRules(Mode.WINNER_TAKES_ALL, CHU_DA_DI_TIERS, spade_two=DEFAULT_SPADE_TWO_FROM, bombs=True),
    ),
    Preset(
        "capsa-banting",
        _("Capsa Banting"),
        _("Winner takes all: 1 a card up to 8, ×2 from 9 cards, ×3 for 13."),
        RoundRules(Mode.WINNER_TAKES_ALL, CAPSA_BANTING_TIERS),
    ),
    Preset(
        "tien-len",
        _("Tiến lên (miền Nam)"),
        _(
            "By the order out: the last pays the first 2, the third pays the second 1; killed players"
            " (cóng), 2s left (thối), chops (chặt) and instant wins (tới trắng) count."
        ),
        RoundRules(game=Game.TIEN_LEN),
    ),
)

PRESETS_BY_ID: dict[str, Preset] = {preset.id: preset for preset in PRESETS}
DEFAULT_PRESET = PRESETS_BY_ID["classic-points"]
# The setups a page in each language lists first: what that country's tables play (docs/table.md,
# "Which preset each country's tables pick"); the others follow in their own order.
FIRST_IN_LANGUAGE: dict[str, tuple[str, ...]] = {
    "vi": ("tien-len",),
    "id": ("capsa-banting",),
    "zh-hans": ("chu-da-di",),
    "zh-hant": ("hong-kong", "taiwan-place"),
}


def presets_in_language(language: str | None) -> list[Preset]:
    """Every quick setup, the page's country's own first (Tiến lên on a Vietnamese page)."""
    first = [PRESETS_BY_ID[preset_id] for preset_id in FIRST_IN_LANGUAGE.get((language or "").lower(), ())]
    return [*first, *(preset for preset in PRESETS if preset not in first)]
