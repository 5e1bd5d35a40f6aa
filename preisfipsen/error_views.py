"""The error pages: in the site's layout and the visitor's language, each saying what to do.

Django's own pages are a bare English line in small type; a captain who opens an old table
link at the table should read in large German words that the link is not valid and whom to ask.
"""

from django.contrib import messages
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseForbidden,
    HttpResponseNotFound,
    HttpResponseServerError,
)
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404, resolve, reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

from preisfipsen import damaged_database
from sitewide import backup
from tournaments.ledger.entry_answer import Outcome, is_queued, told
from tournaments.links import TableLinkNotValid, is_table_link_path


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """400: what was sent cannot be read (e.g. a broken form post)."""
    return render(request, "errors/400.html", status=HttpResponseBadRequest.status_code)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """403: an organiser's page opened without the organiser's account."""
    return render(request, "errors/403.html", status=HttpResponseForbidden.status_code)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404; a table link that opens nothing (an unknown token, or a mistyped path under the
    table links) says so: the captain asks the organiser for the table card."""
    table_link = isinstance(exception, TableLinkNotValid) or (
        isinstance(exception, Resolver404) and is_table_link_path(request.path)
    )
    # A deal a phone kept and sends to a link that is gone (its series drawn again, a new
    # link made): final for its queue, which stops retrying and tells the captain why.
    lost_deal = table_link and request.method == "POST" and is_queued(request)
    reason = _(
        "This deal was not saved: the table's link is no longer valid (its series was "
        "drawn again, or the table got a new link). Give it to the organiser to enter."
    )
    response = render(
        request,
        "errors/404.html",
        {"table_link": table_link, "lost_deal": reason if lost_deal else ""},
        status=HttpResponseNotFound.status_code,
    )
    return told(response, Outcome.CLOSED, reason) if lost_deal else response


def server_error(request: HttpRequest) -> HttpResponse:
    """500, also when the database is down: no context processors run (they would load the
    user and the messages from the database); only the request and a CSRF token (a cookie)
    for the language switch.

    A damaged database (a SQLite file that fails its check) is said as such, 503, on every
    page, with the way back: which backup to restore and the command, since no page of the
    app works until then (issue 18)."""
    context: dict[str, object] = {"request": request, "csrf_token": get_token(request)}
    if not backup.is_damaged():
        return HttpResponseServerError(loader.render_to_string("errors/500.html", context))
    advice = damaged_database.restore_advice()
    context |= {
        "backup": advice.backup,
        "backup_time": advice.backup_time,
        "backups": advice.backups,
    }
    page = loader.render_to_string("errors/database_damaged.html", context)
    return HttpResponse(page, status=503)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """settings.CSRF_FAILURE_VIEW: a form that was open too long (its token is stale), in plain
    words, with a link back to the page the form was on. Rendering the page sets a fresh CSRF
    cookie, so sending the form again from there works."""
    if request.headers.get("HX-Request") == "true":
        # htmx swaps no error page in (a tap would seem to do nothing): it reloads the page,
        # which gets a fresh token and shows the same words on top.
        messages.error(request, _("The page was open too long. Please try again."))
        refresh = HttpResponseForbidden()
        refresh["HX-Refresh"] = "true"
        return refresh
    referer = request.headers.get("referer", "")
    safe_referer = url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    back = referer if safe_referer and referer else _page_of_form(request)
    return render(
        request, "errors/csrf.html", {"back_url": back}, status=HttpResponseForbidden.status_code
    )


def _page_of_form(request: HttpRequest) -> str:
    """Where a form without a usable referer came from, as near as the address tells: a
    table link's form, the table's page (home is a dead end for a captain); else home."""
    if is_table_link_path(request.path_info):
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return reverse("tournaments:home")
        if "token" in match.kwargs:
            return reverse("scoring:table_entry", args=[match.kwargs["token"]])
    return reverse("tournaments:home")
