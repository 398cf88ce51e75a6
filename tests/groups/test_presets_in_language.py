"""The quick setups a group's new evening and a new club night offer, in the order the home page
lists them: the page language's country's own first (Capsa Banting on an Indonesian page, as
docs/table.md says), Classic points still the one chosen until another is picked."""

import re

import pytest

from groups.services import group_writes as services

pytestmark = pytest.mark.django_db


def options(html, select_name):
    select = re.search(rf'<select[^>]*name="{select_name}"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"( selected)?', select)


def test_a_groups_new_evening_lists_capsa_banting_first_on_an_indonesian_page(client):
    group = services.group_create(name="Klub Capsa")
    html = client.get(f"/g/{group.edit_key}/", HTTP_ACCEPT_LANGUAGE="id").content.decode()
    shown = options(html, "preset")
    assert [value for value, _selected in shown][:2] == ["capsa-banting", "classic-points"]
    assert [value for value, selected in shown if selected] == ["classic-points"]


def test_an_english_group_page_keeps_its_order(client):
    group = services.group_create(name="Thursday table")
    shown = options(client.get(f"/g/{group.edit_key}/").content.decode(), "preset")
    assert [value for value, _selected in shown][:2] == ["classic-points", "points-50"]


def test_a_new_club_nights_rules_list_capsa_banting_first_on_an_indonesian_page(client):
    html = client.get("/e/new", HTTP_ACCEPT_LANGUAGE="id").content.decode()
    shown = options(html, "preset")
    assert [value for value, _selected in shown][:2] == ["capsa-banting", "classic-points"]
    assert [value for value, selected in shown if selected] == ["classic-points"]  # until another is picked
