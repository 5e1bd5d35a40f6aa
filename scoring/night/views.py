"""The pages that span the whole night, over both apps: the tournament's home (where the night
stands and what comes next), its print page (every PDF of the night) and its history."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from scoring import selectors as scoring_selectors
from scoring.night.journey import NightFigures, next_link, night_steps
from tournaments import selectors
from tournaments.club_points import POINTS, is_club_table_rules
from tournaments.desk.fees import fees
from tournaments.desk.selectors import check_in_count
from tournaments.draw.selectors import draw_is_stale, seat_swaps, split_summary
from tournaments.draw.series_selectors import last_series_drawn
from tournaments.draw.tables import tables_with_seats
from tournaments.models import Tournament
from tournaments.rule_pages import pages_of
from tournaments.views.access import organiser_required


def night_figures(tournament: Tournament) -> NightFigures:
    """The figures the home's steps need; only those of the tournament's state are read."""
    count = check_in_count(tournament=tournament)
    figures: dict[str, Any] = {"registered": count.registered, "present": count.present}
    if is_club_table_rules(tournament.rule_set):
        figures["needs_points"] = True
        figures["points_saved"] = bool(tournament.rule_options.get(POINTS))
    if tournament.is_drawn:
        figures["draw_stale"] = draw_is_stale(tournament=tournament)
        figures["cards_printed"] = selectors.table_cards_printed(tournament=tournament)
    elif tournament.is_registration_open:
        figures["seatable"] = split_summary(
            players=count.present, rules=tournament.rule_set
        ).seatable
    else:
        progress = scoring_selectors.deals_progress(tournament=tournament)
        figures["deals_played"], figures["deals_total"] = progress.played, progress.total
        figures["deals_planned"] = progress.planned
        figures["tables_ended_early"] = progress.ended_early
        figures["race"] = progress.race
    if tournament.series_count > 1 and tournament.has_started:
        figures["series_count"] = tournament.series_count
        figures["series_drawn"] = last_series_drawn(tournament=tournament)
    return NightFigures(state=tournament.state, **figures)


@organiser_required
def home(request: HttpRequest, pk: int) -> HttpResponse:
    """Where the night stands, the steps to come, and a button for the next one."""
    # Its season (if any) with it: the link to the season's standings costs no query.
    tournament = get_object_or_404(Tournament.objects.select_related("season_night__season"), pk=pk)
    figures = night_figures(tournament)
    next_url_name, next_button = next_link(figures)
    context = {
        "tournament": tournament,
        "figures": figures,
        "steps": night_steps(figures),
        "next_url_name": next_url_name,
        "next_button": next_button,
        # Once play has started, finishing is always one tap away: its confirmation page names
        # the tables still playing.
        "finish_open": tournament.is_playing,
        "open_fees": fees(tournament=tournament).open,
        # Each table's phone and the laptop, from the draw (the Generalprobe) to the end of play.
        "links": (
            scoring_selectors.tournament_links(tournament=tournament)
            if tournament.is_drawn or tournament.is_playing
            else []
        ),
    }
    return render(request, "night/home.html", context)


@organiser_required
def print_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Every PDF the night offers, in one place: at a night of several series those of the
    series drawn last, or of the one chosen (``?series=1``)."""
    tournament = get_object_or_404(Tournament, pk=pk)
    drawn = selectors.series_drawn(tournament=tournament)
    asked = request.GET.get("series", "")
    series = int(asked) if asked.isascii() and asked.isdecimal() and int(asked) in drawn else 0
    series = series or max(drawn, default=1)
    tables = tables_with_seats(tournament=tournament).filter(series=series)
    context = {
        "tournament": tournament,
        "tables": list(tables),
        # The series the buttons print (none named at a night of one series).
        "print_series": series if tournament.series_count > 1 else None,
        "series_drawn": drawn if tournament.series_count > 1 else [],
    }
    return render(request, "night/print.html", context)


@organiser_required
def history(request: HttpRequest, pk: int) -> HttpResponse:
    """The night's recorded changes: the tournament finished and reopened, tables ended early
    and new table links; corrections and confirmations of deals (every entry with ``?all=1``)
    and the seat swaps; read only, a fixed number of queries."""
    tournament = get_object_or_404(Tournament, pk=pk)
    everything = request.GET.get("all") == "1"
    own_lines = pages_of(tournament).history  # a rule set's own ledger (the race, Tippen)
    context = {
        "tournament": tournament,
        "everything": everything,
        "changes": scoring_selectors.night_history(tournament=tournament, everything=everything),
        "swaps": seat_swaps(tournament=tournament),
        "events": selectors.tournament_history(tournament=tournament),
        "own_lines": own_lines(tournament, everything) if own_lines else [],
    }
    return render(request, "night/history.html", context)
