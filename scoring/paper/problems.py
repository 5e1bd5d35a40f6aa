"""What can be wrong with a line of a paper sheet, and the error that names every wrong line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from django.utils.translation import gettext_noop

from fipsen_rules import OwnCode, Violation, message_of
from fipsen_rules.signs import signed_total

Param = int | str | None


class PaperCode(StrEnum):
    """What can be wrong with a line, besides the rules' own codes."""

    EMPTY = "paper_empty"
    DECLARER_MISSING = "paper_declarer_missing"
    ENTRY_MISSING = "paper_entry_missing"
    SEAT_RANGE = "paper_seat_range"
    UNKNOWN_PLAYER = "paper_unknown_player"
    AMBIGUOUS_PLAYER = "paper_ambiguous_player"
    NOT_PLAYING = "paper_not_playing"
    PASSED = "paper_passed"
    NOT_A_NUMBER = "paper_not_a_number"
    TOO_MANY_TOTALS = "paper_too_many_totals"
    TOO_FEW_TOTALS = "paper_too_few_totals"
    WRONG_TOTAL = "paper_wrong_total"
    NUMBER_ENTERED = "paper_number_entered"
    NUMBER_WRONG = "paper_number_wrong"
    TABLE_FULL = "paper_table_full"
    DEALER_SITS_OUT = "paper_dealer_sits_out"
    ONE_TOTAL = "paper_one_total"
    PASSED_TOTAL = "paper_passed_total"


PAPER_MESSAGES: Mapping[PaperCode, str] = {
    PaperCode.EMPTY: gettext_noop("There is no deal in the text: write one deal per line."),
    PaperCode.DECLARER_MISSING: gettext_noop(
        "Who played? Start the line with the seat number or the name."
    ),
    PaperCode.ENTRY_MISSING: gettext_noop(
        "After the player, write the game (e.g. “3 Hand verloren”) or its value (e.g. “-12”)."
    ),
    PaperCode.SEAT_RANGE: gettext_noop(
        "There is no seat %(seat)s at this table: the seats are 1 to %(seats)s."
    ),
    PaperCode.UNKNOWN_PLAYER: gettext_noop(
        "“%(word)s” is not a player of this table. Write the seat number (1 to %(seats)s) "
        "or the start of a name: %(names)s."
    ),
    PaperCode.AMBIGUOUS_PLAYER: gettext_noop(
        "“%(word)s” fits %(names)s: write the seat number, or more of the name."
    ),
    PaperCode.NOT_PLAYING: gettext_noop(
        "%(name)s left after deal %(left)s and does not play deal %(number)s."
    ),
    PaperCode.PASSED: gettext_noop(
        "A deal where all passed is not on the sheet: leave this line out."
    ),
    PaperCode.NOT_A_NUMBER: gettext_noop("“%(word)s” among the totals is not a number."),
    PaperCode.TOO_MANY_TOTALS: gettext_noop(
        "There are %(count)s totals, but only %(players)s players: %(names)s."
    ),
    PaperCode.TOO_FEW_TOTALS: gettext_noop(
        "There are only %(count)s totals: write one for each player, in seat order: %(names)s."
    ),
    PaperCode.WRONG_TOTAL: gettext_noop(
        "The total of %(name)s should be %(expected)s; the sheet says %(written)s."
    ),
    PaperCode.NUMBER_ENTERED: gettext_noop(
        "Deal %(written)s is already entered; the text must go on with deal %(expected)s."
    ),
    PaperCode.NUMBER_WRONG: gettext_noop(
        "This line is deal %(expected)s, but it says %(written)s: is a line missing, or one "
        "too many?"
    ),
    PaperCode.TABLE_FULL: gettext_noop(
        "The table plays %(deals)s deals: deal %(number)s is one too many."
    ),
    PaperCode.DEALER_SITS_OUT: gettext_noop(
        "%(name)s dealt deal %(number)s and sat it out (the dealer does at this table): "
        "another player played it. Is the seat or the name wrong, or a line missing?"
    ),
    PaperCode.ONE_TOTAL: gettext_noop(
        "The list has one running total on a line, the declarer's, after “|”; this line has "
        "%(count)s."
    ),
    PaperCode.PASSED_TOTAL: gettext_noop(
        "A deal all passed has no running total on the list: leave out what follows “|”."
    ),
}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a line: ``template`` (English) is translated where it is shown."""

    code: str
    template: str
    params: Mapping[str, Param]

    @classmethod
    def of(cls, code: PaperCode | OwnCode, **params: Param) -> Problem:
        """The sheet's problem ``code``, or a rule set's own (its vocabulary's paper sheet)."""
        if isinstance(code, OwnCode):
            return cls(code.value, code.message, params)
        return cls(code.value, PAPER_MESSAGES[code], params)

    @classmethod
    def rule(cls, violation: Violation) -> Problem:
        """A broken rule of the game, with its numbers signed like the sheet's."""
        params = {
            key: signed_total(value) if isinstance(value, int) else value
            for key, value in violation.params.items()
        }
        return cls(violation.code.value, message_of(violation.code), params)


@dataclass(frozen=True, slots=True)
class WrongLine:
    """A wrong line of a sheet and what is wrong with it.

    ``line`` counts the lines of the text from 1, blank ones included (``None`` when the text
    has no deal at all); ``number`` is the deal that line would be; ``text`` the line itself.
    """

    problems: tuple[Problem, ...]
    line: int | None
    number: int
    text: str


class SheetError(ValueError):
    """Every wrong line of a sheet, in order (at least one); nothing of the sheet may be saved.

    ``problems``, ``line``, ``number`` and ``text`` are those of the first wrong line.
    """

    def __init__(self, lines: Sequence[WrongLine], *, unchecked: Sequence[int] = ()) -> None:
        if not lines:
            raise ValueError("A SheetError names at least one wrong line.")
        self.lines = tuple(lines)
        #: The lines (counted as ``line``) whose written totals could not be checked: a wrong
        #: line before them leaves the running totals unknown until it is corrected.
        self.unchecked = tuple(unchecked)
        first = self.lines[0]
        self.problems, self.line, self.number, self.text = (
            first.problems,
            first.line,
            first.number,
            first.text,
        )
        super().__init__(
            "; ".join(
                f"line {wrong.line}: " + " ".join(p.code for p in wrong.problems)
                for wrong in self.lines
            )
        )


class LineProblem(Exception):  # an internal signal of the package, it never leaves it
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code)
        self.problem = problem
