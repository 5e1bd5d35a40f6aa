from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.selectors import user_must_change_password


class PasswordChangeRequiredMiddleware:
    """Sends an organiser who still has the one-time password to the page to choose a new one.

    Only that page, logging out and the language switch stay reachable until then (static files
    are served before this by WhiteNoise). Costs one query per request of a logged-in user.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.user.is_authenticated
            and request.path_info not in self._allowed_paths()
            and user_must_change_password(user=request.user)
        ):
            messages.info(request, _("Please choose your own password first."))
            return redirect("tournaments:password_change")
        return self.get_response(request)

    @staticmethod
    def _allowed_paths() -> set[str]:
        return {
            reverse("tournaments:password_change"),
            reverse("tournaments:logout"),
            reverse("set_language"),
        }
