"""What the night prints: the seating list, the series drawn, and whether the
table cards were printed (the file jobs themselves are printing's)."""

from dataclasses import dataclass

from printing import selectors as printing_selectors
from tournaments.models import Seat, Table, Tournament
from tournaments.players.names import family_name_key
from tournaments.printing_kinds import TABLE_CARDS, owner_of_tournament


@dataclass(frozen=True)
class SeatingRow:
    """A line of the seating list."""

    name: str
    club: str
    table: int
    seat: int  # 1 to 4, as printed; the model counts from 0
    series: int = 1


def series_drawn(*, tournament: Tournament) -> list[int]:
    """The series whose tables are drawn, in order (one query; none before the draw)."""
    drawn = Table.objects.filter(tournament=tournament).order_by("series")
    return list(drawn.values_list("series", flat=True).distinct())


def seating_list(*, tournament: Tournament, series: int | None = None) -> list[SeatingRow]:
    """Every seated player (of ``series``, or of every series), sorted by family name, as a
    printed list is read, the way Germans look names up (one query).

    Case and umlauts do not count ("Müller" = "mueller", as in a phone book).
    """
    seated = Seat.objects.filter(table__tournament=tournament)
    if series is not None:
        seated = seated.filter(series=series)
    seats = seated.values_list(
        "registration__player__name",
        "registration__player__club",
        "table__number",
        "position",
        "series",
    )
    rows = [
        SeatingRow(name, club, table, position + 1, series)
        for name, club, table, position, series in seats
    ]
    return sorted(
        rows, key=lambda row: (row.series, family_name_key(row.name), row.name, row.table, row.seat)
    )


def table_cards_printed(*, tournament: Tournament) -> bool:
    """Were table cards asked for since the last draw? (One query.)"""
    return printing_selectors.file_requested(
        owner=owner_of_tournament(tournament), kind=TABLE_CARDS, since=tournament.drawn_at
    )
