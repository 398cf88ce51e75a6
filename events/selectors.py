"""Reads of an event: by key, its rounds and tables with their progress, and its JSON (API.md)."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, QuerySet
from django.db.models.functions import Now
from django.urls import reverse

from events.from_rounds import EntryLock, Viewer, by_key
from events.models import Event, EventBye, EventPlayer, EventRound, EventSeat, EventTable
from events.standings import event_standings


def event_by_key(key: str) -> tuple[Event, Viewer] | None:
    """The event a key opens, and what that key may do."""
    return by_key(Event, key)


def event_links(event: Event, viewer: Viewer) -> dict:
    follow = reverse("events:event", args=[event.view_key])
    links = {
        "follow": follow,
        "screen": reverse("events:screen", args=[event.view_key]),
        "socket": f"/ws/events/{event.view_key}/",
        "export": reverse("events:api-export", args=[event.view_key]),
    }
    if viewer is Viewer.EDITOR:
        links["page"] = reverse("events:event", args=[event.edit_key])
    return links


def event_rounds(event: Event, viewer: Viewer, *, latest_only: bool = False) -> list[dict]:
    """Each round drawn, oldest first: its tables (players in seat order, hands played, finished,
    who is entering now) and its byes. The tables' edit keys only for the event's edit key."""
    rounds = EventRound.objects.filter(event=event)
    if latest_only:
        rounds = rounds.order_by("-number")[:1]
    rounds = sorted(rounds, key=lambda item: item.number)
    tables = list(
        EventTable.objects.filter(event_round__in=rounds)
        .select_related("session")
        .annotate(hands_played=Count("session__rounds"))
        .order_by("event_round__number", "number")
    )
    names: dict[int, list[str]] = defaultdict(list)
    for table_id, name in (
        EventSeat.objects.filter(table__in=tables)
        .order_by("table_id", "index")
        .values_list("table_id", "player__name")
    ):
        names[table_id].append(name)
    holders = dict(
        EntryLock.objects.filter(session__in=[table.pk for table in tables], expires_at__gt=Now())
        .exclude(token="")
        .values_list("session_id", "holder")
    )
    byes: dict[int, list[str]] = defaultdict(list)
    for round_id, name in EventBye.objects.filter(event_round__in=rounds).values_list(
        "event_round_id", "player__name"
    ):
        byes[round_id].append(name)
    per_round: dict[int, list[dict]] = defaultdict(list)
    for table in tables:
        session = table.session
        row = {
            "table": table.number,
            "players": names[table.pk],
            "hands_played": table.hands_played,
            "hands": event.hands,
            "finished": session.finished,
            "view_id": session.view_key,
            "follow": reverse("rounds:session", args=[session.view_key]),
            "entering": holders.get(table.pk) if not session.finished else None,
        }
        if viewer is Viewer.EDITOR:
            row["session"] = session.edit_key
            row["page"] = reverse("rounds:session", args=[session.edit_key])
        per_round[table.event_round_id].append(row)
    return [
        {
            "round": item.number,
            "forced": item.forced,
            "drawn_at": item.drawn_at.isoformat(),
            "tables": per_round[item.pk],
            "byes": sorted(byes[item.pk], key=str.casefold),
        }
        for item in rounds
    ]


def event_json(event: Event, viewer: Viewer, *, latest_only: bool = False) -> dict:
    """The event as GET /api/events/<key> answers (API.md "Events: club night")."""
    body = {
        "view_id": event.view_key,
        "name": event.name,
        "rounds_planned": event.rounds,
        "hands": event.hands,
        "seating": event.seating,
        "rules": event.rules,
        "version": event.version,
        "players": [
            {"id": player.pk, "name": player.name, "dropped": player.dropped}
            for player in EventPlayer.objects.filter(event=event)
        ],
        "links": event_links(event, viewer),
        "rounds": event_rounds(event, viewer, latest_only=latest_only),
        "standings": [line.as_json() for line in event_standings(event)],
    }
    if viewer is Viewer.EDITOR:
        body = {"id": event.edit_key, **body}
    return body


def event_live(event: Event, viewer: Viewer) -> dict:
    """What the event's socket sends: the round in play and the standings (not the players'
    list or the rules, which a draw or a page load brings). The screen's view (the follow key)
    leaves the ratings out: it shows none, and every screen and follower receives it."""
    rated = viewer is Viewer.EDITOR
    return {
        "version": event.version,
        "rounds": event_rounds(event, viewer, latest_only=True),
        "standings": [line.as_json() for line in event_standings(event, ratings=rated)],
    }


def table_ids(sender: object, **kwargs: object) -> QuerySet:
    """Every event's tables: they stay with their event, never purged alone
    (rounds.signals.sessions_kept)."""
    return EventTable.objects.values("session_id")
