"""Münzfips: a made-up scored game that lives only in the tests (issue 17, item 6).

The declarer names 1 to 3 tricks and wins or loses them: he scores that value, plus when won,
minus when lost; the others score nothing. Tables of three and of four, six deals a table; a
player who leaves ends his table; players are ranked by points. Written as the library's own
rule sets are (:mod:`fipsen_rules.mecklenburg`): a frozen dataclass, its ``OPTIONS``, a
canonical notation read by ``parse`` and written by ``format``, ``evaluate``,
``possible_scores``, ``split`` and a ``vocabulary`` (what the captain taps). It is registered
in :data:`fipsen_rules.RULE_SETS` by a fixture of the tests, never by a file of the project.

>>> rules = MUENZFIPS
>>> rules.format(rules.parse("2  GEWONNEN"))
'2 gewonnen'
>>> rules.evaluate(rules.parse("3 verloren"), players=3, declarer=1).score_changes
(0, -3, 0)
>>> [str(table) for table in rules.split(10)]
['4 6', '3 6', '3 6']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.deal_scores import DealScore, declarer_violations, seat_changes
from fipsen_rules.errors import Code, InvalidEntryError, NotationError, SeatingError, Violation
from fipsen_rules.game import Result
from fipsen_rules.ruleset import BY_POINTS, Option, OptionValue, Ranking, option_values
from fipsen_rules.rulesets import Registration
from fipsen_rules.tables import TableSpec, table_split
from fipsen_rules.vocabulary import (
    CONTRACT,
    LOST_TILE,
    RESULT,
    WON_TILE,
    Taps,
    Tile,
    Vocabulary,
    own_game,
)

if TYPE_CHECKING:
    from fipsen_rules.ruleset import ScoredRuleSet

NAME = "muenzfips"
TITLE = "Münzfips"
SIZES = (3, 4)
DEALS = 6
TRICKS = (1, 2, 3)
#: The result's word in the notation.
WORDS = {Result.WON: "gewonnen", Result.LOST: "verloren"}


@dataclass(frozen=True, slots=True)
class MuenzGame:
    """A game of Münzfips: the tricks named, and whether they were made (``None``: not yet
    said, refused by :meth:`Muenzfips.evaluate`)."""

    tricks: int
    result: Result | None = None

    def __str__(self) -> str:
        return " ".join([str(self.tricks), *([WORDS[self.result]] if self.result else [])])


@dataclass(frozen=True, slots=True)
class Muenzfips:
    """The rule set: no options of its own (the tuple is empty, the shape asks for it)."""

    name: ClassVar[str] = NAME
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    table_sizes: ClassVar[tuple[int, ...]] = SIZES
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = ()
    players_may_leave: ClassVar[bool] = False
    ranking: ClassVar[Ranking] = BY_POINTS
    scores_deals: ClassVar[bool] = True

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return option_values(self, self.OPTIONS)

    def deals_at(self, size: int) -> int:
        """Six deals at every table. :raises SeatingError: ``TABLE_SIZE``."""
        _check_players(size)
        return DEALS

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """Tables of four and of three (the library's split), six deals unless told."""
        given = deals or {}
        return table_split(
            players, deals_at_four=given.get(4, DEALS), deals_at_three=given.get(3, DEALS)
        )

    def parse(self, text: str) -> MuenzGame:
        """``"2 gewonnen"``, ``"3 verloren"``, ``"1"`` (no result yet), any case and spacing.

        :raises NotationError: ``NOTATION_EMPTY`` or ``NOTATION_UNKNOWN_WORD``.
        """
        words = text.lower().split()
        if not words:
            raise NotationError.of(Code.NOTATION_EMPTY, "game")
        results = {word: result for result, word in WORDS.items()}
        tricks, *rest = words
        if tricks not in {str(n) for n in TRICKS}:
            raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "game", word=tricks)
        if len(rest) > 1 or (rest and rest[0] not in results):
            raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "game", word=rest[-1])
        return MuenzGame(int(tricks), results[rest[0]] if rest else None)

    def format(self, game: MuenzGame) -> str:
        """The canonical notation: ``parse(format(game)) == game``."""
        return str(game)

    def possible_scores(self) -> tuple[int, ...]:
        """-3 to 3 but 0."""
        return tuple(sorted(sign * n for n in TRICKS for sign in (1, -1)))

    def evaluate(
        self, game: MuenzGame, /, *, players: int, declarer: int | None, dealer: int | None = None
    ) -> DealScore[MuenzGame]:
        """The declarer's ±tricks, 0 for the others.

        :raises SeatingError: ``TABLE_SIZE``.
        :raises InvalidEntryError: no declarer, or no result.
        """
        _check_players(players)
        violations = list(declarer_violations(False, declarer, players))
        if game.result not in WORDS:
            violations.append(Violation(Code.RESULT_MISSING, "result"))
        if violations:
            raise InvalidEntryError(tuple(violations))
        value = game.tricks if game.result is Result.WON else -game.tricks
        changes = seat_changes(players=players, declarer=declarer, declarer_gain=value)
        return DealScore(game, declarer, value, changes)

    @property
    def vocabulary(self) -> MuenzVocabulary:
        """What the captain taps: 1, 2 or 3, then won or lost."""
        return VOCABULARY


def _check_players(players: int) -> None:
    if players not in SIZES:
        raise SeatingError.of(
            Code.TABLE_SIZE, "players", rules=TITLE, sizes="3, 4", players=players
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class MuenzVocabulary(Vocabulary):
    """Münzfips's taps: a contract tile per count of tricks, a result, no flags."""

    def game_of(self, taps: Taps) -> MuenzGame:
        result = Result(taps.result) if taps.result else None
        return MuenzGame(int(taps.contract), result)

    def taps_of(self, game: object) -> Taps:
        game = own_game(game, MuenzGame)
        return Taps(str(game.tricks), frozenset(), game.result.value if game.result else None)

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> DealScore[MuenzGame]:
        return MUENZFIPS.evaluate(own_game(game, MuenzGame), players=players, declarer=declarer)


VOCABULARY = MuenzVocabulary(
    contracts=tuple(Tile(str(n), str(n)) for n in TRICKS),
    groups=(),
    results=(WON_TILE, LOST_TILE),
    fields=(("declarer", "declarer"), ("result", RESULT), ("game", CONTRACT)),
)
MUENZFIPS = Muenzfips()
#: What a fixture registers in :data:`fipsen_rules.RULE_SETS`.
REGISTRATION = Registration(NAME, Muenzfips, Muenzfips.OPTIONS)

if TYPE_CHECKING:
    _shape: ScoredRuleSet[MuenzGame] = MUENZFIPS  # mypy checks the shape
