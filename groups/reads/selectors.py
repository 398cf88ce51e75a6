"""Reads of a group: the group payload, its evenings, and its season (figures in groups/rules/season.py)."""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping
from datetime import date
from fractions import Fraction

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, TextField
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils.translation import gettext

from groups import signals as clubs
from groups.inputs import clean_group_settings
from groups.models import Group, GroupEvening, GroupPlayer, GroupSeat
from groups.rules import season as season_rules
from groups.rules.league import LeagueRules
from groups.rules.season import ALL_DATES, DateRange, Evening, Season, SeasonRound
from groups.rules.skill import Ratings
from rounds.public import (
    Player,
    Round,
    Session,
    SessionSettings,
    Viewer,
    by_key,
    money,
    settlement_of,
    stored_settings,
)
from rounds.rules.names import alphabetical
from rounds.rules.ruleset import RoundRules
from rounds.rules.scoring import real_losses
from rounds.rules.tien_len_hand import TienLenHand, tien_len_ranks


def season_link(sender: object, *, session: object, **kwargs: object) -> dict | None:
    """The menu link from a group's evening to its season page, read-only (rounds.signals.session_links)."""
    group = Group.objects.filter(evenings__session_id=session.pk).only("name", "view_key").first()
    if group is None:
        return None
    return {
        "url": reverse("groups:group", kwargs={"group": group.view_key}),
        "label": gettext("Season of %(group)s") % {"group": group.name},
        "kind": "season",
    }


def evening_ids(sender: object, **kwargs: object) -> QuerySet:
    """Every group's evenings: they go with their group, never alone (rounds.signals.sessions_kept)."""
    return GroupEvening.objects.values("session_id")


def group_by_key(key: str) -> tuple[Group, Viewer] | None:
    """The group a key opens, and what that key may do."""
    return by_key(Group, key)


def group_rules(group: Group) -> SessionSettings | None:
    """The group's own rules (SPEC 5 "Our rules"), read as they were stored (a setting added or
    tightened since changes nothing); None while the group has none. Its evenings, rematches and
    club nights start from them."""
    return None if group.rules is None else stored_settings(group.rules)


def league_rules(group: Group) -> LeagueRules:
    """The club's league rules (SPEC 13): its own, or the defaults (10, 8, 6, 5, 4, 3, 2, 1; all nights)."""
    if not group.league:
        return LeagueRules()
    return LeagueRules(
        points=tuple(Fraction(str(value)) for value in group.league["points"]),
        best_of=group.league["best_of"],
    )


def group_seats_drawn(group: Group) -> bool:
    """Whether the group's own rules draw the seats of a new evening."""
    return bool(group.rules and group.rules.get("randomize_seats"))


def group_links(group: Group, viewer: Viewer) -> dict:
    key = group.edit_key if viewer is Viewer.EDITOR else group.view_key
    links = {
        "follow": reverse("groups:group", args=[group.view_key]),
        "season": reverse("groups:api-season", args=[key]),
        "export": reverse("groups:api-export", args=[key]),
        "league": reverse("groups:api-league", args=[key]),
        "socket": f"/ws/groups/{key}/",
    }
    if viewer is Viewer.EDITOR:
        links["page"] = reverse("groups:group", args=[group.edit_key])
    return links


def group_json(group: Group, viewer: Viewer) -> dict:
    reply: dict = {
        "view_id": group.view_key,
        "name": group.name,
        "players": [
            {"id": pk, "name": name}
            for pk, name in GroupPlayer.objects.filter(group=group).order_by("pk").values_list("pk", "name")
        ],
        "links": group_links(group, viewer),
        "rules": group.rules,
        "league": league_rules(group).to_json(),
    }
    if viewer is Viewer.EDITOR:
        reply = {"id": group.edit_key, **reply}
    return reply


SESSION_FIELDS = ("pairwise", "totals", "house", "rules_json", "value_per_point", "currency")


