"""The teams page: a player's team of four typed beside his name (``Registration.team``),
all saved at once or none (``teams_set``); the teams' ranking and prizes are scoring's
(scoring/standings/teams.py). Its form is here beside its one view."""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from tournaments.desk.selectors import team_registrations, teams_short_of_four
from tournaments.desk.services import teams_set
from tournaments.models import Registration, Tournament
from tournaments.text import no_control_characters
from tournaments.views.access import organiser_required


class TeamsForm(forms.Form):
    """A team field a player (blank: none)."""

    def __init__(self, registrations: list[Registration], *args: object, **kwargs: object):
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        for registration in registrations:
            self.fields[f"team_{registration.pk}"] = forms.CharField(
                label=registration.player.name,
                required=False,
                max_length=Registration._meta.get_field("team").max_length,
                validators=[no_control_characters],
                initial=registration.team,
                widget=forms.TextInput(attrs={"list": "team-names", "autocomplete": "off"}),
            )
        self.registrations = registrations

    def teams(self) -> dict[int, str]:
        return {r.pk: self.cleaned_data[f"team_{r.pk}"] for r in self.registrations}


@organiser_required
def teams(request: HttpRequest, pk: int) -> HttpResponse:
    """The teams page: a player's team typed beside his name; saved all at once."""
    tournament = get_object_or_404(Tournament, pk=pk)
    registrations = team_registrations(tournament)
    form = TeamsForm(registrations, request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            changed = teams_set(tournament=tournament, teams=form.teams())
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Teams saved (%(count)s changed).") % {"count": changed})
            short = teams_short_of_four(team_registrations(tournament))
            if short:
                teams = ", ".join(f"{name} ({count})" for name, count in short)
                messages.warning(
                    request,
                    _("Not yet four players: %(teams)s. A team is ranked once it has four.")
                    % {"teams": teams},
                )
            return redirect("tournaments:teams", tournament.pk)
    names = sorted({r.team for r in registrations if r.team}, key=str.casefold)
    context = {"tournament": tournament, "form": form, "team_names": names}
    return render(request, "tournaments/teams.html", context)
