"""Joining a table: absolute links and their QR codes (segno, inline SVG), server-side."""

from __future__ import annotations

from dataclasses import dataclass

import segno
from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port
from django.utils.safestring import SafeString, mark_safe

LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


@dataclass(frozen=True)
class ShareLink:
    url: str
    qr_svg: SafeString
    # Opened on 127.0.0.1, which no phone can reach: the same link at the machine's LAN address
    # (None when there is none to offer).
    loopback: bool = False
    lan_url: str | None = None


def share_link(request: HttpRequest, path: str) -> ShareLink:
    url = request.build_absolute_uri(path)
    svg = segno.make(url, error="m").svg_inline(scale=5, border=2, dark="#000", light="#fff", omitsize=True)
    loopback = opened_on_loopback(request)
    lan_url = None
    if loopback and settings.LAN_ADDRESS:
        _domain, port = split_domain_port(request.get_host())  # the port the browser used
        lan_url = f"http://{settings.LAN_ADDRESS}:{port or request.get_port()}{path}"
    # segno escapes the URL it draws; the markup is its own
    return ShareLink(url=url, qr_svg=mark_safe(svg), loopback=loopback, lan_url=lan_url)


def opened_on_loopback(request: HttpRequest) -> bool:
    return split_domain_port(request.get_host())[0] in LOOPBACK_HOSTS
