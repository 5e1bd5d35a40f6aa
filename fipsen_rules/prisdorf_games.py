"""One Prisdorf game on its own: its value and score (SPEC A12), and whether the declarer's
trick count can end it (SPEC A9, A13). :class:`fipsen_rules.prisdorf.Prisdorf` puts these
together with the checks of a whole deal; both are cached per rule set and game.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from fipsen_rules.errors import Code, ParamValue, Violation
from fipsen_rules.game import Game, GameKind, Result

if TYPE_CHECKING:
    from fipsen_rules.prisdorf import Prisdorf

__all__ = [
    "KIND_NAMES",
    "MAX_TRICKS",
    "GameScore",
    "TrickCheck",
    "check_tricks",
    "rule_broken",
    "score_game",
]

MAX_TRICKS = 5
KIEKER_BASE = 10  # a Kieker scores as a 5 Durch without Hand
KIEKER_SURRENDER = -5
SIEBENER_FIPS_SCORE = 30


def rule_broken(code: Code, field: str | None, **params: ParamValue) -> Violation:
    return Violation(code, field, params)


@dataclass(frozen=True, slots=True)
class GameScore:
    """The checks and the value of a game on its own, cached per rule set and game."""

    violations: tuple[Violation, ...]
    game_value: int
    score: int


KIND_NAMES = {GameKind.SIEBENER_FIPS: "Siebener Fips", GameKind.PASSED: "alle gepasst"}
_KONTRA = ("kontra", "Kontra")


def _not_applicable(game: Game) -> Iterator[Violation]:
    name = KIND_NAMES[game.kind]
    for field, detail in (("hand", "Hand"), ("ruten", "Ruten"), ("durch", "Durch"), _KONTRA):
        if getattr(game, field):
            yield rule_broken(Code.NOT_APPLICABLE, field, detail=detail, game=name)
    if game.result is not None:
        yield rule_broken(Code.NOT_APPLICABLE, "result", detail=str(game).split()[-1], game=name)


@lru_cache(maxsize=4096)
def score_game(rules: Prisdorf, game: Game) -> GameScore:
    """SPEC A12: the value and the declarer's score, or what is wrong with the game."""
    violations: list[Violation] = []
    value = 0
    if game.kind is GameKind.NUMBER:
        tricks = game.tricks or 0
        if not rules.min_bid <= tricks <= MAX_TRICKS:
            violations.append(
                rule_broken(Code.BID_TRICKS, "tricks", tricks=game.tricks, min_bid=rules.min_bid)
            )
        if game.result is Result.SURRENDERED:
            violations.append(rule_broken(Code.SURRENDER_NOT_KIEKER, "result", tricks=tricks))
        value = tricks << game.doubles if 0 <= tricks <= MAX_TRICKS else 0
    elif game.kind is GameKind.KIEKER:
        if game.hand:
            violations.append(rule_broken(Code.KIEKER_HAND, "hand"))
        value = KIEKER_BASE << game.ruten
        if game.result is Result.SURRENDERED:
            value = -KIEKER_SURRENDER
            if game.kontra:  # SPEC C2: not on a Kieker surrender
                violations.append(
                    rule_broken(Code.NOT_APPLICABLE, "kontra", detail="Kontra", game=str(game))
                )
    else:
        violations += _not_applicable(game)
        value = SIEBENER_FIPS_SCORE if game.kind is GameKind.SIEBENER_FIPS else 0
        return GameScore(tuple(violations), value, value)
    if game.result is None:
        violations.append(rule_broken(Code.RESULT_MISSING, "result"))
    if game.kontra and not rules.kontra:
        violations.append(rule_broken(Code.KONTRA_OPTION, "kontra"))
    value <<= game.kontra + game.re  # SPEC A12/C2: score · 2^(kontra + re)
    if game.result is Result.WON:
        score = value
    elif game.result is Result.SURRENDERED:
        score = -value
    else:
        score = -2 * value  # a lost game costs double its value
    return GameScore(tuple(violations), value, score)


@dataclass(frozen=True, slots=True)
class TrickCheck:
    game: Game  # with Durch inferred from five tricks, where the rules allow that
    violations: tuple[Violation, ...] = ()
    warnings: tuple[Violation, ...] = ()


@lru_cache(maxsize=4096)
def check_tricks(
    rules: Prisdorf, game: Game, tricks: int | None, *, durch_bid: bool = False
) -> TrickCheck:
    """SPEC A9, A13: whether the declarer's tricks can end this game (a bid Durch: A18.1)."""
    if tricks is None:
        return TrickCheck(game)
    if game.kind in KIND_NAMES:
        name = KIND_NAMES[game.kind]
        na = rule_broken(Code.NOT_APPLICABLE, "declarer_tricks", detail="tricks", game=name)
        return TrickCheck(game, (na,))
    if not 0 <= tricks <= MAX_TRICKS:
        return TrickCheck(
            game, (rule_broken(Code.TRICKS_RANGE, "declarer_tricks", declarer_tricks=tricks),)
        )
    if game.result is None or score_game(rules, game).violations:
        return TrickCheck(game)  # nothing to compare the tricks with
    if game.result is Result.SURRENDERED:
        ok = tricks == 0
        return TrickCheck(
            game, () if ok else (rule_broken(Code.SURRENDER_AFTER_PLAY, "declarer_tricks"),)
        )
    bid = game.tricks or MAX_TRICKS  # a Kieker, like a 5, needs every trick
    won = game.result is Result.WON
    if won and tricks == MAX_TRICKS and not game.durch and game.kind is GameKind.NUMBER:
        if rules.strict_tricks:
            return TrickCheck(game, (rule_broken(Code.WON_ALL_WITHOUT_DURCH, "durch"),))
        return TrickCheck(
            replace(game, durch=True), warnings=(rule_broken(Code.DURCH_INFERRED, "durch"),)
        )
    if game.durch and bid < MAX_TRICKS and tricks < bid and not durch_bid:
        violation = rule_broken(Code.DURCH_BEFORE_BID, "durch", declarer_tricks=tricks, tricks=bid)
        return TrickCheck(game, (violation,))
    low, high = _legal_tricks(
        bid if not durch_bid else 0, won=won, durch=game.durch, strict=rules.strict_tricks
    )
    if not low <= tricks <= high:
        violation = rule_broken(
            Code.TRICKS_IMPOSSIBLE,
            "declarer_tricks",
            game=str(game),
            declarer_tricks=tricks,
            low=low,
            high=high,
        )
        return TrickCheck(game, (violation,))
    if won and not game.durch and tricks > bid:
        return TrickCheck(
            game, warnings=(rule_broken(Code.EXTRA_TRICKS_IGNORED, "declarer_tricks", tricks=bid),)
        )
    return TrickCheck(game)


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
