"""Addresses (issue 19): `make run` believes no forwarding header unless PROXY=1, `make serve`
only its own proxy's; a venue of 20 tables behind one address plays a whole night, since a
table playing on (a rematch, a group's evening) is not a stranger starting sessions; strangers
without a key stay limited."""

import asyncio
import json
import urllib.request

import pytest
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from groups.models import Group, GroupEvening
from rounds.models import RateCounter, Session
from scorekeeper import gunicorn_conf
from scorekeeper import settings as defaults
from scorekeeper.workers import ScorekeeperWorker
from tests.servers import daphne, daphne_args

TABLES = 20
REMATCHES = 3  # a whole night: four evenings at every table, 80 in all, where 30 was the limit


@pytest.fixture
def default_limits(settings):
    """The limits a deployment gets without setting any (the suite's own are generous)."""
    settings.RATE_LIMITS = dict(defaults.RATE_LIMITS)


@pytest.mark.django_db
def test_a_venue_of_20_tables_behind_one_address_plays_a_whole_night(api, default_limits):
    assert defaults.RATE_LIMITS["session"] == (30, 3600)
    keys = [
        api.post("/api/sessions", {"players": ["Ann", "Ben", "Cat", "Dan"]}).json()["id"]
        for _ in range(TABLES)
    ]
    for _ in range(REMATCHES):
        replies = [api.post(f"/api/sessions/{key}/rematch") for key in keys]
        assert [reply.status_code for reply in replies] == [201] * TABLES
        keys = [reply.json()["id"] for reply in replies]
    assert Session.objects.count() == TABLES * (1 + REMATCHES)
    # A stranger from the same address is still held to 30 new sessions an hour.
    strangers = [api.post("/api/sessions", {"players": ["Eve", "Fay"]}).status_code for _ in range(11)]
    assert strangers == [201] * 10 + [429]


@pytest.mark.django_db
def test_a_clubs_group_counts_its_evenings_against_the_group_not_the_address(api, default_limits, settings):
    club = api.post("/api/groups", {"name": "Friday club"}).json()["id"]
    group = Group.objects.get(edit_key=club)
    for table in range(TABLES):
        names = [f"T{table}P{seat}" for seat in range(4)]
        key = api.post("/api/sessions", {"players": names, "group": club}).json()["id"]
        for _ in range(REMATCHES):
            key = api.post(f"/api/sessions/{key}/rematch").json()["id"]
    assert GroupEvening.objects.filter(group=group).count() == TABLES * (1 + REMATCHES)
    # None of it was the address's: it counted the group it made, no new session.
    assert list(RateCounter.objects.values_list("scope", "client", "count").order_by("scope")) == [
        ("evening", f"group:{group.pk}", TABLES * (1 + REMATCHES)),
        ("group", "127.0.0.1", 1),
    ]
    # The group has its own limit, and says so.
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "evening": (TABLES * (1 + REMATCHES), 3600)}
    refused = api.post("/api/sessions", {"players": ["Ann", "Ben"], "group": club})
    assert refused.status_code == 429
    assert refused.json()["error"].startswith("Too many new evenings in this group; try again in ")
    assert refused.json()["field"] is None


def test_make_run_passes_proxy_headers_only_with_proxy_1():
    assert "--proxy-headers" not in daphne_args(8000)
    assert "--proxy-headers" in daphne_args(8000, PROXY="1")
    assert "-v" in daphne_args(8000)  # and daphne's own access log, which prints keys, is off


def create_group(base_url: str, forged: str) -> int:
    request = urllib.request.Request(
        f"{base_url}/api/groups",
        data=json.dumps({"name": "Forged"}).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": forged},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as refused:
        return refused.code


@pytest.mark.django_db(transaction=True)
def test_make_run_believes_no_forged_address(django_db_setup):
    forged = [f"203.0.113.{number}" for number in range(1, 5)]
    with daphne(RATE_LIMIT_GROUPS="3/3600") as base_url:
        assert [create_group(base_url, address) for address in forged] == [201, 201, 201, 429]
    # Behind a proxy (PROXY=1) daphne takes the forwarded address: each of these counts apart.
    with daphne(make={"PROXY": "1"}, RATE_LIMIT_GROUPS="3/3600") as base_url:
        assert [create_group(base_url, address) for address in forged] == [201] * 4


def client_seen_by_make_serve(peer: str, forwarded: str) -> str:
    """The client address the app sees from `peer` sending X-Forwarded-For: `forwarded`, with the
    proxy handling make serve's workers are given (uvicorn's, trusting FORWARDED_ALLOW_IPS)."""
    assert ScorekeeperWorker.CONFIG_KWARGS["proxy_headers"] is True
    seen = {}

    async def app(scope, receive, send):
        seen["client"] = scope["client"][0]

    middleware = ProxyHeadersMiddleware(app, trusted_hosts=gunicorn_conf.forwarded_allow_ips)
    scope = {
        "type": "http",
        "client": (peer, 40000),
        "scheme": "http",
        "headers": [(b"x-forwarded-for", forwarded.encode())],
    }
    asyncio.run(middleware(scope, None, None))
    return seen["client"]


def test_make_serve_trusts_only_its_own_proxy():
    assert gunicorn_conf.forwarded_allow_ips == "127.0.0.1,::1"
    # A stranger straight at a worker: the header is not believed.
    assert client_seen_by_make_serve("198.51.100.7", "203.0.113.1") == "198.51.100.7"
    # Through the proxy, which appends the real peer to whatever the client forged.
    assert client_seen_by_make_serve("127.0.0.1", "203.0.113.1, 198.51.100.7") == "198.51.100.7"
