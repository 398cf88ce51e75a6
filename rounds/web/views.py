"""The pages. Thin: parse, check the key, call a service or selector, render."""

from __future__ import annotations

from decimal import Decimal

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext, pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from rounds import services
from rounds.models import MAX_SESSION_ROUNDS, Session
from rounds.reads.evening import evening
from rounds.reads.selectors import HOUSE, Viewer, lock_state, open_by_key, session_by_key
from rounds.reads.sharing import share_link
from rounds.reads.state import table_state
from rounds.reads.state_cache import state_after_write
from rounds.services.payments import TRANSFER_GONE, check_payable, payable, transfer_mark_paid
from rounds.services.ratelimit import RateLimited, rate_limited
from rounds.signals import page_host, page_links
from rounds.web.form_values import initial_from_state, presets_for_page
from rounds.web.forms import RoundForm, SessionForm, SettingsForm
from toolkit.jsonapi import refused
from toolkit.messages import Refusal
from toolkit.refusals import ProtocolError, status_of, translated

FORM_DEVICE = "A browser form"
PAD_KEYS = [*range(1, 14), 0]  # the number pad, 0 (the winner) last
OWN_PAD_KEYS = [*range(1, 10), 0]  # our own scores: digits, then − and ⌫


def session_for_page(key: str, *, write: bool = False) -> tuple[Session, Viewer]:
    """A session opened by key; with `write`, only its edit key: the follow key cannot even find the form."""
    return open_by_key(session_by_key, key, write=write, missing=Http404("No session with this key"))


@require_http_methods(["GET", "POST"])
def home(request: HttpRequest) -> HttpResponse:
    form = SessionForm(request.POST or None)
    status = 400 if request.method == "POST" else 200
    if request.method == "POST" and form.is_valid():
        try:
            with rate_limited(request, "session"):
                session = services.session_create(
                    players=form.players,
                    settings=form.settings,
                    randomize_seats=form.cleaned_data["randomize_seats"],
                )
        except RateLimited as error:
            form.add_error(None, translated(error))
            status = error.status
        else:
            return redirect("rounds:session", key=session.edit_key)
    return render(
        request,
        "rounds/home.html",
        {"form": form, "presets": presets_for_page(get_language())},
        status=status,
    )


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "rounds/rules.html")


def session_context(request: HttpRequest, session: Session, viewer: Viewer, **extra: object) -> dict:
    state = table_state(session, viewer=viewer)
    share = {"follow": share_link(request, state["links"]["follow"])}
    if viewer is Viewer.EDITOR:
        share["edit"] = share_link(request, state["links"]["page"])
    return {
        "share": share,
        "session": session,
        "state": state,
        "viewer": viewer,
        "can_edit": viewer is Viewer.EDITOR,
        "pad_keys": PAD_KEYS,
        "own_pad_keys": OWN_PAD_KEYS,
        "max_rounds": MAX_SESSION_ROUNDS,
        "page_links": page_links(session),
        "host": page_host(session),
        **extra,
    }


@require_GET
def session_page(request: HttpRequest, key: str) -> HttpResponse:
    session, viewer = session_for_page(key)
    return render(request, "rounds/session.html", session_context(request, session, viewer))


@require_http_methods(["GET", "POST"])
def session_settings(request: HttpRequest, key: str) -> HttpResponse:
    """The settings sheet (JavaScript, holding the entry lock): change rules, length and wager.
    GET gives the sheet's form, filled with the rules as they are now: the page loads it the first
    time the sheet opens, so it is not part of the page's first load."""
    session, viewer = session_for_page(key, write=True)
    if request.method == "GET":
        settings_form = SettingsForm(
            initial=initial_from_state(table_state(session, viewer=viewer)["settings"])
        )
        return render(
            request, "rounds/_settings_sheet.html", {"session": session, "settings_form": settings_form}
        )
    form = SettingsForm(request.POST)
    if not form.is_valid():
        field, errors = next(iter(form.errors.items()))
        label = form.fields[field].label if field in form.fields else None
        named = label and not errors[0].startswith(str(label))  # a refusal names its field itself
        # The sentence templates/_form_errors.html lists: "局數：至少 1" in Chinese, full-width colon.
        problem = f"{label}{pgettext('after a label', ': ')}{errors[0]}"
        return refused(ProtocolError(400, problem if named else errors[0], field=field))
    try:
        session = services.session_update(
            session=session,
            token=request.POST.get("token"),
            changes=form.changes,
            rescore=form.cleaned_data["rescore"],
        )
    except Refusal as error:
        return refused(error)
    return JsonResponse(state_after_write(session, viewer))


