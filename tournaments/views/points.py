"""The club's points table of a Mecklenburg tournament: filled in by the organiser before
play, read only from Spielbeginn (shown on the rules page)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.club_points import is_club_table_rules
from tournaments.models import Tournament
from tournaments.points_forms import ClubPointsForm
from tournaments.views.access import organiser_required


@organiser_required
def tournament_points(request: HttpRequest, pk: int) -> HttpResponse:
    """The form of the club's points table; saved, back to the rules page."""
    tournament = get_object_or_404(Tournament, pk=pk)
    rules_page = reverse("tournaments:tournament_rules", args=[pk])
    if not is_club_table_rules(tournament.rule_set):
        return redirect(rules_page)
    form = ClubPointsForm(request.POST or None, tournament=tournament)
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_points_set(
                tournament=tournament, points=form.cleaned_data["points"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("The club's points table is saved."))
            return redirect(rules_page)
    context = {"tournament": tournament, "form": form}
    return render(request, "tournaments/night/points.html", context)
