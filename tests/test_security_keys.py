"""A follow (view) key writes nothing, over any write the app takes: every HTTP write of a
session, a group and a club night, JSON and page forms alike, sent with the follow key (and the
lock's token, as if a follower had it) is refused and leaves every stored row as it was. Each
case is sent with the edit key too, which reaches its service: the refusal is the key's. A sign-up
is the one write a night's follow key makes, on purpose (SPEC 13), and only while the organizer
has opened it. A socket from another site is refused for every kind of socket."""

import pytest
from channels.testing import WebsocketCommunicator
from django.apps import apps
from django.core import serializers
from django.test import Client
from django.urls import get_resolver

from scorekeeper.asgi import application
from tests.events.helpers import draw
from tests.sockets import WAIT

pytestmark = pytest.mark.django_db

CACHES = {"RateCounter", "SeasonRatings", "EventRatings"}  # counts and ratings kept for reads
PLAYERS = ["Ann", "Ben", "Cat", "Dan"]
HAND = {"cards": [0, 4, 5, 6]}
SETTINGS_FORM = {"mode": "points", "base_rate": "1", "length": "open", "rescore": "future"}


def stored():
    """Every row of the apps' tables but the counters and caches, as text."""
    models = [
        model
        for name in ("rounds", "groups", "events")
        for model in apps.get_app_config(name).get_models()
        if model.__name__ not in CACHES
    ]
    return {model.__name__: serializers.serialize("json", model.objects.order_by("pk")) for model in models}


@pytest.fixture
def world(api):
    """A played session (paying a point), a group with an evening, a club night drawn (and one
    not yet drawn, for a swap), each by its keys."""
    session = api.post("/api/sessions", {"players": PLAYERS, "value_per_point": "1"}).json()
    token = api.post(f"/api/sessions/{session['id']}/lock", {"device": "Ann's phone"}).json()["token"]
    api.post(f"/api/sessions/{session['id']}/rounds", HAND, token=token)
    api.call("delete", f"/api/sessions/{session['id']}/lock", token=token)
    group = api.post("/api/groups", {"name": "Club"}).json()
    api.post(f"/api/groups/{group['id']}/evenings", {"players": PLAYERS})
    player = api.get(f"/api/groups/{group['id']}").json()["players"][0]["id"]
    night = api.post(
        "/api/events",
        {"name": "Night", "players": [*PLAYERS, "Eve", "Fay", "Gus", "Hal"], "rounds": 2, "hands": 1},
    ).json()
    draw(api, night["id"])
    early = api.post(
        "/api/events", {"name": "Early", "players": [*PLAYERS, "Eve"], "rounds": 2, "hands": 1}
    ).json()
    # The round's first version, by its id: not 1 on PostgreSQL, whose ids run on across tests.
    version = api.get(f"/api/sessions/{session['id']}/history").json()["versions"][0]["id"]
    return {
        "version": version,
        "s": (session["id"], session["view_id"]),
        "g": (group["id"], group["view_id"]),
        "e": (night["id"], night["view_id"]),
        "early": (early["id"], early["view_id"]),
        "player": player,
        "group_edit": group["id"],
        "group_view": group["view_id"],
    }


