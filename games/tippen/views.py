"""The captain's page of a Tippen table, opened from the table's link (no account).

The table's link (``/t/<token>/``) is scoring's route; at a Tippen table it shows this page
(:func:`pot_page`), whose forms post here. A save: the deal stored, and the page again
(POST/redirect/GET) with the chips and the pot it came to; a refused one: the page with the
reason and every choice kept. The last deal can be corrected from the same page. A save says
what became of the deal in its answer's header, for the phone's queue
(:mod:`tournaments.ledger.entry_answer`).
"""

import uuid

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from fipsen_rules import Code
from games.tippen import selectors, services
from games.tippen.forms import CHOICES, PASSED, PotEntryForm
from games.tippen.replay import Taps
from games.tippen.rules import TIPPEN_RULES
from games.tippen.words import deal_words
from tournaments.draw.tables import table_for_token
from tournaments.ledger.entries import form_error
from tournaments.ledger.entry_answer import Outcome, is_queued, outcome_of, page_status, told
from tournaments.links import TableLinkNotValid
from tournaments.models import Seat, Table


def pot_entry(request: HttpRequest, token: str) -> HttpResponse:
    """The captain's page of a Tippen table; its saves and its correction of the last deal."""
    seated = table_for_token(token=token)
    if seated is None or seated[0].tournament.rule_set != TIPPEN_RULES:
        raise TableLinkNotValid
    table, seats = seated
    # A finished night shows the chips as they ended; the queue's deal goes to the ledger,
    # which says whether it was saved before (duplicate) or comes too late (closed).
    if request.method != "POST" or (table.tournament.is_finished and not is_queued(request)):
        return pot_page(request, table, seats, token=token)
    form = PotEntryForm(request.POST, seats=seats)
    fix = form.fixing
    if not form.is_valid():
        error = form_error(form)
        page = pot_page(request, table, seats, token=token, error=error, fixing=fix)
        return page if fix else told(page, Outcome.REFUSED, error)
    if fix:
        return _correct_last(request, table, seats, token=token, form=form)
    return _save(request, table, seats, token=token, form=form)


def _save(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str, form: PotEntryForm
) -> HttpResponse:
    """A new deal; what became of it is said in the answer's header for the phone's queue
    (:mod:`tournaments.ledger.entry_answer`), which is answered with the page, never redirected."""
    taps = form.taps()
    sequence = form.cleaned_data["sequence"]
    try:
        deal, fresh = services.pot_deal_enter(
            table=table, sequence=sequence, taps=taps, submission=form.cleaned_data["submission"]
        )
    except ValidationError as error:
        outcome = outcome_of(error)
        same = outcome is Outcome.CONFLICT and _same_deal(table, seats, sequence, taps)
        if same:
            messages.success(request, same)
            return _saved(request, table, seats, token=token, outcome=Outcome.DUPLICATE)
        if error.code == "out_of_date":
            text = _out_of_date(table, seats, sequence)
        else:
            text = named_refusal(error, seats, taps)
        return told(pot_page(request, table, seats, token=token, error=text), outcome, text)
    pot = selectors.table_pot(table=table, seats=seats)
    words = deal_words(pot.names, pot.ledger, deal.sequence - 1)
    messages.success(request, _("Entered: %(deal)s") % {"deal": words})
    outcome = Outcome.SAVED if fresh else Outcome.DUPLICATE
    return _saved(request, table, seats, token=token, outcome=outcome)


def _same_deal(table: Table, seats: list[Seat], sequence: int, taps: Taps) -> str:
    """What another phone saved as deal ``sequence``, in words, if it is this very deal (the
    same deal sent twice: nothing to do); else ""."""
    pot = selectors.table_pot(table=table, seats=seats)
    if not 1 <= sequence < pot.next_sequence or list(pot.deals[sequence - 1].taps) != list(taps):
        return ""
    text = _(
        "This deal is already entered just so: %(entry)s. It was sent twice; there is "
        "nothing to do."
    )
    return text % {"entry": deal_words(pot.names, pot.ledger, sequence - 1)}


