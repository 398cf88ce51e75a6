"""Reads of an event: by key, its rounds and tables with their progress, and its JSON (API.md)."""

from __future__ import annotations

from collections import defaultdict
from datetime import UTC
from itertools import combinations

from django.db.models import QuerySet
from django.db.models.functions import Now
from django.urls import reverse

from events.models import Event, EventBye, EventPlayer, EventRound, EventSeat, EventTable
from events.reads.progress import event_progress, next_line, progress_of_rounds, waiting_text
from events.reads.standings import event_standings
from events.reads.tally import current_tallies, tally_rows
from groups.public import GroupPlayer
from rounds.public import EntryLock, Viewer, by_key
from rounds.rules.names import alphabetical, name_key


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


def shown_rounds(event: Event, which: str) -> tuple[list[EventRound], set[int]]:
    """The rounds to show ("all", "latest", or "in_play": the latest and the earlier rounds with
    a table still playing after a forced draw) and, of those earlier ones, the tables to show."""
    rounds = list(EventRound.objects.filter(event=event).order_by("number"))
    if which == "all" or not rounds:
        return rounds, set()
    latest = rounds[-1]
    if which == "latest":
        return [latest], set()
    still = dict(
        EventTable.objects.filter(
            event_round__event=event, event_round__number__lt=latest.number, session__finished_at__isnull=True
        ).values_list("session_id", "event_round_id")
    )
    earlier = set(still.values())
    return [item for item in rounds if item.pk in earlier or item is latest], set(still)


class PathOf:
    """reverse(name, args) resolved once for a thousand tables: the path with a mark for each
    argument (reverse() for every table was a third of an event's JSON at its caps)."""

    def __init__(self, name: str, count: int) -> None:
        self.text = reverse(name, args=[f"~{index}~" for index in range(count)])

    def __call__(self, *args: object) -> str:
        text = self.text
        for index, value in enumerate(args):
            text = text.replace(f"~{index}~", str(value))
        return text


def event_rounds(event: Event, viewer: Viewer, *, which: str = "all") -> list[dict]:
    """Each round shown (shown_rounds), oldest first: its tables (players in seat order, hands
    played, finished, who is entering now, the join page) and its byes; its time limit while a
    table plays. The tables' edit keys only for the event's edit key."""
    rounds, earlier_shown = shown_rounds(event, which)
    latest_id = rounds[-1].pk if rounds else None
    in_rounds = EventTable.objects.filter(event_round__in=rounds)
    tables = [
        row
        for row in tally_rows(
            in_rounds.order_by("event_round__number", "number"),
            "event_round_id",
            "number",
            "session__finished_at",
            "session__view_key",
            "session__edit_key",
        )
        if row["event_round_id"] == latest_id or which == "all" or row["session_id"] in earlier_shown
    ]
    tallies = current_tallies(tables)
    names: dict[int, list[str]] = defaultdict(list)
    for table_id, name in (
        EventSeat.objects.filter(table__event_round__in=rounds)
        .order_by("table_id", "index")
        .values_list("table_id", "player__name")
    ):
        names[table_id].append(name)
    playing = in_rounds.filter(session__finished_at__isnull=True).values("session_id")
    holders = dict(
        EntryLock.objects.filter(session_id__in=playing, expires_at__gt=Now())
        .exclude(token="")
        .values_list("session_id", "holder")
    )
    byes: dict[int, list[str]] = defaultdict(list)
    for round_id, name in EventBye.objects.filter(event_round__in=rounds).values_list(
        "event_round_id", "player__name"
    ):
        byes[round_id].append(name)
    number_of = {item.pk: item.number for item in rounds}
    repeats = meetings_again(event) if event.seating == "mixed" else {}
    session_path, join_path = PathOf("rounds:session", 1), PathOf("events:join", 3)
    per_round: dict[int, list[dict]] = defaultdict(list)
    for row in tables:
        finished = row["session__finished_at"] is not None
        session_id = row["session_id"]
        shown = {
            "table": row["number"],
            "players": names[session_id],
            "hands_played": tallies[session_id].hands,
            "hands": event.hands,
            "finished": finished,
            "view_id": row["session__view_key"],
            "follow": session_path(row["session__view_key"]),
            "join": join_path(event.view_key, number_of[row["event_round_id"]], row["number"]),
            "entering": holders.get(session_id) if not finished else None,
        }
        if viewer is Viewer.EDITOR:
            shown["session"] = row["session__edit_key"]
            shown["page"] = session_path(row["session__edit_key"])
        per_round[row["event_round_id"]].append(shown)
    return [
        round_json(
            item, per_round[item.pk], sorted(byes[item.pk], key=alphabetical), repeats.get(item.number)
        )
        for item in rounds
    ]


