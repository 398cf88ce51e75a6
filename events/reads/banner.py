"""What an event table's page shows of the event (SPEC 11.1), above the table's own totals: the
event and its round, the time left; once the table has finished, the standings and, once the
next round is drawn, each of its players' next table (its hands then stay as they are: a tap on
one says so). At a table of the last round, what the night waits for, then "The night is over"
with the final standings: no page of a night that is over speaks of a round to come."""

from __future__ import annotations

import json
from datetime import UTC

from django.db.models import Max
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from events.models import EventRound, EventSeat, EventTable
from events.reads.progress import event_progress, next_line, waiting_text
from events.reads.standings import event_standings

# The refusal of a correction at a table whose round is over (events/services/tables.py), which its page
# also says when a hand is tapped, before any sheet opens or lock is taken.
TABLE_DRAWN_ON = gettext_noop(
    "Table %(table)s of %(event)s: round %(round)s is drawn, so this table's hands stay as they are"
)


def hand_words(done: str = "") -> str:
    """The table page's script sentences about a round, in a club night's words (a round is the
    event's draw, a deal a hand), translated: JSON for static/js/render.js's t() and tn().
    `done`: what a key on the finished table says when it is not the next draw it waits for (the
    last round's: what the night waits for, or that it is over; once the next round is drawn,
    that the hands stay as they are)."""
    words = {
        "The round is on its way; once it is in, Undo takes it back": _(
            "The hand is on its way; once it is in, Undo takes it back"
        ),
        "The evening is over: Reopen and play on to add a round": done
        or _("This table has played its hands: the organizer draws the next round"),
        "Correct round %(number)s": _("Correct hand %(number)s"),
        "Save round %(number)s": _("Save hand %(number)s"),
        "No round is being entered: type or tap the first player's cards left to start one": _(
            "No hand is being entered: type or tap the first player's cards left to start one"
        ),
        "No round is being entered: tap the players in the order they went out to start one": _(
            "No hand is being entered: tap the players in the order they went out to start one"
        ),
        "No round is being entered: type each player's score to start one": _(
            "No hand is being entered: type each player's score to start one"
        ),
        "Round %(number)s corrected": _("Hand %(number)s corrected"),
        "Round %(number)s added": _("Hand %(number)s added"),
        "Delete round %(number)s? The totals will change; the round stays in the history.": _(
            "Delete hand %(number)s? The totals will change; the hand stays in the history."
        ),
        "Round %(number)s deleted": _("Hand %(number)s deleted"),
        "Round %(number)s is back as it was": _("Hand %(number)s is back as it was"),
        "Round %(number)s restored": _("Hand %(number)s restored"),
        "Delete round %(number)s": _("Delete hand %(number)s"),
        "New round": _("New hand"),
        "+%(count)s round pending, not in the totals yet": [
            ngettext(
                "+%(count)s hand pending, not in the totals yet",
                "+%(count)s hands pending, not in the totals yet",
                count,
            )
            for count in (1, 2)
        ],
    }
    return json.dumps(words, ensure_ascii=False)


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
        "hand_words": hand_words(),
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
            context["closed"] = _(TABLE_DRAWN_ON) % {
                "table": table.number,
                "event": event.name,
                "round": event_round.number + 1,
            }
        progress = event_progress(event) if table.later or event_round.number >= event.rounds else None
        if progress is not None and progress.status == "over":
            context["over"] = next_line(progress)  # "The night is over", as the organizer's line says
        elif event_round.number >= event.rounds:
            context["waiting"] = waiting_text(progress)  # the last round: the tables the night waits for
        elif table.later:
            context["next_round"] = EventRound.objects.filter(event=event).aggregate(last=Max("number"))[
                "last"
            ]
            context["next_tables"] = [
                {"name": by_id[player]["name"], "table": by_id[player]["table"]} for player in seated
            ]
        done = context.get("over") or context.get("waiting") or context.get("closed")
        if done:  # a key on this finished table: no next draw to wait for, or it is drawn already
            context["hand_words"] = hand_words(done)
    return context
