"""A race table's evening from its stored deals: the games one after another (pure, no database).

The table stores deals only; the games follow from them. A deal that ends a game (a tenth
trick) makes the next deal the first of a new game, tallies at zero (SPEC C4.2), so a
correction of an early deal can move where later games begin: everything is replayed.

>>> evening = replay(5, [[2, 1, 1, 1, 0]] * 4 + [[2, 0, 0, 0, 0], [0, 5, 0, 0, 0]])
>>> [game.winner for game in evening.games], evening.current.sweeps
([0, None], (1,))
>>> evening.games_won, evening.cents
((1, 0, 0, 0, 0), (140, 240, -260, -260, -260))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fipsen_rules import Race, RaceState
from fipsen_rules.errors import InvalidEntryError

__all__ = ["DealRefused", "Evening", "counts_of_taps", "replay"]


class DealRefused(Exception):
    """A stored or new deal the rules refuse: which one (its index) and why."""

    def __init__(self, index: int, error: InvalidEntryError) -> None:
        super().__init__(index, error)
        self.index = index
        self.error = error


@dataclass(frozen=True)
class Evening:
    """Every game of one table in order; the last is the one being played (maybe just won).

    :param players: the table's players.
    :param games: the games, each a :class:`RaceState`; never empty.
    :param deal_games: for each stored deal, the index of the game it belongs to.
    """

    players: int
    games: tuple[RaceState, ...]
    deal_games: tuple[int, ...] = ()

    @property
    def current(self) -> RaceState:
        """The game the next deal belongs to: a fresh one once the last was won."""
        last = self.games[-1]
        return Race(players=self.players).start() if last.winner is not None else last

    @property
    def game_number(self) -> int:
        """The number (from 1) of the game the next deal belongs to."""
        return len(self.games) + (1 if self.games[-1].winner is not None else 0)

    @property
    def games_won(self) -> tuple[int, ...]:
        return tuple(
            sum(1 for game in self.games if game.winner == seat) for seat in range(self.players)
        )

    @property
    def sweeps(self) -> tuple[int, ...]:
        """How many deals each seat swept this evening."""
        return tuple(
            sum(game.sweeps.count(seat) for game in self.games) for seat in range(self.players)
        )

    @property
    def failed(self) -> tuple[int, ...]:
        """How many announced Fipsen each seat lost this evening."""
        return tuple(
            sum(game.failed.count(seat) for game in self.games) for seat in range(self.players)
        )

    @property
    def cents(self) -> tuple[int, ...]:
        """Each seat's net money this evening: every game begun, the stakes of the one being
        played paid in and not yet won."""
        return tuple(
            sum(game.cents[seat] for game in self.games if game.deals or game.winner is not None)
            for seat in range(self.players)
        )


def replay(
    players: int,
    deals: Sequence[Sequence[int]],
    announcers: Sequence[int | None] = (),
    *,
    announced_fipsen: bool = False,
) -> Evening:
    """The evening of a table of ``players`` after ``deals`` (trick counts by seat), with
    ``announcers[i]`` the seat that announced Fipsen in deal ``i``, if any.

    >>> replay(4, []).current.tallies, replay(4, []).cents
    ((0, 0, 0, 0), (0, 0, 0, 0))

    :raises DealRefused: a deal the rules refuse (:meth:`RaceState.play`), with its index.
    """
    race = Race(players=players, announced_fipsen=announced_fipsen)
    games: list[RaceState] = [race.start()]
    deal_games: list[int] = []
    for index, counts in enumerate(deals):
        if games[-1].winner is not None:
            games.append(race.start())
        try:
            announcer = announcers[index] if index < len(announcers) else None
            games[-1] = games[-1].play(counts, announcer)
        except InvalidEntryError as error:
            raise DealRefused(index, error) from None
        deal_games.append(len(games) - 1)
    return Evening(players, tuple(games), tuple(deal_games))


def counts_of_taps(players: int, taps: Sequence[int]) -> list[int]:
    """The trick counts of a deal entered as the winner of each trick, in the order played.

    >>> counts_of_taps(5, [0, 2, 2, 4, 2])
    [1, 0, 3, 0, 1]
    """
    counts = [0] * players
    for seat in taps:
        counts[seat] += 1
    return counts
