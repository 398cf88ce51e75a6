"""The group's evenings back into a paper log (API.md "Paper log format"): GET export.txt."""

from __future__ import annotations

from collections import defaultdict

from django.db.models import TextField
from django.db.models.functions import Cast

from groups.models import Group, GroupEvening, GroupSeat
from groups.reads.season_cache import exports, stamp
from groups.reads.selectors import player_names
from groups.rules.paper_log import MIN_FRY_FROM, PaperRound, PaperTable, format_paper_log, fry_from_tiers
from rounds.public import Round, rules_of_json
from rounds.rules.ruleset import MAX_CARDS, Mode, RoundRules


def kept_log_export(group: Group) -> str:
    """log_export(), built once per change of what it shows: kept by the group's stamp (every
    evening's session version and day, groups/reads/season_cache.py) and its players' names as they are
    now (an export writes each under their current name)."""
    key = ("export.txt", group.edit_key, stamp(group), tuple(player_names(group).items()))
    return exports.remembered(key, lambda: log_export(group))


def log_export(group: Group) -> str:
    """The group's evenings, oldest first, as a paper log, each under its players' current names.

    The format says pay the difference with F= tiers and `t` for the covering loser; an evening
    played otherwise is written with its counts all the same (they are what the table reported),
    so an import scores it the paper way. Evenings without rounds are left out (a log cannot
    say one); an evening whose tiers changed midway is written with its first round's F=. A hand
    without counts (Tiến lên's order, typed scores) cannot be written either: it is left out, and
    a comment says so, above its table or, when nothing of the evening is left, at the top."""
    evenings = list(GroupEvening.objects.filter(group=group).order_by("played_on", "pk"))
    ids = [evening.pk for evening in evenings]
    seats: dict[int, list[str]] = {evening.pk: [] for evening in evenings}
    for session_id, name in (
        GroupSeat.objects.filter(evening_id__in=ids)
        .order_by("evening_id", "index")
        .values_list("evening_id", "player__name")
    ):
        seats[session_id].append(name)
    rounds: dict[int, list[PaperRound]] = {evening.pk: [] for evening in evenings}
    fry_from: dict[int, int] = {}
    played_as: dict[int, set[str]] = defaultdict(set)
    left_out: dict[int, set[str]] = defaultdict(set)  # the games of hands without counts
    known: dict[str, RoundRules] = {}  # an evening has a few sets of rules, shared by its rounds
    for session_id, cards, covering, stored in (
        Round.objects.filter(session_id__in=ids)
        .order_by("session_id", "number")
        .values_list("session_id", "cards", "covering", Cast("rules_json", TextField()))
    ):
        rules = known.setdefault(stored, rules_of_json(stored))
        if not cards:
            left_out[session_id].add(rules.mode.value)
            continue
        rounds[session_id].append(PaperRound(cards=tuple(cards), covering=covering))
        fry_from.setdefault(session_id, paper_fry_from(rules))
        played_as[session_id] |= unsaid_rules(rules)
    tables = [
        PaperTable(
            date=evening.played_on,
            players=tuple(seats[evening.pk]),
            fry_from=fry_from.get(evening.pk, 10),
            rounds=tuple(rounds[evening.pk]),
            note="; ".join(
                note
                for note in (other_rules_note(played_as[evening.pk]), left_out_note(left_out[evening.pk]))
                if note
            ),
        )
        for evening in evenings
    ]
    unwritten = [
        f"# {table.date.isoformat()} {', '.join(table.players)}: {table.note}\n"
        for table in tables
        if not table.rounds and table.note
    ]
    return "".join(unwritten) + format_paper_log(tables)


def paper_fry_from(rules: RoundRules) -> int:
    """The F= of a round's rules: by place, the heavy threshold (SPEC 10); else the tiers'."""
    if rules.by_place:
        return min(max(rules.fry_from, MIN_FRY_FROM), MAX_CARDS)
    tiers = [list(tier) for tier in rules.tiers]
    return fry_from_tiers(tiers) or nearest_fry_from(tiers)


def unsaid_rules(rules: RoundRules) -> set[str]:
    """What a paper log cannot say about a round's rules: it says pay the difference, F= tiers,
    no 2s (and `t`, taking the whole loss)."""
    if rules.mode is not Mode.PAY_DIFFERENCE:
        return {rules.mode.value}
    unsaid = {"twos"} if rules.counts_twos else set()
    if fry_from_tiers([list(tier) for tier in rules.tiers]) is None:
        unsaid.add("tiers")
    return unsaid


def other_rules_note(unsaid: set[str]) -> str:
    """The comment above an evening played under rules the format cannot say."""
    if not unsaid:
        return ""
    return (
        f"played under other rules ({', '.join(sorted(unsaid))}): the counts as reported, "
        "which this log scores as pay the difference"
    )


def left_out_note(games: set[str]) -> str:
    """The comment for an evening's hands a log cannot write: they have no counts."""
    if not games:
        return ""
    return f"hands of {', '.join(sorted(games))} left out: a paper log writes only cards left"


def nearest_fry_from(tiers: list[list[int]]) -> int:
    """The F= for tiers no F= gives exactly: where their second tier starts (13 with one tier)."""
    return min(max(tiers[1][0], 2), 13) if len(tiers) > 1 else 13