# (what, method, path with {s}, {g}, {e} or {early}, body, form or JSON, whether the lock is held)
JSON, FORM = "json", "form"
WRITES = [
    ("rules", "patch", "/api/sessions/{s}", {"rounds": 7}, JSON, False),
    ("lock", "post", "/api/sessions/{s}/lock", {"device": "Ben's phone"}, JSON, False),
    ("lock release", "delete", "/api/sessions/{s}/lock", None, JSON, True),
    ("add", "post", "/api/sessions/{s}/rounds", {"cards": [5, 0, 7, 8]}, JSON, True),
    ("correct", "put", "/api/sessions/{s}/rounds/1", {"cards": [5, 0, 7, 8]}, JSON, True),
    ("delete", "delete", "/api/sessions/{s}/rounds/1", None, JSON, True),
    ("rematch", "post", "/api/sessions/{s}/rematch", {}, JSON, False),
    (
        "paid",
        "post",
        "/api/sessions/{s}/transfers/paid",
        {"from": 3, "to": 0, "amount": "21", "paid": True},
        JSON,
        False,
    ),
    ("restore", "post", "/api/sessions/{s}/history/{version}/restore", {}, JSON, True),
    ("undo", "post", "/api/sessions/{s}/history/{version}/undo", {}, JSON, True),
    ("page: add", "post", "/s/{s}/rounds/add", {"cards": ["5", "0", "7", "8"]}, FORM, False),
    ("page: settings", "post", "/s/{s}/settings", SETTINGS_FORM, FORM, True),
    ("page: wager", "post", "/s/{s}/settle/", {"value_per_point": "2"}, FORM, False),
    (
        "page: paid",
        "post",
        "/s/{s}/settle/paid",
        {"from": "3", "to": "0", "amount": "21", "paid": "1"},
        FORM,
        False,
    ),
    ("group: rename", "patch", "/api/groups/{g}", {"name": "Ours"}, JSON, False),
    ("group: evening", "post", "/api/groups/{g}/evenings", {"players": PLAYERS}, JSON, False),
    ("group: roster", "post", "/api/groups/{g}/players", {"names": ["Zoe"]}, JSON, False),
    ("group: player", "patch", "/api/groups/{g}/players/{player}", {"name": "Annie"}, JSON, False),
    ("group: remove", "delete", "/api/groups/{g}/players/{player}", None, JSON, False),
    ("group: import", "post", "/api/groups/{g}/import", "2013-01-10\nAnn Ben\n0 5\n", "text", False),
    (
        "group page: evening",
        "post",
        "/g/{g}/evenings/new",
        {"player_0": "Ann", "player_1": "Ben"},
        FORM,
        False,
    ),
    ("group page: rules", "post", "/g/{g}/rules", {"clear": "1"}, FORM, False),
    (
        "group page: rename",
        "post",
        "/g/{g}/players/rename",
        {"player": "{player}", "name": "Annie"},
        FORM,
        False,
    ),
    ("group page: add", "post", "/g/{g}/players/add", {"names": "Zoe"}, FORM, False),
    ("group page: remove", "post", "/g/{g}/players/remove", {"player": "{player}"}, FORM, False),
    ("group page: league", "post", "/g/{g}/league", {"points": "3 2 1"}, FORM, False),
    (
        "group page: import",
        "post",
        "/g/{g}/import",
        {"log": "2013-01-10\nAnn Ben\n0 5\n", "commit": "1"},
        FORM,
        False,
    ),
    (
        "group page: club night",
        "post",
        "/e/new/{g}",
        {"name": "N", "ticked": PLAYERS, "players": "Eve", "rounds": "1", "hands": "1"},
        FORM,
        False,
    ),
    ("night: players", "patch", "/api/events/{e}", {"add": ["Zoe"]}, JSON, False),
    ("night: draw", "post", "/api/events/{e}/rounds", {"force": True}, JSON, False),
    ("night: end", "post", "/api/events/{e}/rounds/end", {}, JSON, False),
    ("night: sign-up switch", "patch", "/api/events/{early}", {"signup": True}, JSON, False),
    ("night: sign-up", "post", "/api/events/{early}/signup", {"name": "Zoe"}, JSON, False),
    ("night page: draw", "post", "/e/{e}/draw", {"force": "1"}, FORM, False),
    ("night page: end", "post", "/e/{e}/end", {"confirm": "1"}, FORM, False),
    ("night page: players", "post", "/e/{e}/players", {"add": "Zoe"}, FORM, False),
    ("night page: sign-up switch", "post", "/e/{early}/signup/switch", {"signup": "1"}, FORM, False),
    ("night page: sign-up", "post", "/e/{early}/signup", {"name": "Zoe"}, FORM, False),
    ("night page: swap", "post", "/e/{early}/swap", {"first": "Ann", "second": "Eve"}, FORM, False),
    # A new evening or night under a group's follow key joins no group.
    (
        "group's evening by its key",
        "post",
        "/api/sessions",
        {"players": PLAYERS, "group": "{g}"},
        JSON,
        False,
    ),
    (
        "group's night by its key",
        "post",
        "/api/events",
        {"name": "N", "players": PLAYERS, "group": "{g}"},
        JSON,
        False,
    ),
]


def send(api, client, world, case, which):
    _what, method, path, body, kind, locked = case
    keys = {name: world[name][which] for name in ("s", "g", "e", "early")}
    keys["player"] = world["player"]
    keys["version"] = world["version"]
    path = path.format(**keys)
    token = None
    if locked:  # the lock taken by the edit key, its token sent as if the follower had it
        token = api.post(f"/api/sessions/{world['s'][0]}/lock", {"device": "Ann's phone"}).json()["token"]
        if isinstance(body, dict) and kind == FORM:
            body = {**body, "token": token}
    if isinstance(body, dict):
        body = {
            name: value.format(**keys) if isinstance(value, str) else value for name, value in body.items()
        }
    before = stored()
    if kind == FORM:
        reply = getattr(client, method)(path, body)
    elif kind == "text":
        reply = api.call(method, path, body, content_type="text/plain")
    else:
        reply = api.call(method, path, body, token=token)
    return reply, before


@pytest.mark.parametrize("case", WRITES, ids=[case[0] for case in WRITES])
def test_the_follow_key_writes_nothing(api, client, world, case):
    reply, before = send(api, client, world, case, which=1)
    if case[0].endswith("sign-up"):  # the night's follow key signs up, only once it is opened
        assert reply.status_code == 403, reply.content
    elif "by its key" in case[0]:
        assert reply.status_code == 400, reply.content
        assert reply.json()["field"] == "group"
    else:
        assert reply.status_code in (403, 404), (reply.status_code, reply.content[:300])
    assert stored() == before


