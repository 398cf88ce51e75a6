"""Display helpers for the pages: labels and formats only, never a rule."""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape, format_html_join, json_script
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext_noop, ngettext, pgettext
from django.utils.translation import gettext as _

from rounds.errors import LOCK_EDITING, LOCK_HELD
from rounds.labels import (
    SIGNED,
    house_label,
    magnitude,
    minus,
    money,
    plain_money,
    signed,
    typed_amount,
)
from rounds.rules import fields
from rounds.rules.hands import hand_cell as cell_of_hand  # the tag below takes its name
from rounds.rules.mode import Game
from rounds.rules.names import called_names
from rounds.rules.ruleset import MAX_CARDS, TWOS_IN_DECK, CoveringStyle
from rounds.rules.scoring import TWO_WINNERS
from rounds.rules.setting import declarations
from rounds.rules.standings import Direction
from rounds.rules.tien_len_settings import ItemValues
from rounds.web import form_values
from rounds.web.form_values import times_text
from rounds.web.forms import MODE_CHOICES, typed_settings

register = template.Library()
for label in (house_label, minus, magnitude, money, plain_money, signed, typed_amount):
    register.filter(label)

# The page's script fills in what changes: each sentence it shows is rendered here once, translated,
# with its numbers and names left as %(…)s in data-pattern-* attributes (static/js/render.js).


def patterns(**sentences: str) -> SafeString:
    """data-pattern-<name>="…" for each sentence, <name> as the script's dataset reads it back."""
    return format_html_join(
        " ", 'data-pattern-{}="{}"', ((name.replace("_", "-"), text) for name, text in sentences.items())
    )


@register.simple_tag
def fill(pattern: str, **values: object) -> str:
    """A pattern filled in as the page's script fills it, each value escaped."""
    return mark_safe(
        conditional_escape(pattern) % {name: conditional_escape(value) for name, value in values.items()}
    )


@register.filter
def mode_label(mode: str) -> str:
    """A scoring mode in the page's words; Tiến lên's mode is its game ("Tiến lên", not tien_len)."""
    if mode == Game.TIEN_LEN.value:
        return game_name(Game.TIEN_LEN)
    return dict(MODE_CHOICES).get(mode, mode)


@register.filter
def tiers_text(tiers: list[list[int]]) -> str:
    """The penalty table as tables say it: "1 a card, ×2 from 10 cards, ×3 for all 13 cards" (a
    whole hand is no "from": 13 張 ×4, as the presets say it, not 13 張起)."""
    base = tiers[0][1]
    parts = [ngettext("%(points)s point a card", "%(points)s points a card", base) % {"points": base}]
    for from_cards, rate in tiers[1:]:
        times = times_text(rate, base)
        if from_cards == MAX_CARDS:
            parts.append(_("×%(times)s for all 13 cards") % {"times": times})
        else:
            parts.append(_("×%(times)s from %(cards)s cards") % {"times": times, "cards": from_cards})
    # Chinese writes its comma full width: "每張 1 分，8 張起 ×2" (", " read "每張 1 分, 8 張起 ×2").
    return pgettext("between the rates of a penalty table", ", ").join(parts)


def direction_labels() -> dict[str, str]:
    return {
        Direction.CLOCKWISE.value: _("↻ clockwise"),
        Direction.COUNTERCLOCKWISE.value: _("↺ counter-clockwise"),
    }


@register.filter
def direction_label(direction: str) -> str:
    return direction_labels()[direction]


@register.simple_tag
def direction_patterns() -> SafeString:
    return patterns(**direction_labels())


# Covering as the entry panel says it, by what the covering player does: the chip beside a loser,
# the chip's title, and the words of the rules line.
COVERING_SAID = {
    CoveringStyle.PAYS_FOR_EVERYONE: (
        gettext_noop("pays all"),
        gettext_noop("Covering: pays for everyone"),
        gettext_noop("covering pays for everyone"),
    ),
    CoveringStyle.TAKES_WHOLE_LOSS: (
        gettext_noop("takes all"),
        gettext_noop("Covering: takes the whole loss"),
        gettext_noop("covering takes the whole loss"),
    ),
}


