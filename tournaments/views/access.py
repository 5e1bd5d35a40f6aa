"""Who may see what: the organiser pages need a staff login (the table links do not)."""

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

View = TypeVar("View", bound=Callable[..., HttpResponse])


def organiser_required(view: View) -> View:
    """Logged in as an organiser (a staff account). Anonymous users go to the login page; a
    logged-in player who is not an organiser is refused, rather than sent back to the login
    page, which would send him on again."""

    @wraps(view)
    def checked(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_staff:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return login_required(checked)  # type: ignore[return-value]
