"""Sign-up on the pages (SPEC 13): "I'm in" on the follow page (a plain form: pick your name from
the group's players, or type one), and the organizer's switch that opens or closes it."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from events.reads.selectors import signup_context
from events.services import signup as signups
from events.services.limits import event_limited
from events.web.views import event_for_page, organizer_write, page_context
from rounds.public import ServiceError
from toolkit.refusals import ProtocolError, refusal


@require_POST
def sign_up(request: HttpRequest, event: str) -> HttpResponse:
    """I'm in: the name typed, else the one picked; then the page that says you are in."""
    found, viewer = event_for_page(event)
    name = request.POST.get("name", "").strip() or request.POST.get("pick", "")
    try:
        with event_limited(request, "signup"):
            player = signups.event_signup(event=found, name=name)
    except (ServiceError, ProtocolError) as error:
        status, body = refusal(error)
        found.refresh_from_db()
        context = page_context(request, found, viewer, problem=body["error"], typed=name)
        context.update(signup_context(found, context["progress"].status))
        return render(request, "events/follow.html", context, status=status)
    query = urlencode({"player": player.pk, "in": 1})
    return redirect(f"{reverse('events:my-table', args=[found.view_key])}?{query}")


@require_POST
def switch(request: HttpRequest, event: str) -> HttpResponse:
    """The organizer opens or closes the night for sign-up, before the first draw."""
    on = request.POST.get("signup") == "1"
    return organizer_write(request, event, lambda found: signups.event_signup_switch(event=found, on=on))
