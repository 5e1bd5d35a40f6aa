"""A night of two series for the tests of what is printed and carried per series, made
directly (Table(series=2…), Seat(series=2…)) as the draw of a next series would leave it:
the same players, each at another table, new links, the deals of each series."""

from tournaments import services as tournament_services
from tournaments.models import Seat, Table, Tournament
from tournaments.services.common import new_token


def series_added(tournament: Tournament, *, series: int = 2) -> list[Table]:
    """Seat the players of series ``series - 1`` again as series ``series``: the same tables
    (sizes, deals), each player moved on by his seat (seat 0 stays, seat 1 one table on,
    seat 2 two, …), so that tablemates part where the tables allow it. Sets the night's
    count of series to at least ``series``."""
    before = list(
        Table.objects.filter(tournament=tournament, series=series - 1)
        .prefetch_related("seats")
        .order_by("number")
    )
    count = len(before)
    seating: list[list[int]] = [[] for _ in before]
    for index, table in enumerate(before):
        for seat in sorted(table.seats.all(), key=lambda seat: seat.position):
            seating[(index + seat.position) % count].append(seat.registration_id)
    if tournament.series_count < series:
        tournament.series_count = series
        tournament.save(update_fields=["series_count"])
    tables = []
    for table, ids in zip(before, seating, strict=True):
        new = Table.objects.create(
            tournament=tournament,
            series=series,
            number=table.number,
            deals=table.deals,
            first_dealer=0,
            token=new_token(),
        )
        Seat.objects.bulk_create(
            Seat(table=new, series=series, position=position, registration_id=registration_id)
            for position, registration_id in enumerate(ids)
        )
        tables.append(new)
    return tables


def two_series_night(tournament: Tournament, *, seed: int = 11) -> Tournament:
    """``tournament`` (its players checked in) drawn, its second series seated, play started."""
    tournament_services.tournament_draw(tournament=tournament, seed=seed)
    tournament_services.tournament_start(tournament=tournament)
    series_added(tournament)
    tournament.refresh_from_db()
    return tournament
