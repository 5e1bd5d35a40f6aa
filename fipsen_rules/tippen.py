"""Tippen (Dreiblatt), as a pot ledger: the chips of every seat, deal by deal (SPEC C6).

The modern rules after Grupp (1975) and Katira (1983), seed ``004_…``: the dealer pays
the stake into the pot and deals three cards each; whoever thinks he can take a trick taps.
"If all pass, the next dealer also pays a stake [...] and redeals. If only one player
tipps, he wins the pot". Otherwise three tricks are played: "Each won trick is worth a
third of the pot. Any active player who fails to win a single trick must pay a bête
equivalent to the contents of the pot (Katira) or the basic stake of 3 chips (Grupp)."
A deal is entered as one entry per seat: ``-`` passed, the tricks of a player who tapped,
``t`` for a player who tapped alone.

>>> rules = Tippen(players=4)
>>> state = rules.start().play(TippenDeal.parse("2 1 - 0"))
>>> state.chips, state.pot
((-1, 1, 0, -3), 3)
>>> state.play(TippenDeal.parse("- t - -")).chips
(-1, 4, 0, -3)

Chips are a ledger, so they go below zero; the seats' chips, the pot and the chips set aside
always add up to zero. The dealer of the first deal is seat 0; the deal passes clockwise
after every deal, also one where all passed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.errors import Code, InvalidEntryError, NotationError, SeatingError
from fipsen_rules.ruleset import SHARED_PLACE, Option, OptionValue, Ranking, option_values
from fipsen_rules.tables import LEDGER_TABLE_DEALS, TableSpec

if TYPE_CHECKING:
    from fipsen_rules.ruleset import LedgerRuleSet

__all__ = [
    "TIPPEN_PLAYER_COUNTS",
    "TRICKS",
    "Bete",
    "Tippen",
    "TippenDeal",
    "TippenRules",
    "TippenState",
    "tippen_split",
]

TIPPEN_PLAYER_COUNTS = range(3, 7)  # "It is played by 3–6 people with 32 cards" (Meyers 1905)
TRICKS = 3  # three cards each
STAKE = 3  # "Dealer pays 3 chips into the pot"
PASSED = "-"
LONE = "t"


class Bete(StrEnum):
    """What a player who tapped and took no trick pays into the pot."""

    GRUPP = "grupp"  # the basic stake
    KATIRA = "katira"  # the contents of the pot


@dataclass(frozen=True, slots=True)
class Tippen:
    """The options of a Tippen table.

    :param players: 3 to 6.
    :param stake: the dealer's stake (Kartenstamm), 3 chips in every source.
    :param bete: :attr:`Bete.GRUPP` (the stake; the default, "more suited to social and
        family games") or :attr:`Bete.KATIRA` (the whole pot, "a gambler's rule").
    :param max_bete: "To limit the size of the pot, players usually agree a maximum bête.
        Everything above that is set aside for the next or subsequent deals along with the
        basic stake anted by the dealer." With it, no bête is above it, and the pot a deal
        starts from holds at most this much before the dealer's stake; the rest waits in
        :attr:`TippenState.reserve` and tops the pot up in later deals. ``None``: no limit.

    >>> Tippen(players=7)
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: Tippen is played by 3 to 6 players, not 7.
    """

    players: int = 4
    stake: int = STAKE
    bete: Bete = Bete.GRUPP
    max_bete: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.players, bool) or self.players not in TIPPEN_PLAYER_COUNTS:
            raise SeatingError.of(Code.TIPPEN_PLAYERS, "players", players=self.players)
        if self.stake < 1:
            raise InvalidEntryError.of(Code.TIPPEN_STAKE, "stake", stake=self.stake)
        if self.max_bete is not None and self.max_bete < self.stake:
            raise InvalidEntryError.of(
                Code.TIPPEN_MAX_BETE, "max_bete", stake=self.stake, max_bete=self.max_bete
            )

    def start(self) -> TippenState:
        """The evening before the first deal: no chips anywhere, seat 0 deals."""
        return TippenState(self, (0,) * self.players)

    def play_all(self, deals: Sequence[TippenDeal]) -> TippenState:
        """The evening after ``deals``, from the start.

        >>> deals = [TippenDeal.parse(d) for d in ("- - -", "1 1 1", "t - -")]
        >>> Tippen(players=3).play_all(deals).chips
        (2, -1, -1)

        :raises InvalidEntryError: as :meth:`TippenState.play`, for the first deal at fault.
        """
        state = self.start()
        for deal in deals:
            state = state.play(deal)
        return state

    def bete_for(self, pot: int) -> int:
        """The bête when the pot played for holds ``pot`` chips.

        >>> Tippen().bete_for(12), Tippen(bete=Bete.KATIRA).bete_for(12)
        (3, 12)
        >>> Tippen(bete=Bete.KATIRA, max_bete=9).bete_for(12)
        9
        """
        bete = self.stake if self.bete is Bete.GRUPP else pot
        return bete if self.max_bete is None else min(bete, self.max_bete)

    def set_aside(self, pot: int, reserve: int) -> tuple[int, int]:
        """The pot and the chips set aside once the maximum bête is applied.

        >>> Tippen(max_bete=9).set_aside(21, 0), Tippen(max_bete=9).set_aside(3, 12)
        ((9, 12), (9, 6))
        """
        if self.max_bete is None:
            return pot + reserve, 0
        total = pot + reserve
        kept = min(total, self.max_bete)
        return kept, total - kept


@dataclass(frozen=True, slots=True)
class TippenDeal:
    """What happened in one deal: per seat ``None`` (passed) or the tricks taken.

    A player who tapped alone takes the pot without play: his entry is 0, written ``t``.

    >>> deal = TippenDeal.parse("2 1 - 0")
    >>> deal.taps, str(deal)
    ((2, 1, None, 0), '2 1 - 0')
    >>> str(TippenDeal.parse("- T - -")), str(TippenDeal.parse("- - - -"))
    ('- t - -', '- - - -')
    """

    taps: tuple[int | None, ...]

    @classmethod
    def parse(cls, text: str) -> TippenDeal:
        """The deal of ``text``, one word per seat.

        >>> TippenDeal.parse("2 1 t -")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        fipsen_rules.errors.NotationError: Seat 2 is entered as tapped alone (t), but others ...

        :raises NotationError: ``NOTATION_EMPTY``, ``NOTATION_UNKNOWN_WORD``, or
            ``TIPPEN_LONE_WITH_OTHERS`` for a ``t`` (tapped alone) beside other tappers.
        """
        words = text.split()
        if not words:
            raise NotationError.of(Code.NOTATION_EMPTY, "deal")
        taps: list[int | None] = []
        lone: int | None = None
        for word in words:
            if word == PASSED:
                taps.append(None)
            elif word.lower() == LONE:
                lone = len(taps) if lone is None else lone
                taps.append(0)
            elif word.isdecimal() and len(word) <= 2:
                taps.append(int(word))
            else:
                raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "deal", word=word)
        deal = cls(tuple(taps))
        if lone is not None and len(deal.tappers) > 1:
            raise NotationError.of(Code.TIPPEN_LONE_WITH_OTHERS, "deal", seat=lone)
        return deal

    @property
    def tappers(self) -> tuple[int, ...]:
        """The seats that tapped (played), in seat order."""
        return tuple(seat for seat, tricks in enumerate(self.taps) if tricks is not None)

    def __str__(self) -> str:
        lone = len(self.tappers) == 1
        return " ".join(
            PASSED if t is None else LONE if lone and t == 0 else str(t) for t in self.taps
        )


@dataclass(frozen=True, slots=True)
class TippenState:
    """The ledger after some deals.

    :param rules: the table's options.
    :param chips: each seat's chips won (+) or paid (−) so far.
    :param pot: the chips in the pot for the next deal (before the dealer's stake).
    :param reserve: the chips set aside above the maximum bête.
    :param dealer: the seat that deals next.
    :param deals: how many deals were played (including those where all passed).
    """

    rules: Tippen
    chips: tuple[int, ...]
    pot: int = 0
    reserve: int = 0
    dealer: int = 0
    deals: int = 0

    def play(self, deal: TippenDeal) -> TippenState:
        """The ledger after ``deal``: the dealer's stake in, then the pot paid out.

        With two or more tappers each trick takes a third of the pot (a remainder that
        does not divide by three stays in it); each tapper without a trick pays a bête,
        which makes the next pot.

        >>> rules = Tippen(players=3, bete=Bete.KATIRA)
        >>> state = rules.play_all([TippenDeal.parse("- - -"), TippenDeal.parse("2 0 1")])
        >>> state.chips, state.pot
        ((1, -9, 2), 6)

        :raises InvalidEntryError: ``TIPPEN_ENTRIES`` for an entry per seat missing or
            too many; ``TIPPEN_LONE_TAPPER`` for tricks of a player who tapped alone;
            ``TIPPEN_TRICKS_RANGE`` for tricks outside 0..3; ``TIPPEN_TRICKS_SUM`` when
            the tricks of two or more tappers do not add up to 3.
        """
        rules = self.rules
        tappers = self._checked(deal)
        chips = list(self.chips)
        chips[self.dealer] -= rules.stake
        pot = self.pot + rules.stake
        if len(tappers) == 1:
            chips[tappers[0]] += pot
            pot = 0
        elif tappers:
            bete = rules.bete_for(pot)
            third, pot = divmod(pot, TRICKS)
            for seat in tappers:
                tricks = deal.taps[seat] or 0
                chips[seat] += third * tricks if tricks else -bete
                pot += 0 if tricks else bete
        pot, reserve = rules.set_aside(pot, self.reserve)
        dealer = (self.dealer + 1) % rules.players
        return TippenState(rules, tuple(chips), pot, reserve, dealer, self.deals + 1)

    def _checked(self, deal: TippenDeal) -> tuple[int, ...]:
        players = self.rules.players
        if len(deal.taps) != players:
            raise InvalidEntryError.of(
                Code.TIPPEN_ENTRIES, "deal", entries=len(deal.taps), players=players
            )
        tappers = deal.tappers
        if len(tappers) == 1 and deal.taps[tappers[0]] != 0:
            raise InvalidEntryError.of(Code.TIPPEN_LONE_TAPPER, "deal", seat=tappers[0])
        tricks = [deal.taps[seat] or 0 for seat in tappers]
        for seat, count in zip(tappers, tricks, strict=True):
            if isinstance(count, bool) or not 0 <= count <= TRICKS:
                raise InvalidEntryError.of(
                    Code.TIPPEN_TRICKS_RANGE, "deal", seat=seat, tricks=count
                )
        if len(tappers) > 1 and sum(tricks) != TRICKS:
            raise InvalidEntryError.of(Code.TIPPEN_TRICKS_SUM, "deal", total=sum(tricks))
        return tappers


def tippen_split(players: int) -> tuple[int, ...]:
    """The table sizes of a Tippen night: tables of four as far as possible; the rest at one
    table of three, or at one or two of five; six players at two tables of three (the modern
    rules name 3 to 5 players, and six who exchange cards can empty the talon).

    >>> [tippen_split(n) for n in (3, 5, 6, 7, 9, 10, 11, 14)]
    [(3,), (5,), (3, 3), (4, 3), (5, 4), (5, 5), (4, 4, 3), (5, 5, 4)]

    :raises SeatingError: ``TIPPEN_PLAYERS`` for fewer than three players.
    """
    if players < 3:
        raise SeatingError.of(Code.TIPPEN_PLAYERS, "players", players=players)
    rest = players % 4
    if players == 6:
        return (3, 3)
    if rest == 3:
        return (4,) * (players // 4) + (3,)
    return (5,) * rest + (4,) * ((players - 5 * rest) // 4)


@dataclass(frozen=True, slots=True)
class TippenRules:
    """Tippen as a night's rule set (a ledger rule set): its options, its tables, and the
    rules of each table (:meth:`at_table`, a :class:`Tippen`). A night stores whole numbers
    only, so the bête is a switch (``katira``) and "no maximum bête" is 0.

    >>> TippenRules(katira=True, max_bete=12).at_table(5).bete_for(30)
    12
    >>> TippenRules(stake=0)
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.InvalidEntryError: The dealer's stake is at least 1 chip, not 0.
    """

    stake: int = STAKE
    katira: bool = False
    max_bete: int = 0

    name: ClassVar[str] = "tippen"
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("stake", STAKE, "the dealer's stake (Kartenstamm) in chips"),
        Option("katira", False, "the bête is the whole pot (Katira), not the stake (Grupp)"),
        Option("max_bete", 0, "the maximum bête; the excess is set aside (0: no maximum)"),
    )
    #: The sizes a night seats (a table of six is the library's, not a night's).
    table_sizes: ClassVar[tuple[int, ...]] = (3, 4, 5)
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = ()  # every player plays every deal
    #: The source says nothing of a player who leaves; the chips pass a seat at a time.
    players_may_leave: ClassVar[bool] = False
    #: Chips; equal records share a place.
    ranking: ClassVar[Ranking] = Ranking(("chips",), SHARED_PLACE)
    scores_deals: ClassVar[bool] = False

    def __post_init__(self) -> None:
        self.at_table(4)  # the stake and the maximum bête are the table's to check

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The value of each option.

        >>> dict(TippenRules(katira=True).options)
        {'stake': 3, 'katira': True, 'max_bete': 0}
        """
        return option_values(self, self.OPTIONS)

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """The tables of :func:`tippen_split`; a Tippen table plays until the night ends, so
        its deals are the placeholder whatever ``deals`` says.

        :raises SeatingError: ``TIPPEN_PLAYERS`` for fewer than three players.
        """
        return tuple(TableSpec(size, LEDGER_TABLE_DEALS) for size in tippen_split(players))

    def deals_at(self, size: int) -> int:
        """The placeholder count of a Tippen table (it plays until the night ends).

        :raises SeatingError: ``TIPPEN_PLAYERS`` for a size a night does not seat.
        """
        if size not in self.table_sizes:
            raise SeatingError.of(Code.TIPPEN_PLAYERS, "players", players=size)
        return LEDGER_TABLE_DEALS

    def at_table(self, players: int) -> Tippen:
        """The rules of a Tippen table of ``players`` with these options.

        :raises SeatingError: ``TIPPEN_PLAYERS`` for a count but 3 to 6.
        """
        return Tippen(
            players=players,
            stake=int(self.stake),
            bete=Bete.KATIRA if self.katira else Bete.GRUPP,
            max_bete=int(self.max_bete) or None,
        )


if TYPE_CHECKING:
    _conforms: LedgerRuleSet[Tippen] = TippenRules()  # mypy checks the shape
