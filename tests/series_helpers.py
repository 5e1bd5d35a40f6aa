"""Further series of a night made directly in the database, for the standings' tests until
the draw of series 2 (tournaments/services/series.py) is there to make them: each series seats
the players of series 1, table by table as the first draw split them, each table's players
moved on by one table per series (so that tablemates change)."""

from tournaments.models import Seat, Table, Tournament, new_token


def series_added(
    tournament: Tournament, *, series: int, leaving: frozenset[int] = frozenset()
) -> list[Table]:
    """Series ``series`` seated from series 1's seats (``leaving``: registration pks not seated
    again). Returns its tables in order."""
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
