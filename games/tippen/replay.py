"""A Tippen table's ledger from its stored deals, one after another (pure, no database).

The table stores each deal's taps only; the pot, the chips set aside and every player's chips
follow from them in order, so a correction of an early deal moves everything after it.

>>> from fipsen_rules import Tippen
>>> ledger = replay(Tippen(players=4), [[2, 1, None, 0], [None, 0, None, None]])
>>> ledger.current.chips, ledger.current.pot, ledger.current.dealer
((-1, 4, 0, -3), 0, 2)
>>> ledger.before(1).pot, ledger.stakes(1)
(3, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from fipsen_rules import Tippen, TippenDeal, TippenState
from fipsen_rules.errors import InvalidEntryError

__all__ = ["DealRefused", "Ledger", "Taps", "replay"]

#: One deal as stored: per seat None (passed) or the tricks taken.
Taps = Sequence[int | None]


class DealRefused(Exception):
    """A stored or new deal the rules refuse: which one (its index) and why."""

    def __init__(self, index: int, error: InvalidEntryError) -> None:
        super().__init__(index, error)
        self.index = index
        self.error = error


@dataclass(frozen=True)
class Ledger:
    """The table's ledger before its first deal and after each one.

    :param start: before the first deal.
    :param states: after each stored deal, in order.
    :param deals: the stored deals' taps, in order.
    """

    start: TippenState
    states: tuple[TippenState, ...] = ()
    deals: tuple[tuple[int | None, ...], ...] = ()

    @property
    def current(self) -> TippenState:
        """After the last deal: the chips now, the pot and the dealer of the next deal."""
        return self.states[-1] if self.states else self.start

    def before(self, index: int) -> TippenState:
        """The ledger before the deal at ``index`` (from 0)."""
        return self.states[index - 1] if index else self.start

    def stakes(self, index: int) -> int:
        """The pot played for in the deal at ``index``: the pot with the dealer's stake."""
        return self.before(index).pot + self.start.rules.stake


def replay(rules: Tippen, deals: Sequence[Taps], *, first_dealer: int = 0) -> Ledger:
    """The ledger of a table by ``rules`` after ``deals``; ``first_dealer`` deals first (the
    draw's choice, on the table card), then the deal passes clockwise.

    >>> replay(Tippen(players=3), [[None] * 3], first_dealer=2).current.chips
    (0, 0, -3)

    :raises DealRefused: a deal the rules refuse (:meth:`TippenState.play`), with its index.
    """
    start = replace(rules.start(), dealer=first_dealer % rules.players)
    state = start
    states = []
    played = tuple(tuple(taps) for taps in deals)
    for index, taps in enumerate(played):
        try:
            state = state.play(TippenDeal(taps))
        except InvalidEntryError as error:
            raise DealRefused(index, error) from None
        states.append(state)
    return Ledger(start, tuple(states), played)
