"""The series on the tables page: which one it shows (the current one, an older one a link
away), whether the next may be drawn or the latest drawn again, and its draw's record."""

from dataclasses import dataclass

from django.http import HttpRequest

from tournaments.draw.series_selectors import (
    current_series,
    series_draw_matches,
    series_draws,
    series_has_entries,
)
from tournaments.models import SeriesDraw, Tournament


@dataclass(frozen=True)
class SeriesOnScreen:
    """The series the tables page shows, and what it offers about the night's series."""

    #: The series shown (0 before the draw) and the latest drawn.
    shown: int
    current: int
    count: int
    #: The series that may be drawn now from this page (None: none), or drawn again.
    next: int | None
    redraw: int | None
    #: The shown series' draw (from series 2 on), and whether its seats repeat from it.
    record: SeriesDraw | None = None
    matches: bool = True

    @property
    def numbers(self) -> range:
        """Every series drawn so far (the links above the tables)."""
        return range(1, self.current + 1)

    @property
    def several(self) -> bool:
        return self.count > 1


def series_on_screen(request: HttpRequest, tournament: Tournament) -> SeriesOnScreen:
    """``?series=N`` where N was drawn, else the current series: four or five queries (none
    for a night of one series)."""
    if tournament.series_count == 1:  # a night of one series: as ever, no query
        return SeriesOnScreen(shown=0, current=0, count=1, next=None, redraw=None)
    current = current_series(tournament=tournament)
    asked = request.GET.get("series", "")
    shown = int(asked) if asked.isascii() and asked.isdecimal() and len(asked) <= 2 else current
    shown = shown if 1 <= shown <= current else current
    playing = tournament.is_playing and current >= 1
    draws = {drawn.number: drawn for drawn in series_draws(tournament=tournament)}
    record = draws.get(shown)
    return SeriesOnScreen(
        shown=shown,
        current=current,
        count=tournament.series_count,
        next=current + 1 if playing and current < tournament.series_count else None,
        redraw=current
        if playing
        and current >= 2
        and not series_has_entries(tournament=tournament, series=current)
        else None,
        record=record,
        matches=record is None or series_draw_matches(tournament=tournament, drawn=record),
    )
