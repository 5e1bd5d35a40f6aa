"""What a sheet's lines mean under a rule set: its notation, and what each seat gains.

Prisdorf's sheet has a value column for the declarer alone, and a value may stand without its
game. Großenaspe's (SPEC C3.2) scores either the declarer or each of his opponents, never the
dealer who sits out at a table of five (C3.3); its lines name the game (``3 Gute beet``,
``Kieker aufgegeben``), a value after it is checked against the game's signed value.
Mecklenburg's (Ansegger Fips, Duttfips; SPEC C5) scores the declarer from the club's own points
table; its lines name the game (``3 Ruten gewonnen``, ``Dutt verloren``), a value after it is
checked against the table's, and a deal where all passed (Ansegger Fips) is a line of its own
without a player (``alle gepasst``): it is entered, and the deal is dealt again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar

from fipsen_rules import (
    Ansegger,
    Code,
    DealEntry,
    Duttfips,
    FipsenError,
    Game,
    GameKind,
    Grossenaspe,
    GrossenaspeGame,
    InvalidEntryError,
    MecklenburgGame,
    Prisdorf,
    Violation,
)
from fipsen_rules.grossenaspe_game import AspeKind
from fipsen_rules.grossenaspe_seats import sitting_out
from fipsen_rules.mecklenburg_game import MeckKind
from fipsen_rules.signs import signed_total
from scoring.paper.problems import LineProblem, PaperCode, Problem
from scoring.paper.values import games_for_value

AnyGame = Game | GrossenaspeGame | MecklenburgGame
MeckRules = Ansegger | Duttfips


@dataclass(frozen=True, slots=True)
class Scored:
    """A line's deal as the rules score it: the game (None: the value alone), the value
    column (signed: what the declarer gains, or, negative, what each opponent gains in
    Großenaspe; Prisdorf's declarer score), and each playing seat's gain, in their order."""

    game: AnyGame | None
    value: int
    gains: tuple[int, ...]
    #: Which of the playing seats sat the deal out (Großenaspe's dealer at a five), if any.
    sitting_out: int | None = None
    #: The deal counts (the next line is the next deal); all passed, it is dealt again.
    counts: bool = True


class Notation(Protocol):
    """What the check of a sheet asks of a rule set."""

    @property
    def entry_missing(self) -> PaperCode:
        """The message for a line with a player and nothing after him (its examples)."""

    def parse(self, text: str) -> AnyGame:
        """:raises FipsenError: the words are not a game."""

    def complete(self, game: AnyGame) -> bool:
        """The game says how it ended (a line that reads whole)."""

    def passed(self, text: str) -> AnyGame | None:
        """The game of a line without a player: all passed, where the sheet writes it."""

    def dealer_sits_out(self, players: int) -> bool:
        """At a table of ``players``, the dealer sits the deal out."""

    def score(
        self,
        game: AnyGame | None,
        value: int | None,
        *,
        declarer: int | None,
        players: int,
        dealer: int | None,
    ) -> Scored:
        """The deal of a line among ``players`` playing seats (``declarer`` and ``dealer``
        counted among them; ``declarer`` None only for the game of :meth:`passed`).

        :raises LineProblem: all passed, or a value no game has.
        :raises FipsenError: the game breaks a rule.
        """


@dataclass(frozen=True, slots=True)
class PrisdorfNotation:
    rules: Prisdorf
    entry_missing: PaperCode = PaperCode.ENTRY_MISSING

    def parse(self, text: str) -> AnyGame:
        return Game.parse(text)

    def complete(self, game: AnyGame) -> bool:
        game = _of_type(game, Game)
        return game.result is not None or game.kind is not GameKind.NUMBER

    def dealer_sits_out(self, players: int) -> bool:
        return False

    def passed(self, text: str) -> AnyGame | None:
        return None

    def score(
        self,
        game: AnyGame | None,
        value: int | None,
        *,
        declarer: int | None,
        players: int,
        dealer: int | None,
    ) -> Scored:
        declarer = _named(declarer)
        if game is None:
            game = _game_of_value(value or 0, self.rules)
        elif game.kind is GameKind.PASSED:
            raise LineProblem(Problem.of(PaperCode.PASSED))
        gains = [0] * players
        if game is None:  # several games have this value: the deal keeps the value alone
            gains[declarer] = value or 0
            return Scored(None, value or 0, tuple(gains))
        game = _of_type(game, Game)
        entry = DealEntry(game, declarer=declarer, captain_value=value)
        outcome = self.rules.evaluate(entry, players=players)
        return Scored(outcome.game, outcome.declarer_score, outcome.score_changes)


def _game_of_value(value: int, rules: Prisdorf) -> Game | None:
    """The game a value alone stands for, if only one game has it; a problem if none has."""
    if value not in rules.possible_scores():
        violation = Violation(Code.VALUE_IMPOSSIBLE, "captain_value", {"value": value})
        raise LineProblem(Problem.rule(violation))
    games = games_for_value(rules, value)
    return games[0] if len(games) == 1 else None


@dataclass(frozen=True, slots=True)
class AspeNotation:
    rules: Grossenaspe
    entry_missing: PaperCode = PaperCode.ASPE_ENTRY_MISSING

    def parse(self, text: str) -> AnyGame:
        return GrossenaspeGame.parse(text)

    def complete(self, game: AnyGame) -> bool:
        game = _of_type(game, GrossenaspeGame)
        return game.ending is not None or game.kind is not AspeKind.NUMBER

    def dealer_sits_out(self, players: int) -> bool:
        return players == max(self.rules.table_sizes)

    def passed(self, text: str) -> AnyGame | None:
        return None

    def score(
        self,
        game: AnyGame | None,
        value: int | None,
        *,
        declarer: int | None,
        players: int,
        dealer: int | None,
    ) -> Scored:
        if game is None:  # "-6" is "3 Gute beet", "3 Kreuz beet" or "3 Durch verloren" …
            raise LineProblem(Problem.of(PaperCode.ASPE_VALUE_ONLY, value=signed_total(value)))
        game = _of_type(game, GrossenaspeGame)
        if game.kind is AspeKind.PASSED:
            raise LineProblem(Problem.of(PaperCode.PASSED))
        scored = self.rules.evaluate(
            game, players=players, declarer=_named(declarer), dealer=dealer
        )
        _check_value(value, scored.game_value, game)
        return Scored(game, scored.game_value, scored.score_changes, sitting_out(players, dealer))


@dataclass(frozen=True, slots=True)
class MeckNotation:
    """Ansegger Fips and Duttfips: the declarer gains the club's points, the others nothing."""

    rules: MeckRules

    @property
    def entry_missing(self) -> PaperCode:
        if isinstance(self.rules, Duttfips):
            return PaperCode.DUTTFIPS_ENTRY_MISSING
        return PaperCode.ANSEGGER_ENTRY_MISSING

    def parse(self, text: str) -> AnyGame:
        return MecklenburgGame.parse(text)

    def complete(self, game: AnyGame) -> bool:
        game = _of_type(game, MecklenburgGame)
        return game.result is not None or game.kind is MeckKind.PASSED

    def dealer_sits_out(self, players: int) -> bool:
        return False

    def passed(self, text: str) -> AnyGame | None:
        try:
            game = MecklenburgGame.parse(text)
        except FipsenError:
            return None
        return game if game.kind is MeckKind.PASSED else None

    def score(
        self,
        game: AnyGame | None,
        value: int | None,
        *,
        declarer: int | None,
        players: int,
        dealer: int | None,
    ) -> Scored:
        if game is None:  # "6" is "3 Ruten gewonnen" or "Ruten oewer gewonnen" …
            example = "Dutt gewonnen" if isinstance(self.rules, Duttfips) else "3 Ruten gewonnen"
            code = PaperCode.MECK_VALUE_ONLY
            raise LineProblem(Problem.of(code, value=signed_total(value), example=example))
        game = _of_type(game, MecklenburgGame)
        try:
            scored = self.rules.evaluate(game, players=players, declarer=declarer, dealer=dealer)
        except InvalidEntryError as error:  # the Dutt's Vorhand as the card numbers the seat
            raise InvalidEntryError(tuple(_seat_from_one(v) for v in error.violations)) from None
        _check_value(value, scored.game_value, game)
        return Scored(game, scored.game_value, scored.score_changes, counts=scored.counts_as_deal)


_SEAT_CODES = frozenset({Code.DUTT_NOT_VORHAND, Code.RUTEN_OEWER_BY_VORHAND})


def _seat_from_one(violation: Violation) -> Violation:
    """The Dutt rules name Vorhand's seat from 0; the sheet counts seats from 1."""
    seat = violation.params.get("seat")
    if violation.code not in _SEAT_CODES or not isinstance(seat, int):
        return violation
    return Violation(violation.code, violation.field, {**violation.params, "seat": seat + 1})


def _check_value(value: int | None, computed: int, game: AnyGame) -> None:
    """:raises InvalidEntryError: the line's value is not what its game scores."""
    if value is not None and value != computed:
        raise InvalidEntryError.of(
            Code.VALUE_MISMATCH, "captain_value", value=value, computed=computed, game=str(game)
        )


def _named(declarer: int | None) -> int:
    """The player of a line (only a Mecklenburg line of all passed names none)."""
    if declarer is None:
        raise LineProblem(Problem.of(PaperCode.DECLARER_MISSING))
    return declarer


_G = TypeVar("_G", Game, GrossenaspeGame, MecklenburgGame)


def _of_type(game: AnyGame, kind: type[_G]) -> _G:
    """``game`` as the rule set's own (the line was read in its notation)."""
    if not isinstance(game, kind):
        raise TypeError(f"not a game of these rules: {game!r}")
    return game


def notation_of(rules: Prisdorf | Grossenaspe | MeckRules) -> Notation:
    """The notation of a sheet under ``rules``."""
    if isinstance(rules, Ansegger | Duttfips):
        return MeckNotation(rules)
    if isinstance(rules, Grossenaspe):
        return AspeNotation(rules)
    return PrisdorfNotation(rules)


__all__ = [
    "AnyGame",
    "AspeNotation",
    "MeckNotation",
    "MeckRules",
    "Notation",
    "PrisdorfNotation",
    "Scored",
    "notation_of",
]
