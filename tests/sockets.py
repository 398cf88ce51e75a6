"""Shared by the socket tests: a socket opened for the length of a block, from an allowed origin.

The channel layer of each test's own is the `own_channel_layer` fixture (tests/conftest.py).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from channels.testing import WebsocketCommunicator

from scorekeeper.asgi import application

ORIGIN = (b"origin", b"http://127.0.0.1")
WAIT = 5.0  # seconds to wait for a message that must come


@contextlib.asynccontextmanager
async def opened_socket(path: str) -> AsyncIterator[tuple[WebsocketCommunicator, bool, int | None]]:
    """(the socket, whether it connected, the close code if it did not), closed after the block."""
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN])
    connected, code = await communicator.connect(timeout=WAIT)
    try:
        yield communicator, connected, code
    finally:
        await communicator.disconnect()
