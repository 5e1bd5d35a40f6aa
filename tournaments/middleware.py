from collections.abc import Callable
from http import HTTPStatus

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments.ledger.receipts import receipt_at, receipt_of_submission
from tournaments.selectors import user_must_change_password

#: The answer to a saved deal carries the table's receipt after it (the phone's queue reads it).
RECEIPT_HEADER = "X-Preisfipsen-Receipt"


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


class ReceiptHeaderMiddleware:
    """Adds the table's receipt (:data:`RECEIPT_HEADER`) to the answer to a deal posted at a
    table's link, once the deal is stored (saved now, or the same form sent again): for every
    kind of entry, whatever view saved it. Other requests cost nothing."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = request.resolver_match
        token = match.kwargs.get("token") if match else None
        submission = request.POST.get("submission") if request.method == "POST" else None
        # The queue's word on the entry, where a view gives it: only a stored deal has a receipt.
        entry = response.headers.get("X-Preisfipsen-Entry", "saved")
        stored = entry in {"saved", "duplicate"} and response.status_code < HTTPStatus.BAD_REQUEST
        if token and submission and stored:
            # The chain the page of this answer read already, if it did (no query then).
            code = receipt_of_submission(token=str(token), submission=submission, request=request)
            if code is None and entry == "duplicate":  # the same deal from another form
                code = receipt_at(token=str(token), sequence=request.POST.get("sequence", ""))
            if code:
                response[RECEIPT_HEADER] = code
        return response
