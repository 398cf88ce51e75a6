"""The live table: every device that follows a session, over one WebSocket each (SPEC 8).

The consumer only translates messages: services do the writes, selectors build
the state. Every change reaches the group once, after commit, with its state built
once (rounds/services/publish.py) or, for the entry lock, the lock alone; each consumer adds
its viewer's own fields (keys, links, can_edit) without a query. The socket that wrote gets
the state once, in its reply, not again from the group. A device gets the
full state when it connects and whenever it asks (having missed a version).
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Callable
from datetime import datetime

from channels.db import database_sync_to_async
from django.utils.translation import gettext as _

from rounds import services
from rounds.bodies import LockMessage, PreviewRequest, RoundEntryBody, RoundMessage
from rounds.channels import group_name
from rounds.clock import clock
from rounds.errors import VIEW_ONLY
from rounds.models import Session
from rounds.reads.preview import round_preview
from rounds.reads.replies import write_reply
from rounds.reads.selectors import Viewer, session_by_key
from rounds.reads.state import for_viewer, links_json, table_state
from rounds.reads.state_cache import reply_json
from rounds.services.locking import (
    lock_acquire,
    lock_disconnect,
    lock_release,
    lock_renew,
    lock_state,
    lock_takeover,
)
from rounds.services.publish import written_from
from rounds.services.ratelimit import Allowance, lock_counted
from rounds.write_inputs import clean_round_entry, clean_version_id
from toolkit.messages import Refusal, gettext_noop
from toolkit.refusals import ProtocolError, refusal
from toolkit.socket_log import log_socket
from toolkit.sockets import JsonSocket

logger = logging.getLogger(__name__)
# What a message carries beside its body: its type and id, the lock's token, the round's number
# or the version. Any other key is refused by name, as over HTTP: a typo never scores a round.
ENVELOPE = ("type", "id", "token", "number", "version")
ROUND_MESSAGE = (*ENVELOPE, *RoundEntryBody.properties())

WRITES = {
    "lock.acquire",
    "lock.renew",
    "lock.release",
    "lock.takeover",
    "round.add",
    "round.edit",
    "round.delete",
    "round.restore",
    "round.undo",
}
CLOSE_UNKNOWN_SESSION = 4404
# Reads a socket may ask for, as (burst, per second): each builds a state or scores a round, so a
# flood on one socket is refused at once instead of queueing the other tables' work behind it.
# A page asks for the state when it missed a version and previews a round at each count typed.
# A holder renews its lease at most every few seconds while typing: a flood of renewals is refused.
SOCKET_RATES = {"state": (5, 1.0), "round.preview": (20, 10.0), "lock.renew": (5, 0.5)}
TOO_FAST = gettext_noop("Too many %(type)s messages on this connection; wait a moment and try again")
# Look again this long after a lease should have ended, so the database surely sees it lapsed.
EXPIRY_MARGIN = 0.25
# Clock slack when asking whether another socket renewed the lease after this one did.
RENEWAL_SLACK = 0.05


@database_sync_to_async
def find_session(key: str) -> tuple[Session, Viewer] | None:
    return session_by_key(key)


@database_sync_to_async
def build_state(session_id: int, viewer: Viewer) -> dict | None:
    # Fetched afresh each time: settings and `finished` change under a long-lived socket.
    session = Session.objects.filter(pk=session_id).first()
    return None if session is None else table_state(session, viewer=viewer)


@database_sync_to_async
def read_lock(session_id: int) -> dict | None:
    return lock_state(session_id)


@database_sync_to_async
def preview_round(session_id: int, content: dict) -> dict:
    session = Session.objects.get(pk=session_id)
    asked = PreviewRequest.parse_closed(content, beside=ENVELOPE)
    return round_preview(session, asked.entry, number=asked.number)


@database_sync_to_async
def write_and_reply(
    service: Callable, viewer: Viewer, **arguments: object
) -> tuple[services.RoundWrite, dict]:
    """The write and its reply in one hop to the sync thread (the reply takes the state its publish kept)."""
    write = service(**arguments)
    return write, write_reply(write, arguments["session"], viewer=viewer)  # type: ignore[arg-type]


@database_sync_to_async
def run_service(service: Callable, *before: object, **arguments: object) -> object:
    return service(*before, **arguments)


def error_reply(message_id: object, status: int, message: str, **extra: object) -> dict:
    return {"type": "reply", "id": message_id, "ok": False, "status": status, "error": message, **extra}


class SessionConsumer(JsonSocket):
    session: Session
    viewer: Viewer
    links: dict
    group: str | None = None
    lock_token: str | None = None
    # When this socket last renewed the lease it holds, by the lease's clock.
    renewed_at: datetime | None = None
    expiry_check: asyncio.Task | None = None
    allowances: dict[str, Allowance]

    async def connect(self) -> None:
        self.allowances = {kind: Allowance(*rate) for kind, rate in SOCKET_RATES.items()}
        found = await find_session(self.scope["url_route"]["kwargs"]["key"])
        self.log("socket.connect", status=404 if found is None else 200)
        # Accept first: a close before the handshake reaches a browser as a bare 403, without the code.
        await self.accept()
        if found is None:
            await self.close(code=CLOSE_UNKNOWN_SESSION)
            return
        self.session, self.viewer = found
        # The keys never change, so neither do this socket's links: built once, not per event.
        self.links = links_json(self.session, self.viewer)
        self.group = group_name(self.session.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.send_state("state")

    async def disconnect(self, code: int) -> None:
        self.log("socket.close", code=code)
        self.stop_watching()
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
        if self.lock_token:
            # A courtesy only: the lease expiry is what guarantees the lock comes free.
            # A lease this device renewed since on another socket is left alone.
            quiet_for = max(0.0, (clock.now() - self.renewed_at).total_seconds() - RENEWAL_SLACK)
            await run_service(
                lock_disconnect, session=self.session, token=self.lock_token, quiet_for=quiet_for
            )

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: object
    ) -> None:
        """Refuse a frame that is not JSON with a reply, instead of dropping the socket."""
        try:
            content = json.loads(text_data) if text_data else None
        except (ValueError, RecursionError):
            content = None
        await self.receive_json(content)

    async def receive_json(self, content: object, **kwargs: object) -> None:
        if self.group is None:
            return
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            status, body = refusal(ProtocolError(400, _("Send a JSON object with a type")))
            await self.send_json(error_reply(None, status, body.pop("error"), **body))
            return
        kind, message_id = content["type"], content.get("id")
        started = time.perf_counter()
        try:
            answer = await self.answer(kind, content)
        except (ProtocolError, Refusal) as error:
            status, body = refusal(error)
            answer = error_reply(message_id, status, body.pop("error"), **body)
        except Exception:
            # One bad message must not cost the device its live table.
            logger.exception("Socket message %s failed", kind)
            answer = error_reply(message_id, 500, _("Something went wrong; nothing was changed"))
        if answer is not None:
            await self.send_json({"type": "reply", "id": message_id, "ok": True, **answer})
        status = answer.get("status", 200) if answer is not None else 200
        self.log(
            "socket.message", type=kind, status=status, ms=round((time.perf_counter() - started) * 1000, 2)
        )

    async def answer(self, kind: str, content: dict) -> dict | None:
        """The reply's fields; None when the answer is the state message itself."""
        allowance = self.allowances.get(kind)
        if allowance is not None and not allowance.take():
            raise ProtocolError(429, _(TOO_FAST) % {"type": kind})
        if kind == "state":
            await self.send_state("state")
            return None
        if kind == "round.preview":
            # Followers may preview too: nothing is written.
            return {"round": await preview_round(self.session.pk, content)}
        if kind not in WRITES:
            raise ProtocolError(400, _("Unknown message type: %(type)s") % {"type": kind})
        if self.viewer is not Viewer.EDITOR:
            raise ProtocolError(403, _(VIEW_ONLY), field="key")
        if kind.startswith("lock."):
            return await self.lock_message(kind, content)
        return await self.round_message(kind, content)

    async def lock_message(self, kind: str, content: dict) -> dict:
        token = content.get("token") or self.lock_token
        if kind == "lock.release":
            released = await run_service(lock_release, session=self.session, token=token)
            self.lock_token = None
            return {"released": released}
        asked = LockMessage.parse(content)
        if kind == "lock.renew":
            grant = await run_service(
                lock_counted, lock_renew, session=self.session, token=token, counts=asked.counts
            )
        elif kind == "lock.takeover":
            grant = await run_service(
                lock_counted,
                lock_takeover,
                session=self.session,
                device=asked.device,
                editing_round=asked.round,
            )
        else:
            grant = await run_service(
                lock_counted,
                lock_acquire,
                session=self.session,
                device=asked.device,
                token=token,
                editing_round=asked.round,
                counts=asked.counts,
            )
        self.holding(grant.token)
        return grant.as_json()

    async def round_message(self, kind: str, content: dict) -> dict:
        token = content.get("token") or self.lock_token
        asked = RoundMessage.parse_closed(content, beside=ROUND_MESSAGE)
        release = asked.release_lock
        arguments = {"session": self.session, "token": token, **asked.once()}
        if (action := kind.removeprefix("round.")) in services.HISTORY_WRITES:
            service = services.HISTORY_WRITES[action]
            arguments["version_id"] = clean_version_id(content.get("version"))
        elif kind == "round.delete":
            service, arguments["number"] = services.round_delete, content.get("number")
        elif kind == "round.edit":
            service, arguments["number"] = services.round_edit, content.get("number")
            arguments["entry"] = clean_round_entry(content)
        else:
            service, arguments["entry"] = services.round_add, clean_round_entry(content)
        with written_from(self.channel_name):  # the group's message skips this socket: the reply has it
            write, reply = await write_and_reply(service, self.viewer, **arguments)
        if release:
            self.lock_token = None
        elif not write.replayed and isinstance(token, str):
            self.holding(token)  # a write is activity: it renewed the lease
        self.watch_expiry(reply["state"]["lock"])
        return {**reply, "number": write.number, "replayed": write.replayed, "deleted": write.deleted}

    @classmethod
    async def encode_json(cls, content: dict) -> str:
        # A write's reply holds the whole state: its rounds' JSON is reused, not encoded again.
        return reply_json(content)

    def log(self, event: str, **fields: object) -> None:
        log_socket(logger, self.scope, event, **fields)

    def holding(self, token: str) -> None:
        self.lock_token = token
        self.renewed_at = clock.now()

    async def table_changed(self, message: dict) -> None:
        """A change, built once for the whole group: add this viewer's fields and pass it on."""
        kinds = message["events"]
        if "state" not in message:
            await self.send_lock(message["lock"], kinds)
            return
        if message.get("origin") == self.channel_name:
            return  # this socket's own write: its reply carries the same state
        state = for_viewer(message["state"], self.session, self.viewer, links=self.links)
        await self.send_json({"type": kinds[0], "events": kinds, "state": state})
        self.watch_expiry(state["lock"])

    async def send_lock(self, lock: dict | None, kinds: list[str]) -> None:
        await self.send_json({"type": kinds[0], "events": kinds, "lock": lock})
        self.watch_expiry(lock)

    async def send_state(self, event: str) -> None:
        """The full state, read now: on connect, and when the device asks (it missed a version)."""
        state = await build_state(self.session.pk, self.viewer)
        if state is None:
            await self.close(code=CLOSE_UNKNOWN_SESSION)
            return
        await self.send_json({"type": event, "events": [event], "state": state})
        self.watch_expiry(state["lock"])

    def watch_expiry(self, lock: dict | None) -> None:
        """Nobody need send anything for a lapsed lease to reach this device: look again when it ends."""
        self.stop_watching()
        if lock is not None:
            self.expiry_check = asyncio.create_task(self.recheck_lock(lock["expires_in"] + EXPIRY_MARGIN))

    def stop_watching(self) -> None:
        # A recheck that is sending the state replaces itself; it is not cancelled halfway.
        if self.expiry_check is not None and self.expiry_check is not asyncio.current_task():
            self.expiry_check.cancel()
        self.expiry_check = None

    async def recheck_lock(self, delay: float) -> None:
        await asyncio.sleep(delay)
        await self.send_lock(await read_lock(self.session.pk), ["lock.changed"])
