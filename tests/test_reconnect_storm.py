"""A reconnect storm on `make serve`: a club night's phones all opening their sockets at once (after
a Wi-Fi drop or a restart) are all let in; none is refused with an HTTP 500 because the count of
sockets per address ran out of Redis connections. The 1,000-socket figure is benchmarks/soak.py's.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket as socket_module
from collections.abc import Iterator

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from scorekeeper.socket_limits import CLOSE_TOO_MANY
from tests.served import PLAYERS, SOCKETS_PER_ADDRESS, Served, serving

TABLES = 10
# Addresses of this run's own (127.0.0.0/8 is all loopback): sockets a server stopped before they
# left (a rerun with the same channel prefix) still count for SOCKET_COUNT_TTL under their address.
BLOCK = f"127.{random.randint(1, 250)}.{random.randint(1, 250)}"
ADDRESSES = [f"{BLOCK}.{40 + index}" for index in range(6)]
PER_ADDRESS = 50  # under the cap of test_serve's server (SOCKETS_PER_ADDRESS): 300 sockets in all


@pytest.fixture(scope="module")
def served(django_db_setup, django_db_blocker) -> Iterator[Served]:
    with serving() as server:
        yield server


async def dial(port: int, key: str, source: str):
    """A phone's socket to `key`'s table, from the loopback address `source` (another client)."""
    raw = socket_module.socket()
    raw.setblocking(False)
    raw.bind((source, 0))
    await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", port))
    return await connect(
        f"ws://127.0.0.1:{port}/ws/sessions/{key}/",
        origin=f"http://127.0.0.1:{port}",
        proxy=None,
        open_timeout=60,
        sock=raw,
    )


async def first_message(phone) -> str:
    """ "state" when the socket is let in; a refusal as its status and then its close code."""
    message = json.loads(await asyncio.wait_for(phone.recv(), 60))
    if message["type"] != "refused":
        return message["type"]
    try:
        await asyncio.wait_for(phone.recv(), 60)
    except ConnectionClosed as closed:
        return f"refused {message['status']}, closed {closed.rcvd.code if closed.rcvd else None}"
    return f"refused {message['status']}, not closed"


async def open_socket(port: int, key: str, source: str) -> str:
    """Open one phone's socket and read its first message, or say what refused it."""
    try:
        async with await dial(port, key, source) as phone:
            return await first_message(phone)
    except InvalidStatus as refused:
        return f"HTTP {refused.response.status_code}"
    except ConnectionClosed as closed:
        return f"closed {closed.rcvd.code if closed.rcvd else None}"
    except TimeoutError:
        return "no answer in 60 s"


async def storm(port: int, keys: list[str]) -> list[str]:
    """Every socket at once: PER_ADDRESS from each address, spread over the tables' follow keys."""
    openings = [
        open_socket(port, keys[(index * PER_ADDRESS + number) % len(keys)], source)
        for index, source in enumerate(ADDRESSES)
        for number in range(PER_ADDRESS)
    ]
    return await asyncio.gather(*openings)


@pytest.mark.postgres
@pytest.mark.long
@pytest.mark.django_db(transaction=True)
def test_300_sockets_opened_at_once_from_six_addresses_all_open(served: Served):
    keys = []
    for _ in range(TABLES):
        status, state = served.call("POST", "/api/sessions", {"players": PLAYERS})
        assert status == 201, state
        keys.append(state["view_id"])

    outcomes = asyncio.run(storm(served.port, keys))

    assert len(outcomes) == len(ADDRESSES) * PER_ADDRESS == 300
    assert {outcome: outcomes.count(outcome) for outcome in set(outcomes)} == {"state": 300}


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_past_the_cap_one_address_is_still_refused_with_4429_after_a_storm(served: Served):
    status, state = served.call("POST", "/api/sessions", {"players": PLAYERS})
    assert status == 201, state

    async def at_the_cap() -> tuple[list[str], str]:
        source = f"{BLOCK}.60"
        held = await asyncio.gather(
            *(dial(served.port, state["view_id"], source) for _ in range(SOCKETS_PER_ADDRESS))
        )
        try:
            opened = await asyncio.gather(*(first_message(phone) for phone in held))
            return opened, await open_socket(served.port, state["view_id"], source)
        finally:
            await asyncio.gather(*(phone.close() for phone in held))

    opened, one_more = asyncio.run(at_the_cap())
    assert opened == ["state"] * SOCKETS_PER_ADDRESS
    assert one_more == f"refused 429, closed {CLOSE_TOO_MANY}"
