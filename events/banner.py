"""What an event table's page shows of the event (SPEC 11.1), above the table's own totals: the
event and its round, the time left; once the table has finished, the standings and, once the
next round is drawn, each of its players' next table."""

from __future__ import annotations

from datetime import UTC

from django.db.models import Max
from django.urls import reverse

from events.models import EventRound, EventSeat, EventTable
from events.standings import event_standings


def table_banner(table: EventTable, session: object) -> dict:
    """The banner's context (events/_table_banner.html) for `table`, whose session is `session`."""
    event_round = table.event_round
    event = event_round.event
    finished = session.finished_at is not None
    context = {
        "event": event,
        "round": event_round.number,
        "planned": event.rounds,
        "table": table.number,
        "finished": finished,
        "follow": reverse("events:event", args=[event.view_key]),
        "changes": f"/ws/events/{event.view_key}/changes/",
        "refresh": reverse("events:banner", args=[event.view_key, event_round.number, table.number]),
        "ends_at": None,
    }
    if event_round.ends_at is not None and not finished:
        context["ends_at"] = event_round.ends_at.astimezone(UTC).isoformat()
    if finished:
        seated = list(
            EventSeat.objects.filter(table=table).order_by("index").values_list("player_id", flat=True)
        )
        standings = [line.as_json() for line in event_standings(event, ratings=False)]
        by_id = {line["id"]: line for line in standings}
        context["standings"] = standings
        context["seated"] = seated
        if table.later:
            context["next_round"] = EventRound.objects.filter(event=event).aggregate(last=Max("number"))[
                "last"
            ]
            context["next_tables"] = [
                {"name": by_id[player]["name"], "table": by_id[player]["table"]} for player in seated
            ]
    return context
