"""How many deals a table has played, asked of the app that keeps its deals.

A player may only leave after a deal the table has played (``seat_leave``), but this app does
not know the deals (tests/project/test_layering.py): each app that keeps a table's deals
(scoring's deals, the race's deals) registers its count when it starts, as the night's links
do (:mod:`tournaments.night_links`). A table has the deals of one app only: the counts add up.
"""

from collections.abc import Callable

from tournaments.models import Table

DealsPlayed = Callable[[Table], int]

_counters: dict[str, DealsPlayed] = {}


def register(app: str, counter: DealsPlayed) -> None:
    """Say how ``app`` counts a table's deals played (passed deals not counted)."""
    _counters[app] = counter


def deals_played(table: Table) -> int:
    """The table's deals played so far, as the apps that keep deals count them."""
    return sum(counter(table) for counter in _counters.values())
