"""Thedinghausen Fipsen: the race to ten tricks and its Hedewig ledger (SPEC C4).

Five players, no auction, trumps turned up; every deal is five tricks. Each player's tricks
accumulate, and the game ends at once when a player wins his tenth trick, even in the middle
of a deal (so the last deal may hold fewer than five). All five tricks of one deal do not
count: they win the sweeper 5 Hedewigs, 1 € from each of the others. Every player pays one
bun (80 ct) at the start of a game, and the winner gets the buns (SPEC C4.2, seed ``000_…``).
With the Kreiszeitung's announced Fipsen, a player who announced and lost a trick of that deal
pays 5 Hedewigs, 1 € to each of the others (the source does not say to whom: the sweep's
mirror).

A game is a :class:`RaceState`, a value; playing a deal returns the next one:

>>> state = Race().start().play([2, 1, 1, 1, 0]).play([0, 0, 5, 0, 0])
>>> state.tallies, state.sweeps, state.winner
((2, 1, 1, 1, 0), (2,), None)
>>> state.cents
(-180, -180, 320, -180, -180)
>>> state.play([1, 1, 1, 1, 0])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fipsen_rules.errors.InvalidEntryError: The tricks of a deal add up to 5, not 4; ...
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.errors import Code, InvalidEntryError, SeatingError
from fipsen_rules.ruleset import SHARED_PLACE, Option, OptionValue, Ranking, option_values
from fipsen_rules.tables import LEDGER_TABLE_DEALS, TableSpec
from fipsen_rules.thedinghausen_seats import (
    FILLERS,
    RACE_PLAYER_COUNTS,
    TABLE_SIZE,
    race_fillers,
    race_table_split,
)

if TYPE_CHECKING:
    from fipsen_rules.ruleset import LedgerRuleSet

__all__ = [
    "FILLERS",
    "RACE_PLAYER_COUNTS",
    "STAKE_CENTS",
    "SWEEP_CENTS",
    "TABLE_SIZE",
    "TARGET",
    "TRICKS_PER_DEAL",
    "Race",
    "RaceState",
    "Thedinghausen",
    "race_fillers",
    "race_table_split",
]

TARGET = 10  # "as soon as a player wins their tenth trick, play ceases"
TRICKS_PER_DEAL = 5  # five cards each, at four, five or six players alike
STAKE_CENTS = 80  # "each of the 5 players contributes 80 cents, the price of one bun"
SWEEP_CENTS = 100  # "an extra contribution of 1 Euro from each of the other four players"


@dataclass(frozen=True, slots=True)
class Race:
    """The rules of a Thedinghausen table.

    :param players: 5, or 4 or 6 at the tables that fill up an evening whose count does
        not divide by five. The race is the same: five cards each, so five tricks a deal.
    :param must_trump: the Kreiszeitung's "muss (!) gestochen werden": a player who cannot
        follow must trump. Recorded for the table card only; it changes no count.
    :param announced_fipsen: the Kreiszeitung's announced Fipsen: a player may announce
        that he wins every trick of the deal, and pays 5 Hedewigs if he does not.

    >>> Race(players=6).start().tallies
    (0, 0, 0, 0, 0, 0)
    >>> Race(players=3)
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: A Thedinghausen table has 4, 5 or 6 players, not 3.
    """

    players: int = TABLE_SIZE
    must_trump: bool = False
    announced_fipsen: bool = False

    def __post_init__(self) -> None:
        if self.players not in RACE_PLAYER_COUNTS:
            raise SeatingError.of(Code.RACE_PLAYERS, "players", players=self.players)

    def start(self) -> RaceState:
        """A new game: every tally at zero, as after every game at the same table."""
        return RaceState((0,) * self.players, announcing=self.announced_fipsen)

    def play_all(
        self,
        deals: Sequence[Sequence[int]],
        announcers: Sequence[int | None] = (),
    ) -> RaceState:
        """A new game with ``deals`` (each the trick counts in seat order) played in turn;
        ``announcers[i]`` is the seat that announced Fipsen in deal ``i``, if any.

        >>> Race().play_all([[2, 1, 1, 1, 0]] * 4 + [[2, 0, 0, 0, 0]]).winner
        0

        :raises InvalidEntryError: as :meth:`RaceState.play`, for the first deal at fault.
        """
        state = self.start()
        for index, counts in enumerate(deals):
            state = state.play(counts, announcers[index] if index < len(announcers) else None)
        return state


@dataclass(frozen=True, slots=True)
class RaceState:
    """One game at one table: the tallies, the winner once there is one, and the sweeps.

    :param tallies: each seat's counted tricks, seat 0 first.
    :param winner: the seat that won its tenth trick, or ``None`` while the game runs.
    :param sweeps: the seats that won all five tricks of a deal, in the order of the deals.
    :param deals: how many deals were played.
    :param failed: the seats that announced Fipsen and lost a trick, in the order of the deals.
    :param announcing: whether a player may announce Fipsen (:attr:`Race.announced_fipsen`).
    """

    tallies: tuple[int, ...]
    winner: int | None = None
    sweeps: tuple[int, ...] = ()
    deals: int = 0
    failed: tuple[int, ...] = ()
    announcing: bool = False

    @property
    def players(self) -> int:
        return len(self.tallies)

    @property
    def pot_cents(self) -> int:
        """The stakes waiting for the winner: every player's 80 ct until there is one."""
        return 0 if self.winner is not None else STAKE_CENTS * self.players

    @property
    def cents(self) -> tuple[int, ...]:
        """Each seat's net money in this game so far, in cents; with :attr:`pot_cents`
        the sum is zero.

        Every player pays 80 ct at the start; a sweep brings its sweeper 1 € from each of
        the others, a failed announcement costs its announcer 1 € to each of the others;
        the winner takes the game's buns, the 80 ct of every player.

        >>> Race(players=4).play_all([[0, 5, 0, 0], [0, 0, 4, 1], [0, 0, 5, 0]]).cents
        (-280, 120, 120, -280)
        >>> Race(players=4, announced_fipsen=True).play_all([[4, 1, 0, 0]], [0]).cents
        (-380, 20, 20, 20)
        """
        players = self.players
        cents = [-STAKE_CENTS] * players
        for payee, sign in [(seat, 1) for seat in self.sweeps] + [(s, -1) for s in self.failed]:
            for seat in range(players):
                share = SWEEP_CENTS * (players - 1) if seat == payee else -SWEEP_CENTS
                cents[seat] += sign * share
        if self.winner is not None:
            cents[self.winner] += STAKE_CENTS * players
        return tuple(cents)

    def play(self, counts: Sequence[int], announcer: int | None = None) -> RaceState:
        """The game after a deal in which seat ``i`` won ``counts[i]`` tricks, and in which
        seat ``announcer`` announced Fipsen: it is made when he won every trick played
        (a sweep, or his tenth trick without losing one), and fails otherwise.

        All five tricks to one player are a sweep (SPEC C4.2: also at his fifth and sixth
        trick to ten, where "the sweep rule takes precedence"); a player with six or more
        cannot sweep, since he reaches ten first.

        >>> Race().start().play([0, 5, 0, 0, 0]).sweeps
        (1,)
        >>> state = Race().play_all([[2, 1, 1, 1, 0]] * 4)
        >>> state.play([3, 0, 0, 0, 0])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        fipsen_rules.errors.InvalidEntryError: Seat 0 would have 11 tricks, but ...

        :raises InvalidEntryError: ``RACE_OVER`` after the game was won; ``RACE_COUNTS``
            for a count per seat missing or too many; ``RACE_TRICK_COUNT`` for a count
            outside 0..5; ``RACE_DEAL_SUM`` for a deal of more than five tricks, or fewer
            without a tenth trick; ``RACE_OVERSHOT`` for a tally past ten;
            ``RACE_TWO_TENTHS`` when two players would reach ten in one deal;
            ``RACE_ANNOUNCED_OFF`` for an announcement the table did not agree, ``SEAT``
            for an announcer not at the table.
        """
        counts = self._checked(counts)
        self._check_announcer(announcer)
        state = self._after(counts)
        if announcer is None or counts[announcer] == sum(counts):
            return state
        return replace(state, failed=(*state.failed, announcer))

    def _after(self, counts: tuple[int, ...]) -> RaceState:
        total = sum(counts)
        sweeper = next((s for s, c in enumerate(counts) if c == TRICKS_PER_DEAL), None)
        if sweeper is not None and self.tallies[sweeper] + TRICKS_PER_DEAL <= TARGET:
            return replace(self, sweeps=(*self.sweeps, sweeper), deals=self.deals + 1)
        tallies = tuple(t + c for t, c in zip(self.tallies, counts, strict=True))
        for seat, tally in enumerate(tallies):
            if tally > TARGET:
                raise InvalidEntryError.of(Code.RACE_OVERSHOT, "counts", seat=seat, tally=tally)
        reached = [seat for seat, tally in enumerate(tallies) if tally == TARGET]
        if len(reached) > 1:
            raise InvalidEntryError.of(
                Code.RACE_TWO_TENTHS, "counts", seat=reached[0], other=reached[1]
            )
        if total != TRICKS_PER_DEAL and not reached:
            raise InvalidEntryError.of(Code.RACE_DEAL_SUM, "counts", total=total)
        winner = reached[0] if reached else None
        return replace(self, tallies=tallies, winner=winner, deals=self.deals + 1)

    def play_tricks(self, winners: Sequence[int], announcer: int | None = None) -> RaceState:
        """The game after a deal entered as the winner of each trick, in the order played.

        Play stops at a tenth trick, so a trick after it cannot have been played.

        >>> state = Race().play_all([[2, 1, 1, 1, 0]] * 4)
        >>> state.play_tricks([1, 0, 0]).winner
        0
        >>> state.play_tricks([0, 0, 1])  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        fipsen_rules.errors.InvalidEntryError: Seat 0 won his tenth trick at trick 2: ...

        :raises InvalidEntryError: ``SEAT`` for a seat not at the table,
            ``RACE_AFTER_TENTH`` for a trick after a tenth; and as :meth:`play`.
        """
        self._check_open()
        counts = [0] * self.players
        for index, seat in enumerate(winners):
            if isinstance(seat, bool) or not 0 <= seat < self.players:
                raise InvalidEntryError.of(Code.SEAT, "winners", seat=seat, players=self.players)
            tenth = next(
                (s for s, c in enumerate(counts) if self.tallies[s] + c >= TARGET > c), None
            )
            if tenth is not None:
                raise InvalidEntryError.of(
                    Code.RACE_AFTER_TENTH, "winners", seat=tenth, trick=index + 1, at=index
                )
            counts[seat] += 1
        return self.play(counts, announcer)

    def _check_announcer(self, announcer: int | None) -> None:
        if announcer is None:
            return
        if not self.announcing:
            raise InvalidEntryError.of(Code.RACE_ANNOUNCED_OFF, "announcer", seat=announcer)
        if isinstance(announcer, bool) or not 0 <= announcer < self.players:
            raise InvalidEntryError.of(Code.SEAT, "announcer", seat=announcer, players=self.players)

    def _check_open(self) -> None:
        if self.winner is not None:
            raise InvalidEntryError.of(Code.RACE_OVER, None, winner=self.winner)

    def _checked(self, counts: Sequence[int]) -> tuple[int, ...]:
        self._check_open()
        if len(counts) != self.players:
            raise InvalidEntryError.of(
                Code.RACE_COUNTS, "counts", counts=len(counts), players=self.players
            )
        for seat, count in enumerate(counts):
            if isinstance(count, bool) or not 0 <= count <= TRICKS_PER_DEAL:
                raise InvalidEntryError.of(Code.RACE_TRICK_COUNT, "counts", seat=seat, tricks=count)
        if sum(counts) > TRICKS_PER_DEAL:
            raise InvalidEntryError.of(Code.RACE_DEAL_SUM, "counts", total=sum(counts))
        return tuple(counts)


