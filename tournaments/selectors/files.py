"""What the night prints: the seating list, and whether the table cards were printed (the
file jobs themselves are printing's)."""

from dataclasses import dataclass

from printing import selectors as printing_selectors
from tournaments.models import Seat, Tournament
from tournaments.names import family_name_key
from tournaments.printing_kinds import TABLE_CARDS, owner_of_tournament


@dataclass(frozen=True)
class SeatingRow:
    """A line of the seating list."""

    name: str
    club: str
    table: int
    seat: int  # 1 to 4, as printed; the model counts from 0


def seating_list(*, tournament: Tournament) -> list[SeatingRow]:
    """Every seated player, sorted by family name, as a printed list is read, the way Germans
    look names up (one query).

    Case and umlauts do not count ("Müller" = "mueller", as in a phone book).
    """
    seats = Seat.objects.filter(table__tournament=tournament).values_list(
        "registration__player__name", "registration__player__club", "table__number", "position"
    )
    rows = [SeatingRow(name, club, table, position + 1) for name, club, table, position in seats]
    return sorted(rows, key=lambda row: (family_name_key(row.name), row.name, row.table, row.seat))


def table_cards_printed(*, tournament: Tournament) -> bool:
    """Were table cards asked for since the last draw? (One query.)"""
    return printing_selectors.file_requested(
        owner=owner_of_tournament(tournament), kind=TABLE_CARDS, since=tournament.drawn_at
    )
