"""Middleware of the project as a whole."""

import logging
import sqlite3
from collections.abc import Callable

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.db import OperationalError
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest, QueryDict
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.datastructures import MultiValueDict
from django.utils.translation import gettext as _

from tournaments.links import is_table_link_path
from tournaments.templatetags.site_assets import inline_stylesheet_source

logger = logging.getLogger(__name__)

#: PostgreSQL's "lock_not_available" (its lock timeout, preisfipsen/config.py) and
#: "deadlock_detected": both leave nothing changed, and the same request again may well pass.
POSTGRESQL_LOCK_STATES = {"55P03", "40P01"}

#: Every page's Content-Security-Policy: nothing but the app's own files (no inline script, no
#: eval, no other site), no framing, forms only to the app. Two inline styles are allowed by
#: their hashes: the stylesheet inlined for the first paint (templates/site/head_assets.html),
#: and the fixed one htmx adds for its indicators (includeIndicatorStyles off changed htmx's
#: timing at start enough for the desk's browser test to lose a tap, a race of its own).
HTMX_INDICATOR_STYLE = "'sha256-faU7yAF8NxuMTNEwVmBz+VcYeIoBQ2EMHW3WaVxCvnk='"
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' {stylesheet} "
    + HTMX_INDICATOR_STYLE
    + "; "
    "img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; "
    "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
)
INLINED_STYLESHEET = "css/site.css"

#: What the busy page asks the browser to wait before sending again (seconds).
RETRY_AFTER_SECONDS = 5


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


class ContentSecurityPolicyMiddleware:
    """The Content-Security-Policy header on every response (first in the list, so the static
    files and the error pages get it too): a script smuggled into a page (a player's name, a
    night file) would not run."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if "Content-Security-Policy" not in response:
            stylesheet = inline_stylesheet_source(INLINED_STYLESHEET)
            response["Content-Security-Policy"] = CONTENT_SECURITY_POLICY.format(
                stylesheet=stylesheet
            )
        return response


def is_lock_timeout(error: BaseException) -> bool:
    """Did the database give up waiting for a lock (SQLite's "database is locked" after its busy
    timeout, PostgreSQL's lock timeout or a deadlock)? Nothing was written then."""
    if not isinstance(error, OperationalError):
        return False
    cause = error.__cause__
    if isinstance(cause, sqlite3.OperationalError):
        # The extended codes (SQLITE_BUSY_TIMEOUT, …) keep the primary code in the low byte.
        return getattr(cause, "sqlite_errorcode", 0) & 0xFF in (
            sqlite3.SQLITE_BUSY,
            sqlite3.SQLITE_LOCKED,
        )
    return getattr(cause, "sqlstate", None) in POSTGRESQL_LOCK_STATES


class DatabaseBusyMiddleware:
    """A request that could not get the database's lock in time answers 503 "the laptop is busy",
    not 500: the phone's queue (static/js/offline-queue.js) keeps a deal answered 502/503/504 and
    sends it again, and a phone without JavaScript gets the same post back on one button. The
    save is idempotent (its submission id), so sending it twice does no harm."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_lock_timeout(exception):
            return None
        # The view's name, not the path: a table's path holds its token (issue 18).
        match = request.resolver_match
        logger.warning("Database busy, answered 503: %s", match.view_name if match else "?")
        response = render(
            request,
            "errors/busy.html",
            {"queued": "X-Preisfipsen-Queue" in request.headers, "resend": _resend(request)},
            status=503,
        )
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        add_never_cache_headers(response)
        return response


def _resend(request: HttpRequest) -> list[tuple[str, str]] | None:
    """The fields of a form post to send again as they were (the CSRF token among them); none
    for a page that was only read, a file upload or a password (never written into a page)."""
    if request.method != "POST" or request.FILES:
        return None
    if any("password" in name for name in request.POST):
        return None
    return [(name, value) for name, values in request.POST.lists() for value in values]
