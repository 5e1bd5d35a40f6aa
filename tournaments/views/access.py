"""Who may see what: the organiser pages need a staff login (the table links do not)."""

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponseBase, QueryDict
from django.utils.http import url_has_allowed_host_and_scheme

from tournaments.text import clean_text

View = TypeVar("View", bound=Callable[..., HttpResponseBase])


def organiser_required(view: View) -> View:
    """Logged in as an organiser (a staff account). Anonymous users go to the login page; a
    logged-in player who is not an organiser is refused, rather than sent back to the login
    page, which would send him on again."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not request.user.is_staff:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return login_required(checked)  # type: ignore[return-value]


#: The longest search that makes sense: a name (the longest is 100 characters) and a little.
MAX_QUERY = 120


def search_query(data: QueryDict) -> str:
    """The search box's ``q`` (of ``request.GET`` or ``request.POST``), cleaned of control
    characters (a NUL breaks PostgreSQL's query) and cut to a sensible length."""
    return clean_text(data.get("q", "")).strip()[:MAX_QUERY]


def id_or_404(value: object) -> int:
    """A row's id sent in a form field: a positive number within the database's integers,
    or the page is not found (as for an unknown id)."""
    text = str(value or "")
    if not (text.isascii() and text.isdecimal() and 0 < int(text) < 2**31):
        raise Http404
    return int(text)


def same_site_path(request: HttpRequest, url: str) -> str:
    """``url`` when it is a path of this site (where to go back to, sent along as ``next``),
    else "" : another site, a scheme-relative "//evil.example", or a word that redirect()
    would take for a URL name."""
    safe = url.startswith("/") and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if safe else ""
