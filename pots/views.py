"""The captain's page of a Tippen table, opened from the table's link (no account).

The table's link (``/t/<token>/``) is scoring's route; at a Tippen table it shows this page
(:func:`pot_page`), whose forms post here. A save: the deal stored, and the page again
(POST/redirect/GET) with the chips and the pot it came to; a refused one: the page with the
reason and every choice kept. The last deal can be corrected from the same page.
"""

import uuid

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from fipsen_rules import Code
from pots import selectors, services
from pots.models import PotDeal
from pots.replay import Taps
from pots.words import deal_words
from tournaments.links import TableLinkNotValid
from tournaments.models import Seat, Table
from tournaments.selectors import table_for_token
from tournaments.tippen_rules import TIPPEN_RULES

#: A seat's choice: passed, or the tricks of a player who tapped.
PASSED = "-"
CHOICES = (PASSED, "0", "1", "2", "3")
#: A save with every row on "passed": "All passed" is its own button, not a save by default.
NOBODY_TAPPED = _lazy("Nobody tapped. Did everyone pass? Then tap “All passed”.")


def pot_entry(request: HttpRequest, token: str) -> HttpResponse:
    """The captain's page of a Tippen table; its saves and its correction of the last deal."""
    seated = table_for_token(token=token)
    if seated is None or seated[0].tournament.rule_set != TIPPEN_RULES:
        raise TableLinkNotValid
    table, seats = seated
    if request.method != "POST" or table.tournament.is_finished:
        return pot_page(request, table, seats, token=token)
    action = request.POST.get("action", "")
    fix = action == "correct"
    taps: list[int | None] = [None] * len(seats)
    try:
        if action != "all_passed":
            taps = posted_taps(request.POST, seats, fix)
            if not fix and all(tricks is None for tricks in taps):
                raise ValidationError(NOBODY_TAPPED, code="nobody_tapped")
        deal = _saved(request, table, taps, fix=fix)
    except ValidationError as error:
        if error.code == "out_of_date":
            text = _out_of_date(table, seats, _int(request.POST.get("sequence")))
        else:
            text = named_refusal(error, seats, taps)
        return pot_page(request, table, seats, token=token, error=text, fixing=fix)
    pot = selectors.table_pot(table=table, seats=seats)
    words = deal_words(pot.names, pot.ledger, deal.sequence - 1)
    done = _("Corrected: %(deal)s") if fix else _("Entered: %(deal)s")
    messages.success(request, done % {"deal": words})
    return redirect("pots:entry", token=token)


def _saved(request: HttpRequest, table: Table, taps: Taps, *, fix: bool) -> PotDeal:
    sequence = _int(request.POST.get("sequence"))
    if fix:
        deal = PotDeal.objects.filter(table=table, sequence=sequence).first()
        if deal is None or sequence != PotDeal.objects.filter(table=table).count():
            raise ValidationError(_("Only the last deal can be corrected here."), code="not_last")
        return services.pot_deal_correct(deal=deal, taps=taps)
    return services.pot_deal_record(
        table=table,
        sequence=sequence,
        taps=taps,
        submission=_uuid(request.POST.get("submission")),
    )


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


def posted_taps(data: QueryDict, seats: list[Seat], fix: bool = False) -> list[int | None]:
    """Each seat's choice: None for passed, else the tricks.

    :raises ValidationError: a seat's choice is missing or not one of :data:`CHOICES`
        (code ``bad_choice``): nothing is read as "passed" that was not tapped as such.
    """
    prefix = "fix-" if fix else ""
    taps: list[int | None] = []
    for index, seat in enumerate(seats):
        value = data.get(f"{prefix}seat-{index}")
        if value not in CHOICES:
            raise ValidationError(
                _(
                    "Seat %(seat)s (%(name)s): choose “passed” or the tricks 0 to 3. "
                    "Nothing was saved."
                )
                % {"seat": index + 1, "name": seat.registration.player.name},
                code="bad_choice",
            )
        taps.append(None if value == PASSED else int(value))
    return taps


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
    return render(request, "pots/table_pot.html", context, status=422 if error else 200)


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


def _int(text: str | None) -> int:
    return int(text) if text and text.isdigit() and len(text) < 7 else 0


def _uuid(text: str | None) -> uuid.UUID | None:
    try:
        return uuid.UUID(text or "")
    except ValueError:
        return None
