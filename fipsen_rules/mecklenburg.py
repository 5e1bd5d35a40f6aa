"""Mecklenburg Fips: Ansegger Fips and Duttfips (SPEC C5; seed ``000_…``, after Wossidlo-Teuchert,
*Mecklenburgisches Wörterbuch* vol. 2, pp. 919-920, 1957).

Four players, 25 cards (every diamond out but the Ace), five each, the other five are the Dutt.
**Ansegger Fips** is bid 1 to 5, each overcalled by the same with Ruten; 5 is Fips, Rutenfips is
the top. In **Duttfips** nobody bids and Vorhand takes the Dutt, or another player calls "Ruten
oewer!" and takes it with diamonds trumps; either must take most tricks; anyone may bid Fips or
Rutenfips. "Wossildo and Teuchert do not explain the scoring in these games": the rule set
records the contract and whether it was made, and scores from the club's own points table
(:class:`ClubTable`), never from the source.

>>> from fipsen_rules.mecklenburg import ANSEGGER, DUTTFIPS
>>> DUTTFIPS.evaluate(DUTTFIPS.parse("Dutt verloren"), players=4, declarer=1).score_changes
(0, -2, 0, 0)
>>> ANSEGGER.points.example  # the built-in table is a demonstration, not the source's
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.deal_scores import DealScore, declarer_violations, seat_changes
from fipsen_rules.errors import Code, InvalidEntryError, SeatingError, Violation
from fipsen_rules.game import Result
from fipsen_rules.mecklenburg_game import FIPS_TRICKS, MeckKind, MecklenburgGame
from fipsen_rules.messages import gettext_noop
from fipsen_rules.ruleset import BY_POINTS, Option, OptionValue, Ranking, option_values
from fipsen_rules.tables import DEALS_AT_FOUR, TableSpec

if TYPE_CHECKING:
    from fipsen_rules.mecklenburg_vocabulary import MeckVocabulary
    from fipsen_rules.ruleset import ScoredRuleSet

__all__ = [
    "ANSEGGER",
    "ANSEGGER_EXAMPLE",
    "DUTTFIPS",
    "DUTTFIPS_EXAMPLE",
    "Ansegger",
    "ClubTable",
    "Duttfips",
    "MeckKind",
    "MecklenburgGame",
    "fours_split",
]

PLAYERS = 4


CLUB_TABLE_NOTE = gettext_noop(
    "Points from the club's own table: the source (Wossidlo-Teuchert) gives no scores."
)
EXAMPLE_TABLE_NOTE = gettext_noop(
    "Points from an example table of the app: neither the source's (it gives no scores) "
    "nor a club's."
)


@dataclass(frozen=True, slots=True)
class ClubTable:
    """A club's own points: for each contract what the declarer scores when it is made and
    when it fails (the others score nothing). Never from the source, which has no scores:
    :attr:`note` says so, for every sheet that shows these points.

    >>> table = ClubTable.of({"3": (3, -3), "Fips": (10, -20)})
    >>> table.lookup(MecklenburgGame.parse("5")), table.example
    ((10, -20), False)

    :param points: ``(contract, won, lost)`` for each contract, in the order given.
    :param example: the app's demonstration table rather than a club's.
    """

    points: tuple[tuple[MecklenburgGame, int, int], ...]
    example: bool = False

    from_source: ClassVar[bool] = False  # no table is: the source gives no scores

    @classmethod
    def of(cls, points: Mapping[str, tuple[int, int]], *, example: bool = False) -> ClubTable:
        """A table from contracts in the notation (``"3 Ruten"``, ``"Dutt"``).

        :raises NotationError: for a key that is not a contract.
        :raises InvalidEntryError: ``NOT_APPLICABLE`` for a key with a result.
        """
        rows = []
        for text, (won, lost) in points.items():
            contract = MecklenburgGame.parse(text)
            if contract.result is not None:
                raise InvalidEntryError.of(
                    Code.NOT_APPLICABLE, "points", detail=text, game="a points table"
                )
            rows.append((contract, won, lost))
        return cls(tuple(rows), example=example)

    @property
    def note(self) -> str:
        """Where the points come from, to print beside them (translated by the web layer)."""
        return EXAMPLE_TABLE_NOTE if self.example else CLUB_TABLE_NOTE

    def lookup(self, contract: MecklenburgGame) -> tuple[int, int] | None:
        """The points (won, lost) of ``contract``, or ``None`` when the club has none."""
        for known, won, lost in self.points:
            if known == contract.contract:
                return won, lost
        return None


def _example(rows: Mapping[str, int]) -> ClubTable:
    """An example table: the value when made, its negative when failed."""
    return ClubTable.of({text: (value, -value) for text, value in rows.items()}, example=True)


ANSEGGER_EXAMPLE = _example(
    {
        **{f"{tricks}{ruten}": tricks * (2 if ruten else 1) for tricks in range(1, 5)
           for ruten in ("", " Ruten")},
        "Fips": 10,
        "Rutenfips": 20,
    }
)  # fmt: skip
DUTTFIPS_EXAMPLE = _example({"Dutt": 2, "Ruten oewer": 4, "Fips": 10, "Rutenfips": 20})


def _contracts(kind: MeckKind, *numbers: int) -> tuple[MecklenburgGame, ...]:
    return tuple(
        MecklenburgGame(kind, tricks, ruten)
        for tricks in (numbers or (None,))
        for ruten in (False, True)
    )


def _v(code: Code, field: str | None = None, **params: int | str | None) -> Violation:
    return Violation(code, field, params)


@dataclass(frozen=True, slots=True)
class _Mecklenburg:
    """What Ansegger Fips and Duttfips share: four players, a contract made or failed, the
    club's points. Subclasses name their contracts (in bid order) and whether all may pass."""

    points: ClubTable

    name: ClassVar[str]
    TITLE: ClassVar[str]
    CONTRACTS: ClassVar[tuple[MecklenburgGame, ...]]  # in bid order, lowest first
    PASSING: ClassVar[bool]  # whether all may pass (a new deal)
    table_sizes: ClassVar[tuple[int, ...]] = (PLAYERS,)
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = ()  # every player plays every deal
    #: Played at four only: a table that loses a player ends early.
    players_may_leave: ClassVar[bool] = False
    ranking: ClassVar[Ranking] = BY_POINTS
    scores_deals: ClassVar[bool] = True
    # The club's points are a value of their own (a ClubTable), not a flag of the command line.
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """No options but the points table."""
        return option_values(self, self.OPTIONS)

    def deals_at(self, size: int) -> int:
        """The deals of a table of four: as Prisdorf's (the source names no number).

        :raises SeatingError: ``TABLE_SIZE`` unless four players.
        """
        _check_players(self.TITLE, size)
        return DEALS_AT_FOUR

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """Tables of four only (:func:`fours_split`), with ``deals`` at four where given."""
        return fours_split(players, deals_at_four=(deals or {}).get(PLAYERS, DEALS_AT_FOUR))

    def __post_init__(self) -> None:
        for contract, _, _ in self.points.points:
            if contract not in self.CONTRACTS:
                raise InvalidEntryError.of(
                    Code.NOT_APPLICABLE, "points", detail=str(contract), game=self.TITLE
                )

    def parse(self, text: str) -> MecklenburgGame:
        """A game in the notation, see :meth:`MecklenburgGame.parse`."""
        return MecklenburgGame.parse(text)

    def format(self, game: MecklenburgGame) -> str:
        """The canonical notation: ``parse(format(game)) == game``."""
        return str(game)

    def bid_rank(self, contract: MecklenburgGame) -> int:
        """The rank of a contract in the bidding, lowest 0.

        :raises InvalidEntryError: ``NOT_APPLICABLE`` for a contract of the other game.
        """
        if contract.contract not in self.CONTRACTS:
            raise InvalidEntryError.of(
                Code.NOT_APPLICABLE, "bid", detail=str(contract.contract), game=self.TITLE
            )
        return self.CONTRACTS.index(contract.contract)

    def games(self) -> Iterator[MecklenburgGame]:
        """Every game of these rules that the club's table has points for."""
        for contract, _, _ in self.points.points:
            for result in (Result.WON, Result.LOST):
                yield MecklenburgGame(contract.kind, contract.tricks, contract.ruten, result)

    def score(self, game: MecklenburgGame) -> int:
        """The declarer's points, from the club's table.

        :raises InvalidEntryError: for a game these rules do not have, or the table lacks.
        """
        violations, points = _assess(self, game)
        if violations:
            raise InvalidEntryError(violations)
        return points

    def possible_scores(self) -> tuple[int, ...]:
        """Every score a declarer can get, from the club's table, ascending."""
        return tuple(
            sorted({value for _, won, lost in self.points.points for value in (won, lost)})
        )

    def evaluate(
        self,
        game: MecklenburgGame,
        /,
        *,
        players: int,
        declarer: int | None = None,
        dealer: int | None = None,
    ) -> DealScore[MecklenburgGame]:
        """Check a deal and score it: the declarer's points from the club's table, 0 for the
        others. With ``dealer``, Duttfips also checks who took the Dutt.

        :raises SeatingError: ``TABLE_SIZE`` unless four players; ``SEAT`` for the dealer.
        :raises InvalidEntryError: with one violation for every rule the deal breaks.
        """
        _check_players(self.TITLE, players)
        if dealer is not None and not 0 <= dealer < players:
            raise SeatingError.of(Code.SEAT, "dealer", seat=dealer, players=players)
        violations = list(declarer_violations(game.kind is MeckKind.PASSED, declarer, players))
        game_violations, points = _assess(self, game)
        violations += game_violations
        if dealer is not None and declarer is not None:
            violations += _dutt_violations(game, declarer, (dealer + 1) % players)
        if violations:
            raise InvalidEntryError(tuple(violations))
        changes = seat_changes(players=players, declarer=declarer, declarer_gain=points)
        return DealScore(game, declarer, points, changes, game.kind is not MeckKind.PASSED)

    def _points(self, game: MecklenburgGame) -> int:
        points = self.points.lookup(game)
        if game.kind is MeckKind.PASSED or points is None:
            return 0
        return points[0] if game.result is Result.WON else points[1]

    def _game_violations(self, game: MecklenburgGame) -> Iterator[Violation]:
        if game.kind is MeckKind.PASSED:
            if not self.PASSING:
                yield _v(Code.NOT_APPLICABLE, None, detail=str(game.contract), game=self.TITLE)
            elif game.ruten or game.result is not None:
                yield _v(Code.NOT_APPLICABLE, "result", detail=str(game), game="alle gepasst")
            return
        if game.kind is MeckKind.NUMBER and not 1 <= (game.tricks or 0) < FIPS_TRICKS:
            yield _v(Code.BID_TRICKS, "tricks", tricks=game.tricks, min_bid=1)
        elif game.contract not in self.CONTRACTS:
            yield _v(Code.NOT_APPLICABLE, None, detail=str(game.contract), game=self.TITLE)
        elif self.points.lookup(game) is None:
            yield _v(Code.CLUB_POINTS_MISSING, None, contract=str(game.contract))
        if game.result is None:
            yield _v(Code.RESULT_MISSING, "result")
        elif game.result is Result.SURRENDERED:
            yield _v(Code.NOT_APPLICABLE, "result", detail="aufgegeben", game=self.TITLE)


