"""The organiser's draw of a night's later series: how (three tiles), who stops, a
confirmation; and the latest series drawn again before its first deal."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import selectors, services
from tournaments.models import SeriesDraw, Tournament
from tournaments.series_draw import Method
from tournaments.series_forms import SeriesDrawForm
from tournaments.views.access import organiser_required
from tournaments.views.confirm import Confirmation, confirm_or_act

TEMPLATE = "tournaments/night/series_draw.html"


def _series_url(tournament: Tournament, series: int) -> str:
    return f"{reverse('tournaments:tables', args=[tournament.pk])}?series={series}"


def _drawn_message(tournament: Tournament) -> str:
    """What the tables page says once the series is drawn: how many pairs met again."""
    drawn = SeriesDraw.objects.filter(tournament=tournament).order_by("-number").first()
    if drawn is None:  # pragma: no cover (only after a draw)
        return ""
    return ngettext(
        "Series %(series)s is drawn: %(pairs)s pair sits together again.",
        "Series %(series)s is drawn: %(pairs)s pairs sit together again.",
        drawn.met_again,
    ) % {"series": drawn.number, "pairs": drawn.met_again}


@organiser_required
def series_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the next series, once the organiser chose how, ticked who stops, and confirmed."""
    tournament = get_object_or_404(Tournament, pk=pk)
    current = selectors.current_series(tournament=tournament)
    number = current + 1
    form = SeriesDrawForm(request.POST or None, tournament=tournament, series=current)
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Draw series %(series)s?") % {"series": number},
        consequences=[
            _("Who played series %(series)s plays on, less who stops; who arrived since joins.")
            % {"series": current},
            _("Each table of series %(series)s gets its own link, card and first dealer.")
            % {"series": number},
            _("Until its first deal it can be drawn again."),
        ],
        button=_("Yes, draw series %(series)s") % {"series": number},
        back=_series_url(tournament, current),
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.series_draw_check(tournament=tournament),
        act=lambda: services.series_draw_next(
            tournament=tournament,
            method=Method(form.cleaned_data["method"]),
            user=request.user,  # type: ignore[arg-type]
            stopping=form.cleaned_data["stopping"],
        ),
        success=lambda: _drawn_message(tournament),
        done=_series_url(tournament, number),
        form=form,
        template=TEMPLATE,
    )


@organiser_required
def series_redraw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the latest series again before its first deal, once confirmed."""
    tournament = get_object_or_404(Tournament, pk=pk)
    number = selectors.current_series(tournament=tournament)
    form = SeriesDrawForm(request.POST or None, tournament=tournament)
    confirmation = Confirmation(
        tournament=tournament,
        title=_("Draw series %(series)s again?") % {"series": number},
        consequences=[
            _("Its players are seated anew; who arrived since joins."),
            _("Its tables get new links: cards printed before no longer fit."),
        ],
        button=_("Yes, draw series %(series)s again") % {"series": number},
        back=_series_url(tournament, number),
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: services.series_redraw_check(tournament=tournament),
        act=lambda: services.series_redraw(
            tournament=tournament,
            method=Method(form.cleaned_data["method"]),
            user=request.user,  # type: ignore[arg-type]
        ),
        success=lambda: _drawn_message(tournament),
        done=_series_url(tournament, number),
        form=form,
        template=TEMPLATE,
    )
