"""Quick setups (SPEC 5): one tap sets mode, penalty table, twos rule and length."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rounds.scoring import CLASSIC_TIERS, FLAT_TIERS, Mode, Tiers
from rounds.tiers import house_tiers


@dataclass(frozen=True)
class Preset:
    id: str
    name: str | Promise
    description: str | Promise
    mode: Mode
    tiers: Tiers
    points_per_two: int | None = None
    rounds: int | None = None
    target: int | None = None

    def as_json(self) -> dict:
        return {
            "id": self.id,
            "name": str(self.name),
            "description": str(self.description),
            "mode": self.mode.value,
            "tiers": [list(tier) for tier in self.tiers],
            "twos": None if self.points_per_two is None else {"points_per_two": self.points_per_two},
            "rounds": self.rounds,
            "target": self.target,
        }


PRESETS: tuple[Preset, ...] = (
    Preset(
        "classic-points",
        _("Classic points"),
        _("1 a card, ×2 from 10, ×3 for 13; lowest total wins; play as long as you like."),
        Mode.POINTS,
        CLASSIC_TIERS,
    ),
    Preset(
        "points-50",
        _("Points to 50"),
        _("Classic points; the first to reach 50 ends it and loses."),
        Mode.POINTS,
        CLASSIC_TIERS,
        target=50,
    ),
    Preset(
        "points-100",
        _("Points to 100"),
        _("Classic points; the first to reach 100 ends it and loses."),
        Mode.POINTS,
        CLASSIC_TIERS,
        target=100,
    ),
    Preset(
        "quick-3",
        _("Quick game"),
        _("Three rounds of classic points."),
        Mode.POINTS,
        CLASSIC_TIERS,
        rounds=3,
    ),
    Preset(
        "full-7",
        _("Full game"),
        _("Seven rounds of classic points."),
        Mode.POINTS,
        CLASSIC_TIERS,
        rounds=7,
    ),
    Preset(
        "wta-flat",
        _("Winner takes all"),
        _("The winner collects a point for every card left on the table; highest total wins."),
        Mode.WINNER_TAKES_ALL,
        FLAT_TIERS,
    ),
    Preset(
        "wta-doubles",
        _("Winner takes all, doubles"),
        _("Winner takes all with classic doubles (×2 from 10, ×3 for 13)."),
        Mode.WINNER_TAKES_ALL,
        CLASSIC_TIERS,
    ),
    Preset(
        "pay-difference",
        _("Pay the difference"),
        _("Every pair of players settles the difference in cards; highest total wins."),
        Mode.PAY_DIFFERENCE,
        FLAT_TIERS,
    ),
    Preset(
        "house-tiers",
        _("House tiers"),
        _("2 a card, 3 from 8 cards, 5 for all 13, plus 4 for each 2 held; winner takes all."),
        Mode.WINNER_TAKES_ALL,
        house_tiers(2, higher=(8, 3), all_thirteen=5),
        points_per_two=4,
    ),
)

PRESETS_BY_ID: dict[str, Preset] = {preset.id: preset for preset in PRESETS}
DEFAULT_PRESET = PRESETS_BY_ID["classic-points"]
