"""Middleware of the project as a whole."""

from collections.abc import Callable

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from tournaments.links import is_table_link_path


class UnreadableFormMiddleware:
    """A form post whose body cannot be read gets a plain 400 page at once.

    Django refuses a body in another charset than UTF-8 (``charset=utf-16``), or one it cannot
    parse, each time ``request.POST`` is read; the CSRF check, the error page and the context
    processors read it again after the first refusal, and that ended in a 500. Read here once,
    before any of them; on failure the request's form data is empty for whatever still runs.
    Placed after the session, auth and messages middleware, so the page has the site's header.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 (parses the body, and the files, once)
            except (
                BadRequest,
                SuspiciousOperation,
                MultiPartParserError,
                UnicodeError,
                LookupError,
            ):
                request._post, request._files = QueryDict(), MultiValueDict()  # type: ignore[attr-defined]
                message = _(
                    "The form could not be read (too large, or not sent as UTF-8). Reload the page "
                    "and send the form again from the page itself."
                )
                return render(
                    request,
                    "errors/400.html",
                    {"message": message},
                    status=HttpResponseBadRequest.status_code,
                )
        return self.get_response(request)


class NoStoreOnLiveLinksMiddleware:
    """The table's link and the board are never kept by a browser's cache, whatever they
    answer: a finished tournament's 410 kept by a phone would still say "finished" after the
    organiser reopened it, and a page of play kept would show old totals."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        board = match is not None and match.view_name == "scoring:board"
        if board or is_table_link_path(request.path_info):
            add_never_cache_headers(response)
        return response