@lru_cache(maxsize=4096)
def _assess(rules: _Mecklenburg, game: MecklenburgGame) -> tuple[tuple[Violation, ...], int]:
    """What is wrong with ``game`` under ``rules``, and the declarer's points."""
    return tuple(rules._game_violations(game)), rules._points(game)


def _check_players(title: str, players: int) -> None:
    if players != PLAYERS:
        raise SeatingError.of(
            Code.TABLE_SIZE, "players", rules=title, sizes=str(PLAYERS), players=players
        )


def fours_split(players: int, *, deals_at_four: int = DEALS_AT_FOUR) -> tuple[TableSpec, ...]:
    """The tables for ``players``: all of four, the only size Mecklenburg Fips is played at.

    >>> [str(t) for t in fours_split(8, deals_at_four=60)]
    ['4 60', '4 60']
    >>> fours_split(10)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.SeatingError: 10 players cannot be seated: ... of four only.

    :raises SeatingError: ``TABLES_OF_FOUR`` (no count but a multiple of four), or
        ``DEALS_RANGE`` for fewer than one deal.
    """
    if deals_at_four < 1:
        raise SeatingError.of(Code.DEALS_RANGE, "deals_at_four", deals=deals_at_four)
    if players < PLAYERS or players % PLAYERS:
        raise SeatingError.of(Code.TABLES_OF_FOUR, "players", players=players)
    return (TableSpec(PLAYERS, deals_at_four),) * (players // PLAYERS)


def _dutt_violations(game: MecklenburgGame, declarer: int, vorhand: int) -> Iterator[Violation]:
    """SPEC C5: the Dutt falls to Vorhand when nobody bids; "Ruten oewer!" is another's."""
    if game.kind is not MeckKind.DUTT:
        return
    if not game.ruten and declarer != vorhand:
        yield _v(Code.DUTT_NOT_VORHAND, "declarer", seat=vorhand)
    if game.ruten and declarer == vorhand:
        yield _v(Code.RUTEN_OEWER_BY_VORHAND, "declarer", seat=vorhand)


@dataclass(frozen=True, slots=True)
class Ansegger(_Mecklenburg):
    """Ansegger Fips: ``1 < 1 Ruten < 2 < … < 4 Ruten < Fips < Rutenfips``; all may pass.

    >>> ANSEGGER.evaluate(ANSEGGER.parse("3 Ruten gewonnen"), players=4, declarer=2).score_changes
    (0, 0, 6, 0)
    >>> [ANSEGGER.bid_rank(ANSEGGER.parse(t)) for t in ("1", "1 Ruten", "Fips", "Rutenfips")]
    [0, 1, 8, 9]
    """

    points: ClubTable = ANSEGGER_EXAMPLE

    name: ClassVar[str] = "ansegger"
    TITLE: ClassVar[str] = "Ansegger Fips"
    CONTRACTS: ClassVar[tuple[MecklenburgGame, ...]] = (
        *_contracts(MeckKind.NUMBER, 1, 2, 3, 4),
        *_contracts(MeckKind.FIPS),
    )
    PASSING: ClassVar[bool] = True

    @property
    def vocabulary(self) -> MeckVocabulary:
        """What the captain taps: see :func:`fipsen_rules.vocabulary.ansegger_vocabulary`."""
        from fipsen_rules.mecklenburg_vocabulary import ansegger_vocabulary

        return ansegger_vocabulary(self)


@dataclass(frozen=True, slots=True)
class Duttfips(_Mecklenburg):
    """Duttfips: ``Dutt < Ruten oewer < Fips < Rutenfips``; nobody passes the Dutt by.

    >>> DUTTFIPS.evaluate(DUTTFIPS.parse("Ruten oewer +"), players=4, declarer=3, dealer=0)
    ... # doctest: +ELLIPSIS
    DealScore(game=..., declarer=3, game_value=4, score_changes=(0, 0, 0, 4), counts_as_deal=True)
    """

    points: ClubTable = DUTTFIPS_EXAMPLE

    name: ClassVar[str] = "duttfips"
    TITLE: ClassVar[str] = "Duttfips"
    CONTRACTS: ClassVar[tuple[MecklenburgGame, ...]] = (
        *_contracts(MeckKind.DUTT),
        *_contracts(MeckKind.FIPS),
    )
    PASSING: ClassVar[bool] = False  # "if no one bids", Vorhand takes the Dutt

    @property
    def vocabulary(self) -> MeckVocabulary:
        """What the captain taps: see :func:`fipsen_rules.vocabulary.duttfips_vocabulary`."""
        from fipsen_rules.mecklenburg_vocabulary import duttfips_vocabulary

        return duttfips_vocabulary(self)


ANSEGGER = Ansegger()
"""Ansegger Fips with the app's example points (a club fills in its own)."""
DUTTFIPS = Duttfips()
"""Duttfips with the app's example points (a club fills in its own)."""

if TYPE_CHECKING:
    _ansegger: ScoredRuleSet[MecklenburgGame] = ANSEGGER  # mypy checks the shape
    _duttfips: ScoredRuleSet[MecklenburgGame] = DUTTFIPS