def meetings_again(event: Event) -> dict[int, int]:
    """Per round of a mixed event: how many pairs at its tables had met in an earlier round."""
    tables: dict[int, tuple[int, list[int]]] = {}
    for session_id, number, player_id in EventSeat.objects.filter(
        table__event_round__event=event
    ).values_list("table_id", "table__event_round__number", "player_id"):
        tables.setdefault(session_id, (number, []))[1].append(player_id)
    met: set[frozenset] = set()
    again: dict[int, int] = {}
    by_round: dict[int, list[list[int]]] = defaultdict(list)
    for number, players in tables.values():
        by_round[number].append(players)
    for number in sorted(by_round):
        pairs = {frozenset(pair) for players in by_round[number] for pair in combinations(players, 2)}
        again[number] = len(pairs & met)
        met |= pairs
    return again


def round_json(item: EventRound, tables: list[dict], byes: list[str], repeats: int | None) -> dict:
    shown = {
        "round": item.number,
        "forced": item.forced,
        "drawn_at": item.drawn_at.isoformat(),
        "tables": tables,
        "byes": byes,
    }
    if repeats is not None:
        shown["repeats"] = repeats  # mixed seating: pairs at its tables who met in an earlier round
    if item.ends_at is not None and any(not table["finished"] for table in tables):
        shown["ends_at"] = item.ends_at.astimezone(UTC).isoformat()
    return shown


def event_json(event: Event, viewer: Viewer) -> dict:
    """The event as GET /api/events/<key> answers (API.md "Events: club night", "turn 4")."""
    progress = event_progress(event)
    body = {
        "view_id": event.view_key,
        "name": event.name,
        "rounds_planned": event.rounds,
        "hands": event.hands,
        "minutes": event.minutes,
        "seating": event.seating,
        "rules": event.rules,
        "version": event.version,
        "status": progress.status,
        "next": next_line(progress),
        "signup": event.signup,
        "players": players_json(event),
        "links": event_links(event, viewer),
        "rounds": event_rounds(event, viewer),
        "standings": [line.as_json() for line in event_standings(event)],
    }
    if viewer is Viewer.EDITOR:
        body = {"id": event.edit_key, **body}
    return body


def players_json(event: Event) -> list[dict]:
    return [
        {"id": pk, "name": name, "dropped": dropped, "signed_up": signed_up}
        for pk, name, dropped, signed_up in EventPlayer.objects.filter(event=event).values_list(
            "pk", "name", "dropped", "signed_up"
        )
    ]


def signup_json(event: Event, player: EventPlayer) -> dict:
    """The reply to a sign-up: who signed up, and the event's players now."""
    return {"player": {"id": player.pk, "name": player.name}, "players": players_json(event)}


def signups(event: Event) -> list[str]:
    """Who signed themselves up and is still in, in the order they did (the organizer's list)."""
    return list(
        EventPlayer.objects.filter(event=event, signed_up=True, dropped=False).values_list("name", flat=True)
    )


def group_choices(event: Event) -> list[str]:
    """The names to pick from: the players of the event's group (SPEC 13) not in the night yet."""
    if event.group_id is None:
        return []
    players = EventPlayer.objects.filter(event=event)
    taken = set(players.values_list("name_key", flat=True))
    members = players.exclude(member__isnull=True).values("member_id")
    names = GroupPlayer.objects.filter(group_id=event.group_id).exclude(pk__in=members)
    return sorted(
        (name for name in names.values_list("name", flat=True) if name_key(name) not in taken), key=name_key
    )


def signup_context(event: Event, status: str) -> dict:
    """What the follow page's "I'm in" needs: whether it shows, and the names to pick from."""
    is_open = event.signup and status == "before"
    return {"signup_open": is_open, "signup_choices": group_choices(event) if is_open else []}


def event_live(event: Event, viewer: Viewer) -> dict:
    """What the event's socket sends: the round in play (and the tables of earlier rounds still
    playing after a forced draw), the standings, the status and the next step (not the players'
    list or the rules, which a draw or a page load brings). The screen's view (the follow key)
    leaves the ratings out: it shows none, and every screen and follower receives it."""
    rated = viewer is Viewer.EDITOR
    rounds = event_rounds(event, viewer, which="in_play")
    progress = progress_of_rounds(event, rounds)
    return {
        "version": event.version,
        "status": progress.status,
        "next": next_line(progress),
        "waiting": waiting_text(progress) if progress.status == "playing" else "",
        "rounds": rounds,
        "standings": [line.as_json() for line in event_standings(event, ratings=rated)],
        "signup": event.signup,
        # Before the first draw, who signed up (the organizer's page lists them live).
        "signups": signups(event) if progress.status == "before" else [],
    }


def group_events() -> QuerySet:
    """The events that belong to a group (SPEC 13: a club's nights count in its season), which go
    only with their group (purge_groups), never on their own (purge_events)."""
    return Event.objects.filter(group__isnull=False).values("pk")


def table_ids(sender: object, **kwargs: object) -> QuerySet:
    """Every event's tables: they stay with their event, never purged alone
    (rounds.signals.sessions_kept)."""
    return EventTable.objects.values("session_id")