def season_evenings(group: Group, dates: DateRange = ALL_DATES) -> list[Evening]:
    """The group's evenings in the range, and the tables of its club nights (SPEC 13), as
    season.py reads them, in six queries however many there are. The sessions are named by
    subqueries, not lists of ids (a list of 1,500 ids took longer to write into SQL than to read),
    and their JSON columns are read as text and parsed in one go."""
    evenings = GroupEvening.objects.filter(group=group)
    if dates.start is not None:
        evenings = evenings.filter(played_on__gte=dates.start)
    if dates.end is not None:
        evenings = evenings.filter(played_on__lte=dates.end)
    found = list(evenings.values_list("session_id", "played_on"))
    seats: dict[int, list[int]] = defaultdict(list)
    for session_id, player_id in (
        GroupSeat.objects.filter(evening__in=evenings)
        .order_by("evening_id", "index")
        .values_list("evening_id", "player_id")
    ):
        seats[session_id].append(player_id)
    units = [(session_id, day, tuple(seats[session_id]), None) for session_id, day in found]
    units += [
        (table.session, table.played_on, table.players, table.night)
        for table in clubs.tables_of(group, dates)
    ]
    held = Q(pk__in=evenings.values("session_id"))
    for tables in clubs.sessions_of([group.pk], dates):
        held |= Q(pk__in=tables)
    sessions = session_rows(Session.objects.filter(held))
    rounds = season_rounds_of(Round.objects.filter(session__in=Session.objects.filter(held).values("pk")))
    return [
        evening_of(sessions[session_id], day, list(players), rounds[session_id], night=night)
        for session_id, day, players, night in units
        if session_id in sessions
    ]


def session_rows(sessions: QuerySet) -> dict[int, dict]:
    """What the season reads of each session: pairwise and house parsed in one go; the currency;
    what it settles to (money), for the few that have a value per point."""
    rows = list(
        sessions.values_list(
            "pk", "value_per_point", "currency", Cast("pairwise", TextField()), Cast("house", TextField())
        )
    )
    parsed = json.loads("[" + ",".join(f"[{row[3]},{row[4]}]" for row in rows) + "]")
    wagered = [row[0] for row in rows if row[1] is not None]
    settled = {
        pk: settlement_of(session) if session.pairwise else None
        for pk, session in (Session.objects.only(*SESSION_FIELDS).in_bulk(wagered).items() if wagered else ())
    }
    return {
        pk: {
            "pk": pk,
            "pairwise": pairwise,
            "house": house,
            "currency": currency,
            "settlement": settled.get(pk),
        }
        for (pk, _value, currency, *_), (pairwise, house) in zip(rows, parsed, strict=True)
    }


def season_rounds_of(found: QuerySet) -> dict[int, list[SeasonRound]]:
    """Each session's rounds as the season reads them, in one query."""
    rounds: dict[int, list[SeasonRound]] = defaultdict(list)
    rows = list(
        found.order_by("session_id", "number").values_list(
            "session_id",
            "winner",
            "covering",
            Cast("rules_json", TextField()),
            Cast("cards", TextField()),
            Cast("penalties", TextField()),
            Cast("hand", TextField()),
        )
    )
    # The JSON columns are parsed in one go: row by row was most of the cost of a long season.
    # A season holds a few sets of rules over thousands of rounds: each read once.
    stored = json.loads("[" + ",".join(f"[{row[4]},{row[5]},{row[6] or 'null'}]" for row in rows) + "]")
    fried: dict[str, int | None] = {}
    for (session_id, winner, covering, rules, *_), (cards, penalties, hand) in zip(rows, stored, strict=True):
        if rules not in fried:
            fried[rules] = RoundRules.from_json(json.loads(rules)).fry_from
        rounds[session_id].append(
            SeasonRound(
                cards=tuple(cards),
                # By place, what each paid: their place's amount, or all of them when covering.
                real_losses=tuple(real_losses(penalties, winner=winner, covering=covering)),
                fry_from=fried[rules],
                **({} if hand is None or "scores" in hand else tien_len_facts(hand, len(penalties))),
            )
        )
    return rounds


def tien_len_facts(hand: dict, players: int) -> dict:
    """A stored Tiến lên hand as the season reads it: ranks, who was killed, who won on the deal."""
    played = TienLenHand.stored(hand, players=players)
    return {"ranks": tien_len_ranks(played), "killed": played.killed, "instant": played.instant}


def evening_of(
    session: dict, played_on: date, players: list[int], rounds: list[SeasonRound], *, night: int | None
) -> Evening:
    settlement = session["settlement"]
    return Evening(
        session=session["pk"],
        played_on=played_on,
        players=tuple(players),
        rounds=tuple(rounds),
        pairwise=tuple(tuple(row) for row in session["pairwise"]),
        house=tuple(session["house"]),
        money=tuple(settlement.net[: len(players)]) if settlement is not None else None,
        currency=session["currency"],
        night=night,
    )


def group_season(group: Group, dates: DateRange = ALL_DATES) -> Season:
    return season_rules.season_of(season_evenings(group, dates))


