"""How totals and scores are written: with a true minus sign (U+2212), which reads better
than a hyphen on a sheet, a screen or the board.

Only a number's own sign becomes a minus sign, never a hyphen in the text around it (a name
such as "Karl-Heinz" keeps its hyphen). None, a number not there (a deal not yet played, a
player who has left), is written as nothing. Reading a number back accepts either sign (see
:meth:`fipsen_rules.Game.parse`).
"""

from __future__ import annotations

__all__ = ["MINUS_SIGN", "signed_score", "signed_total"]

MINUS_SIGN = "\N{MINUS SIGN}"


def signed_total(number: int | None) -> str:
    """A running total or a number of points: no sign but a loss's.

    >>> signed_total(-34), signed_total(0), signed_total(12), signed_total(None)
    ('−34', '0', '12', '')
    """
    if number is None:
        return ""
    return f"{MINUS_SIGN}{-number}" if number < 0 else str(number)


def signed_score(number: int | None) -> str:
    """A deal's score (the value of the game) with its sign: ``+`` for a win, a minus sign
    for a loss, none for 0 (an all-passed deal scores nothing, neither won nor lost).

    >>> signed_score(12), signed_score(-12), signed_score(0), signed_score(None)
    ('+12', '−12', '0', '')
    """
    return f"+{number}" if number is not None and number > 0 else signed_total(number)
