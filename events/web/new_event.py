"""The new-event form: a night typed from scratch (/e/new), or a club's night from its group's
roster (/e/new/<group edit key>, the group page's *New club night*; the key in the path, so the
page is never stored, as every page at a key): the group's players to tick (who came tonight),
names typed for new ones, and the group's own rules. Either may open the night for sign-up. A
plain form that works without JavaScript; a script only counts who plays tonight."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import get_language, ngettext
from django.views.decorators.http import require_http_methods

from events.inputs import clean_event, whole_number_or_text
from events.models import (
    MAX_EVENT_HANDS,
    MAX_EVENT_NAME_LENGTH,
    MAX_EVENT_PLAYERS,
    MAX_EVENT_ROUNDS,
    MAX_HANDS_A_PLAYER,
    MAX_ROUND_MINUTES,
    SEATINGS,
)
from events.reads.table_rules import rules_of_club
from events.services import event_writes as services
from events.services.limits import event_limited
from events.web.views import names_of
from groups.public import Group, GroupPlayer, group_by_key
from rounds.public import DEFAULT_PRESET, ServiceError, Viewer, presets_in_language
from rounds.rules.names import name_key
from toolkit.refusals import refusal

FIELDS = ("name", "players", "rounds", "hands", "minutes", "seating", "preset", "signup")


def tonight(count: int) -> str:
    """The count line under the roster, as the script fills it again (one pattern per form)."""
    return ngettext("%(count)s player tonight", "%(count)s players tonight", count)


def roster_group(key: str) -> Group | None:
    """The group whose roster the form lists: its edit key only (the follow key starts nothing)."""
    if not key:
        return None
    found = group_by_key(key)
    if found is None or found[1] is not Viewer.EDITOR:
        raise Http404("No group with this edit key")
    return found[0]


def roster_names(group: Group) -> list[str]:
    """The group's players by name, as an organizer scans a list."""
    names = GroupPlayer.objects.filter(group=group).values_list("name", flat=True)
    return sorted(names, key=lambda name: (name_key(name), name))


def form_context(group: Group | None, form: dict, ticked: list[str]) -> dict:
    roster = roster_names(group) if group is not None else []
    ticked_keys = {name_key(name) for name in ticked}
    count = len(ticked) + len(names_of(form["players"]))
    return {
        "presets": presets_in_language(get_language()),  # the page's country's first, as on the home page
        "default_preset": DEFAULT_PRESET.id,  # chosen until another is picked
        "seatings": SEATINGS,
        "most_players": MAX_EVENT_PLAYERS,
        "most_rounds": MAX_EVENT_ROUNDS,
        "most_hands": MAX_EVENT_HANDS,
        "most_in_all": MAX_HANDS_A_PLAYER,
        "most_minutes": MAX_ROUND_MINUTES,
        "form": form,
        "group": group,
        "roster": [{"name": name, "ticked": name_key(name) in ticked_keys} for name in roster],
        "tonight": tonight(count) % {"count": count},
        "tonight_one": tonight(1),
        "tonight_other": tonight(2),
    }


@require_http_methods(["GET", "POST"])
def event_new(request: HttpRequest, group: str = "") -> HttpResponse:
    club = roster_group(group)
    form = {
        "name": club.name[:MAX_EVENT_NAME_LENGTH] if club is not None else "",
        "players": "",
        "rounds": 3,
        "hands": 5,
        "minutes": "",
        "seating": "random",
        "preset": "",
        "signup": "",
    }
    if request.method == "GET":
        return render(request, "events/new.html", form_context(club, form, []))
    form = {field: request.POST.get(field, "") for field in FIELDS}
    ticked = [name for name in request.POST.getlist("roster") if name.strip()] if club is not None else []
    context = form_context(club, form, ticked)
    body = {
        "name": form["name"],
        "players": ticked + names_of(form["players"]),
        "rounds": whole_number_or_text(form["rounds"]),
        "hands": whole_number_or_text(form["hands"]),
        "minutes": whole_number_or_text(form["minutes"]) if form["minutes"].strip() else None,
        "seating": form["seating"],
        "signup": form["signup"] == "1",
    }
    if club is None:
        # The default setup is the event's rules left unset, as the API's default.
        body["rules"] = {"preset": form["preset"]} if form["preset"] not in ("", DEFAULT_PRESET.id) else None
    try:
        plan = clean_event(body, group_rules=rules_of_club(club) if club is not None else None)
        with event_limited(request, "event"):
            event = services.event_create(plan=plan, group=club)
    except ServiceError as error:
        status, context["problem"] = refusal(error)
        return render(request, "events/new.html", context, status=status)
    return redirect("events:event", event=event.edit_key)
