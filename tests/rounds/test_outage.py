"""The database out of reach: a live daphne answers 503 (JSON under /api/, a page otherwise), not 500."""

import json
import urllib.error
import urllib.request

from tests.servers import daphne

UNREACHABLE = "postgres://postgres@127.0.0.1:1/nowhere"  # nothing listens on port 1


def fetch(url, data=None):
    headers = {"Content-Type": "application/json"} if data is not None else {}
    request = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def test_an_unreachable_database_is_a_clear_503():
    with daphne(DATABASE_URL=UNREACHABLE) as base:
        status, headers, body = fetch(f"{base}/api/sessions/SomeKey123")
        assert (status, headers["Content-Type"], headers["Retry-After"]) == (503, "application/json", "5")
        assert json.loads(body) == {
            "error": "The scores cannot be reached right now; nothing was changed. Try again in a moment.",
            "field": None,
            "player": None,
        }
        status, headers, body = fetch(f"{base}/api/sessions", b'{"players": ["Ann", "Ben"]}')
        assert status == 503
        assert "nothing was changed" in json.loads(body)["error"]
        status, headers, body = fetch(f"{base}/s/SomeKey123/")
        assert status == 503
        assert headers["Content-Type"].startswith("text/html")
        assert "<h1>Try again in a moment</h1>" in body
        assert "nothing was changed" in body
        # What needs no database keeps working.
        assert fetch(f"{base}/api/presets")[0] == 200
