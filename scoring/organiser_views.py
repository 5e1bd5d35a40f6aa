"""The organiser's live pages of the night: the tables' progress, a table's sheet and its
corrections, the standings."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from scoring import selectors
from scoring.deal_pages import correct_page, playing_for, preview_page
from scoring.models import Deal
from scoring.standings import selectors as standings_selectors
from scoring.standings.exports import SafeTableExport
from scoring.standings.tables import StandingsTable
from scoring.standings.teams import team_standings
from tournaments.draw.series_screen import series_on_screen
from tournaments.draw.series_selectors import last_series_drawn
from tournaments.draw.tables import seats_of
from tournaments.models import Table, Tournament
from tournaments.rule_pages import own_pages_of
from tournaments.views.access import organiser_required


@organiser_required
def dashboard(request: HttpRequest, pk: int) -> HttpResponse:
    """Every table with its players and the deals played; refreshes itself."""
    tournament = get_object_or_404(Tournament, pk=pk)
    own = own_pages_of(tournament)
    if own is not None:  # no number of deals (the race, Tippen): its tables are on its standings
        return redirect(own.standings, pk=pk)
    # A night of several series: the current one, an older one a link away (?series=1).
    series = series_on_screen(request, tournament)
    progress = selectors.tables_progress(tournament=tournament, series=series.shown or None)
    context = {"tournament": tournament, "tables": selectors.with_links(progress), "series": series}
    return _part_or_page(request, "scoring/_progress.html", "scoring/dashboard.html", context)


@organiser_required
def organiser_sheet(request: HttpRequest, pk: int, table_pk: int) -> HttpResponse:
    """A table's sheet, live, with a correction link on every deal."""
    table = get_object_or_404(
        Table.objects.select_related("tournament"), pk=table_pk, tournament_id=pk
    )
    own = own_pages_of(table.tournament)
    if own is not None:  # its deals and their corrections are its own app's page
        return redirect(own.table_deals, pk=pk, table_pk=table_pk)
    context = {
        "table": table,
        "tournament": table.tournament,
        "sheet": selectors.table_sheet(table=table),
        "history": selectors.deal_history(table=table),
        "organiser": True,
        "share_url": request.build_absolute_uri(
            reverse("scoring:shared_sheet", args=[table.sheet_token])
        ),
    }
    return _part_or_page(request, "scoring/_sheet.html", "scoring/table_sheet.html", context)


def _part_or_page(
    request: HttpRequest, part: str, page: str, context: dict[str, object]
) -> HttpResponse:
    """For htmx's refresh only the ``part`` that changes, else the whole ``page``."""
    return render(request, part if request.htmx else page, context)  # type: ignore[attr-defined]


@organiser_required
def organiser_correct(request: HttpRequest, pk: int, deal_pk: int) -> HttpResponse:
    deal = get_object_or_404(
        Deal.objects.select_related("table__tournament"), pk=deal_pk, table__tournament_id=pk
    )
    back = reverse("scoring:organiser_sheet", args=[pk, deal.table_id])
    preview = reverse("scoring:organiser_correct_preview", args=[pk, deal.pk])
    return correct_page(request, deal.table, deal, user=request.user, back=back, preview=preview)


@organiser_required
@require_POST
def organiser_correct_preview(request: HttpRequest, pk: int, deal_pk: int) -> HttpResponse:
    """The live preview of the organiser's correction."""
    deal = get_object_or_404(
        Deal.objects.select_related("table__tournament"), pk=deal_pk, table__tournament_id=pk
    )
    seats = seats_of(table=deal.table)
    playing = playing_for(deal, deal.table, seats)
    return preview_page(request, deal.table, seats, playing, deal.dealer)


@organiser_required
def standings(request: HttpRequest, pk: int) -> HttpResponse:
    """The live ranking, sortable; ``?_export=csv`` or ``xlsx`` downloads it."""
    tournament = get_object_or_404(Tournament, pk=pk)
    own = own_pages_of(tournament)
    if own is not None:  # ranked by games won (the race), by chips (Tippen): its own page
        return redirect(own.standings, pk=pk)
    ranked = standings_selectors.standings(tournament=tournament)
    table = StandingsTable(ranked)
    RequestConfig(request, paginate=False).configure(table)
    export_format = request.GET.get("_export")
    if export_format in EXPORT_FORMATS:
        name = f"{slugify(tournament.name)}-{tournament.date:%Y-%m-%d}.{export_format}"
        response: HttpResponse = SafeTableExport(export_format, table).response(name)
        return response
    playing = tournament.is_playing
    context = {
        "tournament": tournament,
        "table": table,
        "teams": team_standings(tournament=tournament, standings=ranked),
        "formats": EXPORT_FORMATS,
        "ended_early": selectors.tables_ended_early(ranked),
        "played_short": selectors.tables_played_short(ranked) if tournament.is_finished else [],
        # While play goes on the page says how far it is and refreshes itself.
        "progress": _progress(tournament) if playing else None,
        "refresh_seconds": STANDINGS_REFRESH_SECONDS if playing else None,
        "updated": timezone.localtime(),
    }
    return _part_or_page(request, "scoring/_standings.html", "scoring/standings.html", context)


def _progress(tournament: Tournament) -> selectors.DealsProgress:
    """The deals played of the series played now (of the night, at a night of one series)."""
    series = last_series_drawn(tournament=tournament)
    several = tournament.series_count > 1
    return selectors.deals_progress(tournament=tournament, series=series if several else None)


#: How often the standings refresh themselves while play goes on.
STANDINGS_REFRESH_SECONDS = 20


EXPORT_FORMATS = ("csv", "xlsx")
