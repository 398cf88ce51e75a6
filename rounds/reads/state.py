"""The one state payload (the page, the JSON API and the socket all send it).

shared_state() builds the table from stored values; the viewer's own fields are added by
for_viewer() without a query, so one build serves every device. After each change
rounds/services/publish.py builds it once and keeps it (rounds/reads/state_cache.py).
"""

from __future__ import annotations

import json
from decimal import Decimal

from django.db.models import TextField
from django.db.models.functions import Cast
from django.urls import reverse

from rounds.models import (
    PaidTransfer,
    Player,
    Round,
    Session,
    rules_of_json,
)
from rounds.reads.selectors import HOUSE, Viewer, keeps_house, lock_state, stored_tally
from rounds.rules import fields
from rounds.rules.fields import Kind
from rounds.rules.hands import shown_hand
from rounds.rules.ruleset import Mode
from rounds.rules.settlement import Settlement, settle
from rounds.rules.standings import next_round, points_to_target, standings, target_losers

# Stands for "read the lock now" where a caller did not hand the lock on.
UNREAD = object()


def money(amount: Decimal) -> str:
    return f"{amount:.2f}"


def value_per_point_json(value: Decimal | None) -> str | None:
    """Two decimals, or more when the value really has them ("0.50", "0.125")."""
    if value is None:
        return None
    exact = value.normalize()
    return money(value) if exact.as_tuple().exponent >= -2 else f"{exact:f}"  # type: ignore[operator]


def settings_json(session: Session) -> dict:
    """The rules, then each of the session's own settings (rounds/rules/fields.py) the state
    shows in this mode, as the API takes them back."""
    rules = session.rules
    shown = {"game": rules.game.value} | rules.to_json()
    for setting in fields.SESSION:
        if setting.always_shown or rules.mode in setting.modes:
            value = session.own_setting(setting)
            shown[setting.name] = value_per_point_json(value) if setting.kind is Kind.MONEY else value
    return shown


def settlement_of(session: Session, player_count: int | None = None) -> Settlement | None:
    """Who pays whom, from the pairwise sums the session keeps; no round is scored."""
    if session.value_per_point is None:
        return None
    tally = stored_tally(session, players_of(session, player_count))
    house = tally.house if keeps_house(session) else None
    return settle(tally.pairwise, session.value_per_point, house=house)


def players_of(session: Session, player_count: int | None = None) -> int:
    """How many play: from the stored totals, else as the caller counted them, else counted now."""
    if session.totals:
        return len(session.totals)
    return session.players.count() if player_count is None else player_count


def party_json(index: int, player_count: int) -> int | str:
    """A party of the settlement: a player's index, or "house" (paying by place)."""
    return HOUSE if index == player_count else index


def settlement_json(session: Session, player_count: int | None = None) -> dict | None:
    settlement = settlement_of(session, player_count)
    if settlement is None:
        return None
    paid = set(PaidTransfer.objects.filter(session=session).values_list("payer", "payee", "amount"))
    players = players_of(session, player_count)
    shown = {
        "net": [money(amount) for amount in settlement.net[:players]],
        "transfers": [
            {
                "from": party_json(transfer.payer, players),
                "to": party_json(transfer.payee, players),
                "amount": money(transfer.amount),
                "paid": (transfer.payer, transfer.payee, transfer.amount) in paid,
            }
            for transfer in settlement.transfers
        ],
        "pairwise": [[money(amount) for amount in row[:players]] for row in settlement.pairwise[:players]],
    }
    if len(settlement.net) > players:
        shown["house"] = {
            "net": money(settlement.net[players]),
            "pairwise": [money(amount) for amount in settlement.pairwise[players][:players]],
        }
    return shown


def links_json(session: Session, viewer: Viewer) -> dict:
    key = session.edit_key if viewer is Viewer.EDITOR else session.view_key
    links = {
        "follow": reverse("rounds:session", args=[session.view_key]),
        "table": reverse("rounds:table", args=[session.view_key]),
        "socket": f"/ws/sessions/{key}/",
        "settle": reverse("rounds:settle", args=[key]),
    }
    if viewer is Viewer.EDITOR:
        links["page"] = reverse("rounds:session", args=[session.edit_key])
    return links


def round_json(stored: dict, running: list[int], rules: dict) -> dict:
    """One round of the state: as stored (`stored` has the Round's fields), with the totals after it."""
    return {
        "number": stored["number"],
        "cards": stored["cards"],
        "twos": stored["twos"],
        "covering": stored["covering"],
        "winner": stored["winner"],
        "penalties": stored["penalties"],
        "scores": stored["scores"],
        "totals_after": running,
        "rules": rules,
        "edited": bool(stored["edited"]),
        **({"house": stored["house"]} if "places" in rules else {}),
        **shown_hand(stored.get("hand")),
        # 锄大地's doublings, where the round's rules play them (SPEC 15).
        **({"spade_two": stored["spade_two"]} if "spade_two" in rules else {}),
        **({"bombs": stored["bombs"]} if "bombs" in rules else {}),
    }


def running_after(running: list[int], scores: list[int]) -> list[int]:
    return [total + score for total, score in zip(running or [0] * len(scores), scores, strict=True)]


