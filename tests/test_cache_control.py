"""No shared cache and no disk keeps a key (issue 29): every answer at a keyed address, and every
write's answer, says `Cache-Control: private, no-store`; pages without keys and the static files
keep their own caching. No admin site unless ADMIN=1 (tests/test_settings.py)."""

from __future__ import annotations

import re

import pytest

from groups.services.group_writes import group_create
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db
NOT_STORED = "private, no-store"


def test_every_answer_at_a_keyed_address_is_not_stored(client, api):
    session = make_session()
    add_rounds(session, [5, 0, 11, 13])
    group = group_create(name="Stored?")
    keyed = [
        f"/s/{session.edit_key}/",
        f"/s/{session.view_key}/",
        f"/s/{session.edit_key}/table/",
        f"/s/{session.edit_key}/settle/",
        f"/api/sessions/{session.edit_key}",
        f"/api/sessions/{session.view_key}",
        f"/api/sessions/{session.edit_key}/history",
        f"/api/sessions/{session.edit_key}/export.json",
        f"/api/sessions/{session.edit_key}/export.csv",
        f"/api/sessions/{session.edit_key}/recap.txt",
        f"/g/{group.edit_key}/",
        f"/api/groups/{group.view_key}",
        f"/api/groups/{group.edit_key}/season",
        f"/s/{session.edit_key[:-1]}x/",  # a key-shaped address that opens nothing: a 404, still not kept
    ]
    for path in keyed:
        response = client.get(path)
        assert response.status_code in (200, 404), path
        assert response["Cache-Control"] == NOT_STORED, path


def test_every_write_is_not_stored_even_at_an_address_without_a_key(client, api):
    created = api.post("/api/sessions", {"players": ["Ann", "Ben"]})
    assert created.status_code == 201
    assert created["Cache-Control"] == NOT_STORED
    form = client.post(
        "/", {"player_0": "Ann", "player_1": "Ben", "mode": "points", "base_rate": 1, "length": "open"}
    )
    assert form.status_code == 302
    assert form["Cache-Control"] == NOT_STORED
    assert api.post("/api/groups", {"name": "Club"})["Cache-Control"] == NOT_STORED


def test_pages_without_keys_and_static_files_keep_their_caching(client):
    for path in ("/", "/rules/", "/api/presets", "/api/openapi.json"):
        assert "no-store" not in client.get(path).get("Cache-Control", ""), path
    stylesheet = re.search(r'href="(/static/[^"]+\.css)"', client.get("/").content.decode()).group(1)
    assert "no-store" not in client.get(stylesheet).get("Cache-Control", "")


def test_no_admin_site(client):
    assert client.get("/admin/").status_code == 404
    assert client.get("/admin/login/").status_code == 404