ORGANIZERS = [case for case in WRITES if not case[0].endswith("sign-up")]


@pytest.mark.parametrize("case", ORGANIZERS, ids=[case[0] for case in ORGANIZERS])
def test_the_edit_key_reaches_each_write_above(api, client, world, case):
    """The same request with the edit key is not refused for its key: the sweep above holds. (A
    sign-up is the follow key's, below.)"""
    reply, _before = send(api, client, world, case, which=0)
    assert reply.status_code not in (403, 404), (reply.status_code, reply.content[:300])


@pytest.mark.parametrize(
    "path",
    ["/ws/sessions/{s}/", "/ws/groups/{g}/", "/ws/events/{e}/", "/ws/events/{e}/changes/"],
)
@pytest.mark.parametrize("origin", [b"http://evil.example", b"null", b"http://127.0.0.1.evil.example"])
@pytest.mark.django_db(transaction=True)
async def test_a_socket_from_another_site_is_refused_on_every_socket(path, origin):
    from asgiref.sync import sync_to_async

    from events.inputs import clean_event
    from events.services.event_writes import event_create
    from groups.models import Group
    from rounds.models import Session
    from tests.factories import make_session

    session = await sync_to_async(make_session)()
    group = await sync_to_async(Group.objects.create)(name="Club")
    plan = clean_event({"name": "Night", "players": PLAYERS, "rounds": 1, "hands": 1})
    event = await sync_to_async(event_create)(plan=plan)
    path = path.format(s=session.view_key, g=group.view_key, e=event.view_key)
    assert await sync_to_async(Session.objects.count)() == 1
    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", origin)])
    try:
        accepted, _ = await communicator.connect(WAIT)
        assert accepted is False
    finally:
        if not communicator.future.done():
            await communicator.disconnect()


def test_every_write_route_is_in_the_sweep():
    """A new write route joins WRITES: each route with a key in it is listed (or reads only)."""
    reads_only = {
        "session",
        "table",
        "settle-partial",
        "api-export-csv",
        "api-export-json",
        "api-recap-png",
        "api-recap-txt",
        "api-history",
        "api-requests",
        "api-session-history",
        "api-preview",
        "group",
        "season-partial",
        "league-print",
        "api-season",
        "api-league",
        "api-league-csv",
        "api-export",
        "event",
        "screen",
        "ratings",
        "my-table",
        "join",
        "banner",
        "print-tables",
        "print-standings",
        "print-slips",
        "api-session",
        "api-group",
        "api-event",
    }
    swept = {case[2].split("?")[0] for case in WRITES}
    missing = []
    for pattern in get_resolver().url_patterns:
        for route in getattr(pattern, "url_patterns", [pattern]):
            text = str(route.pattern)
            if "<str:" not in text or route.name in reads_only:
                continue
            shaped = "/" + text.replace("<str:key>", "{s}").replace("<str:group>", "{g}").replace(
                "<str:event>", "{e}"
            )
            shaped = (
                shaped.replace("<int:number>", "1")
                .replace("<int:player>", "{player}")
                .replace("<int:version>", "{version}")
            )
            if shaped not in swept and shaped.replace("{e}", "{early}") not in swept:
                missing.append((route.name, shaped))
    assert missing == []


def test_a_nights_follow_key_signs_up_once_the_organizer_opens_it(api, world):
    edit, view = world["early"]
    assert api.patch(f"/api/events/{edit}", {"signup": True}).status_code == 200
    reply = api.post(f"/api/events/{view}/signup", {"name": "Zoe"})
    assert reply.status_code == 201, reply.content
    assert reply.json()["player"]["name"] == "Zoe"


FORMS = [case for case in WRITES if case[4] == FORM]
NEW = [
    (
        "new evening",
        "post",
        "/",
        {"player_0": "Ann", "player_1": "Ben", "mode": "points", "base_rate": "1", "length": "open"},
        FORM,
        False,
    ),
    ("new group", "post", "/g/new", {"name": "Ours"}, FORM, False),
    (
        "new night",
        "post",
        "/e/new",
        {"name": "N", "players": "Ann\nBen\nCat\nDan", "rounds": "1", "hands": "1"},
        FORM,
        False,
    ),
    ("language", "post", "/i18n/setlang/", {"language": "vi", "next": "/"}, FORM, False),
]


@pytest.mark.parametrize("case", FORMS + NEW, ids=[case[0] for case in FORMS + NEW])
def test_every_page_form_needs_its_csrf_token(api, world, case):
    """Each form a page posts, with the edit key and without the page's token: refused, nothing
    stored (the JSON API takes no cookie, so it has no token to need)."""
    strict = Client(enforce_csrf_checks=True)
    reply, before = send(api, strict, world, case, which=0)
    assert reply.status_code == 403, (reply.status_code, reply.content[:300])
    assert b"Please try again" in reply.content
    assert stored() == before
