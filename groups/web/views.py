"""The group's pages. Thin: parse, check the key, call a service or selector, render."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from groups.inputs import clean_date_range, clean_log_text
from groups.models import MAX_GROUP_PLAYERS, Group
from groups.reads.selectors import evenings_list, group_by_key, group_json, roster
from groups.rules.season import DateRange
from groups.services import group_writes as services
from groups.services import paper_import as paper
from groups.web.forms import EveningForm, GroupForm, RenameForm, group_rules_form, rules_from_form
from groups.web.league_rows import league_body, league_context
from groups.web.season_rows import season_context
from rounds.public import RateLimited, Viewer, open_by_key, rate_limited, share_link
from rounds.web.public import presets_for_page
from toolkit.messages import Refusal
from toolkit.refusals import status_of, translated


def group_for_page(key: str, *, write: bool = False) -> tuple[Group, Viewer]:
    """A group opened by key; with `write`, only its edit key finds the page."""
    return open_by_key(group_by_key, key, write=write, missing=Http404("No group with this key"))


@require_http_methods(["GET", "POST"])
def group_new(request: HttpRequest) -> HttpResponse:
    form = GroupForm(request.POST or None)
    status = 400 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid():
        try:
            with rate_limited(request, "group"):
                group = services.group_create(name=form.cleaned_data["name"])
        except RateLimited as error:
            form.add_error(None, translated(error))
            status = error.status
        else:
            return redirect("groups:group", group=group.edit_key)
    return render(request, "groups/new.html", {"form": form}, status=status)


def season_part(request: HttpRequest, group: Group, viewer: Viewer) -> dict:
    """What the season fragment shows: the league (a club's), the table, chart, head to head,
    money, evenings and club nights."""
    key = group.edit_key if viewer is Viewer.EDITOR else group.view_key
    season = season_context(request, group, today=timezone.localdate())
    return {
        "group": group,
        "key": key,
        "can_edit": viewer is Viewer.EDITOR,
        "evenings": evenings_list(group, viewer),
        **season,
        **league_context(group, season["chosen"].dates, key=key),
    }


def page_context(request: HttpRequest, group: Group, viewer: Viewer, **extra: object) -> dict:
    """The whole page: the season, the links and QR codes, and the editor's forms."""
    payload = group_json(group, viewer)
    share = {"follow": share_link(request, payload["links"]["follow"])}
    if viewer is Viewer.EDITOR:
        share["edit"] = share_link(request, payload["links"]["page"])
        extra.setdefault("roster", roster(group))
        extra["most_players"] = MAX_GROUP_PLAYERS
        extra.setdefault("evening_form", EveningForm(group))
        extra.setdefault("rename_form", RenameForm(group))
        extra.setdefault("rules_form", group_rules_form(group))
        extra["presets"] = presets_for_page(get_language())  # Our rules' quick setups
    return {**season_part(request, group, viewer), "payload": payload, "share": share, **extra}


@require_GET
def group_page(request: HttpRequest, group: str) -> HttpResponse:
    found, viewer = group_for_page(group)
    return render(request, "groups/group.html", page_context(request, found, viewer))


@require_GET
def season_partial(request: HttpRequest, group: str) -> HttpResponse:
    """The season (table, chart, head to head, money, evenings), re-rendered for a live page."""
    found, viewer = group_for_page(group)
    return render(request, "groups/_season.html", season_part(request, found, viewer))


@require_POST
def evening_new(request: HttpRequest, group: str) -> HttpResponse:
    """Start an evening from the group: who plays (a new name joins the group) and the rules."""
    found, viewer = group_for_page(group, write=True)
    form = EveningForm(found, request.POST)
    if form.is_valid():
        try:
            with rate_limited(request, "evening", subject=f"group:{found.pk}"):
                session = services.group_session_create(
                    group=found,
                    players=form.names,
                    settings=form.settings,
                    randomize_seats=form.randomize_seats,
                )
        except Refusal as error:
            form.add_error(None, translated(error))
            status = status_of(error)
        else:
            return redirect("rounds:session", key=session.edit_key)
    else:
        status = 400
    context = page_context(request, found, viewer, evening_form=form)
    return render(request, "groups/group.html", context, status=status)


@require_POST
def rules_edit(request: HttpRequest, group: str) -> HttpResponse:
    """Set the group's own rules (its later evenings start with them), or clear them."""
    found, viewer = group_for_page(group, write=True)
    if request.POST.get("clear") == "1":
        services.group_rules_set(group=found, rules=None)
        return redirect("groups:group", group=group)
    form = group_rules_form(found, request.POST)
    if form.is_valid():
        try:
            services.group_rules_set(group=found, rules=rules_from_form(form))
        except Refusal as error:
            form.add_error(error.field if error.field in form.fields else None, translated(error))
        else:
            return redirect("groups:group", group=group)
    context = page_context(request, found, viewer, rules_form=form, rules_open=True)
    return render(request, "groups/group.html", context, status=400)


@require_POST
def league_edit(request: HttpRequest, group: str) -> HttpResponse:
    """Set the club's league points and best_of: the whole season is ranked again at once."""
    found, viewer = group_for_page(group, write=True)
    try:
        services.group_league_set(group=found, league=league_body(request.POST))
    except Refusal as error:
        context = page_context(request, found, viewer, league_problem=translated(error), league_open=True)
        context["league_form"] = {
            "points": request.POST.get("points", "")[:400],
            "best_of": request.POST.get("best_of", "")[:20],
        }
        return render(request, "groups/group.html", context, status=status_of(error))
    return redirect("groups:group", group=group)


@require_GET
def league_print(request: HttpRequest, group: str) -> HttpResponse:
    """The league table for A4 (either key), over the dates asked (?from=&to=, as the API)."""
    found, viewer = group_for_page(group)
    key = found.edit_key if viewer is Viewer.EDITOR else found.view_key
    context: dict = {"group": found, "key": key, "today": timezone.localdate()}
    try:
        start, end = clean_date_range(request.GET.get("from") or None, request.GET.get("to") or None)
    except Refusal as error:
        context["problem"] = translated(error)
        return render(request, "groups/print_league.html", context, status=400)
    context.update(league_context(found, DateRange(start, end), key=key), start=start, end=end)
    return render(request, "groups/print_league.html", context)


@require_POST
def players_add(request: HttpRequest, group: str) -> HttpResponse:
    """Names added to the group's players, one a line, typed one by one or pasted (a club's
    roster, before any evening); blank lines are passed over."""
    found, viewer = group_for_page(group, write=True)
    typed = request.POST.get("names", "")
    names = [line for line in typed.splitlines() if line.strip()]
    try:
        with rate_limited(request, "roster", subject=f"group:{found.pk}"):
            added = services.group_players_add(group=found, names=names)
    except Refusal as error:
        return roster_refused(request, found, viewer, error, typed=typed)
    messages.success(
        request,
        ngettext("Added %(count)s player to the group.", "Added %(count)s players to the group.", len(added))
        % {"count": len(added)},
    )
    return redirect(f"{reverse('groups:group', args=[group])}#players-title")


@require_POST
def player_remove(request: HttpRequest, group: str) -> HttpResponse:
    """Take a player who never played off the group's list (a name added by mistake)."""
    found, viewer = group_for_page(group, write=True)
    try:
        with rate_limited(request, "roster", subject=f"group:{found.pk}"):
            services.group_player_remove(group=found, player_id=whole_number(request.POST.get("player", "")))
    except Refusal as error:
        return roster_refused(request, found, viewer, error)
    return redirect(f"{reverse('groups:group', args=[group])}#players-title")


def roster_refused(
    request: HttpRequest, group: Group, viewer: Viewer, error: Refusal, *, typed: str = ""
) -> HttpResponse:
    context = page_context(request, group, viewer, roster_problem=translated(error), roster_typed=typed)
    return render(request, "groups/group.html", context, status=status_of(error))


def whole_number(raw: str) -> int:
    """A player id as a form posts it; anything else names no player."""
    return int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 10 else 0


@require_POST
def player_rename(request: HttpRequest, group: str) -> HttpResponse:
    found, viewer = group_for_page(group, write=True)
    form = RenameForm(found, request.POST)
    if form.is_valid():
        try:
            services.group_player_rename(
                group=found, player_id=form.cleaned_data["player"], name=form.cleaned_data["name"]
            )
        except Refusal as error:
            form.add_error("name", translated(error))
        else:
            return redirect("groups:group", group=group)
    context = page_context(request, found, viewer, rename_form=form)
    return render(request, "groups/group.html", context, status=400)


@require_http_methods(["GET", "POST"])
def import_page(request: HttpRequest, group: str) -> HttpResponse:
    """Paste or upload a paper log; a preview first (every refused line listed), then "Import"
    stores it all or nothing."""
    found, _viewer = group_for_page(group, write=True)
    context: dict = {"group": found, "key": group}
    if request.method == "GET":
        return render(request, "groups/import.html", context)
    upload = request.FILES.get("file")
    try:
        context["log"] = text = clean_log_text(
            upload.read(paper.MAX_UPLOAD) if upload else request.POST.get("log", "")
        )
        if request.POST.get("commit") == "1":
            done = paper.import_counted(request, group=found, text=text, dry_run=False)
            messages.success(
                request,
                ngettext(
                    "Imported %(tables)s table of %(rounds)s rounds from the paper log.",
                    "Imported %(tables)s tables of %(rounds)s rounds in all from the paper log.",
                    done.sessions,
                )
                % {"tables": done.sessions, "rounds": done.rounds},
            )
            return redirect("groups:group", group=group)
        context["summary"], context["errors"] = paper.preview_counted(request, group=found, text=text)
    except paper.LogRefused as error:
        context["errors"] = [error]
        return render(request, "groups/import.html", context, status=400)
    except Refusal as error:
        context["problem"] = translated(error)
        return render(request, "groups/import.html", context, status=status_of(error))
    return render(request, "groups/import.html", context, status=400 if context["errors"] else 200)
