"""Joining a table: absolute links and their QR codes (segno, inline SVG), server-side."""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.conf import settings
from django.http import HttpRequest
from django.utils.safestring import SafeString, mark_safe

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


@dataclass(frozen=True)
class ShareLink:
    url: str
    qr_svg: SafeString


def share_link(request: HttpRequest, path: str) -> ShareLink:
    url = request.build_absolute_uri(path)
    svg = segno.make(url, error="m").svg_inline(scale=5, border=2, dark="#000", light="#fff", omitsize=True)
    return ShareLink(url=url, qr_svg=mark_safe(svg))  # segno escapes the URL it draws; the markup is its own


def opened_on_loopback(request: HttpRequest) -> bool:
    return request.get_host().rsplit(":", 1)[0] in LOOPBACK_HOSTS


def lan_url(request: HttpRequest) -> str | None:
    """This page at the machine's LAN address, for phones, when it was opened on loopback."""
    if not opened_on_loopback(request) or not settings.LAN_ADDRESS:
        return None
    return f"http://{settings.LAN_ADDRESS}:{request.get_port()}{request.path}"
