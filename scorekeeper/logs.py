"""Structured logs for production: one JSON line per request and per socket event (JSON_LOGS=1).

Session keys are capabilities (whoever has the edit key may write), so paths are
logged with each key cut to its first characters: enough to tell sessions apart.
"""

from __future__ import annotations

import json
import logging
import os
import re
import time
from collections.abc import Callable
from datetime import UTC, datetime

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import HttpRequest, HttpResponse

access = logging.getLogger("scorekeeper.access")

KEY_IN_PATH = re.compile(r"/(s|sessions)/([A-Za-z0-9_-]{4})[A-Za-z0-9_-]+")


def redacted(path: str) -> str:
    return KEY_IN_PATH.sub(r"/\1/\2…", path)


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: time, level, logger, message, pid, and any `fields` given."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "pid": record.process,
            "message": record.getMessage(),
            **getattr(record, "fields", {}),
        }
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def log_event(event: str, **fields: object) -> None:
    """One access line (`request`, `socket.connect`, `socket.message`, `socket.close`), if enabled."""
    if access.isEnabledFor(logging.INFO):
        access.info(event, extra={"fields": {"event": event, **fields}})


def log_request(request: HttpRequest, status: int, started: float) -> None:
    log_event(
        "request",
        method=request.method,
        path=redacted(request.path),
        status=status,
        ms=round((time.perf_counter() - started) * 1000, 2),
        worker=os.getpid(),
    )


class AccessLogMiddleware:
    """Times each request and logs it as one line; sync or async, whichever the view is."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if self.is_async:
            return self.__acall__(request)
        started = time.perf_counter()
        response = self.get_response(request)
        log_request(request, response.status_code, started)
        return response

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        started = time.perf_counter()
        response = await self.get_response(request)
        log_request(request, response.status_code, started)
        return response
