"""One line per socket event, for every app's consumers."""

from __future__ import annotations

import logging
import os


def log_socket(log: logging.Logger, scope: dict, event: str, **fields: object) -> None:
    """One line per socket event (`socket.connect`, `socket.message`, `socket.close`) on the
    consumer's own logger; settings.LOGGING routes it, through the formatter that cuts keys."""
    if log.isEnabledFor(logging.INFO):
        fields = {"event": event, "path": scope["path"], "worker": os.getpid(), **fields}
        log.info(event, extra={"fields": fields})
