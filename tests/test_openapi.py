"""/api/openapi.json: a valid OpenAPI 3.1 document naming every /api/ route, and matching real replies."""

import re

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from events import urls as events_urls
from groups import urls as groups_urls
from rounds import urls as rounds_urls
from scorekeeper import urls as project_urls
from scorekeeper.openapi import document

pytestmark = pytest.mark.django_db


def test_the_document_is_valid_openapi_3_1(client):
    response = client.get("/api/openapi.json")
    assert response.status_code == 200
    spec = response.json()
    assert spec["openapi"] == "3.1.0"
    validate(spec)  # raises on any fault


def api_routes():
    """Every /api/ route of the URL configuration, in OpenAPI's {name} form."""
    routes = set()
    for pattern in [
        *project_urls.urlpatterns,
        *events_urls.urlpatterns,
        *groups_urls.urlpatterns,
        *rounds_urls.urlpatterns,
    ]:
        route = str(pattern.pattern)
        if route.startswith("api/") and not route.startswith("^"):
            routes.add("/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", route))
    return routes


def test_every_api_route_is_described_with_each_method_it_takes(client):
    paths = document()["paths"]
    assert api_routes() | {"/healthz"} == set(paths)
    assert len(paths) >= 13
    for path, operations in paths.items():
        concrete = path.replace("{key}", "k").replace("{number}", "1").replace("{version}", "1")
        concrete = concrete.replace("{group}", "k").replace("{player}", "1").replace("{event}", "k")
        for method in ("get", "post", "put", "patch", "delete"):
            if method in operations:
                continue
            reply = getattr(client, method)(concrete)
            assert reply.status_code == 405, (method, path)


def validator(name):
    spec = document()
    schema = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
    return Draft202012Validator(schema)


# A Big Two round and a Tiến lên hand (API.md), each with a body the API refuses.
GAMES = {
    "big_two": ({}, {"cards": [3, 0, 5]}, {"cards": [3, 3, 5]}),
    "tien_len": ({"game": "tien_len"}, {"order": [1, 0, 2], "killed": [2]}, {"order": [0, 0, 1]}),
    "own_scores": ({"mode": "own_scores"}, {"scores": [3, -1, -2]}, {"scores": [3, -1, -1]}),
    "chu_da_di": (
        {"preset": "chu-da-di"},
        {"cards": [9, 0, 10], "spade_two": 2, "bombs": 1},
        {"cards": [9, 0, 10], "bombs": 5},
    ),
}


@pytest.mark.parametrize("game", GAMES)
def test_real_replies_match_the_schemas(api, game):
    settings, hand, refused = GAMES[game]
    body = {"players": ["Ann", "Ben", "Cat"], "value_per_point": "0.5", **settings}
    created = api.post("/api/sessions", body).json()
    validator("State").validate(created)
    key = created["id"]
    grant = api.post(f"/api/sessions/{key}/lock", {"device": "Ann's phone"}).json()
    validator("LockGrant").validate(grant)
    added = api.post(f"/api/sessions/{key}/rounds", hand, token=grant["token"]).json()
    validator("Preview").validate(api.post(f"/api/sessions/{key}/preview", hand).json()["round"])
    validator("RoundReply").validate(added)
    validator("History").validate(api.get(f"/api/sessions/{key}/rounds/1/history").json())
    deleted = api.delete(f"/api/sessions/{key}/rounds/1", token=grant["token"]).json()
    validator("RoundReply").validate(deleted)
    versions = api.get(f"/api/sessions/{key}/history").json()
    validator("SessionHistory").validate(versions)
    restore = f"/api/sessions/{key}/history/{versions['versions'][0]['id']}/restore"
    restored = api.post(restore, token=grant["token"]).json()
    validator("RoundReply").validate(restored)
    undo = f"/api/sessions/{key}/history/{restored['version_id']}/undo"
    validator("RoundReply").validate(api.post(undo, token=grant["token"]).json())
    refusal = api.post(f"/api/sessions/{key}/rounds", refused, token=grant["token"]).json()
    validator("Error").validate(refusal)
    with pytest.raises(Exception, match="required"):
        validator("State").validate({"players": []})


# Hands at the edges of the round body: (session, hand, whether the API takes it).
EDGES = [
    ({"preset": "chu-da-di"}, {"cards": [9, 0, 10, 4], "bombs": None}, True),
    ({"game": "tien_len"}, {"instant": 1}, True),
    (
        {"game": "tien_len"},
        {"order": [0, 1, 2, 3], "left": [{"player": 3, "red_two": 1, "purple": 1}]},
        False,
    ),
    (
        {"game": "tien_len"},
        {"order": [0, 1, 2, 3], "chops": [{"by": 1, "from": 2, "items": ["three_pairs"] * 14}]},
        False,
    ),
]


@pytest.mark.parametrize(("fields", "hand", "taken"), EDGES)
def test_the_round_body_schema_says_what_the_api_takes(api, fields, hand, taken):
    """A null for no bombs is taken, as the document says; a left entry's unknown item and a chain of
    more than 13 items are refused, and the document refuses them too (it left both open)."""
    key = api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"], **fields}).json()["id"]
    response = api.post(f"/api/sessions/{key}/preview", hand)
    assert response.status_code == (200 if taken else 400), response.json()
    for body in ("RoundEntry", "PreviewRequest"):
        assert validator(body).is_valid(hand) is taken
