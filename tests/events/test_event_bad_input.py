"""The sign-up cases of tests/bad_inputs.py (SPEC 13): each gets its status and a message naming
the field, over the API and on the follow page's form, and changes nothing: every row of the
rounds, groups and events apps is the same byte for byte."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.apps import apps
from django.core import serializers

from events.inputs import clean_event
from events.services import event_writes as services
from groups.models import StoredRatings
from tests.bad_inputs import SIGNUP_CASES, SIGNUP_FORM_CASES, Raw

pytestmark = pytest.mark.django_db
PLAYERS = ["Ann", "Ben", "Jos\u00e9", "Dan"]


def night(**fields):
    plan = clean_event({"name": "Club", "players": PLAYERS, "rounds": 2, "hands": 1, **fields})
    return services.event_create(plan=plan)


def make_world() -> dict:
    off, opened, drawn = night(), night(signup=True), night(signup=True)
    services.event_draw(event=drawn)
    return {
        "off": off.view_key,
        "open": opened.view_key,
        "drawn": drawn.view_key,
        "open_edit": opened.edit_key,
        "drawn_edit": drawn.edit_key,
    }


def snapshot() -> str:
    return "\n".join(
        serializers.serialize("json", model.objects.order_by("pk"))
        for app in ("rounds", "groups", "events")
        for model in apps.get_app_config(app).get_models()
        # Not the ratings a page keeps once computed: read-side caches of the same hands.
        if not issubclass(model, StoredRatings)
    )


@pytest.mark.parametrize("case", SIGNUP_CASES, ids=[case.name for case in SIGNUP_CASES])
def test_sign_up_api_refuses_and_changes_nothing(client, case):
    path = case.target.format(**make_world())
    before = snapshot()
    if isinstance(case.body, Raw):
        data, content_type = case.body.data, case.body.content_type
    else:
        data, content_type = json.dumps(case.body), "application/json"
    response = client.generic(case.method.upper(), path, data, content_type)
    body = response.json()
    assert response.status_code == case.status, body
    assert (body["field"], body["player"]) == (case.field, case.player), body
    for word in case.words:
        assert word.lower() in body["error"].lower(), body
    assert snapshot() == before


@pytest.mark.parametrize("case", SIGNUP_FORM_CASES, ids=[case[0] for case in SIGNUP_FORM_CASES])
def test_sign_up_form_refuses_and_changes_nothing(client, case):
    _name, path, data, status, words = case
    path = path.format(**make_world())
    before = snapshot()
    response = client.post(path, data)
    assert response.status_code == status
    page = unescape(response.content.decode())
    for word in words:
        assert word in page
    assert 'role="alert" data-problem' in page
    assert snapshot() == before