@require_POST
def form_add_round(request: HttpRequest, key: str) -> HttpResponse:
    """The page's plain form, for a browser without JavaScript: the same lock and service."""
    session, viewer = session_for_page(key, write=True)
    entry = RoundForm(request.POST, session.players.count()).entry()
    try:
        services.round_add_once(session=session, entry=entry, device=FORM_DEVICE)
    except Refusal as error:
        status = status_of(error)
        context = session_context(
            request,
            session,
            viewer,
            # While a lock is held, its notice already says who has it: say it once.
            form_error=None if error.field == "lock" and lock_state(session.pk) else translated(error),
            error_player=error.player,
            entered_cards=request.POST.getlist("cards"),
            entered_twos=request.POST.getlist("twos"),
        )
        return render(request, "rounds/session.html", context, status=status)
    return redirect("rounds:session", key=key)


def evening_context(session: Session, viewer: Viewer, key: str, **extra: object) -> dict:
    return {
        "session": session,
        "key": key,
        "can_edit": viewer is Viewer.EDITOR,
        "can_tick": viewer is Viewer.EDITOR and payable(session),
        # An event's table plays the event's wager: its settle page offers no other.
        "can_wager": viewer is Viewer.EDITOR and not page_host(session).fixed,
        **evening(session, viewer=viewer),
        **extra,
    }


@require_http_methods(["GET", "POST"])
def settle_page(request: HttpRequest, key: str) -> HttpResponse:
    """Who pays whom. POST (the page without JavaScript) changes the wager for the whole session."""
    session, viewer = session_for_page(key, write=request.method == "POST")
    if request.method == "POST":
        changes = {
            "value_per_point": request.POST.get("value_per_point") or None,
            "currency": request.POST.get("currency", ""),
        }
        try:
            services.session_update_once(session=session, changes=changes, device=FORM_DEVICE)
        except Refusal as error:
            context = evening_context(session, viewer, key, wager_error=translated(error))
            return render(request, "rounds/settle.html", context, status=status_of(error))
        return redirect("rounds:settle", key=key)
    return render(request, "rounds/settle.html", evening_context(session, viewer, key))


@require_GET
def settle_partial(request: HttpRequest, key: str) -> HttpResponse:
    """The settlement alone, re-rendered for a device following the session live."""
    session, viewer = session_for_page(key)
    return render(request, "rounds/_settlement.html", evening_context(session, viewer, key))


@require_POST
def settle_paid(request: HttpRequest, key: str) -> HttpResponse:
    """Tick a transfer off as paid (or not), from the page without JavaScript."""
    session, _viewer = session_for_page(key, write=True)
    try:
        check_payable(session)  # the link first: an event's table ticks nothing, whatever was posted
        transfer_mark_paid(
            session=session,
            payer=posted_party(request.POST.get("from", "")),
            payee=posted_party(request.POST.get("to", "")),
            amount=Decimal(request.POST.get("amount", "")),
            paid=request.POST.get("paid") == "1",
            device=FORM_DEVICE,
        )
    except Refusal as error:  # a ValueError too: caught first
        messages.error(request, translated(error))
    except (ValueError, ArithmeticError):
        messages.error(request, gettext(TRANSFER_GONE))
    # The page it returns to shows the settlement as it stands, and the refusal above it.
    return redirect("rounds:settle", key=key)


def posted_party(raw: str) -> int | str:
    """A settlement party as the page posts it: a player's index or "house"."""
    return raw if raw == HOUSE else int(raw)


@require_GET
def table_page(request: HttpRequest, key: str) -> HttpResponse:
    session, _viewer = session_for_page(key)
    back = reverse("rounds:session", kwargs={"key": key})  # the page of the key it was opened with
    return render(request, "rounds/table.html", session_context(request, session, Viewer.FOLLOWER, back=back))


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, so the scorekeeper can be added to a phone's home screen."""
    icons = [
        {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
    ]
    response = JsonResponse(
        {
            "name": gettext("Big Two scorekeeper"),
            "short_name": gettext("Big Two"),
            "description": gettext("Scores a real Big Two table, live on every phone."),
            "start_url": reverse("rounds:home"),
            "scope": "/",
            "display": "standalone",
            "background_color": "#101418",
            "theme_color": "#101418",
            "icons": icons,
        }
    )
    response["Content-Type"] = "application/manifest+json"
    return response
