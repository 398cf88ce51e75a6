"""Where a page joins two sentences, Chinese leaves no space after its full-width stop or colon
("淨分：…。墊底：…"; "…每晚都計算。同分時…"; "所以 A 欠 B：18 × 0.50"), as the other languages
leave theirs (page_labels.sentence_gap); and lists the league's points with 、."""

import re

import pytest
from django.urls import reverse

from tests.groups.helpers import club_night, new_group
from tests.groups.test_tien_len_group import tien_len_evening

pytestmark = pytest.mark.django_db

AFTER_A_FULL_WIDTH_MARK = re.compile(r"[。：]\s")


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_a_tien_len_seasons_note_joins_its_sentences_without_a_space(api, client, language):
    group, _state = tien_len_evening(api)
    page = client.get(f"/g/{group['view_id']}/", headers={"accept-language": language}).content.decode()
    (note,) = re.findall(r"<p [^>]*data-season-note>(.*?)</p>", page, re.S)
    assert AFTER_A_FULL_WIDTH_MARK.search(note) is None, note
    english = client.get(f"/g/{group['view_id']}/", headers={"accept-language": "en"}).content.decode()
    assert "Net: points won from the others. Came last:" in english


def test_the_league_rule_joins_its_sentences_without_a_space(api, client):
    group = new_group(api)
    club_night(api, group["id"], ["Ann", "Ben", "Cat", "Dan"], name="Week 1")
    page = client.get(f"/g/{group['view_id']}/", headers={"accept-language": "zh-hant"}).content.decode()
    (rule,) = re.findall(r"<p [^>]*data-league-rule>(.*?)</p>", page, re.S)
    assert "。" in rule
    assert AFTER_A_FULL_WIDTH_MARK.search(rule) is None, rule
    assert "10、8、6、5、4、3、2、1" in rule  # its points listed as Chinese lists numbers
    edit = client.get(f"/g/{group['id']}/", headers={"accept-language": "zh-hant"}).content.decode()
    assert 'value="10, 8, 6, 5, 4, 3, 2, 1"' in edit  # the league's form keeps what it takes
    english = client.get(f"/g/{group['view_id']}/").content.decode()
    assert "earn 10, 8, 6, 5, 4, 3, 2, 1 league points" in english


def test_the_rules_pages_worked_settlement_follows_its_colon(client):
    page = client.get(reverse("rounds:rules"), headers={"accept-language": "zh-hant"}).content.decode()
    assert "：18&nbsp;×&nbsp;0.50&nbsp;=&nbsp;9.00" in page
    english = client.get(reverse("rounds:rules")).content.decode()
    assert "so A owes B: 18&nbsp;×&nbsp;0.50" in english
