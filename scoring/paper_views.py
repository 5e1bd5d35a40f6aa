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

from fipsen_rules import Ansegger, Duttfips, InvalidEntryError, MecklenburgGame
from scoring import paper, selectors, services
from scoring.models import FIVE_PLAYERS
from scoring.paper_forms import PaperSheetForm
from scoring.table_link import answers_finished_link, table_of_link
from tournaments.models import Seat, Table
from tournaments.rule_choice import rules_of
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
    seats = selectors.seats_of(table=table) if seats is None else seats
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
        "upcoming": upcoming,
        "form": form,
        "closed": closed,
        "back": back,
        **_notation_context(table, seats, upcoming.vorhand),
        **_sheet_context(sheet, seats),
    }
    return render(request, "scoring/paper.html", context)


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


def paper_example(seats: list[Seat], *, aspe: bool = False) -> list[str]:
    """Three lines as the help writes them, for this table: its players' first names, one
    total for each seat ("57. Anna 3 Hand verloren | -12 0 0")."""
    if aspe:
        return _aspe_example(seats)
    names = [_short_name(seat, seats) for seat in seats[:2]]
    totals = [[-12, 0], [-12, 10], [-12, 4]]
    games = [f"{names[0]} 3 Hand verloren", "2 5 +", f"{names[1]} -6"]
    return [
        f"{57 + index}. {game} | " + " ".join(map(str, [*deal, *[0] * (len(seats) - 2)]))
        for index, (game, deal) in enumerate(zip(games, totals, strict=True))
    ]


def _aspe_example(seats: list[Seat]) -> list[str]:
    """Großenaspe's three lines: a beet (each opponent gains), a Fips by seat number, a Kieker
    given up; at a five the dealer of each (seat 5, 1, 2) sits out and gains nothing
    ("57. Anna 3 Gute beet | 0 6 6 6 0")."""
    first, third = _short_name(seats[0], seats), _short_name(seats[2], seats)
    games = [f"{first} 3 Gute beet", "2 Fips gewonnen", f"{third} Kieker aufgegeben"]
    totals = (
        [[0, 6, 6, 6, 0], [0, 26, 6, 6, 0], [5, 26, 6, 11, 5]]
        if len(seats) == FIVE_PLAYERS
        else [[0, 6, 6, 6], [0, 26, 6, 6], [5, 31, 6, 11]]
    )
    return [
        f"{57 + index}. {game} | " + " ".join(map(str, deal))
        for index, (game, deal) in enumerate(zip(games, totals, strict=True))
    ]


def _notation_context(table: Table, seats: list[Seat], vorhand: int) -> dict[str, object]:
    """The example lines and which rule set's help the page shows."""
    aspe = table.tournament.rule_set == "grossenaspe"
    meck = _meck_rules(table)
    return {
        "example": _meck_example(seats, meck, vorhand) if meck else paper_example(seats, aspe=aspe),
        "aspe": aspe,
        "ansegger": isinstance(meck, Ansegger),
        "duttfips": isinstance(meck, Duttfips),
    }


def _meck_rules(table: Table) -> Ansegger | Duttfips | None:
    """The Mecklenburg rules of the table's night with the club's points, else None."""
    if table.tournament.rule_set not in ("ansegger", "duttfips"):
        return None
    rules = rules_of(table.tournament)
    return rules if isinstance(rules, Ansegger | Duttfips) else None


def _meck_example(seats: list[Seat], rules: Ansegger | Duttfips, vorhand: int) -> list[str]:
    """Mecklenburg's three lines, scored by the club's own table: Ansegger Fips's a Ruten
    game, a deal where all passed (dealt again: the same number) and a Fips by seat number;
    Duttfips's the Dutt taken by Vorhand, "Ruten oewer" called by him the next deal (when
    he is no longer Vorhand) and a Fips ("57. Anna 3 Ruten gewonnen | 6 0 0 0")."""
    if isinstance(rules, Ansegger):
        plays = [(0, "3 Ruten gewonnen", 57), (None, "alle gepasst", 58), (1, "Fips verloren", 58)]
    else:
        plays = [(vorhand, "Dutt gewonnen", 57), (vorhand, "Ruten oewer verloren", 58),
                 (2, "Fips gewonnen", 59)]  # fmt: skip
    totals = [0] * len(seats)
    lines = []
    for seat, text, number in plays:
        game = MecklenburgGame.parse(text)
        if seat is None:
            lines.append(f"{number}. {text} | " + " ".join(map(str, totals)))
            continue
        if rules.points.lookup(game) is None:  # a contract the club has no points for
            continue
        totals[seat] += rules.score(game)
        who = _short_name(seats[seat], seats) if seat != 1 else str(seat + 1)
        lines.append(f"{number}. {who} {text} | " + " ".join(map(str, totals)))
    return lines


def _short_name(seat: Seat, seats: list[Seat]) -> str:
    """The first word of the seat's name if it names no one else, else the whole name."""
    name = seat.registration.player.name
    first = name.split()[0] if name.split() else name
    others = [s.registration.player.name for s in seats if s is not seat]
    return name if any(other.split()[:1] == [first] for other in others) else first


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
