"""The evening's recap (SPEC 12): recap.png and recap.txt, either key, every player named, the
page's language, Chinese names drawn with a font that has them."""

import io
import re
from pathlib import Path

import pytest
from django.utils import translation
from PIL import Image

from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from rounds.rules import recap_image
from rounds.rules.recap_image import recap_png
from rounds.web.recap import recap_lines, recap_text
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "小明", "陳大文", "Dan"]


@pytest.fixture
def evening():
    session = make_session(NAMES, preset="pay-difference", value_per_point="0.50", currency="HKD")
    add_rounds(session, [5, 0, 11, 13], [0, 3, 9, 4], [2, 6, 0, 12], [8, 0, 3, 1])
    session.refresh_from_db()
    return session


def test_the_picture_is_a_png_1080_wide_for_either_key(client, evening):
    for key in (evening.edit_key, evening.view_key):
        reply = client.get(f"/api/sessions/{key}/recap.png")
        assert reply.status_code == 200
        assert reply["Content-Type"] == "image/png"
        image = Image.open(io.BytesIO(reply.content))
        assert image.format == "PNG"
        assert image.width == 1080
        assert image.height > 1000  # four standings, three payments, the rounds' highlights


def test_the_layout_names_every_player_with_total_and_money(evening):
    state = table_state(evening, viewer=Viewer.FOLLOWER)
    lines = recap_lines(evening, state)
    standings = [line for line in lines if line.kind == "row" and line.text[0].isdigit()]
    assert [line.text.split(". ", 1)[1] for line in standings] == [
        NAMES[standing["player"]] for standing in state["standings"]
    ]
    for line, standing in zip(standings, state["standings"], strict=True):
        assert line.colour == standing["player"]
        assert line.value.startswith(
            f"+{standing['total']}" if standing["total"] > 0 else f"−{-standing['total']}"
        )
    payments = [line.text for line in lines if line.kind == "note" and " pays " in line.text]
    assert len(payments) == len(state["settlement"]["transfers"])


def test_the_text_is_the_same_lines(client, evening):
    reply = client.get(f"/api/sessions/{evening.view_key}/recap.txt")
    assert reply["Content-Type"] == "text/plain; charset=utf-8"
    text = reply.content.decode()
    lines = recap_lines(evening, table_state(evening, viewer=Viewer.FOLLOWER))
    assert text == recap_text(lines)
    for name in NAMES:
        assert name in text
    assert "Round 1: 小明  +29" in text  # 5 + 11 + 13 from the others


def test_in_points_the_ranking_and_the_best_and_worst_round_speak_the_scoreboards_numbers(client):
    """Points: the lowest total ranks first, and the worst round is the highest score of one
    round as the scoreboard shows it (+39 for 13 cards), not a net of another sign (−107)."""
    session = make_session(["Ann", "Ben", "Cat", "Dan"], preset="classic-points")
    add_rounds(session, [5, 0, 11, 13], [0, 3, 7, 9], [2, 8, 0, 13], [6, 0, 1, 2])
    text = client.get(f"/api/sessions/{session.view_key}/recap.txt").content.decode()
    assert "Standings\n1. Ben  +11\n2. Ann  +13\n3. Cat  +30\n4. Dan  +89\n" in text
    assert "Best round\nRound 1: Ben  0\n" in text  # the win that left the others most (66)
    assert "Worst round\nRound 3: Dan  +39\n" in text  # as round 1's 39, but costlier at the table
    assert "−" not in text  # no score of Points is negative


def test_the_recap_follows_the_language(client, evening):
    client.cookies["django_language"] = "zh-hant"
    text = client.get(f"/api/sessions/{evening.view_key}/recap.txt").content.decode()
    assert "誰付誰" in text
    assert "最佳一局" in text
    assert "Best round" not in text


def test_a_wrong_key_or_method_is_refused_as_json(client, evening):
    missing = client.get("/api/sessions/nosuchkey123456789012/recap.png")
    assert missing.status_code == 404
    assert "error" in missing.json()
    assert client.post(f"/api/sessions/{evening.view_key}/recap.txt").status_code == 405


def test_chinese_names_are_drawn_with_a_font_that_has_them():
    if not any(__import__("pathlib").Path(path).exists() for path, _ in recap_image.REGULAR_FONTS[:1]):
        pytest.skip("fonts-noto-cjk is not installed (make fonts)")
    assert "CJK" in recap_image.font_name()
    face = recap_image.font(42, False)
    # Two different characters: two different glyphs, not the same missing-glyph box.
    assert bytes(face.getmask("陳")) != bytes(face.getmask("文"))
    assert face.getbbox("陳")[2] > 20


