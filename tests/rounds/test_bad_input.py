"""No input reaches a 500: every case of tests/bad_inputs.py, over the API, the page forms and the
socket, gets its status, a message naming the field (and the player), and changes nothing at all:
every row of every table is the same byte for byte, and so is the state (the lock's countdown aside).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import unescape

import pytest
from channels.db import database_sync_to_async
from channels.layers import DEFAULT_CHANNEL_LAYER, channel_layers
from channels.testing import WebsocketCommunicator
from django.apps import apps
from django.core import serializers

from rounds.models import Session
from rounds.reads.selectors import Viewer
from rounds.reads.state import table_state
from rounds.services.locking import lock_release
from scorekeeper.asgi import application
from tests.bad_inputs import API_CASES, FORM_CASES, NAMES, SOCKET_CASES, Case, Raw
from tests.factories import add_rounds, make_session
from tests.reports import count
from tests.sockets import WAIT


@dataclass
class World:
    """Two sessions: `edit` has two rounds and its lock held; `form` plays covering, lock free."""

    edit: Session
    form: Session
    token: str

    def path(self, template: str) -> str:
        return template.format(edit=self.edit.edit_key, view=self.edit.view_key, form=self.form.edit_key)


def make_world() -> World:
    edit = make_session(NAMES, value_per_point="0.50")
    token = add_rounds(edit, [5, 0, 11, 13], [0, 3, 2, 7])
    form = make_session(NAMES, covering_rule=True)
    lock_release(session=form, token=add_rounds(form, [1, 0, 4, 2]))
    return World(edit=edit, form=form, token=token)


def snapshot() -> str:
    """Every row the app stores, and every session's state without the lock's countdown."""
    tables = [
        serializers.serialize("json", model.objects.order_by("pk"))
        for model in apps.get_app_config("rounds").get_models()
    ]
    states = []
    for session in Session.objects.order_by("pk"):
        state = table_state(session, viewer=Viewer.EDITOR)
        if state["lock"]:
            state["lock"].pop("expires_in")
            state["lock"].pop("idle_for")
        states.append(state)
    return "\n".join(tables) + json.dumps(states, sort_keys=True, default=str)


def check_refusal(case: Case, status: int, body: dict) -> None:
    assert status == case.status, body
    assert body["field"] == case.field, body
    assert body["player"] == case.player, body
    for word in case.words:
        assert word.lower() in body["error"].lower(), body


def token_header(case: Case, world: World) -> dict:
    token = world.token if case.token is True else case.token
    return {"X-Entry-Lock": token} if token else {}


@pytest.mark.django_db
@pytest.mark.parametrize("case", API_CASES, ids=[case.name for case in API_CASES])
def test_api_refuses_and_changes_nothing(client, case):
    world = make_world()
    before = snapshot()
    if isinstance(case.body, Raw):
        data, content_type = case.body.data, case.body.content_type
    else:
        data, content_type = ("" if case.body is ... else json.dumps(case.body)), "application/json"
    response = client.generic(
        case.method.upper(), world.path(case.target), data, content_type, headers=token_header(case, world)
    )
    assert response["Content-Type"] == "application/json", response.content[:200]
    check_refusal(case, response.status_code, response.json())
    if case.status == 405:
        assert response["Allow"]
    assert snapshot() == before
    count("bad-input cases passed (API)")


@pytest.mark.django_db
@pytest.mark.parametrize("case", FORM_CASES, ids=[case[0] for case in FORM_CASES])
def test_forms_refuse_and_change_nothing(client, case):
    _name, path, data, status, where, words = case
    world = make_world()
    if path.endswith("/settings"):
        data = {**data, "token": world.token}
    before = snapshot()
    response = client.post(world.path(path), data)
    assert response.status_code == status
    if path.endswith("/settings"):
        body = response.json()
        assert body["field"] == where
        message = body["error"]
    elif path == "/":
        errors = response.context["form"].errors
        assert list(errors) == [where], errors
        message = " ".join(errors[where])
    elif path.endswith("/settle/"):
        message = response.context["wager_error"]
    else:
        assert response.context["error_player"] == where
        # A lock held elsewhere is said once, by the lock line, not again as a form error.
        message = response.context["form_error"] or unescape(response.content.decode())
    for word in words:
        assert word.lower() in message.lower()
        assert word.lower() in unescape(response.content.decode()).lower()
    assert snapshot() == before
    count("bad-input cases passed (forms)")


async def send(socket: WebsocketCommunicator, case: Case, number: int, world: World) -> dict:
    if case.method == "":
        await socket.send_to(text_data=case.body)
        wanted = None
    else:
        message = {"type": case.method, "id": number, **case.body}
        token = world.token if case.token is True else case.token
        if token:
            message["token"] = token
        await socket.send_json_to(message)
        wanted = number
    while True:
        reply = await socket.receive_json_from(5)
        if reply["type"] == "reply" and reply["id"] == wanted:
            return reply


@pytest.mark.django_db(transaction=True)
async def test_socket_refuses_and_changes_nothing():
    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    world = await database_sync_to_async(make_world)()
    sockets = {}
    for name, key in (("socket", world.edit.edit_key), ("socket:follow", world.edit.view_key)):
        socket = WebsocketCommunicator(
            application, f"/ws/sessions/{key}/", headers=[(b"origin", b"http://127.0.0.1")]
        )
        assert (await socket.connect(timeout=WAIT))[0]
        assert (await socket.receive_json_from(5))["type"] == "state"
        sockets[name] = socket
    try:
        before = await database_sync_to_async(snapshot)()
        for number, case in enumerate(SOCKET_CASES, start=1):
            reply = await send(sockets[case.target], case, number, world)
            assert reply["ok"] is False, (case.name, reply)
            try:
                check_refusal(case, reply["status"], reply)
            except AssertionError as problem:
                raise AssertionError(f"{case.name}: {problem}") from None
            assert await database_sync_to_async(snapshot)() == before, case.name
            count("bad-input cases passed (socket)")
    finally:
        for socket in sockets.values():
            await socket.disconnect()
