"""Simplified Chinese (zh-Hans): picked from the browser's languages and the footer's switch, and
every page type, the JavaScript catalog, the refusals and the recap read in it, with no English
sentence left; each page has a translated meta description.

"No English left" is measured against the catalog itself: every English msgid (its pieces between
placeholders and tags) is looked for in the page's visible text, so a new string that misses its
translation fails here without anyone listing it.
"""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client
from django.utils import translation

from rounds.rules.refusal import ScoringError
from rounds.services import session_finish
from scorekeeper.languages import language_of
from tests.events.helpers import draw, hand_for, new_event, play_table
from tests.factories import add_rounds, make_session
from tests.test_refusals_translated import PLACEHOLDER as NAMED
from tests.test_refusals_translated import TEMPLATES
from toolkit.refusals import refusal

pytestmark = [pytest.mark.django_db, pytest.mark.once]

LOCALE = Path(settings.BASE_DIR) / "locale"
HAN = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")
SPLIT = re.compile(r"%\(\w+\)[sd]|<[^>]*>|&\w+;")
WORD = re.compile(r"[A-Za-z]{2,}")
DESCRIPTION = re.compile(r'<meta name="description" content="([^"]*)">')


def catalog(domain, locale="zh_Hans"):
    return polib.pofile(str(LOCALE / locale / "LC_MESSAGES" / f"{domain}.po"))


def simplified(msgid, context=None):
    """The zh_Hans translation of one message of the django domain."""
    entry = catalog("django").find(msgid, msgctxt=context)
    assert entry is not None, msgid
    assert entry.msgstr, msgid
    return entry.msgstr


def english_pieces(domain="django"):
    """(piece, whole msgid) for every English piece a page must not show: the text between a
    msgid's placeholders and tags. A piece its own translation keeps (Esc, CSV, make run) and the
    names the language switch shows in their own language ("English", "Filipino") are allowed."""
    pieces = []
    for entry in catalog(domain):
        translated = entry.msgstr or " ".join(entry.msgstr_plural.values())
        if entry.msgid in {"English", "Filipino"} or translated == entry.msgid:
            continue
        for source in filter(None, [entry.msgid, entry.msgid_plural]):
            for piece in SPLIT.split(source):
                piece = " ".join(piece.split()).strip(" .,:;()")
                if WORD.search(piece) and piece not in translated:
                    pieces.append((piece, source))
    return pieces


PIECES = english_pieces()