@dataclass(frozen=True, slots=True)
class Thedinghausen:
    """The Thedinghausen race as a night's rule set (a ledger rule set): its options, its
    tables, and the rules of each table (:meth:`at_table`, a :class:`Race`).

    :param must_trump: as :attr:`Race.must_trump` (on the table card only).
    :param filler: the tables of 4 or 6 that fill up where the players do not divide by five.
    :param announced_fipsen: as :attr:`Race.announced_fipsen`.

    >>> [str(t) for t in Thedinghausen(filler=6).split(11)]
    ['5 1', '6 1']
    >>> Thedinghausen(filler=6).at_table(6).start().tallies
    (0, 0, 0, 0, 0, 0)
    >>> Thedinghausen(filler=3)
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: Tables of five are filled up with tables of 4 or of 6, not 3.
    """

    must_trump: bool = False
    filler: int = 4
    announced_fipsen: bool = False

    name: ClassVar[str] = "thedinghausen"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("must_trump", False, "who cannot follow must trump (on the table card only)"),
        Option("filler", 4, "tables of 4 or 6 where the players do not divide by five"),
        Option("announced_fipsen", False, "a player may announce Fipsen (the Kreiszeitung's)"),
    )
    table_sizes: ClassVar[tuple[int, ...]] = RACE_PLAYER_COUNTS
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = ()  # every player plays every deal
    #: The sources are silent on a player who leaves; the race is not invented short.
    players_may_leave: ClassVar[bool] = False
    #: Games won, then the Hedewig ledger (net cents); equal records share a place.
    ranking: ClassVar[Ranking] = Ranking(("games_won", "cents"), SHARED_PLACE)
    scores_deals: ClassVar[bool] = False

    def __post_init__(self) -> None:
        if self.filler not in FILLERS:
            raise SeatingError.of(Code.RACE_FILLER, "filler", filler=self.filler)

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The value of each option.

        >>> dict(Thedinghausen(filler=6).options)
        {'must_trump': False, 'filler': 6, 'announced_fipsen': False}
        """
        return option_values(self, self.OPTIONS)

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """Tables of five and of the filler (:func:`race_table_split`); a race table plays
        until the night ends, so its deals are the placeholder whatever ``deals`` says.

        :raises SeatingError: as :func:`race_table_split`.
        """
        sizes = race_table_split(players, filler=self.filler)
        return tuple(TableSpec(size, LEDGER_TABLE_DEALS) for size in sizes)

    def deals_at(self, size: int) -> int:
        """The placeholder count of a race table (it plays until the night ends).

        :raises SeatingError: ``RACE_PLAYERS`` for a size but 4, 5 and 6.
        """
        if size not in self.table_sizes:
            raise SeatingError.of(Code.RACE_PLAYERS, "players", players=size)
        return LEDGER_TABLE_DEALS

    def at_table(self, players: int) -> Race:
        """The rules of a race table of ``players``.

        :raises SeatingError: ``RACE_PLAYERS`` for a size but 4, 5 and 6.
        """
        return Race(
            players=players,
            must_trump=bool(self.must_trump),
            announced_fipsen=bool(self.announced_fipsen),
        )


if TYPE_CHECKING:
    _conforms: LedgerRuleSet[Race] = Thedinghausen()  # mypy checks the shape
