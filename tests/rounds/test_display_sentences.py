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


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "preset", "line"),
    [
        ("zh-HK", "hong-kong", "差額結算 · 每張 1 分，8 張起 ×2，10 張起 ×3，13 張 ×4 · 每張「2」加倍"),
        ("zh-CN", "chu-da-di", "赢家通吃 · 每张 1 分，8 张起 ×2，10 张起 ×3，13 张 ×4 · "),
        (
            "en",
            "hong-kong",
            "Pay the difference · 1 point a card, ×2 from 8 cards, ×3 from 10 cards, ×4 for all 13 cards · ",
        ),
    ],
)
def test_the_rules_line_lists_the_rates_with_the_comma_of_the_page_language(api, accept, preset, line):
    """A Chinese page writes its comma full width after Chinese ("每張 1 分, 8 張起" it read)."""
    state = api.post("/api/sessions", {"players": ["阿明", "阿芬", "志強", "美玲"], "preset": preset}).json()
    page = api.client.get(f"/s/{state['id']}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    shown = re.search(r"data-entry-rules>(.*?)</span>", page).group(1)
    assert line in shown


@pytest.mark.django_db
@pytest.mark.parametrize(("accept", "named"), [("zh-HK", "阿明："), ("zh-CN", "阿明："), ("en", "阿明: ")])
def test_a_chip_is_named_for_its_player_with_the_page_languages_colon(api, accept, named):
    """A screen reader hears "阿明：「2」張"; the hidden name read "阿明: " on a Chinese page."""
    state = api.post(
        "/api/sessions", {"players": ["阿明", "阿芬", "志強", "美玲"], "preset": "hong-kong"}
    ).json()
    page = api.client.get(f"/s/{state['id']}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert re.findall(r'data-twos="0"><span class="visually-hidden">([^<]*)</span>', page) == [named]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept", "labels"),
    [
        ("zh-TW", ["各名次付：第二", "重局付：第二", "各名次付：第三", "重局付：第三"]),
        (
            "en",
            [
                "Each place pays: 2nd",
                "A heavy round pays: 2nd",
                "Each place pays: 3rd",
                "A heavy round pays: 3rd",
            ],
        ),
    ],
)
def test_each_place_amount_is_named_by_its_column_and_its_place(client, accept, labels):
    """A screen reader heard "各名次付: 2", an English colon and a bare 2 for the 2nd place."""
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    named = re.findall(
        r'name="(?:heavy_)?pays_\d" min="0" inputmode="numeric" value="\d*" aria-label="([^"]*)"', page
    )
    assert named[:4] == labels
