"""GET /healthz: 200 when this worker reaches the database and the channel layer, else 503 naming what is down."""

from __future__ import annotations

import contextlib
import json
import urllib.error
import urllib.request
from collections.abc import AsyncIterator

import pytest
from channels.db import database_sync_to_async
from channels.layers import DEFAULT_CHANNEL_LAYER, channel_layers, get_channel_layer
from django.test import AsyncClient
from jsonschema import Draft202012Validator

from scorekeeper.openapi import document
from tests.factories import make_session
from tests.servers import daphne, free_port
from tests.sockets import WAIT, opened_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
async def fresh_layer() -> AsyncIterator[None]:
    """Each test builds the layer its settings name (the Redis layer is bound to one event loop)."""
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    yield
    layer = channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    if hasattr(layer, "close_pools"):
        await layer.close_pools()


def assert_described(response) -> None:
    """The reply is the one /api/openapi.json describes for its status."""
    described = document()["paths"]["/healthz"]["get"]["responses"][str(response.status_code)]
    Draft202012Validator(described["content"]["application/json"]["schema"]).validate(response.json())


async def test_healthz_is_200_when_the_database_and_the_channel_layer_answer():
    response = await AsyncClient().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "channel_layer": "ok"}
    assert response["Cache-Control"] == "no-store"
    assert_described(response)


async def test_healthz_is_503_naming_the_channel_layer_when_redis_is_unreachable(settings):
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [f"redis://127.0.0.1:{free_port()}/0"]},
        }
    }
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    assert type(get_channel_layer()).__name__ == "RedisChannelLayer"
    response = await AsyncClient().get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"database": "ok", "channel_layer": "down"}
    assert_described(response)


async def test_healthz_refuses_a_post():
    assert (await AsyncClient().post("/healthz")).status_code == 405


async def test_a_wrong_method_is_told_405_even_without_a_csrf_token():
    strict = AsyncClient(enforce_csrf_checks=True)
    for method in ("put", "post", "delete", "patch"):
        response = await getattr(strict, method)("/healthz")
        assert (method, response.status_code, response["Allow"]) == (method, 405, "GET")


async def test_healthz_is_200_while_sockets_follow_tables_quietly():
    """On Redis, an idle socket waits for its next message holding the layer's receive lock: the
    check must not wait behind it (it used to answer 503 within 3 s of one idle follower)."""
    sessions = [await database_sync_to_async(make_session)() for _ in range(2)]
    async with contextlib.AsyncExitStack() as stack:
        for session in sessions:
            for key in (session.view_key, session.edit_key):
                socket, connected, _ = await stack.enter_async_context(opened_socket(f"/ws/sessions/{key}/"))
                assert connected
                assert (await socket.receive_json_from(WAIT))["type"] == "state"
        answers = []
        for _ in range(12):
            response = await AsyncClient().get("/healthz")
            answers.append((response.status_code, response.json()))
        assert answers == [(200, {"database": "ok", "channel_layer": "ok"})] * 12


@pytest.mark.once  # its own unreachable database and Redis, whichever the pass
def test_a_real_server_without_its_database_and_redis_answers_503_naming_both():
    nowhere = free_port()
    env = {
        "DATABASE_URL": f"postgres://postgres@127.0.0.1:{nowhere}/gone",
        "REDIS_URL": f"redis://127.0.0.1:{nowhere}/0",
    }
    with daphne(**env) as base_url:
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base_url}/healthz", timeout=10)
        assert refused.value.code == 503
        assert json.loads(refused.value.read()) == {"database": "down", "channel_layer": "down"}
