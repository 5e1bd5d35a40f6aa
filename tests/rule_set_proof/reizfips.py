"""Reizfips: a made-up Skat-like game that lives only in the tests (issue 27), the proof that a
rule set brings a number among its taps (the bid), its own error codes and its own notation
words, its own table (who sits out, a passed deal that counts) and its own changes of every
seat, and that the captain's pages play it without a line of the project naming it.

The declarer plays a Farbe, a Grand or a Null at the bid he won the auction with (a value of
Skat's bidding, 18 to 264); he scores the bid when he wins, loses twice the bid when he loses
or "überreizt" (his game was worth less than his bid), and then each other player who plays
the deal gains 10 (tournament Skat's 30 or 40, shrunk; see /work/shared/rules/PREISSKAT.md).
As in Skat, tables of three and four, where the dealer sits each deal out (and gains nothing,
unlike Skat's dealer: the proof that a seat's change is the rule set's); a deal all passed
("eingepasst") counts and passes the deal on. One round a table: four deals at four, three at
three. It is registered by a fixture of the tests (with
:mod:`tests.rule_set_proof.reizfips_pages` and its own German catalogue in
``tests/rule_set_proof/locale``), never by a file of the project.

>>> rules = REIZFIPS
>>> rules.format(rules.parse("grand 72  GEWONNEN"))
'Grand 72 gewonnen'
>>> rules.evaluate(rules.parse("Null 23 überreizt"), players=3, declarer=1).score_changes
(10, -46, 10)
>>> rules.evaluate(rules.parse("Farbe 18 verloren"), players=4, declarer=1, dealer=3).score_changes
(10, -36, 10, 0)
>>> rules.evaluate(rules.parse("eingepasst"), players=4, declarer=None, dealer=0).counts_as_deal
True
>>> rules.evaluate(rules.parse("Farbe 19 gewonnen"), players=3, declarer=1)
Traceback (most recent call last):
...
fipsen_rules.errors.InvalidEntryError: 19 cannot be bid; the nearest bids are 18 and 20.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.deal_scores import DealScore, declarer_violations, seat_changes
from fipsen_rules.errors import (
    Code,
    InvalidEntryError,
    NotationError,
    OwnCode,
    SeatingError,
    Violation,
)
from fipsen_rules.messages import gettext_noop
from fipsen_rules.ruleset import BY_POINTS, Option, OptionValue, Ranking, option_values
from fipsen_rules.rulesets import Registration
from fipsen_rules.tables import TableSpec, table_split
from fipsen_rules.vocabulary import (
    CONTRACT,
    LOST_TILE,
    PASSED,
    RESULT,
    WON_TILE,
    NumberField,
    Taps,
    Tile,
    Vocabulary,
    own_game,
)

if TYPE_CHECKING:
    from fipsen_rules.ruleset import ScoredRuleSet

NAME = "reizfips"
TITLE = "Reizfips"
SIZES = (3, 4)
#: The table size at which the dealer sits out.
SITS_OUT_AT = (4,)
#: One round: every player deals once.
DEALS = {4: 4, 3: 3}
#: What each other playing seat gains when the declarer loses.
OPPONENTS_GAIN = 10
#: The games, by their tile's value, with their name in the notation (the same in every
#: language).
CONTRACTS = {"farbe": "Farbe", "grand": "Grand", "null": "Null"}
#: Skat's bids from 18 to 264: the multiples of the suits' and Grand's bases, and the Nulls.
BIDS = tuple(
    sorted({base * times for base in (9, 10, 11, 12) for times in range(2, 23)} | {23, 35, 46, 59})
)
LOWEST, HIGHEST = BIDS[0], BIDS[-1]
OVERBID_WORD = "überreizt"
#: The notation of a deal where all passed.
PASSED_WORD = "eingepasst"

#: Its own codes: not in the library's closed list, each with its English template.
BID_VALUE = OwnCode(
    "reizfips_bid_value",
    gettext_noop("%(bid)s cannot be bid; the nearest bids are %(lower)s and %(higher)s."),
    ("bid", "lower", "higher"),
)
BID_MISSING = OwnCode(
    "reizfips_bid_missing",
    gettext_noop("How high was the bid? %(lowest)s to %(highest)s."),
    ("lowest", "highest"),
)


class Ending(StrEnum):
    """How a game ends: won, lost, or lost by an overbid."""

    WON = "won"
    LOST = "lost"
    OVERBID = "overbid"


#: Each ending's word in the notation.
WORDS = {Ending.WON: "gewonnen", Ending.LOST: "verloren", Ending.OVERBID: OVERBID_WORD}


@dataclass(frozen=True, slots=True)
class ReizGame:
    """A game of Reizfips: what was played, the bid (``None``: not said, refused by
    :meth:`Reizfips.evaluate`) and how it ended (``None``: not yet said)."""

    contract: str
    bid: int | None = None
    ending: Ending | None = None

    def __str__(self) -> str:
        bid = [] if self.bid is None else [str(self.bid)]
        ending = [WORDS[self.ending]] if self.ending else []
        return " ".join([CONTRACTS[self.contract], *bid, *ending])


@dataclass(frozen=True, slots=True)
class PassedGame:
    """A deal all passed: it counts, scores nothing, and the next seat deals."""

    def __str__(self) -> str:
        return PASSED_WORD


AnyGame = ReizGame | PassedGame


@dataclass(frozen=True, slots=True)
class Reizfips:
    """The rule set: no options of its own."""

    name: ClassVar[str] = NAME
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    table_sizes: ClassVar[tuple[int, ...]] = SIZES
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = SITS_OUT_AT
    players_may_leave: ClassVar[bool] = False
    ranking: ClassVar[Ranking] = BY_POINTS
    scores_deals: ClassVar[bool] = True

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return option_values(self, self.OPTIONS)

    def deals_at(self, size: int) -> int:
        """Four deals at four, three at three. :raises SeatingError: ``TABLE_SIZE``."""
        _check_players(size)
        return DEALS[size]

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        given = {**DEALS, **(deals or {})}
        return table_split(players, deals_at_four=given[4], deals_at_three=given[3])

    def parse(self, text: str) -> AnyGame:
        """``"Grand 72 gewonnen"``, ``"Null 23 überreizt"``, ``"Farbe 18"`` (no result yet),
        ``"eingepasst"``.

        :raises NotationError: ``NOTATION_EMPTY`` or ``NOTATION_UNKNOWN_WORD``.
        """
        words = text.lower().split()
        if words == [PASSED_WORD]:
            return PassedGame()
        if not words:
            raise NotationError.of(Code.NOTATION_EMPTY, "game")
        contract, *rest = words
        if contract not in CONTRACTS:
            raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "game", word=contract)
        bid = int(rest.pop(0)) if rest and rest[0].isascii() and rest[0].isdigit() else None
        endings = {word: ending for ending, word in WORDS.items()}
        if len(rest) > 1 or (rest and rest[0] not in endings):
            raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "game", word=rest[-1])
        return ReizGame(contract, bid, endings[rest[0]] if rest else None)

    def format(self, game: AnyGame) -> str:
        return str(game)

    def games(self) -> Iterator[ReizGame]:
        """Every game a declarer may play (as the library's rule sets' ``games``)."""
        for contract in CONTRACTS:
            for bid in BIDS:
                for ending in Ending:
                    yield ReizGame(contract, bid, ending)

    def possible_scores(self) -> tuple[int, ...]:
        """The bids won, twice the bids lost, an opponent's gain, and nothing."""
        return tuple(sorted({0, OPPONENTS_GAIN, *BIDS, *(-2 * bid for bid in BIDS)}))

    def evaluate(
        self, game: AnyGame, /, *, players: int, declarer: int | None, dealer: int | None = None
    ) -> DealScore[AnyGame]:
        """The declarer's bid won; or twice it lost, and each other playing seat's gain; at
        four the dealer sits out.

        :raises SeatingError: ``TABLE_SIZE``.
        :raises InvalidEntryError: no declarer (or one where all passed), the dealer who sits
            out as the declarer, no or no possible bid (its own codes), no result.
        """
        _check_players(players)
        passed = isinstance(game, PassedGame)
        violations = list(declarer_violations(passed, declarer, players))
        out = dealer if players in SITS_OUT_AT else None
        if declarer is not None and declarer == out:
            violations.append(Violation(Code.DEALER_SITS_OUT, "declarer", {"seat": declarer}))
        if isinstance(game, ReizGame):
            violations += _bid_violations(game.bid)
            if game.ending is None:
                violations.append(Violation(Code.RESULT_MISSING, "result"))
        if violations:
            raise InvalidEntryError(tuple(violations))
        if isinstance(game, PassedGame):
            return DealScore(game, None, 0, (0,) * players)  # counts as a deal
        bid = game.bid or 0
        won = game.ending is Ending.WON
        changes = seat_changes(
            players=players,
            declarer=declarer,
            declarer_gain=bid if won else -2 * bid,
            opponents_gain=0 if won else OPPONENTS_GAIN,
            sitting_out=out,
        )
        return DealScore(game, declarer, bid if won else -2 * bid, changes)

    @property
    def vocabulary(self) -> ReizVocabulary:
        """What the captain taps: the game, the bid (a number), how it ended."""
        return VOCABULARY


