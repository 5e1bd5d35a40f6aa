"""The prize list: typed in lines, or the entry fees split in percentages."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import Form
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring.models import Prize as PrizeRow
from scoring.standings import selectors as standings_selectors
from scoring.standings.awards import fee_split_lines, prize_rows, prizes_for_nobody
from scoring.standings.own_prizes import own_awards
from scoring.standings.prize_forms import FeeSplitForm, PrizeListForm
from scoring.standings.selectors import Standing
from scoring.standings.services import prizes_set, prizes_split_fees, prizes_split_fees_check
from scoring.standings.tables import place_text, prize_text
from scoring.standings.teams import team_standings
from sitewide.money import euros
from tournaments.desk.fees import Fees, fees
from tournaments.models import Tournament
from tournaments.rule_pages import own_pages_of
from tournaments.views.access import organiser_required
from tournaments.views.confirm import Confirmation, confirm_or_act


@organiser_required
def prizes(request: HttpRequest, pk: int) -> HttpResponse:
    """The prize list: typed in lines, or the entry fees split in percentages."""
    tournament = get_object_or_404(Tournament, pk=pk)
    saved = prize_rows(tournament=tournament)
    list_form = PrizeListForm(
        request.POST if "lines" in request.POST else None,
        initial={
            "lines": PrizeListForm.initial_text(saved),  # type: ignore[arg-type]
            "several": tournament.prizes_several,
        },
    )
    split_form = FeeSplitForm(request.POST if "percentages" in request.POST else None)
    typed_money = [prize for prize in saved if prize.money and not prize.label]
    if typed_money and split_form.is_bound and split_form.is_valid():
        # The split replaces money prizes typed in by hand: ask first, and say which.
        return _fee_split_confirmed(request, tournament, split_form, replaced=typed_money)
    saves: tuple[tuple[Form, Callable[[dict[str, Any]], object]], ...] = (
        (
            list_form,
            lambda data: prizes_set(
                tournament=tournament, prizes=data["lines"], several=data["several"]
            ),
        ),
        (
            split_form,
            lambda data: prizes_split_fees(tournament=tournament, percentages=data["percentages"]),
        ),
    )
    for form, save in saves:
        if form.is_bound and form.is_valid():
            try:
                save(form.cleaned_data)
            except ValidationError as error:
                form.add_error(None, error.messages)  # a row's field errors too
            else:
                messages.success(request, _("The prizes are saved."))
                return redirect("scoring:prizes", pk=pk)
    context = {
        "tournament": tournament,
        "prizes": saved,
        "for_nobody": prizes_for_nobody(tournament=tournament),  # "Beste Dame", no lady
        **_fees_context(tournament),
        "list_form": list_form,
        "split_form": split_form,
        "own_awards": own_awards(tournament=tournament),  # the race's, Tippen's own order
        **_winners(tournament),
    }
    return render(request, "scoring/prizes.html", context)


def _winners(tournament: Tournament) -> dict[str, object]:
    """Who gets what at a night scored deal by deal: the players with a prize, in the
    standings' order (None: a night on its own pages, or no prize list), and the teams."""
    if own_pages_of(tournament) is not None or not tournament.prizes.exists():
        return {"winners": None, "team_winners": []}
    ranked = standings_selectors.standings(tournament=tournament)
    teams = team_standings(tournament=tournament, standings=ranked)
    winners: list[tuple[str, Standing, str]] = [
        (place_text(standing), standing, prize_text(standing))
        for standing in ranked
        if standing.money or standing.prize_names
    ]
    return {"winners": winners, "team_winners": [t for t in teams if t.money or t.prize_names]}


def _fees_context(tournament: Tournament) -> dict[str, object]:
    """The fees in and open, as the cash report reads them, and how the fees in add up."""
    paid = fees(tournament=tournament)
    return {"fees": paid, "fees_paid": fees_paid_text(paid)}


def fees_paid_text(paid: Fees) -> str:
    """How the fees in add up ("13 Spieler × 5,00 €"), as the pages say it."""
    return render_to_string("tournaments/_fees_paid.html", {"fees": paid}).strip()


def _fee_split_confirmed(
    request: HttpRequest, tournament: Tournament, form: FeeSplitForm, *, replaced: list[PrizeRow]
) -> HttpResponse:
    """The split of the entry fees once confirmed, on a page that names the money prizes it
    replaces and the ones it gives (the percentages go back with the confirm button)."""
    percentages = form.cleaned_data["percentages"]
    pot = fees(tournament=tournament)
    new = fee_split_lines(tournament=tournament, percentages=percentages)
    prizes_url = reverse("scoring:prizes", args=[tournament.pk])
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Replace the prizes with a split of the entry fees?"),
        warning_title=_("These prizes typed in are replaced:"),
        warnings=[str(prize) for prize in replaced],
        consequences=[
            _("The entry fees in: %(paid)s = %(pot)s.")
            % {"paid": fees_paid_text(pot), "pot": euros(pot.paid_total)},
            *(
                _("New: %(prize)s")
                % {
                    "prize": PrizeRow(
                        place=prize.rank, money=prize.money, name=prize.goods, label=prize.label
                    )
                }
                for prize in new
            ),
            _("Named prizes stay."),
        ],
        button=_("Yes, replace the prizes"),
        back=prizes_url,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: prizes_split_fees_check(tournament=tournament, percentages=percentages),
        act=lambda: prizes_split_fees(tournament=tournament, percentages=percentages),
        success=_("The prizes are saved."),
        done=prizes_url,
        form=form,
    )