@register.simple_tag
def covering(settings: dict) -> dict[str, str] | None:
    """What the entry panel and the rules line say of covering under these settings (`chip`,
    `title`, `line`), or None: the session plays without it."""
    if not settings.get("covering_rule"):
        return None
    words = COVERING_SAID.get(settings.get("covering_style"), COVERING_SAID[CoveringStyle.PAYS_FOR_EVERYONE])
    return dict(zip(("chip", "title", "line"), (_(text) for text in words), strict=True))


@register.simple_tag
def twos_in_deck() -> int:
    """The most 2s a player can hold, for the form's limit and the chip's count."""
    return TWOS_IN_DECK


@register.simple_tag
def two_winners_pattern() -> SafeString:
    """The rules' refusal of two 0s, which the panel says at the second 0 typed (SPEC 7)."""
    return patterns(two_winners=_(TWO_WINNERS))


@register.simple_tag
def signed_patterns() -> SafeString:
    return patterns(**{f"signed_{way}": pattern for way, pattern in SIGNED.items()})


@register.filter
def at(sequence: list | dict, index: int | str) -> object:
    """sequence[index], or "" when there is none (a form shown before anything was typed)."""
    try:
        return sequence[index]  # type: ignore[index]
    except (IndexError, KeyError, TypeError):
        return ""


def finished_after(played: int, *, hands: bool = False) -> str:
    if hands:
        return ngettext("Finished after %(count)s hand", "Finished after %(count)s hands", played)
    return ngettext("Finished after %(count)s round", "Finished after %(count)s rounds", played)


def heading_sentences(hands: bool = False) -> dict[str, str]:
    """The round heading's sentences. A finished evening's has a plural: its two forms are those
    of 1 and of 2, which is all the app's languages have; the script picks by the catalog's rule.
    `hands`: the page of a table whose host calls a deal a hand (an event's table, SPEC 11.1)."""
    return {
        "round": _("Hand %(number)s") if hands else _("Round %(number)s"),
        "round_of": _("Hand %(number)s of %(limit)s") if hands else _("Round %(number)s of %(limit)s"),
        "finished_one": finished_after(1, hands=hands),
        "finished_other": finished_after(2, hands=hands),
    }


# A session's pages name the game the table plays, in the bar (the game's declared words) and the
# title: Tiến lên keeps its own name in every language (SPEC 14); the rest of the family is the
# app's own, Big Two.
APP_TITLES = {
    Game.BIG_TWO: gettext_noop("Big Two scorekeeper"),
    Game.TIEN_LEN: gettext_noop("Tiến lên scorekeeper"),
}


@register.simple_tag
def game_name(game: str | None) -> str:
    """The bar's name on a session's pages: "Tiến lên" or "Big Two", as the page's language says it."""
    return _(fields.GAME.choice_label(game if game in fields.GAME.choices else Game.BIG_TWO))


@register.simple_tag
def app_title(game: str | None) -> str:
    """The end of a session's page title: "Tiến lên scorekeeper" or "Big Two scorekeeper"."""
    return _(APP_TITLES.get(game, APP_TITLES[Game.BIG_TWO]))


@register.simple_tag
def round_heading(state: dict, host: object = None) -> str:
    """ "Round 7 of 7" for the round to play next, or how the evening ended."""
    hands = bool(getattr(host, "hands", False))
    number, limit = state["next"]["round"], state["settings"]["rounds"]
    played = len(state["rounds"])
    if state["finished"]:
        return finished_after(played, hands=hands) % {"count": played}
    sentences = heading_sentences(hands)
    if limit:
        return sentences["round_of"] % {"number": number, "limit": limit}
    return sentences["round"] % {"number": number}


@register.simple_tag
def heading_patterns(host: object = None) -> SafeString:
    return patterns(**heading_sentences(bool(getattr(host, "hands", False))))


# The lock's sentences on the page of a table whose host calls a deal a hand (an event's table).
HAND_HELD = gettext_noop("Hand %(round)s is being entered on %(holder)s")
HAND_EDITING = gettext_noop("Hand %(round)s is being corrected on %(holder)s")


def lock_sentences(host: object) -> tuple[str, str]:
    """The entered and the corrected sentence: the same words the lock's refusal uses."""
    if getattr(host, "hands", False):
        return _(HAND_HELD), _(HAND_EDITING)
    return _(LOCK_HELD), _(LOCK_EDITING)


