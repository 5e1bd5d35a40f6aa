"""Who may see what: the organiser pages need a staff login (the table links do not)."""

from collections.abc import Callable
from typing import TypeVar

from django.contrib.auth.decorators import login_required, user_passes_test

View = TypeVar("View", bound=Callable[..., object])


def organiser_required(view: View) -> View:
    """Logged in as an organiser (a staff account), else off to the login page."""
    return login_required(user_passes_test(lambda user: user.is_staff)(view))  # type: ignore[return-value]
