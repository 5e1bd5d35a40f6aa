"""Prisdorf Fipsen, the rules of a Preisfipsen (SPEC.md Parts A and B).

A rule set is a value: ``Prisdorf()`` is the tournament default, ``Prisdorf(min_bid=3)``
the home game. Further variants go beside this module as their own rule sets (see
:class:`fipsen_rules.ruleset.RuleSet`), without touching this one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import product
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.entry import DealEntry, Outcome
from fipsen_rules.errors import Code, InvalidEntryError, ParamValue, Violation
from fipsen_rules.game import Bid, Game, GameKind, Result
from fipsen_rules.seats import PLAYER_COUNTS

if TYPE_CHECKING:
    from fipsen_rules.ruleset import RuleSet

__all__ = ["PRISDORF", "Prisdorf"]

MAX_TRICKS = 5
KIEKER_RANK = 9  # between 4 Hand Ruten (8) and 5 (10)
SIEBENER_FIPS_RANK = 13  # above every bid
KIEKER_BASE = 10  # a Kieker scores as a 5 Durch without Hand
KIEKER_SURRENDER = -5
SIEBENER_FIPS_SCORE = 30


def _v(code: Code, field: str | None, **params: ParamValue) -> Violation:
    return Violation(code, field, params)


@dataclass(frozen=True, slots=True)
class _Scored:
    """The checks and the value of a game on its own, cached per rule set and game."""

    violations: tuple[Violation, ...]
    game_value: int
    score: int


@dataclass(frozen=True, slots=True)
class Prisdorf:
    """The Prisdorf rules.

    :param min_bid: the lowest bid, 2 (tournament) or 3 (home games).
    :param strict_tricks: reject a won game whose trick count goes past the deciding
        trick, and a 5-trick win not entered as Durch, instead of accepting them with a
        warning.

    >>> PRISDORF.score(Game.parse("3 Hand verloren"))
    -12
    >>> PRISDORF.score(Game.parse("Kieker Ruten gewonnen"))
    20
    >>> Prisdorf(min_bid=3).score(Game.parse("2 gewonnen"))
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.InvalidEntryError: A game is bid at 3 to 5 tricks, not 2.
    """

    min_bid: int = 2
    strict_tricks: bool = False

    name: ClassVar[str] = "prisdorf"

    def __post_init__(self) -> None:
        if self.min_bid not in (2, 3):
            raise InvalidEntryError.of(Code.MIN_BID_OPTION, "min_bid", min_bid=self.min_bid)

    # Bids

    def check_bid(self, bid: Bid) -> tuple[Violation, ...]:
        """Whatever makes ``bid`` illegal under these rules (empty when it is legal)."""
        if bid.kind is GameKind.NUMBER:
            if bid.tricks is None or not self.min_bid <= bid.tricks <= MAX_TRICKS:
                return (_v(Code.BID_TRICKS, "bid", tricks=bid.tricks, min_bid=self.min_bid),)
            return ()
        if bid.hand and bid.kind is GameKind.KIEKER:
            return (_v(Code.KIEKER_HAND, "bid"),)
        # A Kieker chooses Ruten after seeing the extra cards; it is not bid (SPEC A4.6).
        extras = [word for word, on in (("Hand", bid.hand), ("Ruten", bid.ruten)) if on]
        return tuple(_v(Code.NOT_APPLICABLE, "bid", detail=w, game=str(bid)) for w in extras)

    def bid_rank(self, bid: Bid) -> int:
        """The rank of a bid: tricks first, then the number of doubles (Hand = Ruten).

        >>> bids = ("2", "2 Ruten", "4 Hand Ruten", "Kieker", "5")
        >>> [PRISDORF.bid_rank(Bid.parse(b)) for b in bids]
        [0, 1, 8, 9, 10]

        :raises InvalidEntryError: for a bid these rules do not allow.
        """
        violations = self.check_bid(bid)
        if violations:
            raise InvalidEntryError(violations)
        if bid.kind is GameKind.KIEKER:
            return KIEKER_RANK
        if bid.kind is GameKind.SIEBENER_FIPS:
            return SIEBENER_FIPS_RANK
        tricks = bid.tricks or 0  # never 0: check_bid accepted the bid
        if tricks == MAX_TRICKS:
            return KIEKER_RANK + 1 + bid.doubles
        return 3 * (tricks - 2) + bid.doubles

    # Games

    def score(self, game: Game) -> int:
        """The declarer's score for ``game``.

        :raises InvalidEntryError: for a game these rules do not allow.
        """
        scored = _score_game(self, game)
        if scored.violations:
            raise InvalidEntryError(scored.violations)
        return scored.score

    def games(self) -> Iterator[Game]:
        """Every game these rules allow, all passed excepted."""
        doubles = list(product((False, True), repeat=2))
        for tricks in range(self.min_bid, MAX_TRICKS + 1):
            for (hand, ruten), durch in product(doubles, (False, True)):
                for result in (Result.WON, Result.LOST):
                    if tricks < MAX_TRICKS or durch:
                        yield Game.number(tricks, result, hand=hand, ruten=ruten, durch=durch)
        for ruten, result in product((False, True), Result):
            yield Game.kieker(result, ruten=ruten)
        yield Game.siebener_fips()

    def possible_scores(self) -> tuple[int, ...]:
        """Every score a declarer can get, ascending.

        >>> PRISDORF.possible_scores()[:3], PRISDORF.possible_scores()[-3:]
        ((-80, -64, -48), (30, 32, 40))
        """
        return _possible_scores(self)

    # Deals

    def evaluate(self, entry: DealEntry, *, players: int) -> Outcome:
        """Check a deal entry and score it.

        >>> PRISDORF.evaluate(DealEntry(Game.parse("3 Hand verloren"), declarer=2), players=4)
        ... # doctest: +NORMALIZE_WHITESPACE
        Outcome(game=Game(kind=<GameKind.NUMBER: 'number'>, tricks=3, hand=True, ruten=False,
                durch=False, result=<Result.LOST: 'lost'>), declarer=2, game_value=6,
                declarer_score=-12, score_changes=(0, 0, -12, 0), counts_as_deal=True, warnings=())

        :raises InvalidEntryError: with one violation for every rule the entry breaks.
        """
        game = entry.game
        if players not in PLAYER_COUNTS:
            raise InvalidEntryError.of(Code.PLAYERS, None, players=players)
        violations = list(_declarer_violations(entry, players))
        violations += _score_game(self, game).violations
        if game.kind is GameKind.KIEKER and entry.has_pictures:
            violations.append(_v(Code.KIEKER_PICTURES, "has_pictures"))
        if entry.bid is not None:
            violations += self._bid_obligations(entry.bid, entry.bid_held, game)
        tricks = _check_tricks(self, game, entry.declarer_tricks)
        violations += tricks.violations
        scored = _score_game(self, tricks.game)
        if entry.captain_value is not None:
            violations += _value_violations(self, entry.captain_value, tricks.game, scored.score)
        if violations:
            raise InvalidEntryError(tuple(violations))
        changes = [0] * players
        if entry.declarer is not None:
            changes[entry.declarer] = scored.score
        return Outcome(
            game=tricks.game,
            declarer=entry.declarer,
            game_value=scored.game_value,
            declarer_score=scored.score,
            score_changes=tuple(changes),
            counts_as_deal=game.kind is not GameKind.PASSED,
            warnings=tricks.warnings,
        )

    def _bid_obligations(self, bid: Bid, held: bool, game: Game) -> list[Violation]:
        """What the final bid obliges the declarer to play (SPEC A6)."""
        if game.kind is GameKind.SIEBENER_FIPS:
            return []  # the claim voids whatever was bid
        if game.kind is GameKind.PASSED:
            return [_v(Code.NOT_APPLICABLE, "bid", detail=str(bid), game=str(game))]
        violations = list(self.check_bid(bid))
        if bid.kind is not game.kind or bid.tricks != game.tricks:
            return [*violations, _v(Code.BID_GAME_MISMATCH, "bid", bid=str(bid), game=str(game))]
        if bid.kind is not GameKind.NUMBER:
            return violations  # a Kieker bid names no doubles to owe
        if held:
            if game.hand + game.ruten < bid.doubles:
                violations.append(
                    _v(Code.HELD_DOUBLES_MISSING, "hand", bid=str(bid), doubles=bid.doubles)
                )
            return violations
        if bid.hand and not game.hand:
            violations.append(_v(Code.HAND_BID_SKAT_TAKEN, "hand"))
        if bid.ruten and not game.ruten:
            violations.append(_v(Code.RUTEN_BID_OTHER_TRUMP, "ruten"))
        return violations


PRISDORF = Prisdorf()
"""The tournament rules: minimum bid 2, lenient trick counts."""

if TYPE_CHECKING:
    _conforms: RuleSet = PRISDORF  # mypy checks that Prisdorf is a RuleSet


_KIND_NAMES = {GameKind.SIEBENER_FIPS: "Siebener Fips", GameKind.PASSED: "alle gepasst"}


def _not_applicable(game: Game) -> Iterator[Violation]:
    name = _KIND_NAMES[game.kind]
    for field, detail in (("hand", "Hand"), ("ruten", "Ruten"), ("durch", "Durch")):
        if getattr(game, field):
            yield _v(Code.NOT_APPLICABLE, field, detail=detail, game=name)
    if game.result is not None:
        yield _v(Code.NOT_APPLICABLE, "result", detail=str(game).split()[-1], game=name)


@lru_cache(maxsize=4096)
def _score_game(rules: Prisdorf, game: Game) -> _Scored:
    """SPEC A12: the value and the declarer's score, or what is wrong with the game."""
    violations: list[Violation] = []
    value = 0
    if game.kind is GameKind.NUMBER:
        tricks = game.tricks or 0
        if not rules.min_bid <= tricks <= MAX_TRICKS:
            violations.append(
                _v(Code.BID_TRICKS, "tricks", tricks=game.tricks, min_bid=rules.min_bid)
            )
        if game.result is Result.SURRENDERED:
            violations.append(_v(Code.SURRENDER_NOT_KIEKER, "result", tricks=tricks))
        value = tricks << game.doubles if 0 <= tricks <= MAX_TRICKS else 0
    elif game.kind is GameKind.KIEKER:
        if game.hand:
            violations.append(_v(Code.KIEKER_HAND, "hand"))
        if game.durch:
            violations.append(_v(Code.KIEKER_DURCH, "durch"))
        value = KIEKER_BASE << game.ruten
        if game.result is Result.SURRENDERED:
            value = -KIEKER_SURRENDER
    else:
        violations += _not_applicable(game)
        value = SIEBENER_FIPS_SCORE if game.kind is GameKind.SIEBENER_FIPS else 0
        return _Scored(tuple(violations), value, value)
    if game.result is None:
        violations.append(_v(Code.RESULT_MISSING, "result"))
    if game.result is Result.WON:
        score = value
    elif game.result is Result.SURRENDERED:
        score = -value
    else:
        score = -2 * value  # a lost game costs double its value
    return _Scored(tuple(violations), value, score)


