"""The app shell a phone keeps for the table without a connection (SPEC 9): the service worker
served at /sw.js, the files it keeps, and its version.

The version is a hash of every file under static/ and of the worker's own template, computed
once per process: a deploy that changes any of them gives a new worker, which keeps the new
files under new cache names and drops the old ones when it takes over.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template.loader import get_template, render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog

WORKER_TEMPLATE = "offline/sw.js"
PAGE_SCRIPT = re.compile(r"""{%\s*static\s+['"](js/[^'"]+)['"]\s*%}""")


def static_root() -> Path:
    return Path(settings.STATICFILES_DIRS[0])


@cache
def shell_files() -> tuple[str, ...]:
    """Every file the app serves from static/ (CSS, scripts, icons), by its name there."""
    root = static_root()
    return tuple(sorted(path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()))


@cache
def shell_version() -> str:
    digest = hashlib.sha256()
    root = static_root()
    for name in shell_files():
        digest.update(name.encode() + b"\0" + (root / name).read_bytes())
    digest.update(Path(get_template(WORKER_TEMPLATE).origin.name).read_bytes())
    digest.update(settings.SERVICE_WORKER_RELEASE.encode())
    return digest.hexdigest()[:12]


@cache
def page_scripts() -> frozenset[str]:
    """The scripts a template names (by their hashed name); the others are modules they import."""
    templates = Path(settings.BASE_DIR) / "templates"
    return frozenset(
        name for path in templates.rglob("*.html") for name in PAGE_SCRIPT.findall(path.read_text())
    )


def shell_urls() -> list[str]:
    """What the worker keeps on install, each file by the name it is asked for: styles, icons and
    the scripts of the pages by their hashed names, every module by its plain name (modules
    import each other by it); then the manifest and the JavaScript catalog of the page's language."""
    urls = []
    for name in shell_files():
        if not name.endswith(".js") or name in page_scripts():
            urls.append(static(name))
        if name.endswith(".js"):
            urls.append(f"/{settings.STATIC_URL.strip('/')}/{name}")
    # Under DEBUG a page's script has no hashed name, so its two names are one: each URL once,
    # or the worker's install (which refuses a list naming a file twice) fails in development.
    return list(dict.fromkeys([*urls, reverse("rounds:manifest"), reverse("javascript-catalog")]))


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    body = render_to_string(
        WORKER_TEMPLATE,
        {
            "version": shell_version(),
            "shell": json.dumps(shell_urls()),
            "static_prefix": json.dumps(f"/{settings.STATIC_URL.strip('/')}/"),
            "catalog": json.dumps(reverse("javascript-catalog")),
        },
    )
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on every visit; never from a stale copy.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


class ScriptCatalog(JavaScriptCatalog):
    """The scripts' translations (`gettext`, `ngettext`, `interpolate`), without Django's date and
    number formats: no script reads them (dates take the phone's own form, static/js/device.js),
    and they were a third of what every page loads for its words."""

    def get_context_data(self, **kwargs: object) -> dict:
        return {**super().get_context_data(**kwargs), "formats": {}}
