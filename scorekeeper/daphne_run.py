"""`make run`: daphne as its command line runs it, with a request that refuses a body past
REQUEST_BODY_MAX_BYTES before twisted writes it to disk (scorekeeper/body_limit.py says why).

    python -m scorekeeper.daphne_run -b 127.0.0.1 -p 8000 scorekeeper.asgi:application
"""

from __future__ import annotations

from daphne import http_protocol
from daphne.cli import CommandLineInterface

from scorekeeper.body_limit import most, refusal_bytes


class CappedRequest(http_protocol.WebRequest):
    """Refused at its declared length, or at the chunk that passes the limit: the 413 is written
    and the connection closed; nothing more of the body is kept, and the application never sees
    the request."""

    refused = False
    received = 0

    def gotLength(self, length: int | None) -> None:
        if length is not None and length > most():
            self.refuse()
            return
        super().gotLength(length)

    def handleContentChunk(self, data: bytes) -> None:
        if self.refused:
            return
        self.received += len(data)
        if self.received > most():
            self.refuse()
            return
        super().handleContentChunk(data)

    def requestReceived(self, command: bytes, path: bytes, version: bytes) -> None:
        if not self.refused:
            super().requestReceived(command, path, version)

    def refuse(self) -> None:
        self.refused = True
        # The request line is read (the channel keeps its path) before the length and the body.
        path = getattr(self.channel, "_path", b"/api/").decode("latin-1")
        self.channel.transport.write(refusal_bytes(path))
        self.channel.transport.loseConnection()


def main() -> None:
    http_protocol.WebRequest = CappedRequest  # what daphne's factory builds for each request
    CommandLineInterface.entrypoint()


if __name__ == "__main__":
    main()
