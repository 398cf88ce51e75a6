"""A screen's page in the socket tests: the state it keeps, merged from each message the way
static/js/event-live.js does (the whole view, then what changed, each numbered after the last)."""

from __future__ import annotations

from channels.testing import WebsocketCommunicator

from tests.sockets import WAIT


def merged(state: dict, message: dict) -> dict:
    """The state after a difference (events/live/messages.py), as the page merges it."""
    rest = {key: value for key, value in message.items() if key not in SKIPPED}
    state = state | rest
    rounds = [item | {"tables": list(item["tables"])} for item in state["rounds"]]
    for change in message.get("tables", []):
        tables = next(item for item in rounds if item["round"] == change["round"])["tables"]
        number = change["table"]["table"]
        tables[next(index for index, table in enumerate(tables) if table["table"] == number)] = change[
            "table"
        ]
    lines = {line["id"]: line for line in state["standings"]} | {
        line["id"]: without_html(line) for line in message.get("standings", [])
    }
    if "order" in message:
        standings = [
            lines[line] | {"place": place}
            for line, place in zip(message["order"], message["places"], strict=True)
        ]
    else:
        standings = [lines[line["id"]] for line in state["standings"]]
    return state | {"rounds": rounds, "standings": standings}


def without_html(line: dict) -> dict:
    return {key: value for key, value in line.items() if key != "html"}


SKIPPED = {"event", "seq", "after", "tables", "standings", "order", "places"}


class Screen:
    """A screen's socket and what its page holds: the state, the number of the last message,
    the live part's HTML as last sent whole, and every message."""

    def __init__(self, socket: WebsocketCommunicator) -> None:
        self.socket = socket
        self.state: dict | None = None
        self.seq = 0
        self.messages: list[dict] = []

    async def receive(self) -> dict:
        message = await self.socket.receive_json_from(WAIT)
        self.messages.append(message)
        if message["event"] == "event.state":
            self.state = message["state"]
        else:
            assert message["event"] == "event.delta"
            assert message["after"] == self.seq  # one socket: nothing is missed
            self.state = merged(self.state, message)
        self.seq = message["seq"]
        return message

    async def until(self, hands: list[int]) -> dict:
        """Messages until the round in play's tables have played `hands` (however long a busy
        machine takes); the last one."""
        message = await self.receive()
        while self.hands_played() != hands:
            message = await self.receive()
        return message

    def hands_played(self) -> list[int]:
        return [table["hands_played"] for table in self.state["rounds"][-1]["tables"]]


def shown_text(message: dict) -> str:
    """The HTML a message brings: the whole live part, or the changed tables' cards."""
    return message.get("html") or "".join(change["html"] for change in message.get("tables", []))
