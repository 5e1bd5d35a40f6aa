"""What the deal pages of the captain and of the organiser share: the posted form and its
save, the live preview, the correction page of its own, and the sheet page."""

import uuid
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from fipsen_rules import Code, FipsenError, InvalidEntryError
from scoring import selectors, services
from scoring.evaluation import Scored, score_deal
from scoring.forms import DealForm, deal_form, deal_initial
from scoring.models import Deal
from tournaments.draw.tables import seats_of
from tournaments.models import Seat, Table


def posted_deal(request: HttpRequest, table: Table, seats: list[Seat]) -> DealForm:
    """The posted deal form. Any seat of the table passes here: whether the declarer plays
    this deal (a player may have left) is the rules' check, with the table as it stands."""
    return deal_form(table.tournament, request.POST, seats=seats)


def deal_form_save(form: DealForm, action: Callable[[dict[str, Any]], Deal]) -> Deal | None:
    """Run a deal service for a valid form; its refusals land on the form."""
    try:
        return action(form.cleaned_data)
    except services.EntryOutOfDate:
        raise  # not the form's fault: the table has moved on (the caller says so)
    except (InvalidEntryError, ValidationError) as error:
        form.add_refusal(error)
    return None


def kept_deal_form(form: DealForm, table: Table, seats: list[Seat], *, sequence: int) -> DealForm:
    """A valid form's taps, kept for entry ``sequence`` under a fresh submission id (its own
    entry was taken by another phone)."""
    initial = {**form.cleaned_data, "sequence": sequence, "submission": uuid.uuid4()}
    return deal_form(table.tournament, initial=initial, seats=seats)


#: The prefix of a kept deal's taps carried through a confirmation (see kept_taps).
KEPT = "kept"


def kept_taps(form: DealForm) -> list[tuple[str, str]]:
    """A kept form's taps as hidden fields (name, value) for the confirmation's form: while the
    last deal waits for its confirmation no deal form is shown, and the taps must come back
    with the confirming tap (with or without JavaScript) to stand in the next form."""
    fields: list[tuple[str, str]] = []
    for name in form.fields:
        value = form.initial.get(name)
        if value is None or value is False or value == "":
            continue
        fields.append((f"{KEPT}-{name}", "on" if value is True else str(value)))
    return fields


def posted_kept(request: HttpRequest, table: Table, seats: list[Seat]) -> DealForm | None:
    """The kept taps posted back with a confirmation, as a valid form; None: none posted (or
    not valid any more: then there is nothing to keep)."""
    if f"{KEPT}-contract" not in request.POST:
        return None
    form = deal_form(table.tournament, request.POST, seats=seats, prefix=KEPT)
    return form if form.is_valid() else None


def correction_form(
    data: Any, deal: Deal, seats: list[Seat], table: Table, playing: tuple[int, ...]
) -> DealForm:
    """The deal form filled with ``deal`` as it stands (``data``: as posted); a dealer who sat
    the deal out (where the rule set says so) is not offered as its declarer."""
    initial = deal_initial(table.tournament, deal)
    out = selectors.sitting_out(table, playing, deal.dealer)
    playing = tuple(seat for seat in playing if seat != out)
    form = deal_form(table.tournament, data, initial=initial, seats=seats, playing=playing)
    form.sitting_out = out
    return form


def playing_for(deal: Deal, table: Table, seats: list[Seat]) -> tuple[int, ...]:
    """The seats that played ``deal`` (a passed one: those of the next deal)."""
    number = deal.number or selectors.next_deal(table=table, seats=seats).number or 1
    return selectors.playing_seats(table, seats, number)


def preview_page(
    request: HttpRequest,
    table: Table,
    seats: list[Seat],
    playing: tuple[int, ...],
    dealer: int | None = None,
) -> HttpResponse:
    """What the rules make of the posted form as it stands: "3 Hand verloren = −12", or why
    not (``playing``: the seats that may declare; ``dealer``: who sits out at a five)."""
    form = posted_deal(request, table, seats)
    outcome: Scored | None = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            outcome = score_deal(
                tournament=table.tournament,
                seats=playing,
                declarer=data["declarer"],
                game=data["game"],
                written_value=data["written_value"],
                dealer=dealer,
            )
        except (FipsenError, ValidationError) as error:
            form.add_refusal(error)
    context = {"form": form, "outcome": outcome, "unfinished": _only_unfinished(form)}
    return render(request, "scoring/_preview.html", context)


#: What a deal still waits for while the taps are coming: the live preview asks for it as a
#: hint, not in an error's red (saving it so is still refused as an error).
_UNFINISHED = frozenset(
    {"required", Code.DECLARER_MISSING, Code.TRICKS_MISSING, Code.RESULT_MISSING}
)


def _only_unfinished(form: DealForm) -> bool:
    codes = {error.code for errors in form.errors.as_data().values() for error in errors}
    return bool(codes) and codes <= _UNFINISHED


def correct_deal(deal: Deal, data: dict[str, Any], *, user: object, reason: str) -> Deal:
    """Correct ``deal`` to the valid form's ``data``."""
    return services.deal_correct(
        deal=deal,
        declarer=data["declarer"],
        game=data["game"],
        written_value=data["written_value"],
        user=user,  # type: ignore[arg-type]
        reason=reason,
    )


def sheet_page(
    request: HttpRequest, table: Table, seats: list[Seat], *, token: str
) -> HttpResponse:
    """The table's whole sheet and its history (``token``: the table's link, "" when shared)."""
    context = {
        "table": table,
        "tournament": table.tournament,
        "sheet": selectors.table_sheet(table=table, seats=seats),
        "history": selectors.deal_history(table=table),
        "token": token,
    }
    return render(request, "scoring/table_sheet.html", context)


def correct_page(
    request: HttpRequest,
    table: Table,
    deal: Deal,
    *,
    user: object,
    back: str,
    preview: str,
    seats: list[Seat] | None = None,
) -> HttpResponse:
    """The correction page of its own (the organiser's, and the captain's without JavaScript)."""
    seats = seats_of(table=table) if seats is None else seats
    playing = selectors.playing_seats(table, seats, deal.number or 1)
    form = correction_form(request.POST or None, deal, seats, table, playing)
    reason = request.POST.get("reason", "")
    if request.method == "POST" and form.is_valid():
        corrected = deal_form_save(
            form, lambda data: correct_deal(deal, data, user=user, reason=reason)
        )
        if corrected is not None:
            messages.success(
                request, _("Corrected: %(deal)s") % {"deal": services.deal_words(corrected, seats)}
            )
            return redirect(back)
    context = {
        "table": table,
        "tournament": table.tournament,
        "deal": deal,
        "deal_words": services.deal_words(deal, seats),
        "form": form,
        "seats": seats,
        "back": back,
        "preview_url": preview,
        "ask_reason": user is not None,
        "reason": reason,
    }
    return render(request, "scoring/deal_correct.html", context)
