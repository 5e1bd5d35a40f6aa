"""What a deal of a Part C rule set scores, seat by seat (Großenaspe, Mecklenburg).

In Prisdorf only the declarer's total moves. In Großenaspe either the declarer gains or each
of his three opponents gains the same (SPEC C3.2), and at a table of five the dealer sits out
(SPEC C3.3). :func:`seat_changes` spreads a deal's score over the seats accordingly.

>>> seat_changes(players=4, declarer=1, declarer_gain=6)
(0, 6, 0, 0)
>>> seat_changes(players=5, declarer=1, opponents_gain=3, sitting_out=0)
(0, 0, 3, 3, 3)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from fipsen_rules.errors import Code, Violation

__all__ = ["DealScore", "declarer_violations", "seat_changes"]

GameT = TypeVar("GameT")


@dataclass(frozen=True, slots=True)
class DealScore(Generic[GameT]):
    """What a valid deal scores.

    :param game: the game as entered.
    :param declarer: the seat that played it; ``None`` when all passed.
    :param game_value: the value column of the sheet, signed: what the declarer gained
        (positive), or, negative, what each opponent gained (Großenaspe) or the declarer lost.
    :param score_changes: the change of every seat's total, by seat.
    :param counts_as_deal: ``False`` when all passed (the cards are thrown in and redealt).
    """

    game: GameT
    declarer: int | None
    game_value: int
    score_changes: tuple[int, ...]
    counts_as_deal: bool = True

    @property
    def declarer_score(self) -> int:
        """The declarer's own change (0 when all passed)."""
        return 0 if self.declarer is None else self.score_changes[self.declarer]


def seat_changes(
    *,
    players: int,
    declarer: int | None,
    declarer_gain: int = 0,
    opponents_gain: int = 0,
    sitting_out: int | None = None,
) -> tuple[int, ...]:
    """Every seat's change: the declarer's gain, each other playing seat's gain, 0 for the
    seat that sits out this deal and for everyone when nobody declared."""
    if declarer is None:
        return (0,) * players
    return tuple(
        declarer_gain if seat == declarer else 0 if seat == sitting_out else opponents_gain
        for seat in range(players)
    )


def declarer_violations(passed: bool, declarer: int | None, players: int) -> Iterator[Violation]:
    """What is wrong with the declarer of a deal: none when all passed, one seat otherwise.

    >>> [v.code.value for v in declarer_violations(False, 4, 4)]
    ['seat']
    """
    if passed:
        if declarer is not None:
            yield Violation(Code.PASSED_WITH_DECLARER, "declarer")
    elif declarer is None:
        yield Violation(Code.DECLARER_MISSING, "declarer")
    elif not 0 <= declarer < players:
        yield Violation(Code.SEAT, "declarer", {"seat": declarer, "players": players})
