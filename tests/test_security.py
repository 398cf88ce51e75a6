"""What keeps a table's scores safe: keys, the follow link, CSRF, escaping."""

import re

import pytest
from django.test import Client

from rounds.models import Session
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db

SCRIPT_NAME = "<script>alert(1)</script>"


def test_player_names_are_escaped_on_every_page(client):
    session = make_session(players=[SCRIPT_NAME, "Ben & <b>Co</b>"], value_per_point="1")
    add_rounds(session, [5, 0])
    for path in (
        f"/s/{session.edit_key}/",
        f"/s/{session.view_key}/table/",
        f"/s/{session.edit_key}/settle/",
    ):
        page = client.get(path).content.decode()
        assert SCRIPT_NAME not in page, path
        assert "<b>Co</b>" not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path
        # The state for the page's JavaScript is escaped for a <script> block too.
        assert "\\u003Cscript\\u003Ealert(1)\\u003C/script\\u003E" in page, path


def test_the_follow_link_never_shows_the_edit_key(client):
    session = make_session(value_per_point="0.50")
    add_rounds(session, [5, 0, 11, 13])
    for path in (
        f"/s/{session.view_key}/",
        f"/s/{session.view_key}/table/",
        f"/s/{session.view_key}/settle/",
    ):
        page = client.get(path).content.decode()
        assert session.edit_key not in page, path
        assert session.view_key in page, path


def test_the_follow_panel_of_the_share_sheet_never_shows_the_edit_key(settings):
    """Opened on 127.0.0.1 the sheet offers each link at the LAN address: each its own."""
    settings.LAN_ADDRESS = "192.0.2.2"
    session = make_session()
    page = Client(HTTP_HOST="127.0.0.1:8000").get(f"/s/{session.edit_key}/").content.decode()
    follow = re.search(r'data-share-panel="follow".*?</figure>', page, re.S).group(0)
    edit = re.search(r'data-share-panel="edit".*?</figure>', page, re.S).group(0)
    assert f"http://192.0.2.2:8000/s/{session.view_key}/" in follow
    assert session.edit_key not in follow
    assert f"http://192.0.2.2:8000/s/{session.edit_key}/" in edit
    follower = Client(HTTP_HOST="127.0.0.1:8000").get(f"/s/{session.view_key}/").content.decode()
    assert session.edit_key not in follower
    assert f"http://192.0.2.2:8000/s/{session.view_key}/" in follower


def test_the_follow_page_has_no_entry_panel(client):
    session = make_session()
    page = client.get(f"/s/{session.view_key}/").content.decode()
    assert "data-entry-form" not in page
    assert "data-follow-notice" in page


def test_keys_are_different_for_every_session():
    keys = set()
    for _ in range(20):
        session = make_session()
        keys |= {session.edit_key, session.view_key}
    assert len(keys) == 40


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/", {"player_0": "Ann", "player_1": "Ben", "mode": "points", "base_rate": "1", "length": "open"}),
        (None, {"cards": ["5", "0"]}),
    ],
)
def test_forms_need_the_csrf_token(path, data):
    session = make_session(players=["Ann", "Ben"])
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(path or f"/s/{session.edit_key}/rounds/add", data)
    assert response.status_code == 403
    assert b"Please try again" in response.content
    assert session.rounds.count() == 0
    assert Session.objects.count() == 1


def test_an_unknown_key_is_a_friendly_404(client):
    response = client.get("/s/not-a-real-key/")
    assert response.status_code == 404
    assert b"This link does not open a session or a group" in response.content


@pytest.mark.parametrize(
    ("language", "heading"),
    [("en", "Something went wrong"), ("zh-Hant", "出了點問題")],
)
def test_an_unexpected_error_is_a_plain_page_in_the_readers_language(monkeypatch, language, heading):
    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr("rounds.web.views.session_context", broken)
    session = make_session()
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    response = client.get(f"/s/{session.edit_key}/")
    page = response.content.decode()
    assert response.status_code == 500
    assert f"<h1>{heading}</h1>" in page
    assert "a bug" not in page
    assert "Traceback" not in page
