"""The pages. Thin: parse, check the key, call a service or selector, render."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from rounds.selectors import Viewer, session_by_key, table_state


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "rounds/home.html")


def open_session(key: str):
    found = session_by_key(key)
    if found is None:
        raise Http404("No session with this key")
    return found


@require_GET
def session_page(request: HttpRequest, key: str) -> HttpResponse:
    session, viewer = open_session(key)
    state = table_state(session, viewer=viewer)
    return render(request, "rounds/session.html", {"session": session, "state": state, "viewer": viewer})


@require_GET
def table_page(request: HttpRequest, key: str) -> HttpResponse:
    session, _viewer = open_session(key)
    state = table_state(session, viewer=Viewer.FOLLOWER)
    return render(request, "rounds/table.html", {"session": session, "state": state})
