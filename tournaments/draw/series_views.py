"""The organiser's draw of a night's later series: how (three tiles), who stops, a
confirmation; and the latest series drawn again before its first deal. Both pages share
one body (`_draw_page`); `_Draw` holds what differs."""

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.draw import series_services as draw_series_services
from tournaments.draw.series_draw import Method
from tournaments.draw.series_forms import SeriesDrawForm
from tournaments.draw.series_selectors import current_series
from tournaments.draw.series_services import (
    series_draw_check,
    series_draw_next,
    series_redraw_check,
)
from tournaments.models import SeriesDraw, Table, Tournament
from tournaments.views.access import organiser_required
from tournaments.views.confirm import Confirmation, confirm_or_act, deals_waiting_warnings

TEMPLATE = "tournaments/night/series_draw.html"
#: The confirmed page's field naming the series it draws.
DRAWING = "drawing"


@dataclass(frozen=True)
class _Draw:
    """What a draw and a redraw do differently; the page around them is the same."""

    number: int  # the series drawn
    back: int  # the series whose tables the page goes back to
    stopping_from: int  # the series whose players the "who stops" list offers
    title: str
    consequences: list[str]
    button: str
    check: Callable[..., object]
    act: Callable[..., object]
    redraw: bool = False  # the series is drawn again: who stops is asked of its players
    warnings: list[str] = field(default_factory=list)


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


def _draw_page(request: HttpRequest, tournament: Tournament, draw: _Draw) -> HttpResponse:
    """The tiles, the confirmation and, once confirmed, the draw itself."""
    form = SeriesDrawForm(
        request.POST or None,
        tournament=tournament,
        series=draw.stopping_from,
        redraw=draw.redraw,
    )
    form.drawing = draw.number  # type: ignore[attr-defined]
    confirmation = Confirmation(
        tournament=tournament,
        title=draw.title,
        consequences=draw.consequences,
        button=draw.button,
        back=_series_url(tournament, draw.back),
        warnings=draw.warnings,
    )
    return confirm_or_act(
        request,
        confirmation,
        check=lambda: draw.check(tournament=tournament),
        act=lambda: draw.act(
            tournament=tournament,
            method=Method(form.cleaned_data["method"]),
            user=request.user,
            stopping=form.cleaned_data["stopping"],
        ),
        success=lambda: _drawn_message(tournament),
        done=_series_url(tournament, draw.number),
        form=form,
        template=TEMPLATE,
    )


@organiser_required
def series_draw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the next series, once the organiser chose how, ticked who stops, and confirmed."""
    tournament = get_object_or_404(Tournament, pk=pk)
    # The series the page was for: drawn meanwhile (another tap, another desk), it says so.
    number = _drawing(request, next_one=current_series(tournament=tournament) + 1)
    current = number - 1
    draw = _Draw(
        number=number,
        back=current,
        stopping_from=current,
        title=_("Draw series %(series)s of %(count)s?")
        % {"series": number, "count": tournament.series_count},
        consequences=[
            _("Who played series %(series)s plays on, less who stops; who arrived since joins.")
            % {"series": current},
            _("Each table of series %(series)s gets its own link, card and first dealer.")
            % {"series": number},
            _("Until its first deal it can be drawn again."),
        ],
        button=_("Yes, draw series %(series)s") % {"series": number},
        check=functools.partial(series_draw_check, number=number),
        act=functools.partial(series_draw_next, number=number),
    )
    return _draw_page(request, tournament, draw)


def _drawing(request: HttpRequest, *, next_one: int) -> int:
    """The series the confirmed page was for (its hidden ``drawing``), else the next one."""
    asked = request.POST.get(DRAWING, "")
    return int(asked) if asked.isdecimal() and 2 <= int(asked) < next_one else next_one


@organiser_required
def series_redraw(request: HttpRequest, pk: int) -> HttpResponse:
    """Draw the latest series again before its first deal, once confirmed."""
    tournament = get_object_or_404(Tournament, pk=pk)
    number = current_series(tournament=tournament)
    draw = _Draw(
        number=number,
        back=number,
        stopping_from=number,  # its players, seated anew less who stops
        title=_("Draw series %(series)s of %(count)s again?")
        % {"series": number, "count": tournament.series_count},
        consequences=[
            _("Its players are seated anew, less who stops; who arrived since joins."),
            _("Its tables get new links: cards printed before no longer fit."),
        ],
        button=_("Yes, draw series %(series)s again") % {"series": number},
        check=series_redraw_check,
        act=draw_series_services.series_redraw,
        redraw=True,
        # Deals its phones keep would meet a link that is gone.
        warnings=deals_waiting_warnings(
            tournament, Table.objects.filter(tournament=tournament, series=number)
        ),
    )
    return _draw_page(request, tournament, draw)