@register.simple_tag
def lock_sentence(lock: dict, state: dict, host: object = None) -> str:
    """Who is entering, or correcting, which round."""
    entered, corrected = lock_sentences(host)
    if lock["round"]:
        return corrected % {"round": lock["round"], "holder": lock["holder"]}
    return entered % {"round": state["next"]["round"], "holder": lock["holder"]}


@register.simple_tag
def lock_patterns(host: object = None) -> SafeString:
    entered, corrected = lock_sentences(host)
    return patterns(lock_entered=entered, lock_corrected=corrected)


@register.simple_tag
def sentence_gap() -> str:
    """What stands between two sentences a page joins: a space, none after Chinese's full-width
    stop or colon ("淨分：…。墊底：…", not "…。 墊底")."""
    return "" if get_language().startswith("zh") else " "


@register.filter
def sign_class(amount: str) -> str:
    """up, down or even, for colouring a signed amount from the state."""
    if amount.startswith("-"):
        return "down"
    return "up" if amount.strip("0.") else "even"


# The settings' declarations, as much of them as a page's script needs (rounds/rules/fields.py).


@register.simple_tag
def panel_settings() -> SafeString:
    """The settings the entry panel works with: static/js/session.js redraws it when one changes."""
    return json_script(
        [setting.name for setting in fields.SETTINGS if setting.panel or setting.rule], "panel-settings"
    )


def offered(setting: fields.Setting) -> object:
    return next(value for value in (setting.offered, setting.default, "") if value is not None)


@register.simple_tag
def setting_defaults() -> SafeString:
    """What the form offers for each setting typed into a field of its own, for a saved setup
    that lacks it (static/js/setups.js); a part of a setting's object under its name, and a part
    made of parts (what each Tiến lên item is worth) under its own."""
    typed = typed_settings()

    def offers(settings: tuple[fields.Setting, ...]) -> dict[str, object]:
        offered_here: dict[str, object] = {
            setting.name: offered(setting) for setting in settings if setting in typed
        }
        for setting in settings:
            if parts := offers(setting.parts):
                offered_here[setting.name] = parts
        return offered_here

    return json_script(offers(fields.SETTINGS), "setting-defaults")


@register.simple_tag
def setup_layout() -> SafeString:
    """How the form lays out the settings it does not type into a field of their own, for a saved
    setup (static/js/setups.js; rounds/web/form_values.py form_values does the same for the
    server's form)."""
    return json_script(form_values.setup_layout(), "setup-layout")


@register.simple_tag
def example_names() -> list[str]:
    """Four names for the empty name fields, as a table of the page's country would write them
    (one message, so a page's real players called Ann or Ben are not read as English left)."""
    names = pgettext("four example players' names, separated by commas", "Ann, Ben, Cat, Dan")
    return [name.strip() for name in re.split("[,、，]", names)]  # Chinese lists them with 、


@register.simple_tag
def tien_len_items() -> list[tuple[str, str]]:
    """What a Tiến lên player can be left holding or have chopped, each with its words (the
    settings' own labels: rounds/rules/tien_len_settings.py)."""
    return [(part.name, _(part.label)) for part in declarations(ItemValues)]


@register.simple_tag
def called(players: list[dict]) -> list[str]:
    """Each player's name where a tile or a column has little room, in the page's language
    (rounds/rules/names.py called_names: a Vietnamese page calls a player by the given name)."""
    return called_names([player["name"] for player in players], get_language())


@register.simple_tag
def hand_cell(round_: dict, index: int) -> str:
    """A player's cell of a round in the list: the cards left, or the Tiến lên place (its mark is
    hand_marks'); rules/hands.py hand_cell says which."""
    return cell_of_hand(round_, index)[0]


@register.simple_tag
def hand_marks(round_: dict | None, index: int) -> SafeString:
    """A Tiến lên cell's mark beside its place, named in the page's words (the entry's Killed and
    Instant win) for a reader and as a tooltip: ✕ killed, ★ the instant win. The list's template
    (no round) has both: static/js/render.js handParts takes the one a hand has from it, for the
    rounds list, the history and the rounds waiting offline."""
    shown = None if round_ is None else cell_of_hand(round_, index)[1]
    marks = (("✕", _("Killed")), ("★", _("Instant win")))
    return format_html_join(
        "",
        '<span data-mark="{0}" role="img" aria-label="{1}" title="{1}">{0}</span>',
        ((mark, word) for mark, word in marks if shown in (None, mark)),
    )
