"""The setup's fields as the home page renders them, in English and zh-Hant."""

import pytest

pytestmark = pytest.mark.django_db


def test_the_home_form_offers_tier_rows_the_twos_rule_and_the_place_tables(client):
    html = client.get("/").content.decode()
    # Classic: two higher rates, each a row with its remove button, a spare row for a page without
    # JavaScript, and the template row the script adds.
    assert html.count('name="tier_from_') == 4
    assert 'name="tier_from_3" min="2" max="13" inputmode="numeric" value=""' in html
    assert html.count('data-action="remove-tier"') == 4
    assert 'data-action="add-tier"' in html
    for value in ("off", "points", "doubles"):
        assert f'name="twos_rule" value="{value}"' in html
    assert 'name="mode" value="by_place"' in html
    for name in ("pays_1", "pays_3", "heavy_pays_1", "heavy_pays_3", "heavy_from", "house_cut", "house_name"):
        assert f'name="{name}"' in html
    assert (
        'name="house_name" id="id_house_name" maxlength="40" autocomplete="off" placeholder="House" value=""'
        in html
    )


def test_the_setup_reads_in_zh_hant(client):
    client.cookies["django_language"] = "zh-hant"
    html = client.get("/").content.decode()
    for text in (
        "按名次付",
        "每張「2」加倍",
        "新增更高倍率",
        "各名次付",
        "重局付",
        "記分人（不下場）",
        'placeholder="記分人"',
    ):
        assert text in html, text
