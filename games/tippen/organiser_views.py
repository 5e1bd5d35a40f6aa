"""The organiser's Tippen pages: the standings by chips, a table's deals and corrections."""

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from games.tippen import selectors, services
from games.tippen.forms import CHOICES, CorrectedForm, PotCorrectionForm
from games.tippen.models import PotDeal
from games.tippen.rules import TIPPEN_RULES
from games.tippen.selectors import TablePot
from games.tippen.views import named_refusal
from games.tippen.words import deal_words
from tournaments.draw.tables import seats_of
from tournaments.ledger.entries import form_error
from tournaments.models import Table, Tournament
from tournaments.rule_pages import with_prizes
from tournaments.views.access import organiser_required


@organiser_required
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The players ranked by chips; each table's pot and deals."""
    tournament = get_object_or_404(Tournament, pk=pk, rule_set=TIPPEN_RULES)
    context = {
        "tournament": tournament,
        "players": with_prizes(tournament, selectors.pot_players(tournament=tournament)),
        "tables": selectors.pot_tables(tournament=tournament),
    }
    return render(request, "pots/standings.html", context)


@organiser_required
def table_deals(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """A table's deals in order, each with a form to correct it."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"),
        pk=table_pk,
        tournament_id=pk,
        tournament__rule_set=TIPPEN_RULES,  # another night's pages are not this app's: 404
    )
    seats = seats_of(table=table)
    error, refused_deal, typed = "", None, None
    if request.method == "POST":
        form = PotCorrectionForm(request.POST, seats=seats)
        valid = form.is_valid()
        if "deal" in form.errors:
            raise Http404
        deal = get_object_or_404(PotDeal, table=table, pk=form.cleaned_data["deal"])
        taps = form.taps()
        try:
            if not valid:
                raise ValidationError(form_error(form))
            services.pot_deal_correct(deal=deal, taps=taps, user=request.user)
        except ValidationError as refused:
            reason = named_refusal(refused, seats, taps)
            error = _("Deal %(number)s was not corrected: %(reason)s") % {
                "number": deal.sequence,
                "reason": reason,
            }
            refused_deal, typed = deal.pk, request.POST
        else:
            # Back at the deal corrected, which says so: not at the top of a long page.
            url = reverse("pots:table_deals", args=[pk, table.pk])
            return redirect(f"{url}?corrected={deal.sequence}#deal-{deal.sequence}")
    pot = selectors.table_pot(table=table, seats=seats)
    context = {
        "tournament": table.tournament,
        "table": table,
        "pot": pot,
        "deals": _deal_rows(pot, refused_deal, typed),
        "choices": CHOICES,
        "error": error,
        "refused_deal": refused_deal,
        "corrected": _corrected(request),
    }
    return render(request, "pots/table_deals.html", context, status=422 if error else 200)


def _deal_rows(
    pot: TablePot, refused_deal: int | None, typed: QueryDict | None
) -> list[tuple[PotDeal, str, list[tuple[int, str, str]]]]:
    """Each deal with its words and its form's choices (as typed, for the one refused)."""
    return [
        (
            deal,
            deal_words(pot.names, pot.ledger, index),
            _choices(deal, pot.names, typed if deal.pk == refused_deal else None),
        )
        for index, deal in enumerate(pot.deals)
    ]


def _choices(
    deal: PotDeal, names: list[str], typed: QueryDict | None
) -> list[tuple[int, str, str]]:
    """Each seat, its player's name, and the choice the deal stores for it (or the one
    typed, for the deal whose correction was refused)."""
    return [
        (
            seat,
            name,
            typed.get(f"seat-{seat}", "")
            if typed is not None
            else ("-" if deal.taps[seat] is None else str(deal.taps[seat])),
        )
        for seat, name in enumerate(names)
    ]


def _corrected(request: HttpRequest) -> int:
    """The deal just corrected, to say so (0: none, or an address that names no number)."""
    form = CorrectedForm(request.GET)
    return (form.cleaned_data["corrected"] or 0) if form.is_valid() else 0
