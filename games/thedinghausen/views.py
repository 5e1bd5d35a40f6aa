"""The captain's page of a race table, opened from the table's link (no account).

The table's link (``/t/<token>/``) is scoring's route; at a race table it shows this page
(:func:`race_page`), whose forms post here. A tap, an undo: the page again with the taps so
far; a save: the deal stored, and the page again (POST/redirect/GET) with what it came to.
"""

import uuid
from collections.abc import Mapping, Sequence

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games.thedinghausen import selectors, services
from games.thedinghausen.forms import SAVES, RaceEntryForm
from games.thedinghausen.models import RaceDeal
from games.thedinghausen.replay import counts_of_taps
from games.thedinghausen.rules import announced_fipsen, is_race
from games.thedinghausen.screen import SeatRow, TapScreen
from games.thedinghausen.words import deal_words
from tournaments.draw.tables import table_for_token
from tournaments.ledger.entries import form_error
from tournaments.ledger.entry_answer import Outcome, is_queued, outcome_of, page_status, told
from tournaments.links import TableLinkNotValid
from tournaments.models import Seat, Table


def race_entry(request: HttpRequest, token: str) -> HttpResponse:
    """The captain's page of a race table; its taps, undo and saves."""
    seated = table_for_token(token=token)
    if seated is None or not is_race(seated[0].tournament):
        raise TableLinkNotValid
    table, seats = seated
    if request.method != "POST":
        return race_page(request, table, seats, token=token)
    form = RaceEntryForm(
        request.POST,
        players=len(seats),
        announcing=announced_fipsen(table.tournament.rule_options),
    )
    valid = form.is_valid()
    taps, announcer = form.taps_and_announcer()
    action = form.data.get("action", "")
    if not valid and action in SAVES:
        if action == "correct_last":  # the page again, the correction opened as typed
            taps, announcer = [], None
        error = form_error(form)
        page = race_page(
            request, table, seats, token=token, taps=taps, announcer=announcer, error=error
        )
        return page if action == "correct_last" else told(page, Outcome.REFUSED, error)
    if form.tapped is not None:
        taps.append(form.tapped)
    elif action == "undo":
        taps = taps[:-1]
    elif action == "correct_last":
        return _correct_last(request, table, seats, token=token, form=form)
    elif action in ("save_taps", "save_counts"):
        return _save(request, table, seats, token=token, form=form, by_taps=action == "save_taps")
    return race_page(request, table, seats, token=token, taps=taps, announcer=announcer)


def _save(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    *,
    token: str,
    form: RaceEntryForm,
    by_taps: bool,
) -> HttpResponse:
    taps, announcer = form.taps_and_announcer()
    counts = counts_of_taps(len(seats), taps) if by_taps else form.counts()
    try:
        deal, fresh = services.race_deal_enter(
            table=table,
            sequence=form.cleaned_data["sequence"],
            counts=None if by_taps else counts,
            taps=taps if by_taps else (),
            announcer=announcer,
            submission=form.cleaned_data["submission"],
        )
    except ValidationError as error:
        outcome, text = outcome_of(error), " ".join(error.messages)
        sequence = form.cleaned_data["sequence"]
        same = outcome is Outcome.CONFLICT and _same_deal(table, seats, sequence, counts, announcer)
        if same:
            messages.success(request, same)
            return _saved(request, table, seats, token=token, outcome=Outcome.DUPLICATE)
        page = race_page(
            request, table, seats, token=token, taps=taps, announcer=announcer, error=text
        )
        return told(page, outcome, text)
    race = selectors.table_race(table=table, seats=seats)
    messages.success(request, _("Entered: %(deal)s") % {"deal": deal_words(race, deal)})
    outcome = Outcome.SAVED if fresh else Outcome.DUPLICATE
    return _saved(request, table, seats, token=token, outcome=outcome)


