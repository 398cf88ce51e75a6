"""A club night's lists in Chinese: names in a table or sitting out joined by 、, and a table's
list of hands headed 各局 (the heading read 局數, the standings' count of hands)."""

import re

import pytest

from tests.events.helpers import draw, new_event, play_table

pytestmark = pytest.mark.django_db

NAMES = ["阿明", "阿芬", "志強", "美玲", "家豪", "嘉欣", "俊傑", "詠詩", "子軒"]


def text(html):
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_organizer_lists_each_tables_players_and_the_byes_with_the_chinese_comma(api, client):
    event = new_event(api, players=NAMES[:5])
    drawn = draw(api, event["id"])
    page = client.get(event["links"]["page"], HTTP_ACCEPT_LANGUAGE="zh-HK").content.decode()
    table = "、".join(drawn["tables"][0]["players"])
    assert f"<span>{table}</span>" in page
    assert f"本輪輪空：{drawn['byes'][0]}" in text(page)
    assert "," not in re.search(r'<li data-table="1".*?</li>', page, re.S).group(0)
    english = client.get(event["links"]["page"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"<span>{', '.join(drawn['tables'][0]['players'])}</span>" in english


def test_a_tables_hands_are_headed_as_a_list_and_counted_in_the_standings(api, client):
    event = new_event(api, players=NAMES[:4], hands=1)
    table = draw(api, event["id"])["tables"][0]
    play_table(api, table["session"], [0, 3, 4, 5])
    page = client.get(f"/s/{table['session']}/", HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert re.search(r'<h2 id="rounds-title">各局</h2>', page)
    assert '<th scope="col" class="num">局数</th>' in page  # the standings' column keeps its count