class Visible(HTMLParser):
    """What a reader can see or hear of a page: its text (scripts and styles aside), the
    attributes read aloud or shown (labels, placeholders, titles) and the sentences the page hands
    its scripts (data-pattern-*, data-*-default), each as its own string."""

    SHOWN = {"aria-label", "placeholder", "title", "alt", "data-recap-title"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skipping = 0
        self.strings = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skipping += 1
        for name, value in attrs:
            if value and (name in self.SHOWN or name.startswith("data-pattern") or name.endswith("-default")):
                self.strings.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping and data.strip():
            self.strings.append(data)


def visible_strings(html):
    parser = Visible()
    parser.feed(html)
    # The patterns' placeholders (%(points)s) are for the scripts to fill, not words to read.
    return [" ".join(PLACEHOLDER.sub(" ", text).split()) for text in parser.strings]


def english_left(strings):
    """The English pieces found: a piece of two words or more anywhere in the text, a one-word
    piece (Save, Open, from) as a whole string or a whole word of a string."""
    text = "\n".join(strings)
    found = set()
    for piece, msgid in PIECES:
        if len(piece.split()) > 1:
            if piece in text:
                found.add(msgid)
        elif any(re.search(rf"(?<![\w-]){re.escape(piece)}(?![\w-])", string) for string in strings):
            found.add(msgid)
    return sorted(found)


# --- one evening, group and event to show on every page type ---------------------------------


@pytest.fixture
def pages(api):
    """{page type: address} for every page a player, an organizer or a wall screen sees."""
    evening = make_session(
        ["Ann", "小明", "Cat", "Dan"], preset="hong-kong", value_per_point="0.50", currency="SGD"
    )
    token = add_rounds(evening, [5, 0, 11, 13], [0, 3, 9, 4], [2, 6, 0, 12])
    finished = make_session(["Ann", "Ben", "Cat", "Dan"], preset="taiwan-place", value_per_point="0.10")
    session_finish(session=finished, token=add_rounds(finished, [3, 0, 7, 5], [3, 0, 11, 5]))
    group = api.post("/api/groups", {"name": "周四牌桌"}).json()
    played = api.post(f"/api/groups/{group['id']}/evenings", {"players": ["Ann", "Ben", "Cat"]}).json()
    lock = api.post(f"/api/sessions/{played['id']}/lock", {"device": "Ann"}).json()["token"]
    api.post(f"/api/sessions/{played['id']}/rounds", {"cards": [0, 4, 9]}, token=lock)
    event = new_event(api, name="周五俱乐部", group=group["id"])  # the club's night: its league
    drawn = draw(api, event["id"])
    play_table(api, drawn["tables"][0]["session"], hand_for(4))
    tonight = new_event(api, name="周六俱乐部", players=["Ann", "Ben"], signup=True)
    api.post(f"/api/events/{tonight['view_id']}/signup", {"name": "小明"})
    assert token
    return {
        "home": "/",
        "rules": "/rules/",
        "session": f"/s/{evening.edit_key}/",
        "session followed": f"/s/{evening.view_key}/",
        "session finished": f"/s/{finished.edit_key}/",
        "table view": f"/s/{evening.edit_key}/table/",
        "who pays whom": f"/s/{evening.edit_key}/settle/",
        "who pays whom, by place": f"/s/{finished.edit_key}/settle/",
        "new group": "/g/new",
        "group": f"/g/{group['id']}/",
        "group followed": f"/g/{group['view_id']}/",
        "group's paper log import": f"/g/{group['id']}/import",
        "group's league to print": f"/g/{group['view_id']}/league/print",
        "new event": "/e/new",
        "event organizer": f"/e/{event['id']}/",
        "event followed": f"/e/{event['view_id']}/",
        "event screen": f"/e/{event['view_id']}/screen",
        "event ratings": f"/e/{event['view_id']}/ratings",
        "new event from the club's roster": f"/e/new/{group['id']}",
        "event organizer, sign-up open": f"/e/{tonight['id']}/?drop=小明",
        "event followed, sign-up open": f"/e/{tonight['view_id']}/",
        "not found": "/s/no-such-session/",
    }


def test_the_pages_cover_every_page_type(pages, client):
    for name, address in pages.items():
        reply = client.get(address, HTTP_ACCEPT_LANGUAGE="zh-CN")
        assert reply.status_code == (404 if name == "not found" else 200), name


def test_every_page_reads_in_simplified_chinese_with_no_english_left(pages, client):
    left = {}
    for name, address in pages.items():
        html = client.get(address, HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
        assert '<html lang="zh-Hans"' in html, name
        assert HAN.search(html), name
        if found := english_left(visible_strings(html)):
            left[name] = found
    assert left == {}


def test_the_check_finds_english_on_the_english_pages(pages, client):
    """The measure works: the same pages in English show the English msgids it looks for."""
    for name, address in pages.items():
        html = client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert english_left(visible_strings(html)), name
    home = english_left(visible_strings(client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()))
    assert "Start the evening" in home
    assert "Quick setup" in home


def test_a_refused_form_and_the_error_pages_read_in_simplified_chinese(client):
    refused = client.post("/", {"player_0": "Ann", "mode": "points"}, HTTP_ACCEPT_LANGUAGE="zh-SG")
    assert refused.status_code == 400
    html = refused.content.decode()
    assert simplified("Players: give 2 to 4 names") in html
    assert english_left(visible_strings(html)) == []
    guarded = Client(enforce_csrf_checks=True)
    forbidden = guarded.post("/g/new", {"name": "x"}, HTTP_ACCEPT_LANGUAGE="zh-SG")
    assert forbidden.status_code == 403
    assert english_left(visible_strings(forbidden.content.decode())) == []
    with translation.override("zh-hans"):
        for template in ("500.html", "503.html"):
            html = render_to_string(template, {"message": simplified("Try again in a moment")})
            assert '<html lang="zh-Hans">' in html
            assert english_left(visible_strings(html)) == [], template


# --- the meta description ---------------------------------------------------------------


DESCRIBED = {
    "rules": "How the app turns cards left into points and money, how to enter a round quickly, how several phones share one table, and a short reminder of how Big Two is played.",
    "group": "A group keeps the same friends across evenings: a season table, head to head, and money over time.",
    "event": "A club night: many tables, the seats drawn for each round, one set of standings and a screen for the wall.",
}
HOME = "Play with real cards. After each round, type how many cards each player still holds: the app scores it, keeps the evening's totals on every phone at the table, and says who pays whom at the end."


def described(name):
    """The sentence a page type's description says: its own for the rules, groups and events."""
    return next(
        (text for kind, text in DESCRIBED.items() if name.startswith(kind) or f" {kind}" in name), HOME
    )


@pytest.mark.parametrize(("accept", "translate"), [("en", lambda text: text), ("zh-MY", simplified)])
def test_every_page_has_its_description_in_its_language(pages, client, accept, translate):
    for name, address in pages.items():
        found = DESCRIPTION.findall(client.get(address, HTTP_ACCEPT_LANGUAGE=accept).content.decode())
        assert found == [translate(described(name))], name
    zh_hant = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert DESCRIPTION.findall(zh_hant) == [catalog("django", "zh_Hant").find(DESCRIBED["rules"]).msgstr]


# --- picking the language -------------------------------------------------------------


@pytest.mark.parametrize(
    ("accept", "lang"),
    [
        ("zh-CN", "zh-Hans"),
        ("zh-SG", "zh-Hans"),
        ("zh-MY", "zh-Hans"),
        ("zh-Hans", "zh-Hans"),
        ("zh-Hans-SG", "zh-Hans"),
        ("zh-CN,zh;q=0.9,en;q=0.8", "zh-Hans"),
        ("en-GB,zh-SG;q=0.5", "en"),
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-MO", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-HK", "zh-Hant"),
        ("zh", "zh-Hant"),  # no script named: Traditional, as before Simplified came (settings.py)
        ("en", "en"),
        ("fr-FR", "en"),
        ("", "en"),
    ],
)
def test_the_browsers_languages_pick_the_script(client, accept, lang):
    reply = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    html = reply.content.decode()
    assert f'<html lang="{lang}"' in html
    assert reply["Content-Language"].lower() == lang.lower()
    assert ("开始牌局" in html, "開始牌局" in html, "Start the evening" in html) == (
        lang == "zh-Hans",
        lang == "zh-Hant",
        lang == "en",
    )


def test_the_footer_switch_offers_simplified_and_sticks(client):
    home = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert re.search(
        r'<button type="submit" name="language" value="zh-hans" lang="zh-Hans"\s*>简体中文</button>', home
    )
    assert client.post("/i18n/setlang/", {"language": "zh-hans", "next": "/rules/"}).status_code == 302
    rules = client.get("/rules/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    assert '<html lang="zh-Hans"' in rules
    assert re.search(r'value="zh-hans" lang="zh-Hans"\s*aria-current="true" disabled>简体中文', rules)
    assert simplified("Rules & help") in rules


@pytest.mark.parametrize(
    ("headers", "language"),
    [
        ([(b"accept-language", b"zh-SG,zh;q=0.9")], "zh-hans"),
        ([(b"cookie", b"django_language=zh-hans"), (b"accept-language", b"zh-TW")], "zh-hans"),
        ([(b"accept-language", b"zh-HK")], "zh-hant"),
    ],
)
def test_a_socket_speaks_the_script_of_its_page(headers, language):
    assert language_of({"type": "websocket", "headers": headers}) == language


# --- what scripts and sockets say -------------------------------------------------------


def test_the_javascript_catalog_has_every_toast_in_simplified_chinese(client):
    script = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    shipped = json.loads(re.search(r"const newcatalog = (\{.*?\});\n", script, re.DOTALL).group(1))
    messages = catalog("djangojs")
    assert len(messages) > 40
    for entry in messages:
        wanted = [entry.msgstr_plural[0]] if entry.msgid_plural else entry.msgstr
        assert shipped[entry.msgid] == wanted, entry.msgid
        assert HAN.search(str(wanted)), entry.msgid


@pytest.mark.parametrize(("module", "template"), TEMPLATES, ids=[f"{m}:{t[:40]}" for m, t in TEMPLATES])
def test_each_refusal_reads_in_simplified_chinese(module, template):
    params = {name: 7 for name in NAMED.findall(template)}
    with translation.override("zh-hans"):
        _, body = refusal(ScoringError(template, field="cards", player=0, **params))
    assert body["error"] == simplified(template) % params if params else simplified(template), module


def test_an_api_refusal_reads_in_simplified_chinese(client):
    reply = client.post(
        "/api/sessions", {"players": ["Ann"]}, content_type="application/json", HTTP_ACCEPT_LANGUAGE="zh-SG"
    )
    assert reply.status_code == 400
    assert reply.json()["error"] == "玩家：请输入 2 至 4 个名字"


# --- the words ------------------------------------------------------------------------


def test_the_catalogs_use_the_words_of_singapore_malaysia_and_the_mainland():
    """The game is 锄大地, a hand caught with many cards 炒, the house 记分人; no Traditional
    character and no other name of the game is left from the zh_Hant draft."""
    from opencc import OpenCC

    to_simplified = OpenCC("t2s")
    assert simplified("Big Two") == "锄大地"
    assert simplified("Big Two scorekeeper") == "锄大地计分器"
    assert simplified("Fries") == "炒"
    assert simplified("Nobody was fried.") == "没有人被炒。"
    assert simplified("House") == "记分人"
    assert simplified("The house (who keeps the score, not playing)") == "记分人（不下场）"
    for domain in ("django", "djangojs"):
        for entry in catalog(domain):
            for text in [entry.msgstr, *entry.msgstr_plural.values()]:
                assert to_simplified.convert(text) == text, entry.msgid
                assert not re.search("大老二|锄大D|鋤大D|「|」", text), entry.msgid
