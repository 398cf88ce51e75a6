"""Web security headers on every kind of response, and pages with nothing inline for the CSP to refuse."""

import re

import pytest

from scorekeeper.headers import CONTENT_SECURITY_POLICY
from tests.factories import add_rounds, make_session

pytestmark = pytest.mark.django_db


@pytest.fixture
def pages():
    session = make_session(value_per_point="0.50", covering_rule=True, twos={"points_per_two": 2})
    add_rounds(session, [5, 0, 11, 13])
    return [
        "/",
        "/rules/",
        f"/s/{session.edit_key}/",
        f"/s/{session.view_key}/",
        f"/s/{session.view_key}/table/",
        f"/s/{session.edit_key}/settle/",
        f"/s/{session.edit_key}/settle/partial",
    ]


def directives(policy):
    return {part.split()[0]: part.split()[1:] for part in policy.split("; ")}


def test_the_policy_allows_nothing_inline_and_nothing_from_elsewhere():
    policy = directives(CONTENT_SECURITY_POLICY)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert "unsafe-eval" not in CONTENT_SECURITY_POLICY


def test_every_response_carries_the_headers(client, pages):
    responses = [client.get(path) for path in pages]
    responses += [client.get("/api/presets"), client.get("/api/nothing"), client.get("/s/missing/")]
    responses.append(client.get("/manifest.webmanifest"))
    for response in responses:
        assert response["Content-Security-Policy"] == CONTENT_SECURITY_POLICY, response
        assert "camera=()" in response["Permissions-Policy"]
        assert "geolocation=()" in response["Permissions-Policy"]
        assert response["Cross-Origin-Opener-Policy"] == "same-origin"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert response["Referrer-Policy"] == "same-origin"
        assert response["X-Frame-Options"] == "DENY"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>", re.I)
STYLE_ATTRIBUTE = re.compile(r"<[^>]+\sstyle=", re.I)
HANDLER_ATTRIBUTE = re.compile(r"<[^>]+\son[a-z]+=", re.I)
JAVASCRIPT_URL = re.compile(r"(href|src|action)=\"javascript:", re.I)


def test_no_page_has_inline_script_style_or_handlers(client, pages):
    for path in pages:
        html = client.get(path).content.decode()
        assert INLINE_SCRIPT.findall(html) == [], path
        assert "<style" not in html, path
        assert STYLE_ATTRIBUTE.findall(html) == [], path
        assert HANDLER_ATTRIBUTE.findall(html) == [], path
        assert JAVASCRIPT_URL.findall(html) == [], path


def test_the_checks_above_can_fail():
    assert INLINE_SCRIPT.findall('<script>alert(1)</script><script src="/x.js"></script>') == ["<script>"]
    assert STYLE_ATTRIBUTE.findall('<p style="x">')
    assert HANDLER_ATTRIBUTE.findall('<b onclick="x">')
