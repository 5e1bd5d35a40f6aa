"""The organiser's race pages: the standings, the cash box, a table's deals and corrections."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from games.thedinghausen import selectors, services
from games.thedinghausen.forms import RaceCorrectionForm
from games.thedinghausen.models import RaceDeal
from games.thedinghausen.rules import RACE_RULES, announced_fipsen
from games.thedinghausen.words import deal_words
from tournaments.draw.tables import seats_of
from tournaments.ledger.entries import form_error
from tournaments.models import Table, Tournament
from tournaments.rule_pages import with_prizes
from tournaments.views.access import organiser_required


@organiser_required
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The players ranked by games won, then by their money (the Hedewig ledger)."""
    tournament = get_object_or_404(Tournament, pk=pk, rule_set=RACE_RULES)
    context = {
        "tournament": tournament,
        "players": with_prizes(tournament, selectors.race_players(tournament=tournament)),
        "tables": selectors.race_tables(tournament=tournament),
    }
    return render(request, "races/standings.html", context)


@organiser_required
def cash_box(request: HttpRequest, pk: int) -> HttpResponse:
    """Who pays and who gets how much, and how many buns each winner takes home."""
    tournament = get_object_or_404(Tournament, pk=pk, rule_set=RACE_RULES)
    players = sorted(selectors.race_players(tournament=tournament), key=lambda p: (p.table, p.seat))
    context = {
        "tournament": tournament,
        "players": players,
        "buns": sum(player.buns for player in players),
        "announcing": announced_fipsen(tournament.rule_options),
    }
    return render(request, "races/cash_box.html", context)


@organiser_required
def table_deals(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """A table's deals in order, each with a form to correct its trick counts."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"),
        pk=table_pk,
        tournament_id=pk,
        tournament__rule_set=RACE_RULES,  # another night's pages are not this app's: 404
    )
    seats = seats_of(table=table)
    error, refused = "", None
    if request.method == "POST":
        form = RaceCorrectionForm(request.POST, players=len(seats))
        valid = form.is_valid()
        if "deal" in form.errors:
            raise Http404
        deal = get_object_or_404(RaceDeal, table=table, pk=form.cleaned_data["deal"])
        try:
            if not valid:
                raise ValidationError(form_error(form))
            services.race_deal_correct(
                deal=deal,
                counts=form.counts(),
                announcer=form.cleaned_data["announcer"],
                user=request.user,
            )
        except ValidationError as refusal:
            error, refused = " ".join(refusal.messages), deal.pk
        else:
            messages.success(request, _("Deal %(number)s corrected.") % {"number": deal.sequence})
            return redirect("races:table_deals", pk=pk, table_pk=table.pk)
    race = selectors.table_race(table=table, seats=seats)
    context = {
        "tournament": table.tournament,
        "table": table,
        "seats": seats,
        "deals": [(deal, deal_words(race, deal)) for deal in race.deals],
        "error": error,
        "refused_deal": refused,  # its correction stays open
        "announcing": announced_fipsen(table.tournament.rule_options),
    }
    return render(request, "races/table_deals.html", context, status=422 if error else 200)
