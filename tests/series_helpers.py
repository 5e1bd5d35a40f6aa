"""Further series of a night made directly in the database (Table(series=2…), Seat(series=2…)),
as the draw of a next series would leave them, for the tests of what is shown, printed and
carried per series without the draw's own choices (tournaments/draw/series_services.py): each series
seats the players of series 1 at the same tables (sizes, deals), each moved on by his seat, so
that tablemates change; new links."""

from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Seat, Table, Tournament, new_token


def series_added(
    tournament: Tournament, *, series: int, leaving: frozenset[int] = frozenset()
) -> list[Table]:
    """Series ``series`` seated from series 1's seats (``leaving``: registration pks not seated
    again); the night's count of series at least ``series``. Returns its tables in order."""
    if tournament.series_count < series:
        tournament.series_count = series
        tournament.save(update_fields=["series_count"])
    first = list(
        Seat.objects.filter(table__tournament=tournament, series=1)
        .select_related("table")
        .order_by("table__number", "position")
    )
    numbers = sorted({seat.table.number for seat in first})
    tables = {
        number: Table.objects.create(
            tournament=tournament,
            series=series,
            number=number,
            deals=seat_table.deals,
            first_dealer=0,
            token=new_token(),
        )
        for number, seat_table in {seat.table.number: seat.table for seat in first}.items()
    }
    placed: dict[int, int] = {}
    for seat in first:
        if seat.registration_id in leaving:
            continue
        at = numbers[
            (numbers.index(seat.table.number) + seat.position * (series - 1)) % len(numbers)
        ]
        position = placed.get(at, 0)
        placed[at] = position + 1
        Seat.objects.create(
            table=tables[at],
            position=position,
            registration_id=seat.registration_id,
            series=series,
        )
    return [tables[number] for number in numbers]


def two_series_night(tournament: Tournament, *, seed: int = 11) -> Tournament:
    """``tournament`` (its players checked in) drawn, its second series seated, play started."""
    tournament_draw(tournament=tournament, seed=seed)
    tournament_services.tournament_start(tournament=tournament)
    series_added(tournament, series=2)
    tournament.refresh_from_db()
    return tournament
