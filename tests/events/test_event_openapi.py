"""The event routes in /api/openapi.json: each one described, and real replies match the schemas."""

import re

import pytest
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from events import urls as events_urls
from scorekeeper.openapi import document
from tests.events.helpers import draw, hand_for, new_event, play_table

pytestmark = pytest.mark.django_db


def matches(name, reply):
    spec = document()
    schema = {"$ref": f"#/components/schemas/{name}", "components": spec["components"]}
    Draft202012Validator(schema).validate(reply)


def test_every_event_route_is_in_the_valid_document(client):
    spec = client.get("/api/openapi.json").json()
    validate(spec)
    routes = {
        "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", str(pattern.pattern))
        for pattern in events_urls.urlpatterns
        if str(pattern.pattern).startswith("api/")
    }
    assert routes <= set(spec["paths"])
    for path in routes:
        concrete = path.replace("{event}", "k")
        for method in ("get", "post", "put", "patch", "delete"):
            if method not in spec["paths"][path]:
                assert getattr(client, method)(concrete).status_code == 405, (method, path)


def test_event_replies_match_their_schemas(api):
    event = new_event(api, hands=1)
    matches("Event", event)
    drawn = draw(api, event["id"])
    matches("EventRound", drawn)
    play_table(api, drawn["tables"][0]["session"], hand_for(4))
    matches("Event", api.get(f"/api/events/{event['id']}").json())
    matches("Event", api.get(f"/api/events/{event['view_id']}").json())
    refused = api.post(f"/api/events/{event['id']}/rounds", {}).json()
    matches("Error", refused)


def test_turn_four_replies_match_their_schemas(api):
    event = new_event(api, hands=2, minutes=30, seating="mixed")
    matches("Event", event)
    drawn = draw(api, event["id"])
    assert {"repeats", "ends_at"} <= set(drawn)
    assert all("join" in table for table in drawn["tables"])
    matches("EventRound", drawn)
    matches("Event", api.post(f"/api/events/{event['id']}/rounds/end", {}).json())
    matches("Event", api.patch(f"/api/events/{event['id']}", {"drop": ["Ann"]}).json())
    matches("Event", api.patch(f"/api/events/{event['id']}", {"restore": ["Ann"]}).json())
    matches("Error", api.post(f"/api/events/{event['id']}/rounds/end", {}).json())


def test_sign_up_replies_match_their_schemas_and_the_new_event_links_to_it(api):
    event = new_event(api, players=[], signup=True)
    matches("Event", event)
    signed = api.post(f"/api/events/{event['view_id']}/signup", {"name": "Eve"})
    assert signed.status_code == 201
    matches("EventSignedUp", signed.json())
    matches("Event", api.patch(f"/api/events/{event['id']}", {"signup": False}).json())
    matches("Error", api.post(f"/api/events/{event['view_id']}/signup", {"name": "Fay"}).json())
    operation = document()["paths"]["/api/events/{event}/signup"]["post"]
    assert operation["operationId"] == "postApiEventsEventSignup"
    assert set(operation["responses"]) >= {"201", "400", "403", "409", "429"}
    links = document()["paths"]["/api/events"]["post"]["responses"]["201"]["links"]
    assert links["postApiEventsEventSignup"]["parameters"] == {"path.event": "$response.body#/view_id"}