def _saved(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str, outcome: Outcome
) -> HttpResponse:
    """After a save: the page again (POST/redirect/GET); for the phone's queue, which
    follows no redirect meaningfully, the page itself."""
    if is_queued(request):
        return told(pot_page(request, table, seats, token=token), outcome)
    return told(redirect("pots:entry", token=token), outcome)


def _correct_last(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str, form: PotEntryForm
) -> HttpResponse:
    taps = form.taps()
    sequence = form.cleaned_data["sequence"]
    try:
        deal = services.pot_deal_correct_last(table=table, sequence=sequence, taps=taps)
    except ValidationError as error:
        text = named_refusal(error, seats, taps)
        return pot_page(request, table, seats, token=token, error=text, fixing=True)
    pot = selectors.table_pot(table=table, seats=seats)
    words = deal_words(pot.names, pot.ledger, deal.sequence - 1)
    messages.success(request, _("Corrected: %(deal)s") % {"deal": words})
    return redirect("pots:entry", token=token)


def _out_of_date(table: Table, seats: list[Seat], sequence: int) -> str:
    """Another phone saved this deal (or the form's number is none the table has): what the
    table has saved, and that this phone's taps stay in the form for the next deal."""
    pot = selectors.table_pot(table=table, seats=seats)
    kept = _("Your taps are kept below for deal %(next)s: check them and save, or change them.")
    kept %= {"next": pot.next_sequence}
    if not 1 <= sequence < pot.next_sequence:
        return (
            _("This page is out of date: the next deal is deal %(next)s.")
            % {"next": pot.next_sequence}
            + " "
            + kept
        )
    saved = deal_words(pot.names, pot.ledger, sequence - 1)
    return _("Another phone saved it first: %(deal)s.") % {"deal": saved} + " " + kept


def named_refusal(error: ValidationError, seats: list[Seat], taps: Taps) -> str:
    """The refusal in words; a lone tapper with tricks is named, not numbered."""
    tappers = [seat for seat, tricks in enumerate(taps) if tricks is not None]
    if error.code == Code.TIPPEN_LONE_TAPPER and len(tappers) == 1:
        name = seats[tappers[0]].registration.player.name
        return _(
            "%(name)s tapped alone and takes the pot without play, so he has no tricks: "
            "choose 0 for him. If others tapped too, choose their tricks."
        ) % {"name": name}
    return " ".join(error.messages)


def pot_page(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    *,
    token: str,
    error: str = "",
    fixing: bool = False,
) -> HttpResponse:
    """The captain's screen: chips, the pot, the next deal's form, the last deals."""
    pot = selectors.table_pot(table=table, seats=seats)
    posted = request.POST if error else QueryDict()
    rows = [
        {
            "seat": seat,
            "name": name,
            "chips": pot.ledger.current.chips[seat],
            "dealer": seat == pot.ledger.current.dealer,
            "choice": posted.get(f"seat-{seat}", PASSED) if not fixing else PASSED,
        }
        for seat, name in enumerate(pot.names)
    ]
    context = {
        "table": table,
        "tournament": table.tournament,
        "token": token,
        "pot": pot,
        "rows": rows,
        "choices": CHOICES,
        "stake": pot.ledger.start.rules.stake,
        "stakes": pot.ledger.current.pot + pot.ledger.start.rules.stake,
        "fix_rows": _fix_rows(pot, posted if fixing else None),
        "recent": [
            deal_words(pot.names, pot.ledger, index)
            for index in reversed(range(max(0, len(pot.deals) - 3), len(pot.deals)))
        ],
        "error": error,
        "fixing": fixing,
        "submission": uuid.uuid4(),
    }
    return render(request, "pots/table_pot.html", context, status=page_status(request, error))


def _fix_rows(pot: selectors.TablePot, posted: QueryDict | None) -> list[dict[str, object]]:
    """The last deal's choices, for its correction (as posted, when it was refused)."""
    last = pot.last_deal
    if last is None:
        return []
    return [
        {
            "seat": seat,
            "name": name,
            "choice": posted.get(f"fix-seat-{seat}", PASSED)
            if posted is not None
            else (PASSED if last.taps[seat] is None else str(last.taps[seat])),
        }
        for seat, name in enumerate(pot.names)
    ]
