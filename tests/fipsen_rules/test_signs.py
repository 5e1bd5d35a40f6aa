"""Totals and scores are written with a true minus sign; the notation reads either sign."""

from __future__ import annotations

import pytest

from fipsen_rules import Game
from fipsen_rules.signs import MINUS_SIGN, signed_score, signed_total


@pytest.mark.parametrize(
    ("number", "total", "score"),
    [(-34, "−34", "−34"), (-1, "−1", "−1"), (0, "0", "0"), (12, "12", "+12"), (None, "", "")],
)
def test_only_a_score_carries_a_plus(number: int | None, total: str, score: str) -> None:
    assert signed_total(number) == total
    assert signed_score(number) == score


def test_the_minus_is_the_minus_sign_not_a_hyphen() -> None:
    assert MINUS_SIGN == "\u2212"
    assert "-" not in signed_total(-12) + signed_score(-12)


def test_the_notation_reads_the_minus_sign_as_a_hyphen() -> None:
    assert Game.parse(f"3 Hand {MINUS_SIGN}") == Game.parse("3 Hand -") == Game.parse("3 Hand v")