def _same_deal(
    table: Table, seats: list[Seat], sequence: int, counts: list[int], announcer: int | None
) -> str:
    """What another phone saved as deal ``sequence``, in words, if it is this very deal (the
    same deal sent twice: nothing to do); else ""."""
    race = selectors.table_race(table=table, seats=seats)
    if not 1 <= sequence <= len(race.deals):
        return ""
    stored = race.deals[sequence - 1]
    if list(stored.counts) != counts or stored.announcer != announcer:
        return ""
    text = _(
        "This deal is already entered just so: %(entry)s. It was sent twice; there is "
        "nothing to do."
    )
    return text % {"entry": deal_words(race, stored)}


def _saved(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str, outcome: Outcome
) -> HttpResponse:
    """After a save: the page again (POST/redirect/GET); for the phone's queue, which
    follows no redirect meaningfully, the page itself (:mod:`tournaments.ledger.entry_answer`)."""
    if is_queued(request):
        return told(race_page(request, table, seats, token=token), outcome)
    return told(redirect("races:entry", token=token), outcome)


def _correct_last(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str, form: RaceEntryForm
) -> HttpResponse:
    """The captain corrects the table's last deal (its counts typed again), as long as no
    deal followed it: ``sequence`` is the deal he saw as the last one (checked under the
    table's lock, by the service)."""
    try:
        deal = services.race_deal_correct_last(
            table=table,
            sequence=form.cleaned_data["sequence"],
            counts=form.counts(),
            announcer=form.cleaned_data["announcer"],
        )
    except ValidationError as error:
        return race_page(request, table, seats, token=token, error=" ".join(error.messages))
    race = selectors.table_race(table=table, seats=seats)
    messages.success(request, _("Corrected: %(deal)s") % {"deal": deal_words(race, deal)})
    return redirect("races:entry", token=token)


def race_page(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    *,
    token: str,
    taps: list[int] | None = None,
    announcer: int | None = None,
    error: str = "",
) -> HttpResponse:
    """The captain's screen: tallies, the deal tapped so far, the counts form, last deals."""
    race = selectors.table_race(table=table, seats=seats)
    names = [seat.registration.player.name for seat in seats]
    screen = TapScreen.of(race.evening.current, names, taps or [], announcer)
    # The deal passes to the left after every deal, across games, as at any table.
    dealer = (table.first_dealer + race.next_sequence - 1) % len(seats)
    recent: list[tuple[RaceDeal, str]] = [
        (deal, deal_words(race, deal)) for deal in reversed(race.deals[-3:])
    ]
    context = {
        "table": table,
        "tournament": table.tournament,
        "token": token,
        "race": race,
        "screen": screen,
        "won": list(zip(names, race.evening.games_won, strict=True)),
        "recent": recent,
        "error": error,
        "submission": uuid.uuid4(),
        "announcing": announced_fipsen(table.tournament.rule_options),
        "dealer": dealer,
        "dealer_name": names[dealer],
        **_typed_forms(request.POST if error else {}, screen, race.last_deal),
    }
    return render(request, "races/table_race.html", context, status=page_status(request, error))


def _typed_forms(
    posted: Mapping[str, str], screen: TapScreen, last: RaceDeal | None
) -> dict[str, object]:
    """The counts form and the last deal's correction: each opened, with what was typed kept,
    when it was the one refused; else the new deal's at 0 and the correction's as saved."""
    action = posted.get("action", "")

    def rows(form: str, saved: Sequence[int]) -> list[tuple[SeatRow, str]]:
        typed = posted if action == form else {}
        return [
            (row, typed.get(f"count-{row.seat}", str(saved[row.seat]))[:3]) for row in screen.rows
        ]

    return {
        "counts_open": action == "save_counts",
        "count_rows": rows("save_counts", [0] * len(screen.rows)),
        "correct_open": action == "correct_last",
        "correct_rows": rows("correct_last", last.counts) if last else [],
    }
