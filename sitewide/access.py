"""Who may see what, for every app: the organiser pages need a staff login (the table links
do not), and where a page may send the organiser back to."""

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponseBase
from django.utils.http import url_has_allowed_host_and_scheme

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


def same_site_path(request: HttpRequest, url: str) -> str:
    """``url`` when it is a path of this site (where to go back to, sent along as ``next``),
    else "" : another site, a scheme-relative "//evil.example", or a word that redirect()
    would take for a URL name."""
    safe = url.startswith("/") and url_has_allowed_host_and_scheme(
        url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return url if safe else ""
