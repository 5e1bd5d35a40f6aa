"""A paper scoresheet typed in, one deal per line: reading and checking it (no database).

Tables that kept paper, or the organiser after the night, type the sheet in; before anything is
saved every line is read (``lines``) and checked against the table as it stands (``check``):
the player, the game (or its value, ``values``) under the tournament's rules, the deal number
and the running totals. Every wrong line is named at once, each with what is wrong and what was
expected (:class:`SheetError`, ``problems``); otherwise :func:`check_sheet` returns the rows to
save, each scored by the rules module.

What a line may hold (the deal number, the declarer by seat or name, the game and/or its value,
the running totals), with examples, is written once, for the organiser, in
docs/organiser-guide.md, "Paper sheets"; tests/scoring/test_paper.py goes through every form.

Messages are English templates marked for translation, translated where shown
(``tournaments/rules_errors.py``).
"""

from scoring.paper.check import check_sheet
from scoring.paper.problems import PAPER_MESSAGES, PaperCode, Problem, SheetError, WrongLine
from scoring.paper.sheet import Row, SeatInfo, Sheet, SheetStart
from scoring.paper.values import games_for_value

__all__ = [
    "PAPER_MESSAGES",
    "PaperCode",
    "Problem",
    "Row",
    "SeatInfo",
    "Sheet",
    "SheetError",
    "SheetStart",
    "WrongLine",
    "check_sheet",
    "games_for_value",
]
