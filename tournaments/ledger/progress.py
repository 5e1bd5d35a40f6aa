"""How many deals a table has played, and whether they fit a player leaving after an earlier
one, asked of the app that keeps its deals.

A player may only leave after a deal the table has played (``seat_leave``), but this app does
not know the deals (tests/project/test_layering.py): each app that keeps a table's deals
(scoring's deals, the race's deals) registers its count when it starts, as the night's links
do (:mod:`tournaments.night_links`). A table has the deals of one app only: the counts add up.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from sitewide.registry import Registry
from tournaments.models import Seat, Table

if TYPE_CHECKING:
    from django.db.models import QuerySet

DealsPlayed = Callable[[Table], int]


class DealsUnfit(Protocol):
    """The numbers of the deals after ``after_deal`` that do not fit the player at
    ``position`` having left after it."""

    def __call__(
        self, *, table: Table, seats: list[Seat], position: int, after_deal: int
    ) -> list[int]: ...


#: The tables of a query whose phones keep deals not yet arrived, with how many (one query).
DealsWaiting = Callable[["QuerySet[Table]"], list[tuple[Table, int]]]


@dataclass(frozen=True)
class Progress:
    """How an app that keeps a table's deals counts them, finds those unfit for a player
    leaving, and knows those its tables' phones keep (None: it has no such deals)."""

    counter: DealsPlayed
    recheck: DealsUnfit | None = None
    waiting: DealsWaiting | None = None


_progress = Registry[str, Progress]("the apps that keep deals")


def register(
    app: str,
    counter: DealsPlayed,
    recheck: DealsUnfit | None = None,
    waiting: DealsWaiting | None = None,
) -> None:
    """Say how ``app`` counts a table's deals played (passed deals not counted), how it
    finds the deals that do not fit a player leaving after an earlier deal (none: its tables
    have no such deals), and how it knows the deals its tables' phones keep (see
    :func:`deals_waiting`).

    :raises ValueError: ``app`` registered other functions already.
    """
    _progress.register(app, Progress(counter, recheck, waiting))


def deals_played(table: Table) -> int:
    """The table's deals played so far, as the apps that keep deals count them."""
    return sum(progress.counter(table) for progress in _progress.values())


def deals_unfit_for_leaving(
    table: Table, seats: list[Seat], *, position: int, after_deal: int
) -> list[int]:
    """The deals after ``after_deal`` that the table could not have played without the player
    at ``position`` (he dealt or declared in them, say), as the apps that keep deals find them."""
    unfit = set[int]()
    for progress in _progress.values():
        if progress.recheck is not None:
            unfit.update(
                progress.recheck(table=table, seats=seats, position=position, after_deal=after_deal)
            )
    return sorted(unfit)


def deals_waiting(tables: "QuerySet[Table]") -> list[tuple[Table, int]]:
    """The tables of ``tables`` whose phones last said they keep deals not yet arrived, with
    how many, by series and number: a redraw, an early end or the finish would leave them
    out. One query for each app that knows phones."""
    return sorted(
        (
            found
            for progress in _progress.values()
            if progress.waiting is not None
            for found in progress.waiting(tables)
        ),
        key=lambda found: (found[0].series, found[0].number),
    )
