"""Each event table's totals per seat, kept so the standings never walk every hand (issue 29):
net, hands won and real losses, and the hands played, as of a version of the table's session.

In each change of a table's session (rounds.signals.session_saved, inside the change's own
transaction) `refresh` reads that table's hands (a table holds at most MAX_EVENT_HANDS) and
stores its totals with the session's version. A reader that finds a table's stored version
behind its session's (a change that saved no sums: players seated by a swap) counts that table
from its hands instead (`current_tallies`), so what it shows is never stale.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet, TextField
from django.db.models.functions import Cast

from events.models import EventTable
from rounds.public import Round, Session
from rounds.rules.scoring import real_losses


@dataclass(frozen=True)
class Tally:
    hands: int
    net: list[int]
    wins: list[int]
    real_losses: list[int]

    @classmethod
    def of(cls, pairwise: list[list[int]], hands: Iterable[tuple[int, int | None, list[int]]]) -> Tally:
        """From the session's pairwise sums (its net per player) and its hands (winner, covering,
        penalties)."""
        seats = len(pairwise)
        wins, losses, played = [0] * seats, [0] * seats, 0
        for winner, covering, penalties in hands:
            played += 1
            wins[winner] += 1
            for index, loss in enumerate(real_losses(penalties, winner=winner, covering=covering)):
                losses[index] += loss
        return cls(hands=played, net=[sum(row) for row in pairwise], wins=wins, real_losses=losses)


def hands_by_session(session_ids: Iterable[int]) -> dict[int, list[tuple[int, int | None, list[int]]]]:
    """Each session's hands as (winner, covering, penalties), in one query."""
    rows = list(
        Round.objects.filter(session_id__in=list(session_ids))
        .order_by("session_id", "number")
        .values_list("session_id", "winner", "covering", Cast("penalties", TextField()))
    )
    penalties = json.loads("[" + ",".join(row[3] for row in rows) + "]")
    hands: dict[int, list[tuple[int, int | None, list[int]]]] = defaultdict(list)
    for (session_id, winner, covering, _text), paid in zip(rows, penalties, strict=True):
        hands[session_id].append((winner, covering, paid))
    return hands


def tally_rows(tables: QuerySet, *fields: str) -> list[dict]:
    """The tables' values (`fields` and what current_tallies reads), the stored totals read as
    text and parsed in one go (a JSON field decoded row by row was most of it at 1,000 tables)."""
    rows = list(
        tables.values(
            "session_id",
            "session__version",
            "tally_version",
            "hands_played",
            *fields,
            net_text=Cast("net", TextField()),
            wins_text=Cast("wins", TextField()),
            losses_text=Cast("real_losses", TextField()),
        )
    )
    parsed = json.loads(
        "[" + ",".join(f"[{row['net_text']},{row['wins_text']},{row['losses_text']}]" for row in rows) + "]"
    )
    for row, (net, wins, losses) in zip(rows, parsed, strict=True):
        row["net"], row["wins"], row["real_losses"] = net, wins, losses
    return rows


def current_tallies(rows: list[dict]) -> dict[int, Tally]:
    """Each table's totals by session id, from `rows` (tally_rows): as stored when their version
    is the session's, else counted now from the hands."""
    stale = [row["session_id"] for row in rows if row["tally_version"] != row["session__version"]]
    hands = hands_by_session(stale) if stale else {}
    pairwise = dict(Session.objects.filter(pk__in=stale).values_list("pk", "pairwise")) if stale else {}
    tallies = {}
    for row in rows:
        if row["tally_version"] == row["session__version"]:
            tally = Tally(
                hands=row["hands_played"], net=row["net"], wins=row["wins"], real_losses=row["real_losses"]
            )
        else:
            tally = Tally.of(pairwise[row["session_id"]], hands.get(row["session_id"], []))
        tallies[row["session_id"]] = tally
    return tallies


def refresh(session: object) -> None:
    """Store the totals of the table whose session is changing (`session` as the change saved
    it, in its transaction)."""
    tally = Tally.of(session.pairwise, hands_by_session([session.pk])[session.pk])
    EventTable.objects.filter(session_id=session.pk, tally_version__lt=session.version).update(
        hands_played=tally.hands,
        net=tally.net,
        wins=tally.wins,
        real_losses=tally.real_losses,
        tally_version=session.version,
    )
