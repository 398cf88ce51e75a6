"""The live table: every device that follows a session, over one WebSocket each (SPEC 8).

The consumer only translates messages: services do the writes, selectors build
the state, and every change anywhere reaches the group as a dotted event after
commit, upon which each device gets the full state again.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from channels.db import aclose_old_connections, database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils.translation import gettext as _

from rounds import services
from rounds.errors import VIEW_ONLY, LockRefused, translated
from rounds.events import group_name
from rounds.inputs import clean_request_id, clean_round_entry
from rounds.locking import (
    lock_acquire,
    lock_disconnect,
    lock_release,
    lock_renew,
    lock_takeover,
)
from rounds.models import Session
from rounds.scoring import ScoringError
from rounds.selectors import Viewer, session_by_key, table_state

WRITES = {
    "lock.acquire",
    "lock.renew",
    "lock.release",
    "lock.takeover",
    "round.add",
    "round.edit",
    "round.delete",
}
CLOSE_UNKNOWN_SESSION = 4404


@database_sync_to_async
def find_session(key: str) -> tuple[Session, Viewer] | None:
    return session_by_key(key)


@database_sync_to_async
def build_state(session: Session, viewer: Viewer) -> dict:
    return table_state(session, viewer=viewer)


@database_sync_to_async
def run_service(service: Callable, **arguments: object) -> object:
    return service(**arguments)


def error_reply(message_id: object, status: int, message: str, **extra: object) -> dict:
    return {"type": "reply", "id": message_id, "ok": False, "status": status, "error": message, **extra}


class SessionConsumer(AsyncJsonWebsocketConsumer):
    session: Session
    viewer: Viewer
    group: str | None = None
    lock_token: str | None = None
    expiry_check: asyncio.TimerHandle | None = None

    async def connect(self) -> None:
        found = await find_session(self.scope["url_route"]["kwargs"]["key"])
        if found is None:
            await self.close(code=CLOSE_UNKNOWN_SESSION)
            return
        self.session, self.viewer = found
        self.group = group_name(self.session.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_state("state")

    async def disconnect(self, code: int) -> None:
        if self.expiry_check is not None:
            self.expiry_check.cancel()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.lock_token:
            # A courtesy only: the lease expiry is what guarantees the lock comes free.
            await run_service(lock_disconnect, session=self.session, token=self.lock_token)

    async def receive_json(self, content: object, **kwargs: object) -> None:
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            await self.send_json(error_reply(None, 400, _("Send a JSON object with a type")))
            return
        kind, message_id = content["type"], content.get("id")
        if kind == "state":
            await self.send_state("state")
            return
        if kind not in WRITES:
            await self.send_json(
                error_reply(message_id, 400, _("Unknown message type: %(type)s") % {"type": kind})
            )
            return
        if self.viewer is not Viewer.EDITOR:
            await self.send_json(error_reply(message_id, 403, _(VIEW_ONLY), field="key"))
            return
        try:
            reply = await self.write(kind, content)
        except LockRefused as error:
            await self.send_json(
                error_reply(message_id, 409, translated(error), field="lock", holder=error.holder or None)
            )
            return
        except ScoringError as error:
            status = getattr(error, "status", 400)
            await self.send_json(
                error_reply(message_id, status, translated(error), field=error.field, player=error.player)
            )
            return
        await self.send_json({"type": "reply", "id": message_id, "ok": True, **reply})

    async def write(self, kind: str, content: dict) -> dict:
        token = content.get("token") or self.lock_token
        if kind in {"lock.acquire", "lock.takeover"}:
            service = lock_takeover if kind == "lock.takeover" else lock_acquire
            arguments = {"device": content.get("device"), "editing_round": content.get("round")}
            if kind == "lock.acquire":
                arguments["token"] = token
            grant = await run_service(service, session=self.session, **arguments)
            self.lock_token = grant.token
            return {
                "token": grant.token,
                "holder": grant.holder,
                "expires_in": grant.expires_in,
                "lease": grant.lease,
            }
        if kind == "lock.renew":
            grant = await run_service(lock_renew, session=self.session, token=token)
            self.lock_token = grant.token
            return {
                "token": grant.token,
                "holder": grant.holder,
                "expires_in": grant.expires_in,
                "lease": grant.lease,
            }
        if kind == "lock.release":
            released = await run_service(lock_release, session=self.session, token=token)
            self.lock_token = None
            return {"released": released}
        arguments = {
            "session": self.session,
            "token": token,
            "request_id": clean_request_id(content.get("request_id")),
            "release_lock": content.get("release_lock") is True,
        }
        if kind == "round.delete":
            write = await run_service(services.round_delete, number=content.get("number"), **arguments)
        elif kind == "round.edit":
            entry = clean_round_entry(content)
            write = await run_service(
                services.round_edit, number=content.get("number"), entry=entry, **arguments
            )
        else:
            write = await run_service(services.round_add, entry=clean_round_entry(content), **arguments)
        if arguments["release_lock"]:
            self.lock_token = None
        return {"number": write.number, "replayed": write.replayed, "deleted": write.deleted}

    async def table_changed(self, message: dict) -> None:
        """A group event: something changed somewhere; send this device the fresh state."""
        await aclose_old_connections()
        await self.send_state(message["event"])

    async def send_state(self, event: str) -> None:
        state = await build_state(self.session, self.viewer)
        await self.send_json({"type": event, "state": state})
        self.watch_expiry(state["lock"])

    def watch_expiry(self, lock: dict | None) -> None:
        """Nobody need send anything for a lapsed lease to reach this device: look again when it ends."""
        if self.expiry_check is not None:
            self.expiry_check.cancel()
            self.expiry_check = None
        if lock is not None:
            loop = asyncio.get_running_loop()
            self.expiry_check = loop.call_later(
                lock["expires_in"] + 0.25, lambda: asyncio.ensure_future(self.recheck_lock())
            )

    async def recheck_lock(self) -> None:
        self.expiry_check = None
        await self.send_state("lock.changed")