@dataclass(frozen=True, slots=True)
class _TrickCheck:
    game: Game  # with Durch inferred from five tricks, where the rules allow that
    violations: tuple[Violation, ...] = ()
    warnings: tuple[Violation, ...] = ()


@lru_cache(maxsize=4096)
def _check_tricks(rules: Prisdorf, game: Game, tricks: int | None) -> _TrickCheck:
    """SPEC A9 and A13: whether the declarer's trick count can end this game."""
    if tricks is None:
        return _TrickCheck(game)
    if game.kind in _KIND_NAMES:
        detail = _v(
            Code.NOT_APPLICABLE, "declarer_tricks", detail="tricks", game=_KIND_NAMES[game.kind]
        )
        return _TrickCheck(game, (detail,))
    if not 0 <= tricks <= MAX_TRICKS:
        return _TrickCheck(
            game, (_v(Code.TRICKS_RANGE, "declarer_tricks", declarer_tricks=tricks),)
        )
    if game.result is None or _score_game(rules, game).violations:
        return _TrickCheck(game)  # nothing to compare the tricks with
    if game.result is Result.SURRENDERED:
        ok = tricks == 0
        return _TrickCheck(game, () if ok else (_v(Code.SURRENDER_AFTER_PLAY, "declarer_tricks"),))
    bid = game.tricks or MAX_TRICKS  # a Kieker, like a 5, needs every trick
    won = game.result is Result.WON
    if won and tricks == MAX_TRICKS and not game.durch and game.kind is GameKind.NUMBER:
        if rules.strict_tricks:
            return _TrickCheck(game, (_v(Code.WON_ALL_WITHOUT_DURCH, "durch"),))
        return _TrickCheck(replace(game, durch=True), warnings=(_v(Code.DURCH_INFERRED, "durch"),))
    if game.durch and bid < MAX_TRICKS and tricks < bid:
        violation = _v(Code.DURCH_BEFORE_BID, "durch", declarer_tricks=tricks, tricks=bid)
        return _TrickCheck(game, (violation,))
    low, high = _legal_tricks(bid, won=won, durch=game.durch, strict=rules.strict_tricks)
    if not low <= tricks <= high:
        violation = _v(
            Code.TRICKS_IMPOSSIBLE,
            "declarer_tricks",
            game=str(game),
            declarer_tricks=tricks,
            low=low,
            high=high,
        )
        return _TrickCheck(game, (violation,))
    if won and not game.durch and tricks > bid:
        return _TrickCheck(
            game, warnings=(_v(Code.EXTRA_TRICKS_IGNORED, "declarer_tricks", tricks=bid),)
        )
    return _TrickCheck(game)


