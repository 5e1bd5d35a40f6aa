"""Aussetzfips: a second made-up scored game of the tests (issue 27), whose table differs from
Fipsen's where the web side used to assume Fipsen.

Tables of four and of five; at a table of FOUR the dealer sits each deal out (at five all
play), so he may not declare it; a deal where all passed counts as a deal and passes the deal
on. The declarer names 1 to 3 tricks and wins or loses them, as in Münzfips
(:mod:`tests.rule_set_proof.muenzfips`, whose game and notation it shares): he scores that
value, plus or minus; the others score nothing. Four deals at a table of four, five at five.
Registered in :data:`fipsen_rules.RULE_SETS` by a fixture of the tests, never by a file of
the project.

>>> rules = AUSSETZFIPS
>>> rules.evaluate(rules.parse("2 gewonnen"), players=4, declarer=1, dealer=3).score_changes
(0, 2, 0, 0)
>>> rules.evaluate(rules.parse("alle gepasst"), players=4, declarer=None).counts_as_deal
True
>>> [str(table) for table in rules.split(9)]
['5 5', '4 4']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.deal_scores import DealScore, declarer_violations, seat_changes
from fipsen_rules.errors import Code, InvalidEntryError, SeatingError, Violation
from fipsen_rules.game import Result
from fipsen_rules.ruleset import BY_POINTS, Option, OptionValue, Ranking, option_values
from fipsen_rules.rulesets import Registration
from fipsen_rules.tables import TableSpec
from fipsen_rules.vocabulary import (
    CONTRACT,
    LOST_TILE,
    PASSED,
    RESULT,
    WON_TILE,
    Taps,
    Tile,
    Vocabulary,
    own_game,
    passed_tile,
)
from tests.rule_set_proof.muenzfips import MUENZFIPS, TRICKS, MuenzGame

if TYPE_CHECKING:
    from fipsen_rules.ruleset import ScoredRuleSet

NAME = "aussetzfips"
TITLE = "Aussetzfips"
SIZES = (4, 5)
#: The table size at which the dealer sits out: four, where Großenaspe's is five.
SITS_OUT_AT = (4,)
DEALS = {4: 4, 5: 5}
#: The notation of a deal where all passed.
PASSED_WORDS = "alle gepasst"


@dataclass(frozen=True, slots=True)
class PassedGame:
    """A deal where all passed: it counts, and the next seat deals."""

    def __str__(self) -> str:
        return PASSED_WORDS


AussetzGame = MuenzGame | PassedGame


@dataclass(frozen=True, slots=True)
class Aussetzfips:
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
        """Four deals at four, five at five. :raises SeatingError: ``TABLE_SIZE``."""
        _check_players(size)
        return DEALS[size]

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """As many tables of five as leave tables of four for the rest.

        :raises SeatingError: ``PLAYERS`` for a count no fives and fours make.
        """
        given = {**DEALS, **(deals or {})}
        for fives in range(players // 5, -1, -1):
            rest = players - 5 * fives
            if rest % 4 == 0:
                sizes = [5] * fives + [4] * (rest // 4)
                return tuple(TableSpec(size, given[size]) for size in sizes)
        raise SeatingError.of(Code.PLAYERS, "players", players=players)

    def parse(self, text: str) -> AussetzGame:
        """Münzfips's notation, and ``"alle gepasst"``."""
        if " ".join(text.lower().split()) == PASSED_WORDS:
            return PassedGame()
        return MUENZFIPS.parse(text)

    def format(self, game: AussetzGame) -> str:
        return str(game)

    def possible_scores(self) -> tuple[int, ...]:
        return MUENZFIPS.possible_scores()

    def evaluate(
        self, game: AussetzGame, /, *, players: int, declarer: int | None, dealer: int | None = None
    ) -> DealScore[AussetzGame]:
        """The declarer's ±tricks, 0 for the others; at four the dealer sits out.

        :raises SeatingError: ``TABLE_SIZE``.
        :raises InvalidEntryError: no declarer (or one where all passed), the dealer who sits
            out as the declarer, no result.
        """
        _check_players(players)
        passed = isinstance(game, PassedGame)
        violations = list(declarer_violations(passed, declarer, players))
        out = dealer if players in SITS_OUT_AT else None
        if declarer is not None and declarer == out:
            violations.append(Violation(Code.DEALER_SITS_OUT, "declarer", {"seat": declarer}))
        if isinstance(game, MuenzGame) and game.result is None:
            violations.append(Violation(Code.RESULT_MISSING, "result"))
        if violations:
            raise InvalidEntryError(tuple(violations))
        if isinstance(game, PassedGame):
            return DealScore(game, None, 0, (0,) * players)  # counts as a deal
        value = game.tricks if game.result is Result.WON else -game.tricks
        changes = seat_changes(
            players=players, declarer=declarer, declarer_gain=value, sitting_out=out
        )
        return DealScore(game, declarer, value, changes)

    @property
    def vocabulary(self) -> AussetzVocabulary:
        return VOCABULARY


def _check_players(players: int) -> None:
    if players not in SIZES:
        raise SeatingError.of(
            Code.TABLE_SIZE, "players", rules=TITLE, sizes="4, 5", players=players
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class AussetzVocabulary(Vocabulary):
    """A contract tile per count of tricks and one for all passed, a result, no flags."""

    def game_of(self, taps: Taps) -> AussetzGame:
        if taps.contract == PASSED:
            return PassedGame()
        return MuenzGame(int(taps.contract), Result(taps.result) if taps.result else None)

    def taps_of(self, game: object) -> Taps:
        if isinstance(game, PassedGame):
            return Taps(PASSED)
        game = own_game(game, MuenzGame)
        return Taps(str(game.tricks), frozenset(), game.result.value if game.result else None)

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> DealScore[AussetzGame]:
        if not isinstance(game, PassedGame):
            game = own_game(game, MuenzGame)
        return AUSSETZFIPS.evaluate(game, players=players, declarer=declarer, dealer=dealer)


VOCABULARY = AussetzVocabulary(
    contracts=(*(Tile(str(n), str(n)) for n in TRICKS), passed_tile()),
    groups=(),
    results=(WON_TILE, LOST_TILE),
    fields=(("declarer", "declarer"), ("result", RESULT), ("game", CONTRACT)),
)
AUSSETZFIPS = Aussetzfips()
#: What a fixture registers in :data:`fipsen_rules.RULE_SETS`.
REGISTRATION = Registration(NAME, Aussetzfips, Aussetzfips.OPTIONS)

if TYPE_CHECKING:
    _shape: ScoredRuleSet[AussetzGame] = AUSSETZFIPS  # mypy checks the shape