def stored_rounds(session: Session, known: list[dict] | None = None) -> list[dict]:
    """Every round as stored, with its running totals, in one query; nothing is scored here.

    `known`: rounds 1..k already built and unchanged since, so only the later ones are read.
    The JSON columns come back as text and are parsed in one go: decoding them row by row
    was most of the cost of a long evening's state.
    """
    known = known or []
    rows = list(
        Round.objects.filter(session=session, number__gt=len(known))
        .order_by("number")
        .values_list(
            "number",
            "covering",
            "winner",
            "edited",
            "house",
            Cast("cards", TextField()),
            Cast("twos", TextField()),
            Cast("penalties", TextField()),
            Cast("scores", TextField()),
            Cast("rules_json", TextField()),
            Cast("hand", TextField()),
            "spade_two",
            "bombs",
        )
    )
    parsed = json.loads(
        "["
        + ",".join("[" + ",".join(text or "null" for text in (*row[5:9], row[10])) + "]" for row in rows)
        + "]"
    )
    rules: dict[str, dict] = {}  # an evening has a few sets of rules, shared by its rounds
    running: list[int] = known[-1]["totals_after"] if known else []
    rounds = list(known)
    for row, (cards, twos, penalties, scores, hand) in zip(rows, parsed, strict=True):
        number, covering, winner, edited, house = row[:5]
        rules_key = row[9]
        if rules_key not in rules:
            rules[rules_key] = rules_of_json(rules_key).to_json()
        running = running_after(running, scores)
        stored = {
            "number": number,
            "cards": cards,
            "twos": twos,
            "covering": covering,
            "winner": winner,
            "penalties": penalties,
            "scores": scores,
            "edited": edited,
            "house": house,
            "hand": hand,
            "spade_two": row[11],
            "bombs": row[12],
        }
        rounds.append(round_json(stored, running, rules[rules_key]))
    return rounds


def rounds_with(session: Session, known: list[dict] | None, written: Round | None) -> list[dict]:
    """The rounds of the state: `known` and the round a write handed on when it is the one after
    them (nothing is read), else `known` and the later rounds read from the database."""
    if known is None or written is None or written.number != len(known) + 1:
        return stored_rounds(session, known)
    stored = {name: getattr(written, name) for name in ROUND_FIELDS}
    rules = written.rules.to_json()
    if known and known[-1]["rules"] == rules:
        rules = known[-1]["rules"]  # the same object, as stored_rounds() shares it
    running = running_after(known[-1]["totals_after"] if known else [], list(written.scores))
    return [*known, round_json(stored, running, rules)]


ROUND_FIELDS = (
    "number",
    "cards",
    "twos",
    "covering",
    "winner",
    "penalties",
    "scores",
    "edited",
    "house",
    "hand",
    "spade_two",
    "bombs",
)


def shared_state(
    session: Session,
    *,
    known_rounds: list[dict] | None = None,
    players: list[Player] | None = None,
    lock: object = UNREAD,
    written: Round | None = None,
) -> dict:
    """The table as every device sees it, from stored values, in five queries at most.

    `session` must be read after the change it shows; `known_rounds`: its first rounds as
    already built, unchanged since. A write hands on what it already read or wrote: the
    `players`, the `lock` as it left it, the round it `written` (the last one).
    """
    players = list(session.players.all()) if players is None else players
    rounds = rounds_with(session, known_rounds, written)
    tally = stored_tally(session, len(players))
    totals = list(tally.totals)
    mode = Mode(session.rules_json["mode"])
    upcoming = next_round(
        rounds_played=len(rounds),
        seats=[player.seat for player in players],
        last_winner=rounds[-1]["winner"] if rounds else None,
    )
    ranked = standings(totals, mode)
    rank_of = {standing.player: standing.rank for standing in ranked}
    return {
        "version": session.version,
        "players": [
            {
                "name": player.name,
                "seat": player.seat,
                "total": totals[player.index],
                "rank": rank_of[player.index],
            }
            for player in players
        ],
        "settings": settings_json(session),
        "rounds": rounds,
        "rounds_from": 1,
        "totals": totals,
        "standings": [
            {"player": standing.player, "rank": standing.rank, "total": standing.total} for standing in ranked
        ],
        "finished": session.finished,
        "target_losers": target_losers(totals, session.target),
        "to_target": points_to_target(totals, session.target),
        "next": {
            "round": upcoming.number,
            "leader": upcoming.leader,
            "dealer": upcoming.dealer,
            "direction": upcoming.direction.value,
        },
        "settlement": settlement_json(session, len(players)),
        "lock": lock_state(session.pk) if lock is UNREAD else lock,
        **({"house": tally.house_total} if keeps_house(session) else {}),
    }


def for_viewer(shared: dict, session: Session, viewer: Viewer, *, links: dict | None = None) -> dict:
    """The shared state with what only this viewer may see: the keys, its links, whether it can edit.

    `links`: this viewer's links_json(), when the caller keeps them (a socket, for every event)."""
    links = links_json(session, viewer) if links is None else links
    state = {**shared, "links": links, "can_edit": viewer is Viewer.EDITOR}
    if viewer is Viewer.EDITOR:
        state = {"id": session.edit_key, "view_id": session.view_key, **state}
    return state


def table_state(session: Session, *, viewer: Viewer) -> dict:
    """The whole table in one payload, in a constant number of queries."""
    return for_viewer(shared_state(session), session, viewer)


def rounds_since(state: dict, rounds_from: int | None) -> dict:
    """The state with only the rounds from `rounds_from` on (all the rest is whole)."""
    count = len(state["rounds"])
    first = count + 1 if rounds_from is None else max(1, min(rounds_from, count + 1))
    if first == 1:
        return state
    return {**state, "rounds": state["rounds"][first - 1 :], "rounds_from": first}
