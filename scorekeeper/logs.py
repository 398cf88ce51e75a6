"""Logs: one line per request and per socket event, as JSON in production (JSON_LOGS=1) or plain
(`make run`), and every other record (django.request's 404s, a failed socket message, gunicorn)
through the same two formatters.

Keys are capabilities (whoever has an edit key may write), so both formatters cut every key in
what they write to its first four characters, enough to tell sessions apart: one redaction for
every logger. A key is found by its shape wherever it stands, not by the words before it: a run
of 16 or more URL-safe characters (session, group and event keys are 24), so a new kind of key is
covered as it comes.
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

# Any run of 16 or more key characters, whatever stands beside it (a key followed by `~`, `%20` or
# `>` in a crafted path is still a key); a long word in a traceback is cut too, the price of it.
KEY = re.compile(r"(?<![A-Za-z0-9_-])([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{12,}(?![A-Za-z0-9_-])")


# What could end a plain line or rewrite the terminal: C0 and C1 controls (newline, ESC, NUL),
# DEL and the Unicode line and paragraph separators.
CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def redacted(text: str) -> str:
    return KEY.sub("\\1…", text)


def escaped(text: str) -> str:
    """Control characters written as Python escapes (`\\n`, `\\x1b`, `\\x00`): a path cannot forge a
    line of the plain log, nor colour the terminal it is read in."""
    return CONTROL.sub(lambda found: found.group().encode("unicode_escape").decode("ascii"), text)


class PlainFormatter(logging.Formatter):
    """A record as one line of text, its `fields` as name=value, keys cut (`make run`, tests).
    The line's own text is escaped; a traceback after it keeps its lines."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        fields = " ".join(f"{name}={value}" for name, value in getattr(record, "fields", {}).items())
        return escaped(f"{super().formatMessage(record)} {fields}".rstrip())

    def format(self, record: logging.LogRecord) -> str:
        return redacted(super().format(record))


class JsonFormatter(logging.Formatter):
    """A record as one JSON object: time, level, logger, message, pid, and any `fields` given,
    keys cut."""

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
        # JSON escapes C0 controls itself, but not DEL, C1 (NEL) or the line separators.
        text = json.dumps(line, ensure_ascii=False, default=str)
        return redacted(CONTROL.sub(lambda found: f"\\u{ord(found.group()):04x}", text))


def log_request(request: HttpRequest, status: int, started: float) -> None:
    """One access line per request, if enabled (the consumers log their socket events alike)."""
    if access.isEnabledFor(logging.INFO):
        fields = {
            "event": "request",
            "method": request.method,
            "path": request.path,
            "status": status,
            "ms": round((time.perf_counter() - started) * 1000, 2),
            "worker": os.getpid(),
        }
        access.info("request", extra={"fields": fields})


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
