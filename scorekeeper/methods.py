"""A page asked with a method it does not take answers 405, whatever its CSRF token.

Django's CSRF check runs before the view: `PUT /s/<key>/` was refused 403 for a missing token,
never reaching the view's `require_http_methods`, which would have said 405. This middleware
stands before the check and answers 405 (with `Allow`) itself, from the methods the view declares.
The API's endpoints are CSRF-exempt and answer their own JSON 405 (rounds/web/jsonapi.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.utils.deprecation import MiddlewareMixin
from django.utils.log import log_response


def view_methods(view: Callable) -> Sequence[str] | None:
    """The methods a view takes: a class-based view's handlers, or the list given to Django's
    `require_http_methods` (`require_GET`, `require_POST`), found in its closure under any
    decorator `functools.wraps` made; None when the view names none (it takes them all)."""
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        return [method.upper() for method in view_class.http_method_names if hasattr(view_class, method)]
    found: Callable | None = view
    while found is not None:
        code = getattr(found, "__code__", None)
        cells = dict(zip(code.co_freevars, found.__closure__ or (), strict=True)) if code else {}
        if "request_method_list" in cells:
            return list(cells["request_method_list"].cell_contents)
        found = getattr(found, "__wrapped__", None)
    return None


class PageMethodsMiddleware(MiddlewareMixin):  # sync and async alike: no thread hop under ASGI
    def process_view(
        self, request: HttpRequest, view: Callable, args: tuple, kwargs: dict
    ) -> HttpResponse | None:
        if request.path.startswith("/api/"):
            return None
        methods = view_methods(view)
        if methods is None or request.method in methods:
            return None
        response = HttpResponseNotAllowed(methods)
        log_response(
            "Method Not Allowed (%s): %s", request.method, request.path, response=response, request=request
        )
        return response
