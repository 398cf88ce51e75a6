"""Reads: the one state payload that the page, the JSON API and the WebSocket all send."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

from django.db.models import TextField
from django.db.models.functions import Cast
from django.urls import reverse

from rounds import scoring
from rounds.errors import RoundMissing, ServiceError
from rounds.locking import lock_state
from rounds.models import (
    JSON_RULE_COLUMNS,
    MAX_ROUND_NUMBER,
    RULE_COLUMNS,
    Hand,
    PaidTransfer,
    Player,
    Round,
    RoundVersion,
    Session,
    rules_of_columns,
)
from rounds.preview import rules_detail
from rounds.scoring import (
    Mode,
    RoundEntry,
    ScoredRound,
    gettext_noop,
    is_whole_number,
)
from rounds.settlement import Settlement, settle
from rounds.standings import Tally, next_round, points_to_target, session_totals, standings, target_losers

HOUSE = "house"  # the house as a party of the settlement and a total (SPEC 3.6)
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,32}")


class Viewer(StrEnum):
    EDITOR = "edit"  # opened with the edit key: may enter rounds
    FOLLOWER = "view"  # opened with the follow key: watches only


def session_by_key(key: str) -> tuple[Session, Viewer] | None:
    """The session a key opens, and what that key may do."""
    if not isinstance(key, str) or not KEY_PATTERN.fullmatch(key):
        return None  # not a key this app makes (a NUL would even upset PostgreSQL)
    session = Session.objects.filter(edit_key=key).first()
    if session is not None:
        return session, Viewer.EDITOR
    session = Session.objects.filter(view_key=key).first()
    if session is not None:
        return session, Viewer.FOLLOWER
    return None


def entry_of(round_: Round, hands: list[tuple[int, int | None]]) -> RoundEntry:
    """A stored round as scoring reads it; `hands` are (cards_left, twos_held) in player order."""
    counts_twos = round_.rules.counts_twos
    return RoundEntry(
        cards=tuple(cards_left for cards_left, _ in hands),
        twos=tuple(twos_held or 0 for _, twos_held in hands) if counts_twos else None,
        covering=round_.covering,
    )


@dataclass(frozen=True)
class ScoredSession:
    players: list[Player]
    rounds: list[tuple[Round, RoundEntry, ScoredRound]]

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]

    def find(self, round_: Round) -> tuple[Round, RoundEntry, ScoredRound]:
        return next(item for item in self.rounds if item[0].pk == round_.pk)

    @property
    def totals(self) -> list[int]:
        return session_totals([scored for _, _, scored in self.rounds], len(self.names))


def scored_session(session: Session) -> ScoredSession:
    """Every round scored afresh from its cards under its own rules, in three queries.

    Only a rescore and the evening's story need this; writes and the state read what is stored.
    """
    players = list(session.players.all())
    names = [player.name for player in players]
    # Ordered by hand, so a restored round (a later pk) sits at its number.
    rounds = list(Round.objects.filter(session=session).order_by("number"))
    hands: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    for round_id, cards_left, twos_held in (
        Hand.objects.filter(round__session=session)
        .order_by("round_id", "player_index")
        .values_list("round_id", "cards_left", "twos_held")
    ):
        hands[round_id].append((cards_left, twos_held))
    scored = []
    for round_ in rounds:
        entry = entry_of(round_, hands[round_.pk])
        scored.append((round_, entry, scoring.score_round(entry, names, round_.rules)))
    return ScoredSession(players=players, rounds=scored)


def money(amount: Decimal) -> str:
    return f"{amount:.2f}"


def value_per_point_json(value: Decimal | None) -> str | None:
    """Two decimals, or more when the value really has them ("0.50", "0.125")."""
    if value is None:
        return None
    exact = value.normalize()
    return money(value) if exact.as_tuple().exponent >= -2 else f"{exact:f}"  # type: ignore[operator]


def settings_json(session: Session) -> dict:
    rules = session.rules.to_json()
    return {
        **rules,
        "rounds": session.rounds_limit,
        "target": session.target,
        "value_per_point": value_per_point_json(session.value_per_point),
        "currency": session.currency,
        "covering_rule": session.covering_rule,
        **({"house_name": session.house_name} if "places" in rules else {}),
    }


def scored_json(entry: RoundEntry, scored: ScoredRound) -> dict:
    """A round as the table reported it and as it scored."""
    return {
        "cards": list(entry.cards),
        "twos": None if entry.twos is None else list(entry.twos),
        "covering": entry.covering,
        "winner": scored.winner,
        "penalties": list(scored.penalties),
        "scores": list(scored.scores),
    }


def stored_tally(session: Session, player_count: int) -> Tally:
    if not session.totals:  # made before it had any round stored
        return Tally.empty(player_count)
    return Tally(
        totals=tuple(session.totals),
        pairwise=tuple(tuple(row) for row in session.pairwise),
        house=tuple(session.house or (0,) * player_count),
    )


def keeps_house(session: Session) -> bool:
    """The house shows in a by_place session, and wherever it was ever given something."""
    return session.mode == Mode.BY_PLACE.value or any(session.house)


def settlement_of(session: Session) -> Settlement | None:
    """Who pays whom, from the pairwise sums the session keeps; no round is scored."""
    if session.value_per_point is None:
        return None
    tally = stored_tally(session, len(session.totals) or session.players.count())
    house = tally.house if keeps_house(session) else None
    return settle(tally.pairwise, session.value_per_point, house=house)


def party_json(index: int, player_count: int) -> int | str:
    """A party of the settlement: a player's index, or "house" (paying by place)."""
    return HOUSE if index == player_count else index


