"""A night's seats as its standings read them: one row per player whatever the series he
played (a seat in each), and his figure in each series for its column. Pure: the seats are
read by the caller, ordered by series, table and seat."""

from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, TypeVar


class SeriesSeat(Protocol):
    """A seat as :class:`tournaments.models.Seat` has it."""

    @property
    def series(self) -> int: ...
    @property
    def registration_id(self) -> int: ...


SeatT = TypeVar("SeatT", bound=SeriesSeat)


def seats_by_player(seats: Iterable[SeatT]) -> list[tuple[SeatT, ...]]:
    """Each player's seats in the order of their series, players in the order of their first
    seat (so that those who tie stay in the same order from page to page); his last seat is
    where he sits now.

    >>> class S:
    ...     def __init__(self, series, registration_id):
    ...         self.series, self.registration_id = series, registration_id
    ...     def __repr__(self):
    ...         return f"{self.registration_id}/{self.series}"
    >>> seats_by_player([S(1, 7), S(1, 3), S(2, 3), S(2, 7)])
    [(7/1, 7/2), (3/1, 3/2)]
    """
    players: dict[int, list[SeatT]] = {}
    for seat in seats:
        players.setdefault(seat.registration_id, []).append(seat)
    return [tuple(sorted(found, key=lambda seat: seat.series)) for found in players.values()]


def series_of(
    seats: Sequence[SeatT], figure: Callable[[SeatT], int], count: int
) -> tuple[int | None, ...]:
    """A player's ``figure`` in each of ``count`` series (None where he had no seat); nothing
    for a night of one series, whose standings look as ever.

    >>> class S:
    ...     def __init__(self, series, points):
    ...         self.series, self.points, self.registration_id = series, points, 1
    >>> series_of([S(1, 12), S(3, -4)], lambda seat: seat.points, 3)
    (12, None, -4)
    >>> series_of([S(1, 12)], lambda seat: seat.points, 1)
    ()
    """
    if count < 2:
        return ()
    found = {seat.series: figure(seat) for seat in seats}
    return tuple(found.get(number) for number in range(1, count + 1))


def series_count(declared: int, seats: Iterable[SeriesSeat]) -> int:
    """The night's series: as many as it declares, or as its seats have, if more.

    >>> class S:
    ...     def __init__(self, series):
    ...         self.series, self.registration_id = series, 1
    >>> series_count(2, [S(1), S(1)]), series_count(1, [S(1), S(3)])
    (2, 3)
    """
    return max([declared, *(seat.series for seat in seats)])