def _legal_tricks(bid: int, *, won: bool, durch: bool, strict: bool) -> tuple[int, int]:
    """The declarer's possible trick counts at the end of play (SPEC A13.1, "legal t")."""
    if bid == MAX_TRICKS or durch:
        if won:
            return MAX_TRICKS, MAX_TRICKS
        # A 5 (or Kieker) stops at the first lost trick; a Durch is tried only from the bid on.
        return (0, MAX_TRICKS - 1) if bid == MAX_TRICKS else (bid, MAX_TRICKS - 1)
    if won:
        return bid, bid if strict else MAX_TRICKS - 1
    return 0, bid - 1


def _value_violations(rules: Prisdorf, value: int, game: Game, computed: int) -> list[Violation]:
    if game.kind is GameKind.PASSED:
        return [_v(Code.NOT_APPLICABLE, "captain_value", detail=str(value), game=str(game))]
    if value not in _possible_score_set(rules):
        return [_v(Code.VALUE_IMPOSSIBLE, "captain_value", value=value)]
    if value != computed:
        return [
            _v(Code.VALUE_MISMATCH, "captain_value", value=value, computed=computed, game=str(game))
        ]
    return []


@cache
def _possible_scores(rules: Prisdorf) -> tuple[int, ...]:
    return tuple(sorted({rules.score(game) for game in rules.games()}))


@cache
def _possible_score_set(rules: Prisdorf) -> frozenset[int]:
    return frozenset(_possible_scores(rules))


def _declarer_violations(entry: DealEntry, players: int) -> Iterator[Violation]:
    if entry.game.kind is GameKind.PASSED:
        if entry.declarer is not None:
            yield _v(Code.PASSED_WITH_DECLARER, "declarer")
    elif entry.declarer is None:
        yield _v(Code.DECLARER_MISSING, "declarer")
    elif not 0 <= entry.declarer < players:
        yield _v(Code.SEAT, "declarer", seat=entry.declarer, players=players)
