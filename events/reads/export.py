"""The event as CSV: one line per hand per table, safe to open in a spreadsheet."""

from __future__ import annotations

import csv
import io

from django.db.models import Count, Sum

from events.models import Event, EventPlayer, EventSeat, EventTable
from events.reads.table_rules import tables_game
from groups.public import exports
from rounds.public import Round, neutralised
from rounds.rules.mode import Game
from rounds.rules.tien_len_words import TIEN_LEN_EVENTS, tien_len_events, tien_len_places

SEATS = 4


def kept_event_csv(event: Event) -> str:
    """event_csv(), built once per change of what it shows: kept by the event's version (a draw,
    players coming and going), its tables and the sum of the session versions their totals were
    kept at (every change of a hand moves it, events/reads/tally.py), and its players' names."""
    tables = Event.objects.filter(pk=event.pk).aggregate(
        count=Count("event_rounds__tables"), versions=Sum("event_rounds__tables__tally_version")
    )
    version = Event.objects.filter(pk=event.pk).values_list("version", flat=True).first()
    names = tuple(EventPlayer.objects.filter(event=event).order_by("pk").values_list("pk", "name"))
    key = ("export.csv", event.view_key, version, tables["count"], tables["versions"], names)
    return exports.remembered(key, lambda: event_csv(event))


def event_csv(event: Event) -> str:
    """Event round, table, hand, then per seat the player, cards left and score, and the winner.
    A Tiến lên night has each player's place out where the cards go, and the hand's events
    (killed, left in hand, chops, instant win) before the winner, as a Tiến lên session's CSV; a
    hand of typed scores leaves its cards empty."""
    tien_len = tables_game(event) is Game.TIEN_LEN
    header = ["round", "table", "hand"]
    for seat in range(1, SEATS + 1):
        header += [f"player {seat}", f"{'place' if tien_len else 'cards'} {seat}", f"score {seat}"]
    header += [*(TIEN_LEN_EVENTS if tien_len else ()), "winner"]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(header)
    tables = list(
        EventTable.objects.filter(event_round__event=event)
        .select_related("event_round")
        .order_by("event_round__number", "number")
    )
    names: dict[int, list[str]] = {table.pk: [] for table in tables}
    for table_id, name in (
        EventSeat.objects.filter(table__in=tables)
        .order_by("table_id", "index")
        .values_list("table_id", "player__name")
    ):
        names[table_id].append(neutralised(name))
    hands: dict[int, list[tuple]] = {table.pk: [] for table in tables}
    for row in (
        Round.objects.filter(session_id__in=list(names))
        .order_by("session_id", "number")
        .values_list("session_id", "number", "cards", "hand", "scores", "winner")
    ):
        hands[row[0]].append(row[1:])
    for table in tables:
        players = names[table.pk]
        for number, cards, hand, scores, winner in hands[table.pk]:
            line = [table.event_round.number, table.number, number]
            # A Tiến lên hand's places where the cards go; typed scores have neither.
            counts = tien_len_places(hand, len(players)) if tien_len and hand else cards
            for seat in range(SEATS):
                if seat < len(players):
                    line += [players[seat], counts[seat] if counts else "", scores[seat]]
                else:
                    line += ["", "", ""]
            if tien_len:
                line += tien_len_events(hand, players) if hand else [""] * len(TIEN_LEN_EVENTS)
            line.append(players[winner])
            writer.writerow(line)
    return "\ufeff" + buffer.getvalue()
