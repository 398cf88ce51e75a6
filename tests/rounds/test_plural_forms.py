"""Every sentence with a count takes its plural form through gettext (ngettext, blocktranslate
count, the JavaScript catalog's ngettext), in English and in zh-Hant: "1 two held", "2 twos held",
never "1 twos held" nor "1 cards"."""

import pytest
from django.utils import translation

from rounds.services.ratelimit import RateLimited
from tests.groups.helpers import new_group
from tests.rounds.test_by_place_api import create
from toolkit.refusals import translated

pytestmark = pytest.mark.django_db
ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hant"}


def refused_preview(api, key, language=None, **round_):
    headers = ZH if language == "zh-hant" else {}
    response = api.client.post(
        f"/api/sessions/{key}/preview", round_, content_type="application/json", **headers
    )
    assert response.status_code == 400, response.content
    return response.json()


@pytest.mark.parametrize(
    ("twos", "cards", "english"),
    [
        ([0, 1, 0, 0], [5, 0, 7, 9], "Ben: 1 two held, more than the cards left (0)"),
        ([0, 0, 2, 0], [5, 0, 1, 9], "Cat: 2 twos held, more than the cards left (1)"),
    ],
)
def test_twos_held_read_as_one_two_or_several(api, twos, cards, english):
    key = create(api, twos={"points_per_two": 2})["id"]
    refusal = refused_preview(api, key, cards=cards, twos=twos)
    assert (refusal["error"], refusal["field"]) == (english, "twos")
    chinese = refused_preview(api, key, "zh-hant", cards=cards, twos=twos)["error"]
    held = twos[refusal["player"]]
    assert chinese == (
        f"{english.split(':')[0]}：手上有 {held} 張「2」，比剩下的牌（{cards[refusal['player']]} 張）還多"
    )


def test_a_tier_from_one_card_reads_in_the_singular(api):
    response = api.post("/api/sessions", {"players": ["Ann", "Ben"], "tiers": [[1, 1], [1, 2]]})
    assert response.status_code == 400
    assert response.json()["error"] == "Penalty tiers: the tier from 1 card must start after the one from 1"


@pytest.mark.parametrize(("seconds", "english"), [(30, "1 minute"), (3600, "60 minutes")])
def test_try_again_in_one_minute_or_several(seconds, english):
    refusal = RateLimited("session", seconds)
    assert refusal.message == f"Too many new sessions from this address; try again in {english}"
    with translation.override("en"):
        assert translated(refusal) == refusal.message
    with translation.override("zh-hant"):
        minutes = english.split()[0]
        assert translated(refusal) == f"這個位址開了太多新牌局；請在 {minutes} 分鐘後再試"


def test_the_chart_says_one_round_after_the_first(api, client):
    state = create(api)
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Ann's phone"}).json()["token"]
    api.post(f"/api/sessions/{state['id']}/rounds", {"cards": [5, 0, 11, 13]}, token=token)
    page = client.get(f"/s/{state['view_id']}/settle/").content.decode()
    assert 'aria-label="Running totals after 1 round: ' in page
    chinese = client.get(f"/s/{state['view_id']}/settle/", **ZH).content.decode()
    assert 'aria-label="1 局後的累計總分：' in chinese


def test_a_group_playing_to_one_point_says_point(api, client):
    group = new_group(api)
    reply = api.patch(f"/api/groups/{group['id']}", {"rules": {"mode": "points", "target": 1}})
    assert reply.status_code == 200, reply.content
    page = client.get(f"/g/{group['view_id']}/").content.decode()
    assert "Until someone reaches 1 point<" in page
    assert "直到有人達到 1 分" in client.get(f"/g/{group['view_id']}/", **ZH).content.decode()


# Every sentence the scripts show with a count goes through tn() (render.js) or ngettext, whose
# forms the JavaScript catalog carries (one form in Chinese), picked by its pluralidx.
def test_the_scripts_plural_sentences_are_in_the_javascript_catalog(client):
    script = client.get("/jsi18n/", **ZH).content.decode()
    pending = "+%(count)s \\u5c40\\u7b49\\u5f85\\u9001\\u51fa"  # +%(count)s 局等待送出
    assert f'"+%(count)s round pending, not in the totals yet": [\n      "{pending}' in script
    assert '"%(count)s round": [' in script
    assert "django.pluralidx = function(n)" in script
