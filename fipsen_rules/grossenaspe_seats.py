"""Tables in Großenaspe: four players, or five with the dealer sitting out (SPEC C3.3).

pagat (seed ``000_…``): "Five-player Fipsen. This can either be played with four active players
and dealer sitting out, or with 5 cards dealt to each player so that there are only 5 in the
Stock." The app takes the first reading: at a table of five the dealer of each deal sits out,
and the other four play it as at a table of four (the declarer against three opponents).
Three-player "Karo Fipsen" is not offered: its scoring is unknown.

>>> [str(table) for table in table_split(13)]
['4 100', '4 100', '5 125']
>>> sitting_out(5, dealer=3), sitting_out(4, dealer=None)
(3, None)
"""

from __future__ import annotations

from fipsen_rules.errors import Code, SeatingError
from fipsen_rules.tables import DEALS_AT_FOUR, TableSpec

__all__ = ["DEALS_AT_FIVE", "PLAYER_COUNTS", "is_seatable", "sitting_out", "table_split"]

PLAYER_COUNTS = (4, 5)
# At five each player sits out one deal in five: 125 deals give everyone the 100 of a table of four.
DEALS_AT_FIVE = 125
KARO_FIPSEN_PLAYERS = 3


def sitting_out(players: int, dealer: int | None) -> int | None:
    """The seat that sits out the deal: the dealer at a table of five, nobody at four.

    :raises SeatingError: ``KARO_FIPSEN`` for three players, ``TABLE_SIZE`` for other counts
        but 4 and 5, ``DEALER_MISSING`` at five without a dealer, ``SEAT`` for a dealer who
        is not at the table.
    """
    if players == KARO_FIPSEN_PLAYERS:
        raise SeatingError.of(Code.KARO_FIPSEN, "players", players=players)
    if players not in PLAYER_COUNTS:
        raise SeatingError.of(
            Code.TABLE_SIZE, "players", rules="Großenaspe Fipsen", sizes="4/5", players=players
        )
    if dealer is None:
        if players == max(PLAYER_COUNTS):
            raise SeatingError.of(Code.DEALER_MISSING, "dealer")
        return None
    if not 0 <= dealer < players:
        raise SeatingError.of(Code.SEAT, "dealer", seat=dealer, players=players)
    return dealer if players == max(PLAYER_COUNTS) else None


def is_seatable(players: int) -> bool:
    """Whether ``players`` fill tables of four and five.

    >>> [n for n in range(1, 20) if not is_seatable(n)]
    [1, 2, 3, 6, 7, 11]
    """
    return players > 0 and 5 * (players % 4) <= players


def table_split(
    players: int, *, deals_at_four: int = DEALS_AT_FOUR, deals_at_five: int = DEALS_AT_FIVE
) -> tuple[TableSpec, ...]:
    """The tables for ``players``: tables of four, and as few of five as the count needs.

    :raises SeatingError: ``TABLES_UNSEATABLE_FIVE`` or ``DEALS_RANGE`` for fewer than one deal.
    """
    for field, deals in (("deals_at_four", deals_at_four), ("deals_at_five", deals_at_five)):
        if deals < 1:
            raise SeatingError.of(Code.DEALS_RANGE, field, deals=deals)
    if not is_seatable(players):
        raise SeatingError.of(Code.TABLES_UNSEATABLE_FIVE, "players", players=players)
    fives = players % 4
    fours = (players - 5 * fives) // 4
    return (TableSpec(4, deals_at_four),) * fours + (TableSpec(5, deals_at_five),) * fives
