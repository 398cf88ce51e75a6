"""Each sentence and each format once (rounds/web/tags/page_labels.py): the page's script fills the
same patterns the server fills, the mode labels are the form's, tier multiples have one formatter,
and the most 2s a player can hold comes from the rules module."""

import re

import pytest

from rounds.rules.ruleset import TWOS_IN_DECK
from rounds.web.form_values import times_text
from rounds.web.forms import MODE_CHOICES
from rounds.web.tags.page_labels import fill, mode_label, signed, signed_patterns, tiers_text


def test_a_pattern_is_filled_with_each_value_escaped():
    filled = fill("%(name)s reached %(target)s and loses.", name="<b>Ann & Ben</b>", target=50)
    assert filled == "&lt;b&gt;Ann &amp; Ben&lt;/b&gt; reached 50 and loses."


def test_signed_scores_and_the_patterns_the_script_fills_agree():
    assert [signed(score) for score in (5, -5, 0)] == ["+5", "−5", "0"]
    attributes = dict(re.findall(r'data-pattern-(signed-\w+)="([^"]*)"', signed_patterns()))
    assert attributes == {"signed-up": "+%(points)s", "signed-down": "−%(points)s"}
    assert attributes["signed-down"] % {"points": 5} == signed(-5)


def test_the_mode_labels_are_the_forms_choices():
    for value, label in MODE_CHOICES:
        assert mode_label(value) == label


@pytest.mark.parametrize(
    ("rate", "base", "shown"), [(2, 1, "2"), (3, 2, "1.5"), (5, 2, "2.5"), (10, 4, "2.5")]
)
def test_tier_multiples_read_the_same_in_the_rules_line_and_the_form(rate, base, shown):
    assert times_text(rate, base) == shown
    assert f"×{shown} from 8 cards" in tiers_text([[1, base], [8, rate]])


@pytest.mark.django_db
def test_the_entry_takes_the_most_2s_a_player_can_hold_from_the_rules(api):
    state = api.post("/api/sessions", {"players": ["Ann", "Ben"], "twos": {"points_per_two": 4}}).json()
    page = api.get(f"/s/{state['id']}/").content.decode()
    assert f'data-twos-in-deck="{TWOS_IN_DECK}"' in page
    assert f'name="twos" type="number" inputmode="numeric" min="0" max="{TWOS_IN_DECK}"' in page
