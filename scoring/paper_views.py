"""Typing in a paper sheet: from the table's link (the captain), or as the organiser.

"Check" reads every line and shows what would be saved, or every wrong line; "Save" saves
the checked sheet, all of it or nothing (scoring/paper/ reads and checks, ``sheet_import``
saves).
"""

import uuid

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import ngettext

from fipsen_rules import InvalidEntryError
from scoring import paper, selectors, services
from scoring.evaluation import spoken_game
from scoring.paper_forms import PaperSheetForm
from scoring.table_link import answers_finished_link, table_of_link
from tournaments.draw.tables import seats_of
from tournaments.models import Seat, Table
from tournaments.rule_pages import pages_of
from tournaments.rules_errors import add_refusal
from tournaments.views.access import organiser_required


@answers_finished_link
def table_paper(request: HttpRequest, token: str) -> HttpResponse:
    """The captain types in the table's paper sheet."""
    table, seats = table_of_link(token)
    back = reverse("scoring:table_entry", args=[token])
    return _paper(request, table, user=None, back=back, seats=seats)


@organiser_required
def organiser_paper(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """The organiser types in a table's paper sheet, during the night or after it."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"), pk=table_pk, tournament_id=pk
    )
    back = reverse("scoring:organiser_sheet", args=[pk, table.pk])
    return _paper(request, table, user=request.user, back=back)  # type: ignore[arg-type]


def _paper(
    request: HttpRequest,
    table: Table,
    *,
    user: User | None,
    back: str,
    seats: list[Seat] | None = None,
) -> HttpResponse:
    """The paper sheet's page: "check" shows what would be saved, "save" saves and goes back."""
    seats = seats_of(table=table) if seats is None else seats
    upcoming = selectors.next_deal(table=table, seats=seats)
    closed = None
    try:
        services.sheet_require_open(table=table, upcoming=upcoming)
    except ValidationError as error:
        closed = error.messages[0]
    form = PaperSheetForm(request.POST if request.method == "POST" else None)
    sheet = None
    # A save is tried even on a closed table: the same sheet saved before (Back to the preview,
    # a second tap) answers with its deals; anything else is refused by the service.
    saving = "save" in request.POST
    if request.method == "POST" and (closed is None or saving) and form.is_valid():
        try:
            if saving:
                _sheet_save(request, table, form, user=user)
                return redirect(back)
            sheet = services.sheet_check(table=table, text=form.cleaned_data["text"])
        except paper.SheetError as error:
            form.add_sheet_error(error)
        # The table closed meanwhile, or a phone entered a deal; or (not reached: the check
        # used the same rules) a rule broken
        except (ValidationError, InvalidEntryError) as error:
            add_refusal(form, error)
    context = {
        "table": table,
        "tournament": table.tournament,
        "seats": seats,
        # Where each seat's total (a Skat list's: his column) stands, to carry the sheet on from.
        "standing": _standing(table, seats, upcoming) if closed is None else [],
        "upcoming": upcoming,
        "form": form,
        "closed": closed,
        "back": back,
        **_notation_context(table, seats, upcoming.vorhand),
        **_sheet_context(sheet, seats),
    }
    return render(request, "scoring/paper.html", context)


def _standing(table: Table, seats: list[Seat], upcoming: selectors.NextDeal) -> list[object]:
    """Each seat with its running total as the sheet goes on from it (one query)."""
    rules = services.sheet_rules(table)
    start = selectors.paper_start(table=table, seats=seats, upcoming=upcoming, rules=rules)
    return list(zip(seats, start.totals, strict=True))


def _sheet_save(
    request: HttpRequest, table: Table, form: PaperSheetForm, *, user: User | None
) -> None:
    """Save the checked sheet, and say so on the next page."""
    deals = services.sheet_import(
        table=table, text=form.cleaned_data["text"], user=user, batch=form.cleaned_data["batch"]
    )
    entered = ngettext(
        "%(count)s deal entered, up to deal %(last)s.",
        "%(count)s deals entered, up to deal %(last)s.",
        len(deals),
    )
    messages.success(request, entered % {"count": len(deals), "last": deals[-1].number})


def _notation_context(table: Table, seats: list[Seat], vorhand: int) -> dict[str, object]:
    """The rule set's help on writing a sheet, and its example lines for this table."""
    help_ = pages_of(table.tournament).paper_help
    if help_ is None:  # not reached: a table of its own pages is handed over before
        return {"paper_help": None, "example": []}
    return {
        "paper_help": help_.template,
        # In the page's language ("3 Hand lost"): the sheet reads either.
        "example": [spoken_game(line) for line in help_.example(seats, table.tournament, vorhand)],
    }


def _sheet_context(sheet: paper.Sheet | None, seats: list[Seat]) -> dict[str, object]:
    """The checked sheet's rows, each with its declarer's name, and a fresh id to save it."""
    rows = [
        (row, "" if row.declarer is None else seats[row.declarer].registration.player.name)
        for row in (sheet.rows if sheet else ())
    ]
    return {
        "sheet": sheet,
        "rows": rows,
        "first_number": sheet.rows[0].number if sheet else None,
        "last_number": sheet.rows[-1].number if sheet else None,
        "batch": uuid.uuid4(),
    }