def test_the_recap_in_simplified_chinese_is_drawn_in_the_sc_face_with_no_missing_glyph(client, evening):
    """zh-Hans: Noto Sans CJK's Simplified Chinese face (SC, not TC), and every Chinese character
    of the picture a glyph of its own: none drawn as the font's .notdef box."""
    if not Path(recap_image.REGULAR_FONTS[0][0]).exists():
        pytest.skip("fonts-noto-cjk is not installed (make fonts)")
    client.cookies["django_language"] = "zh-hans"
    text = client.get(f"/api/sessions/{evening.view_key}/recap.txt").content.decode()
    assert "谁付谁" in text
    assert "最佳一局" in text
    assert "Best round" not in text
    png = client.get(f"/api/sessions/{evening.view_key}/recap.png").content
    with translation.override("zh-hans"):
        lines = recap_lines(evening, table_state(evening, viewer=Viewer.FOLLOWER))
    assert png == recap_png(lines, "Hans")
    assert png != recap_png(lines, "Hant")  # 最, 地, 分 ... have their own forms in SC
    chinese = set(
        re.findall(
            r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]", " ".join(line.text + line.value for line in lines)
        )
    )
    assert {"锄", "大", "地", "谁", "付"} <= chinese
    for bold, style in ((False, "Regular"), (True, "Bold")):
        face = recap_image.font(42, bold, "Hans")
        assert face.getname() == ("Noto Sans CJK SC", style)
        notdef = bytes(face.getmask("\U000f0000"))  # a private-use character no font maps
        assert [char for char in sorted(chinese) if bytes(face.getmask(char)) == notdef] == []


def test_without_the_fonts_the_picture_still_draws(monkeypatch, evening):
    monkeypatch.setattr(recap_image, "REGULAR_FONTS", (("/nowhere/font.ttf", 0),))
    monkeypatch.setattr(recap_image, "BOLD_FONTS", (("/nowhere/bold.ttf", 0),))
    recap_image.font.cache_clear()
    try:
        lines = recap_lines(evening, table_state(evening, viewer=Viewer.FOLLOWER))
        assert Image.open(io.BytesIO(recap_png(lines))).width == 1080
        assert "Noto" not in recap_image.font_name()
    finally:
        recap_image.font.cache_clear()


def test_an_evening_without_rounds_has_a_recap(client):
    session = make_session(["Ann", "Ben"])
    text = client.get(f"/api/sessions/{session.view_key}/recap.txt").content.decode()
    assert "0 rounds so far" in text
    assert (
        Image.open(io.BytesIO(client.get(f"/api/sessions/{session.view_key}/recap.png").content)).width
        == 1080
    )


@pytest.mark.parametrize(("house_name", "shown"), [("", "House"), ("阿姨", "阿姨")])
def test_paying_by_place_the_house_is_listed_with_its_total_and_money(house_name, shown):
    """SPEC 3.6's plain and heavy rounds: the house keeps 100 points, 10.00 at 0.10 a point, and
    is paid by name (the session's, else the page's word for it)."""
    session = make_session(
        ["Ann", "Ben", "Cat", "Dan"],
        preset="taiwan-place",
        value_per_point="0.10",
        currency="HKD",
        house_name=house_name,
    )
    add_rounds(session, [3, 0, 7, 5], [3, 0, 11, 5])
    session.refresh_from_db()
    lines = recap_lines(session, table_state(session, viewer=Viewer.FOLLOWER))
    rows = {line.text: line.value for line in lines if line.kind == "row"}
    assert rows[shown] == "+100 · +HK$10.00"
    assert rows["1. Ben"] == "+1700 · +HK$170.00"
    notes = [line.text for line in lines if line.kind == "note"]
    assert any(note.endswith(f"pays {shown} HK$10.00") for note in notes), notes
    fried = {name: rows.get(name) for name in ("Ann", "Ben", "Cat", "Dan")}
    assert fried == {"Ann": None, "Ben": None, "Cat": "1", "Dan": None}  # 11 cards: heavy from 10


@pytest.mark.parametrize(
    ("fields", "hands"),
    [
        ({"mode": "own_scores"}, [{"scores": [3, -1, -2, 0]}, {"scores": [-4, 4, 0, 0]}]),
        ({"preset": "wta-flat"}, [{"cards": [5, 0, 11, 13]}, {"cards": [0, 3, 7, 9]}]),
    ],
)
def test_a_table_that_fries_nobody_has_no_fries_in_its_recap(api, fields, hands):
    """Typed scores have no cards to fry, one flat rate a card no tier to reach: their recap said
    "Fries: Nobody was fried." (the API pass's note). A session whose rules fry keeps the section."""
    state = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"], **fields}).json()
    token = api.post(f"/api/sessions/{state['id']}/lock", {"device": "Ann's phone"}).json()["token"]
    for hand in hands:
        assert api.post(f"/api/sessions/{state['id']}/rounds", hand, token=token).status_code == 201
    text = api.get(f"/api/sessions/{state['id']}/recap.txt").content.decode()
    assert "Best round" in text
    assert "Fries" not in text
    assert "fried" not in text


def test_a_table_whose_rules_fry_lists_its_fries(client):
    session = make_session(["Ann", "Ben", "Cat", "Dan"], preset="classic-points")
    add_rounds(session, [5, 0, 11, 13], [0, 3, 7, 9])
    text = client.get(f"/api/sessions/{session.view_key}/recap.txt").content.decode()
    assert "Fries\nCat  1\nDan  1\n" in text  # 10 cards and more: the second tier
