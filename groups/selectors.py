"""Reads of a group: the group payload, its evenings, and its season (figures in groups/season.py)."""

from __future__ import annotations

import json
from collections import defaultdict
from datetime import date

from django.db.models import Count, QuerySet, TextField
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils.translation import gettext

from groups import season as season_rules
from groups.models import Group, GroupEvening, GroupPlayer, GroupSeat
from groups.rating import Ratings
from groups.season import ALL_DATES, DateRange, Evening, Season, SeasonRound
from rounds.public import (
    Player,
    Round,
    SessionSettings,
    Viewer,
    by_key,
    money,
    settlement_of,
    stored_settings,
)
from rounds.rules.ruleset import Places
from rounds.rules.scoring import real_losses


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


def group_seats_drawn(group: Group) -> bool:
    """Whether the group's own rules draw the seats of a new evening."""
    return bool(group.rules and group.rules.get("randomize_seats"))


def group_links(group: Group, viewer: Viewer) -> dict:
    key = group.edit_key if viewer is Viewer.EDITOR else group.view_key
    links = {
        "follow": reverse("groups:group", args=[group.view_key]),
        "season": reverse("groups:api-season", args=[key]),
        "export": reverse("groups:api-export", args=[key]),
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
    }
    if viewer is Viewer.EDITOR:
        reply = {"id": group.edit_key, **reply}
    return reply


def fry_from(tiers: list[list[int]]) -> int | None:
    """Cards left from which a hand is fried: where the second tier starts (SPEC 10)."""
    return tiers[1][0] if len(tiers) > 1 else None


def season_evenings(group: Group, dates: DateRange = ALL_DATES) -> list[Evening]:
    """The group's evenings in the range, as season.py reads them, in three queries."""
    evenings = GroupEvening.objects.filter(group=group)
    if dates.start is not None:
        evenings = evenings.filter(played_on__gte=dates.start)
    if dates.end is not None:
        evenings = evenings.filter(played_on__lte=dates.end)
    found = list(
        evenings.select_related("session").only(
            "played_on",
            "session__pairwise",
            "session__totals",
            "session__house",
            "session__rules_json",
            "session__value_per_point",
            "session__currency",
        )
    )
    ids = [evening.pk for evening in found]
    seats: dict[int, list[int]] = defaultdict(list)
    for session_id, player_id in (
        GroupSeat.objects.filter(evening_id__in=ids)
        .order_by("evening_id", "index")
        .values_list("evening_id", "player_id")
    ):
        seats[session_id].append(player_id)
    rounds: dict[int, list[SeasonRound]] = defaultdict(list)
    rows = list(
        Round.objects.filter(session_id__in=ids)
        .order_by("session_id", "number")
        .values_list(
            "session_id",
            "winner",
            "covering",
            Cast("rules_json", TextField()),
            Cast("cards", TextField()),
            Cast("penalties", TextField()),
        )
    )
    # The JSON columns are parsed in one go: row by row was most of the cost of a long season.
    stored = json.loads("[" + ",".join(f"[{row[3]},{row[4]},{row[5]}]" for row in rows) + "]")
    for (session_id, winner, covering, *_), (rules, cards, penalties) in zip(rows, stored, strict=True):
        tiers, places = rules["tiers"], rules.get("places")
        rounds[session_id].append(
            SeasonRound(
                cards=tuple(cards),
                # By place, what each paid: their place's amount, or all of them when covering.
                real_losses=tuple(real_losses(penalties, winner=winner, covering=covering)),
                fry_from=fry_from(tiers) if places is None else Places.from_json(places).heavy_from,
            )
        )
    return [evening_of(evening, seats[evening.pk], rounds[evening.pk]) for evening in found]


def evening_of(evening: GroupEvening, players: list[int], rounds: list[SeasonRound]) -> Evening:
    session = evening.session
    settlement = settlement_of(session) if session.value_per_point is not None and session.pairwise else None
    return Evening(
        session=session.pk,
        played_on=evening.played_on,
        players=tuple(players),
        rounds=tuple(rounds),
        pairwise=tuple(tuple(row) for row in session.pairwise),
        house=tuple(session.house),
        money=tuple(settlement.net[: len(players)]) if settlement is not None else None,
        currency=session.currency,
    )


def group_season(group: Group, dates: DateRange = ALL_DATES) -> Season:
    return season_rules.season_of(season_evenings(group, dates))


def player_names(group: Group) -> dict[int, str]:
    return dict(GroupPlayer.objects.filter(group=group).values_list("pk", "name"))


def season_json(season: Season, names: dict[int, str], ratings: Ratings | None = None) -> dict:
    """API.md's season reply: players by group player id; head to head by index in `players`;
    each player's `rating` (SPEC 12) when `ratings` are given."""
    position = {line.player: index for index, line in enumerate(season.lines)}
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
        "evenings": len([evening for evening in season.evenings if evening.rounds]),
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
