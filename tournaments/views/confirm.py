"""Confirmation pages: nothing that cannot simply be undone happens on one tap.

A button that draws, starts, finishes, renews a link or ends a table is a link to a page that
says what will happen (GET); its confirm button posts the page back with the field
``confirm=yes``, and only then the service acts. Without that field a POST shows the page
again and changes nothing. Plain HTML forms: it works without JavaScript.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from tournaments.ledger import progress as table_progress
from tournaments.models import Table, Tournament

CONFIRM_FIELD = "confirm"
CONFIRM_VALUE = "yes"


@dataclass(frozen=True)
class Confirmation:
    """What the page says: the question, what follows, and where "Back" leads."""

    tournament: Tournament
    title: str
    #: What follows once confirmed, one sentence a line.
    consequences: Sequence[str]
    button: str
    back: str
    #: Said above all else, in a warning box (e.g. the tables that have not finished).
    warnings: Sequence[str] = field(default_factory=tuple)
    warning_title: str = ""
    #: The button is red when the step cannot be undone by the organiser at all.
    irreversible: bool = False


def is_confirmed(request: HttpRequest) -> bool:
    return request.method == "POST" and request.POST.get(CONFIRM_FIELD) == CONFIRM_VALUE


def confirm_or_act(
    request: HttpRequest,
    confirmation: Confirmation,
    *,
    check: Callable[[], object],
    act: Callable[[], object],
    success: str | Callable[[], str],
    done: str | Callable[[], str],
    form: forms.Form | None = None,
    template: str = "tournaments/confirm.html",
) -> HttpResponse:
    """Show the confirmation page, or act when it was confirmed (and the form is valid).

    ``check`` raises the service's ValidationError when the step is not possible now: the page
    then says why and offers only "Back". ``success`` and ``done`` (the message and where to go
    afterwards) may be callables, for what only the step itself decides. ``template``: a page
    that extends ``tournaments/confirm.html`` and shows the form its own way.
    """
    refusals: list[str] = []
    try:
        check()
    except ValidationError as error:
        refusals = error.messages
    if not refusals and is_confirmed(request) and (form is None or form.is_valid()):
        try:
            act()
        except ValidationError as error:
            if form is not None:  # e.g. a reason the service refused: said on the form
                form.add_error(None, error.messages)
            else:
                refusals = error.messages
        else:
            messages.success(request, success() if callable(success) else success)
            return redirect(done() if callable(done) else done)
    context = {
        "tournament": confirmation.tournament,
        "confirmation": confirmation,
        "refusals": refusals,
        "form": form,
        "confirm_field": CONFIRM_FIELD,
        "confirm_value": CONFIRM_VALUE,
    }
    return render(request, template, context)


def table_to_confirm(pk: int, table_pk: int) -> tuple[Table, str]:
    """For a confirmation page about one table: the table ``table_pk`` of tournament ``pk``
    (else the page is not found), and the address of its row on the tables page, where "Back"
    leads."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"), pk=table_pk, tournament_id=pk
    )
    return table, f"{reverse('tournaments:tables', args=[pk])}#table-{table.number}"


def deals_waiting_warnings(tournament: Tournament, tables: QuerySet[Table]) -> list[str]:
    """The tables whose phones keep deals that have not reached the laptop (their pings
    said so), each named with how many, and what to do: said above a redraw, an early end or
    the finish, which those deals would no longer find open."""
    lines = []
    for table, count in table_progress.deals_waiting(tables):
        text = ngettext(
            "Table %(table)s: its phone keeps %(count)s deal that has not reached the laptop.",
            "Table %(table)s: its phones keep %(count)s deals that have not reached the laptop.",
            count,
        ) % {"table": table.number, "count": count}
        if tournament.series_count > 1:
            text = gettext("Series %(series)s · %(text)s") % {"series": table.series, "text": text}
        lines.append(text)
    if lines:
        lines.append(
            gettext(
                "Best wait until they have arrived (the phone sends them once it reaches the "
                "Wi-Fi). Done now, those deals are not saved, and the phone tells its captain "
                "so: then enter them by hand."
            )
        )
    return lines
