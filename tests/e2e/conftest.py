"""Browser tests: real headless Chromium (Debian's, no Playwright download) against real daphne.

The browser is Debian's chromium-headless-shell: the same engine and version as its `chromium`
without the full browser around it, which costs a third of the CPU a page (1.04 s against 0.35 s
of Chromium CPU to open a session page on a new phone, 2026-12-05). CHROMIUM=/usr/bin/chromium
runs them in the full browser.

The server runs in its own process on the test database, so these tests commit
for real (transactional_db) and talk to it only over HTTP, like a phone would.
"""

import json
import os
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

from tests.servers import ROOT, daphne

# Playwright's sync API drives an event loop in this thread between calls; the
# test code itself only uses HTTP, so Django's async-safety guard can stand down.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium-headless-shell")
PHONE = {"width": 360, "height": 740}
SCREENSHOTS = ROOT / "test-artifacts" / "screenshots"
CSP_PREFIX = "CSP violation:"
CSP_WATCH = (
    "document.addEventListener('securitypolicyviolation', (event) => console.error("
    f"'{CSP_PREFIX} ' + event.violatedDirective + ' ' + event.blockedURI + ' ' + event.sourceFile + ':' + event.lineNumber));"
)
SERVER_ENV = {"LOCK_GRACE_SECONDS": "1", "LOCK_IDLE_SECONDS": "3", "LOCK_LEASE_SECONDS": "30"}
TRY_EVERY_MS = 100


def wait_in_page(page, script, arg=None, timeout=15_000):
    """Evaluate `script` in the page until it answers truthy, and return that answer.

    For a check that must await (the service worker's caches): Playwright's wait_for_function
    takes an async predicate's promise for a yes without awaiting it, so such a wait never
    waited. Tries every TRY_EVERY_MS for about `timeout` ms, then fails with the last answer."""
    for _ in range(timeout // TRY_EVERY_MS):
        answer = page.evaluate(script, arg)
        if answer:
            return answer
        page.wait_for_timeout(TRY_EVERY_MS)
    raise AssertionError(f"the page still answers {answer!r} after {timeout} ms to {script.strip()[:120]}")


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(item.fspath).parent.name == "e2e":
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server_url(django_db_setup, django_db_blocker):
    with daphne(**SERVER_ENV) as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: `make test` installs it (apt-get install -y chromium-headless-shell)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


class Phone:
    """One device at the table: a browser context with its own storage and name.

    Without `worker`, the page's service worker is not let in (a browser that has none, or a
    first visit before it is ready): installing it fetches the whole shell again for every phone,
    about a quarter of these tests' CPU. The tests about working without a
    connection and about the policy are marked `service_worker` and keep it.
    """

    def __init__(self, browser, server_url, name, *, javascript=True, worker=False):
        self.context = browser.new_context(
            viewport=PHONE,
            java_script_enabled=javascript,
            has_touch=True,
            locale="en-GB",
            service_workers="allow" if worker else "block",
        )
        self.context.add_init_script(f"localStorage.setItem('bigtwo.device', {json.dumps(name)})")
        # Every Content-Security-Policy violation is an error of the test, whatever the page.
        self.context.add_init_script(CSP_WATCH)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self.console)
        self.server_url = server_url
        self.name = name
        self.javascript = javascript

    def console(self, message):
        # A policy the browser refuses or does not understand is reported in the console.
        if any(policy in message.text for policy in ("Content Security Policy", "Permissions-Policy")) or (
            message.text.startswith(CSP_PREFIX)
        ):
            self.errors.append(message.text)

    def open(self, path, *, live=True):
        """Go to a page; on a session page, wait until its socket is live.

        Once in a while, on a machine busy with both passes, headless Chromium never fires a
        page's load event although the server answered every request the page made (seen once
        in eight runs of the suite): such a visit is made once more, and a second miss fails."""
        try:
            self.page.goto(self.server_url + path, timeout=15_000)
        except PlaywrightTimeoutError:
            self.page.goto(self.server_url + path, timeout=15_000)
        if self.javascript and live:
            self.page.wait_for_selector("[data-status='live']", timeout=10_000)
        return self.page

    def close(self):
        self.context.close()


@pytest.fixture
def phones(request, browser, server_url, transactional_db):
    opened = []
    worker = request.node.get_closest_marker("service_worker") is not None

    def make(name="Ann's phone", **options):
        phone = Phone(browser, server_url, name, **{"worker": worker, **options})
        opened.append(phone)
        return phone

    yield make
    errors = [error for phone in opened for error in phone.errors]
    for phone in opened:
        phone.close()
    assert errors == [], f"JavaScript errors: {errors}"


class LiveApi:
    """The JSON API of the running server."""

    def __init__(self, base):
        self.base = base

    def call(self, method, path, body=None, token=None):
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Entry-Lock"] = token
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def create(self, **fields):
        status, state = self.call(
            "POST", "/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"], **fields}
        )
        assert status == 201, state
        return state

    def state(self, key):
        return self.call("GET", f"/api/sessions/{key}")[1]

    def add_rounds(self, key, *card_lists, device="Script"):
        self.add_hands(key, *({"cards": cards} for cards in card_lists), device=device)

    def add_hands(self, key, *hands, device="Script"):
        """Hands as the API takes them (cards left, typed scores, a Tiến lên order), under one lock."""
        status, grant = self.call("POST", f"/api/sessions/{key}/lock", {"device": device})
        assert status == 200, grant
        for hand in hands:
            status, reply = self.call("POST", f"/api/sessions/{key}/rounds", hand, token=grant["token"])
            assert status == 201, reply
        self.call("DELETE", f"/api/sessions/{key}/lock", token=grant["token"])


@pytest.fixture
def live_api(server_url):
    return LiveApi(server_url)


@pytest.fixture
def screenshot():
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(page, name, **options):
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), **options)

    return take
