"""Pages answer 405, with `Allow`, to a method they do not take, before any CSRF check (issue 38):
`PUT /s/<key>/` was refused 403 for a missing token. Every page route is asked, with the CSRF
check on as a browser meets it (Django's test client leaves it off unless told)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from scorekeeper.methods import view_methods
from tests.factories import make_session

WRITES = ("POST", "PUT", "PATCH", "DELETE")


def page_routes(patterns=None, prefix: str = "") -> list[tuple[str, object]]:
    """(route, view) of every page: not the API, which answers its own JSON 405."""
    found = []
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found += page_routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and not route.lstrip("^").startswith("api/"):
            found.append((route, pattern.callback))
    return found


def sample_path(route: str, key: str) -> str:
    """The route with a real session key in each part (a page 404s only after the method check)."""
    return "/" + re.sub(r"<(?:\w+:)?\w+>", key, route.lstrip("^").rstrip("$"))


def test_every_page_names_its_methods():
    unnamed = [route for route, view in page_routes() if view_methods(view) is None]
    assert unnamed == []
    assert len(page_routes()) >= 40


@pytest.mark.django_db
def test_a_page_answers_405_to_every_method_it_does_not_take():
    session = make_session()
    browser = Client(enforce_csrf_checks=True)
    answers = {}
    for route, view in page_routes():
        taken = view_methods(view)
        for method in (m for m in WRITES if m not in taken):
            response = getattr(browser, method.lower())(sample_path(route, session.edit_key))
            answers[(route, method)] = (response.status_code, response.get("Allow"))
    assert answers[("s/<str:key>/", "PUT")] == (405, "GET")
    assert answers[("s/<str:key>/", "POST")] == (405, "GET")
    assert answers[("g/<str:group>/", "DELETE")] == (405, "GET")
    wrong = {where: answer for where, answer in answers.items() if answer[0] != 405 or not answer[1]}
    assert wrong == {}
    assert len(answers) > 100


@pytest.mark.django_db
def test_a_page_still_checks_the_csrf_token_of_a_method_it_takes():
    session = make_session()
    refused = Client(enforce_csrf_checks=True).post(f"/s/{session.edit_key}/settings", {"rounds": "7"})
    assert refused.status_code == 403