def settlement_json(session: Session) -> dict | None:
    settlement = settlement_of(session)
    if settlement is None:
        return None
    paid = set(PaidTransfer.objects.filter(session=session).values_list("payer", "payee", "amount"))
    players = len(session.totals) or session.players.count()
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


def stored_rounds(session: Session, known: list[dict] | None = None) -> list[dict]:
    """Every round as stored, with its running totals, in one query; nothing is scored here.

    `known`: rounds 1..k already built and unchanged since, so only the later ones are read.
    The JSON columns come back as text and are parsed in one go: decoding them row by row
    was most of the cost of a long evening's state.
    """
    known = known or []
    rule_columns = [Cast(name, TextField()) if name in JSON_RULE_COLUMNS else name for name in RULE_COLUMNS]
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
            *rule_columns,
        )
    )
    stored = json.loads(
        "[" + ",".join("[" + ",".join(text or "null" for text in row[5:9]) + "]" for row in rows) + "]"
    )
    rules: dict[tuple, dict] = {}  # an evening has a few sets of rules, shared by its rounds
    running: list[int] = known[-1]["totals_after"] if known else []
    rounds = list(known)
    for row, (cards, twos, penalties, scores) in zip(rows, stored, strict=True):
        number, covering, winner, edited, house = row[:5]
        rules_key = row[9:]
        if rules_key not in rules:
            rules[rules_key] = rules_of_columns(rules_key).to_json()
        running = [total + score for total, score in zip(running or [0] * len(scores), scores, strict=True)]
        rounds.append(
            {
                "number": number,
                "cards": cards,
                "twos": twos,
                "covering": covering,
                "winner": winner,
                "penalties": penalties,
                "scores": scores,
                "totals_after": running,
                "rules": rules[rules_key],
                "edited": bool(edited),
                **({"house": house} if "places" in rules[rules_key] else {}),
            }
        )
    return rounds


def shared_state(session: Session, *, known_rounds: list[dict] | None = None) -> dict:
    """The table as every device sees it, from stored values, in five queries at most.

    `session` must be read after the change it shows; `known_rounds`: its first rounds as
    already built, unchanged since. The viewer's own fields are added by for_viewer(),
    which needs no query, so one build serves every device.
    """
    players = list(session.players.all())
    rounds = stored_rounds(session, known_rounds)
    tally = stored_tally(session, len(players))
    totals = list(tally.totals)
    mode = Mode(session.mode)
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
        "settlement": settlement_json(session),
        "lock": lock_state(session.pk),
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


def version_json(version: RoundVersion) -> dict:
    return {
        "id": version.pk,
        "lineage": str(version.lineage),
        "action": version.action,
        "number": version.number,
        "cards": version.cards,
        "twos": version.twos,
        "covering": version.covering,
        "scores": version.scores,
        "rules": version.rules,
        "device": version.device,
        "at": version.created_at.isoformat(),
    }


def round_by_number(session: Session, number: object) -> Round:
    wellformed = is_whole_number(number) and 1 <= number <= MAX_ROUND_NUMBER  # type: ignore[operator]
    round_ = Round.objects.filter(session=session, number=number).first() if wellformed else None
    if round_ is None:
        raise RoundMissing(number)
    return round_


def round_history(session: Session, number: object) -> list[dict]:
    """Every version of a round, oldest first (the last is how it stands now), also from
    before it was deleted and restored."""
    lineage = round_by_number(session, number).lineage
    versions = RoundVersion.objects.filter(session=session, lineage=lineage).order_by("pk")
    return [version_json(version) for version in versions]


def session_history(session: Session) -> list[dict]:
    """Every version of every round, deleted ones included, newest first.

    `restorable` marks the versions of rounds that are deleted now.
    """
    live = set(Round.objects.filter(session=session).values_list("lineage", flat=True))
    return [
        {**version_json(version), "restorable": version.lineage not in live}
        for version in RoundVersion.objects.filter(session=session).order_by("-pk")
    ]


def round_preview(session: Session, entry: RoundEntry, *, number: object = None) -> dict:
    """Score a round without storing it: under the session's rules, or those of round `number`.

    Raises ScoringError exactly as adding it would, so the entry panel shows the
    same message inline before anything is sent for real.
    """
    names = [player.name for player in session.players.all()]
    if number is None:
        rules, kept = session.rules, None
    else:
        round_ = round_by_number(session, number)
        rules, kept = round_.rules, round_.covering
    check_covering_rule(session, entry, kept=kept)
    entry = scoring.validate_round(entry, names, rules)
    scored = scoring.score_checked(entry, rules)
    return scored_json(entry, scored) | rules_detail(entry, scored, rules)


def check_covering_rule(session: Session, entry: RoundEntry, *, kept: int | None = None) -> None:
    """Covering is named only in a session that plays the covering (assistant) rule, or `kept`
    on a round played with it when it is corrected after the rule was turned off."""
    if entry.covering is not None and not session.covering_rule and entry.covering != kept:
        raise ServiceError(
            gettext_noop("Covering: this session does not use the covering rule"), field="covering"
        )
