"""The service worker at /sw.js (scorekeeper/shell.py): what it keeps and its version (SPEC 9)."""

import json
import re

import pytest
from django.templatetags.static import static

from scorekeeper import shell


def worker(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    return response, response.content.decode()


def test_served_from_the_root_uncached_under_the_strict_policy(client):
    response, body = worker(client)
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Cache-Control"] == "no-cache"
    assert response["Service-Worker-Allowed"] == "/"
    assert "script-src 'self'" in response["Content-Security-Policy"]
    assert f'const VERSION = "{shell.shell_version()}";' in body
    assert "{{" not in body
    assert "{%" not in body
    assert client.post("/sw.js").status_code == 405


def kept_urls(body):
    return json.loads(re.search(r"^const SHELL = (\[.*\]);$", body, re.M).group(1))


@pytest.mark.django_db
def test_every_file_it_keeps_is_there(client):
    """One missing file would fail the worker's install, so each one is asked for."""
    urls = kept_urls(worker(client)[1])
    assert "/jsi18n/" in urls
    assert "/manifest.webmanifest" in urls
    for name in (
        "js/session.js",
        "js/offline.js",
        "js/outbox.js",
        "js/reconcile.js",
        "js/replay.js",
        "css/app.css",
        "icons/icon-192.png",
    ):
        assert any(url.startswith(f"/static/{name.rsplit('.', 1)[0]}.") for url in urls), name
    # A module is kept under the plain name its importers use; a page's script also by its hashed name.
    assert "/static/js/render.js" in urls
    assert not any(url.startswith("/static/js/render.") and url != "/static/js/render.js" for url in urls)
    assert "/static/js/session.js" in urls
    assert static("js/session.js") in urls
    assert static("js/session.js") != "/static/js/session.js"
    assert len(urls) == len(set(urls))
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        getattr(response, "close", lambda: None)()


def test_the_version_follows_the_files_and_the_release_word(settings):
    first = shell.shell_version()
    assert re.fullmatch(r"[0-9a-f]{12}", first)
    assert shell.shell_version() == first  # computed once per process
    settings.SERVICE_WORKER_RELEASE = "next"
    shell.shell_version.cache_clear()
    try:
        assert shell.shell_version() != first
    finally:
        settings.SERVICE_WORKER_RELEASE = ""
        shell.shell_version.cache_clear()
    assert shell.shell_version() == first


def test_under_debug_each_file_is_kept_once(client, settings):
    """Under DEBUG a page's script has no hashed name, so its two names are one URL: listed once,
    or the worker's install (which refuses a list naming a file twice) fails in development."""
    settings.DEBUG = True
    urls = kept_urls(worker(client)[1])
    assert "/static/js/session.js" in urls
    assert static("js/session.js") == "/static/js/session.js"
    assert len(urls) == len(set(urls))