def _bid_violations(bid: int | None) -> list[Violation]:
    if bid is None:
        return [Violation(BID_MISSING, "bid", {"lowest": LOWEST, "highest": HIGHEST})]
    if bid in BIDS:
        return []
    lower = max((b for b in BIDS if b < bid), default=LOWEST)
    higher = min((b for b in BIDS if b > bid), default=HIGHEST)
    return [Violation(BID_VALUE, "bid", {"bid": bid, "lower": lower, "higher": higher})]


def _check_players(players: int) -> None:
    if players not in SIZES:
        raise SeatingError.of(
            Code.TABLE_SIZE, "players", rules=TITLE, sizes="3, 4", players=players
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ReizVocabulary(Vocabulary):
    """Reizfips's taps: a tile per game and one for all passed, the bid as a number, a
    result."""

    def game_of(self, taps: Taps) -> AnyGame:
        if taps.contract == PASSED:
            return PassedGame()
        ending = Ending(taps.result) if taps.result else None
        return ReizGame(taps.contract, taps.number("bid"), ending)

    def taps_of(self, game: object) -> Taps:
        if isinstance(game, PassedGame):
            return Taps(PASSED)
        game = own_game(game, ReizGame)
        numbers = () if game.bid is None else (("bid", game.bid),)
        return Taps(game.contract, frozenset(), game.ending.value if game.ending else None, numbers)

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> DealScore[AnyGame]:
        if not isinstance(game, PassedGame):
            game = own_game(game, ReizGame)
        return REIZFIPS.evaluate(game, players=players, declarer=declarer, dealer=dealer)


VOCABULARY = ReizVocabulary(
    contracts=(
        *(Tile(value, name) for value, name in CONTRACTS.items()),
        Tile(PASSED, gettext_noop("passed in")),
    ),
    groups=(),
    numbers=(NumberField("bid", gettext_noop("Bid"), LOWEST, HIGHEST, LOWEST),),
    results=(WON_TILE, LOST_TILE, Tile(Ending.OVERBID.value, gettext_noop("overbid"))),
    fields=(("declarer", "declarer"), ("result", RESULT), ("game", CONTRACT), ("bid", "bid")),
    words=((OVERBID_WORD, gettext_noop("overbid")), (PASSED_WORD, gettext_noop("passed in"))),
    codes=(BID_VALUE, BID_MISSING),
)
REIZFIPS = Reizfips()
#: What a fixture registers in :data:`fipsen_rules.RULE_SETS`.
REGISTRATION = Registration(NAME, Reizfips, Reizfips.OPTIONS)

if TYPE_CHECKING:
    _shape: ScoredRuleSet[AnyGame] = REIZFIPS  # mypy checks the shape
