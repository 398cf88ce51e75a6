"""The head to head's line per player ("Ann: rival Ben · nemesis Cat") in the page's language."""

import re

import pytest

from groups.services import group_writes as services
from rounds.inputs import clean_settings
from tests.factories import add_rounds

pytestmark = pytest.mark.django_db


@pytest.fixture
def group():
    group = services.group_create(name="周四牌局")
    session = services.group_session_create(
        group=group, players=["小明", "小红", "小刚"], settings=clean_settings({"preset": "chu-da-di"})
    )
    add_rounds(session, [0, 4, 9], [5, 0, 2], [3, 3, 0])
    return group


def rival_lines(client, group, accept):
    html = client.get(f"/g/{group.view_key}/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    lines = re.search(r'<ul class="rivals">(.*?)</ul>', html, re.S).group(1)
    return [
        " ".join(re.sub(r"<[^>]+>", "", line).split())
        for line in re.findall(r"<li[^>]*>(.*?)</li>", lines, re.S)
    ]


def test_a_chinese_page_writes_a_full_width_colon_after_the_name(client, group):
    """It read "小丽: 宿敌 小刚", an English colon after Chinese."""
    lines = rival_lines(client, group, "zh-CN")
    assert len(lines) == 3
    assert all(re.match(r"^小.：宿敌 小. · 克星 小.$", line) for line in lines), lines


def test_an_english_page_keeps_its_colon(client, group):
    lines = rival_lines(client, group, "en")
    assert len(lines) == 3
    assert all(re.match(r"^\S+: rival \S+ · nemesis \S+$", line) for line in lines), lines
