"""What became of a new deal a captain's page posted (scored, the race, Tippen), said to the
phone's queue (issue 19; the outcomes are :mod:`tournaments.ledger.entry_outcomes`'s).

A form that saves a new deal (``data-queue="deal"``) may be sent by the page's queue
(``static/js/offline-queue.js``, header ``X-Preisfipsen-Queue: 1``) rather than by the
browser. The queue cannot follow a redirect meaningfully (``fetch`` follows it, and the
answer it gets is the next page's, without this header), so a queued post is answered with
the page itself, status 200, and the header ``X-Preisfipsen-Entry`` says what became of the
deal; a refusal's reason is in the page's status line and, percent-encoded (a header is
Latin-1), in ``X-Preisfipsen-Reason``. A plain post (no JavaScript) is answered as before,
with the header added.

>>> from tournaments.states import NotAllowedNow
>>> outcome_of(NotAllowedNow("x", code="locked")), outcome_of(ValidationError("x", code="x"))
(<Outcome.CLOSED: 'closed'>, <Outcome.REFUSED: 'refused'>)
>>> outcome_of(ValidationError("x", code=OUT_OF_DATE))
<Outcome.CONFLICT: 'conflict'>
"""

from enum import StrEnum
from urllib.parse import quote

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse

from tournaments.ledger import entry_outcomes
from tournaments.ledger.entry_outcomes import ENTRY_HEADER

QUEUE_HEADER = "X-Preisfipsen-Queue"
REASON_HEADER = "X-Preisfipsen-Reason"
#: The ledger's code for a form whose deal another phone saved, or the table has not reached.
OUT_OF_DATE = "out_of_date"


class Outcome(StrEnum):
    """What became of a posted deal (the plan's contract): saved and duplicate take it off
    the phone's queue; the others stop the queue at that deal until the captain mends it or
    drops it."""

    SAVED = entry_outcomes.SAVED
    #: The same submission again, or the same deal another phone saved: nothing to do.
    DUPLICATE = entry_outcomes.DUPLICATE
    #: The rules or the form refuse it.
    REFUSED = entry_outcomes.REFUSED
    #: Another phone entered a different deal at that place (or the page is out of date).
    CONFLICT = entry_outcomes.CONFLICT
    #: The table takes no deals now: the night is finished, the table ended, play not begun.
    CLOSED = entry_outcomes.CLOSED


def is_queued(request: HttpRequest) -> bool:
    """Whether the phone's queue sent this post (it reads the answer, follows no redirect)."""
    return request.headers.get(QUEUE_HEADER) == "1"


def outcome_of(error: ValidationError) -> Outcome:
    """The outcome of a deal the ledger refused with ``error``."""
    if getattr(error, "code", None) == OUT_OF_DATE:
        return Outcome.CONFLICT
    return Outcome(entry_outcomes.refusal(error))


#: The most characters of a reason in its header: a refusal may echo what was posted (a
#: 100,000-character field made a 64 KB header); the page says the reason whole.
REASON_CHARACTERS = 300


def told(response: HttpResponse, outcome: Outcome, reason: str = "") -> HttpResponse:
    """``response`` with the outcome (and the reason of a refusal, its start if long) in its
    headers.

    >>> told(HttpResponse(), Outcome.REFUSED, "x" * 1000)[REASON_HEADER][-12:]
    'xxx%E2%80%A6'
    """
    response[ENTRY_HEADER] = outcome.value
    if len(reason) > REASON_CHARACTERS:
        reason = reason[: REASON_CHARACTERS - 1] + "…"
    if reason:
        response[REASON_HEADER] = quote(reason)
    return response


def page_status(request: HttpRequest, error: str) -> int:
    """The status of a captain's page: 422 for a refused plain post, 200 for the queue (it
    reads the header; a browser shows a 4xx page as it is anyway)."""
    return 422 if error and not is_queued(request) else 200
