import fcntl
import json
import os
from collections import Counter

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import translation
from hypothesis import settings as hypothesis_settings

from tests.reports import COUNTS
from tests.servers import ROOT

# A per-example deadline fails on a busy machine, not on slow code.
hypothesis_settings.register_profile("no-deadline", deadline=None)
hypothesis_settings.load_profile("no-deadline")


def pytest_configure(config):
    """Under pytest-xdist (`make test` runs one worker a pass; `ARGS="-n 2"` runs more) each
    worker has its own test database (pytest-django adds _gw0, _gw1 to its name) and its own
    channel-layer prefix, so two workers' sessions of the same id never share a group on Redis.
    The prefix is set in the environment too, for the servers a worker starts."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    layer = settings.CHANNEL_LAYERS["default"]
    if worker and "prefix" in layer.get("CONFIG", {}):
        layer["CONFIG"]["prefix"] = os.environ["CHANNELS_PREFIX"] = f"{layer['CONFIG']['prefix']}-{worker}"


@pytest.fixture(scope="session", autouse=True)
def collected_static(django_db_blocker):
    """Pages render hashed static names, which need the manifest collectstatic writes. `make test`
    collects them once before both passes (STATIC_COLLECTED=1): no pass writes what the other's
    servers read. A pytest run of its own collects them here, one worker at a time."""
    if os.environ.get("STATIC_COLLECTED") == "1":
        return
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    with (ROOT / "test-artifacts" / "collectstatic.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        call_command("collectstatic", interactive=False, verbosity=0)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """Browser tests last: Playwright's sync API keeps an event loop running in this thread
    from its first use on, which the asyncio (WebSocket) tests cannot share. Tests marked `long`
    first among their kind, so the workers do not wait for one at the end."""
    items.sort(key=lambda item: ("e2e" in item.nodeid.split("/"), item.get_closest_marker("long") is None))


def pytest_itemcollected(item):
    """Tests under tests/pure/ need no database: marked `once` (before -m selects), they run in
    the second pass only."""
    if "pure" in item.nodeid.split("::")[0].split("/")[:-1]:
        item.add_marker(pytest.mark.once)


def pytest_sessionfinish(session):
    """A worker hands its counts to the controller, which prints them."""
    if hasattr(session.config, "workeroutput"):
        session.config.workeroutput["counts"] = dict(COUNTS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node):
    # A worker that crashed has no output: its failures are reported by xdist, not lost here.
    COUNTS.update(Counter(getattr(node, "workeroutput", {}).get("counts", {})))


def pytest_terminal_summary(terminalreporter):
    """The case counts the table-driven and generated tests measured."""
    for what, number in sorted(COUNTS.items()):
        terminalreporter.write_line(f"{what}: {number}")


def pytest_runtest_setup(item):
    if item.get_closest_marker("postgres"):
        engine = settings.DATABASES["default"]["ENGINE"]
        if engine != "django.db.backends.postgresql" or not settings.REDIS_URL:
            pytest.fail(
                "This test needs PostgreSQL and Redis (DATABASE_URL, REDIS_URL); "
                "`make test` provides them in its second pass."
            )
    if item.get_closest_marker("sqlite") and settings.DATABASES["default"]["ENGINE"] != "scorekeeper.sqlite":
        pytest.fail("This test is about SQLite; `make test` runs it in its first pass.")


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language: a request in another one leaves it active in
    the thread (LocaleMiddleware activates it and nothing turns it off), and under pytest-xdist
    no test can count on which tests ran before it in its worker."""
    translation.deactivate()


@pytest.fixture(autouse=True)
def generous_rate_limits(settings):
    """Tests create many sessions from one address; tests/test_rate_limits.py sets tight limits."""
    settings.RATE_LIMITS = generous(settings.RATE_LIMITS)


def generous(limits):
    return {scope: (100_000, 60) for scope in limits}


@pytest.fixture
def frozen_clock():
    """The clock leases, graces and time limits read, stopped: a test moves it (`advance`)
    instead of sleeping, so a busy machine cannot let a lease lapse between two lines."""
    from rounds.clock import clock

    clock.freeze()
    yield clock
    clock.thaw()


@pytest.fixture
def fast_lock(settings):
    """A short lease, idle limit and grace, so expiry tests take a second, not half a minute."""
    settings.LOCK_LEASE_SECONDS = 1.0
    settings.LOCK_IDLE_SECONDS = 0.5
    settings.LOCK_GRACE_SECONDS = 0.3
    return settings


class Api:
    """The JSON API through Django's test client, the way a script would call it."""

    def __init__(self, client):
        self.client = client

    def call(self, method, path, body=None, *, token=None, content_type="application/json"):
        headers = {"X-Entry-Lock": token} if token else {}
        data = "" if body is None else body if isinstance(body, (str, bytes)) else json.dumps(body)
        return getattr(self.client, method)(path, data=data, content_type=content_type, headers=headers)

    def get(self, path):
        return self.client.get(path)

    def post(self, path, body=None, **options):
        return self.call("post", path, body, **options)

    def put(self, path, body=None, **options):
        return self.call("put", path, body, **options)

    def patch(self, path, body=None, **options):
        return self.call("patch", path, body, **options)

    def delete(self, path, body=None, **options):
        return self.call("delete", path, body, **options)


@pytest.fixture
def api(client):
    return Api(client)


@pytest.fixture
async def own_channel_layer():
    """A channel layer of this test's own: the Redis layer keeps state bound to one event loop."""
    from channels.layers import DEFAULT_CHANNEL_LAYER, channel_layers, get_channel_layer

    channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    yield get_channel_layer()
    layer = channel_layers.backends.pop(DEFAULT_CHANNEL_LAYER, None)
    if hasattr(layer, "close_pools"):
        await layer.close_pools()


@pytest.fixture(scope="session", autouse=True)
def flush_by_delete():
    """A transactional test empties the tables after it (Django's flush). On PostgreSQL, TRUNCATE
    replaces each table's files: about a second on a busy machine for tables that hold a few
    rows. DELETE takes milliseconds; the foreign keys are deferred to the flush's commit, when
    every table is empty."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences:
            return truncate(self, style, tables, reset_sequences=True, allow_cascade=allow_cascade)
        return [f"DELETE FROM {self.quote_name(table)};" for table in tables]

    DatabaseOperations.sql_flush = sql_flush
    yield
    DatabaseOperations.sql_flush = truncate