def roster(group: Group) -> list[dict]:
    """The group's players as its page lists them, by name, each saying whether it may be taken
    off the list: only one who never sat at an evening nor is held by a club night."""
    seated = GroupSeat.objects.filter(evening__group=group, player_id=OuterRef("pk"))
    players = (
        GroupPlayer.objects.filter(group=group)
        .annotate(seated=Exists(seated))
        .values_list("pk", "name", "seated")
    )
    held = {
        member for query in clubs.members_of(group) for member in query.values_list("member_id", flat=True)
    }
    rows = [
        {"id": pk, "name": name, "removable": not seated and pk not in held} for pk, name, seated in players
    ]
    return sorted(rows, key=lambda row: (alphabetical(row["name"]), row["name"]))


def player_names(group: Group) -> dict[int, str]:
    return dict(GroupPlayer.objects.filter(group=group).values_list("pk", "name"))


def season_json(season: Season, names: dict[int, str], ratings: Ratings | None = None) -> dict:
    """API.md's season reply: players by group player id; head to head by index in `players`;
    each player's `rating` (SPEC 12) when `ratings` are given."""
    position = {line.player: index for index, line in enumerate(season.lines)}
    tien_len = any(round_.ranks for evening in season.evenings for round_ in evening.rounds)
    players = []
    for line in season.lines:
        players.append(
            {
                "id": line.player,
                "name": names[line.player],
                "evenings": line.evenings,
                "games": line.games,
                "wins": line.wins,
                "fries": line.fries,
                "real_losses": line.real_losses,
                "net_score": line.net_score,
                **(
                    {figure: getattr(line, figure) for figure in season_rules.TIEN_LEN_FIGURES}
                    if tien_len
                    else {}
                ),
                "per_game": {figure: rate_json(line.per_game(figure)) for figure in season_rules.RATES},
                "rival": position.get(season.rival(line.player, names)),
                "nemesis": position.get(season.nemesis(line.player, names)),
                "money": {
                    currency: money(amount) for currency, amount in season.money.get(line.player, {}).items()
                },
            }
        )
        if ratings is not None and line.player in ratings.players:
            players[-1]["rating"] = ratings.players[line.player].json()
    return {
        "players": players,
        "head_to_head": [
            {"players": [position[pair.first], position[pair.second]], "games": pair.games, "net": pair.net}
            for pair in season.head_to_head
            if pair.first in position and pair.second in position
        ],
        "evenings": len({evening.unit for evening in season.evenings if evening.rounds}),
    }


def rate_json(rate: object) -> str | None:
    return None if rate is None else str(rate)


def evenings_list(group: Group, viewer: Viewer) -> list[dict]:
    """The group's evenings, newest first, each with its players, rounds and the link that opens it."""
    evenings = list(
        GroupEvening.objects.filter(group=group)
        .select_related("session")
        .order_by("-played_on", "-session_id")
        .only("played_on", "imported", "session__edit_key", "session__view_key", "session__finished_at")
    )
    ids = [evening.pk for evening in evenings]
    names: dict[int, list[str]] = defaultdict(list)
    for session_id, name in (
        Player.objects.filter(session_id__in=ids)
        .order_by("session_id", "index")
        .values_list("session_id", "name")
    ):
        names[session_id].append(name)
    counts = dict(
        Round.objects.filter(session_id__in=ids)
        .order_by()
        .values("session_id")
        .annotate(rounds=Count("pk"))
        .values_list("session_id", "rounds")
    )
    # One reverse() for all the links: a season of 200 evenings spent more on them than on its rows.
    link = reverse("rounds:session", args=["KEY"])
    listed = []
    for evening in evenings:
        session = evening.session
        key = session.edit_key if viewer is Viewer.EDITOR else session.view_key
        listed.append(
            {
                "played_on": evening.played_on,
                "players": names[evening.pk],
                "rounds": counts.get(evening.pk, 0),
                "finished": session.finished,
                "imported": evening.imported,
                "link": link.replace("KEY", key),
            }
        )
    return listed


def first_day(group: Group) -> date | None:
    return (
        GroupEvening.objects.filter(group=group)
        .order_by("played_on")
        .values_list("played_on", flat=True)
        .first()
    )


def settings_over_group_rules(group: Group, changes: Mapping[str, object]) -> tuple[SessionSettings, bool]:
    """What was sent for a new evening or the group's rules, read over the group's own rules and
    seat draw (groups/inputs.py's `clean_group_settings`)."""
    return clean_group_settings(changes, rules=group_rules(group), seats_drawn=group_seats_drawn(group))
