"""Checking the lines of a paper sheet against the table: the deal numbers, the players who
play each deal, the rules' score of each game, and the running totals."""

from __future__ import annotations

from dataclasses import dataclass

from fipsen_rules import FipsenError
from fipsen_rules.signs import signed_total
from fipsen_rules.vocabulary import Spoken
from scoring.paper.lines import DASHES, Line, read_line, split_totals
from scoring.paper.notation import Notation, Scored, notation_of
from scoring.paper.problems import LineProblem, PaperCode, Problem, SheetError, WrongLine
from scoring.paper.sheet import Row, Sheet, SheetStart


def check_sheet(text: str, *, start: SheetStart, rules: Spoken) -> Sheet:
    """Read and check every line of ``text`` under ``rules``; the rows to save, in order.

    A wrong line does not stop the check: the lines after it are checked too, going on from
    what the wrong line most likely meant (see :class:`_Checked`), so that one round of
    corrections can fix them all.

    :raises SheetError: naming every wrong line (nothing of the sheet is to be saved).
    """
    notation = notation_of(rules)
    number = start.number
    totals: tuple[int, ...] | None = start.totals  # unknown after a line without them
    rows: list[Row] = []
    wrong: list[WrongLine] = []
    unchecked: list[int] = []  # lines whose totals wait for a wrong line before them
    for line_number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        checked = _check_line(line, line_number, number, start, notation, totals)
        if checked.problems:
            wrong.append(WrongLine(checked.problems, line=line_number, number=number, text=line))
        elif checked.row is not None:
            rows.append(checked.row)
        if checked.totals_unchecked:
            unchecked.append(line_number)
        number, totals = checked.next_number, checked.totals
    if wrong:
        raise SheetError(wrong, unchecked=unchecked)
    if not rows:
        empty = WrongLine((Problem.of(PaperCode.EMPTY),), line=None, number=start.number, text="")
        raise SheetError([empty])
    return Sheet(start=start, rows=tuple(rows))


@dataclass(frozen=True, slots=True)
class _Checked:
    """One line checked, and where the next line goes on from.

    After a wrong line the check goes on as the sheet most likely does: the next deal number
    (the written one after a wrong number: a line is missing or one too many, and the lines
    after it follow the written numbers; the same number after a deal already entered, or a
    passed deal, which the line should leave out), and the running totals: the right ones when
    the deal itself could be scored, else the totals written on the line, else unknown
    (``None``: the lines after it are checked without their totals until a line gives them).
    """

    row: Row | None
    problems: tuple[Problem, ...]
    next_number: int
    totals: tuple[int, ...] | None
    #: The line's written totals could not be checked: the running totals are not known.
    totals_unchecked: bool = False


def _check_line(
    text: str,
    line_number: int,
    number: int,
    start: SheetStart,
    notation: Notation,
    totals: tuple[int, ...] | None,
) -> _Checked:
    try:
        line = read_line(text, start.seats, notation)
    except LineProblem as problem:
        return _Checked(None, (problem.problem,), number + 1, _written_totals(text, start))
    guessed = _guessed(line, start, notation, totals)
    try:
        deal = _check_deal(line, number, start, notation)
    except LineProblem as problem:
        code = problem.problem.code
        if code == PaperCode.PASSED or code == PaperCode.NUMBER_ENTERED:
            return _Checked(None, (problem.problem,), number, totals)
        if code == PaperCode.NUMBER_WRONG and line.number is not None:
            return _Checked(None, (problem.problem,), line.number + 1, guessed)
        return _Checked(None, (problem.problem,), number + 1, guessed)
    except FipsenError as error:  # the game breaks a rule: every broken rule is said
        problems = tuple(Problem.rule(v) for v in error.violations)
        return _Checked(None, problems, number + 1, guessed)
    if totals is None:  # an earlier line could not be scored: its totals are not known
        return _Checked(None, (), number + 1, guessed, totals_unchecked=line.totals is not None)
    after = list(totals)
    playing = start.playing(number)
    for seat, gain in zip(playing, deal.sheet_gains, strict=True):
        after[seat] += gain
    if line.totals is not None:
        try:
            _check_totals(line, after, start, playing, notation)
        except LineProblem as problem:
            return _Checked(None, (problem.problem,), number + 1, tuple(after))
    row = Row(
        line=line_number,
        number=number,
        declarer=line.declarer,
        game=deal.game,
        score=deal.value,
        written_value=line.value,
        totals=tuple(after),
        value_only=line.game is None,
        sitting_out=None if deal.sitting_out is None else playing[deal.sitting_out],
    )
    return _Checked(row, (), number + 1 if deal.counts else number, row.totals)


def _check_deal(line: Line, number: int, start: SheetStart, notation: Notation) -> Scored:
    """The deal of a read line, checked against the table: its game, value and gains.

    :raises LineProblem: what is wrong with the line.
    :raises FipsenError: the game breaks the rules (InvalidEntryError, with every rule).
    """
    if number > start.deals:
        raise LineProblem(Problem.of(PaperCode.TABLE_FULL, deals=start.deals, number=number))
    if line.number is not None and line.number != number:
        code = PaperCode.NUMBER_ENTERED if line.number < start.number else PaperCode.NUMBER_WRONG
        raise LineProblem(Problem.of(code, written=line.number, expected=number))
    playing = start.playing(number)
    dealer = start.dealer_of(number)
    if line.declarer is None:  # all passed (a Mecklenburg line of its own)
        return notation.score(
            line.game, line.value, declarer=None, players=len(playing), dealer=None
        )
    seat = start.seats[line.declarer]
    if line.declarer not in playing:
        raise LineProblem(
            Problem.of(
                PaperCode.NOT_PLAYING, name=seat.name, left=seat.left_after_deal, number=number
            )
        )
    if dealer == line.declarer and notation.dealer_sits_out(len(playing)):
        raise LineProblem(Problem.of(PaperCode.DEALER_SITS_OUT, name=seat.name, number=number))
    return notation.score(
        line.game,
        line.value,
        declarer=playing.index(line.declarer),
        players=len(playing),
        dealer=playing.index(dealer) if dealer in playing else None,
    )


def _guessed(
    line: Line, start: SheetStart, notation: Notation, totals: tuple[int, ...] | None
) -> tuple[int, ...] | None:
    """The running totals after a line whose deal is wrong, as written on it, if it gives
    them all: every seat's, or on a Skat list the declarer's (the others' stay)."""
    written = line.totals
    if not written:
        return None
    if not notation.sheet.declarer_column:
        return written if len(written) == len(start.seats) else None
    if totals is None or line.declarer is None or len(written) != 1:
        return None
    return tuple(written[0] if seat == line.declarer else t for seat, t in enumerate(totals))


def _written_totals(text: str, start: SheetStart) -> tuple[int, ...] | None:
    """The totals written on a line that could not be read otherwise, if they are all there."""
    try:
        _, totals = split_totals(text.translate(DASHES))
    except LineProblem:
        return None
    return totals if totals and len(totals) == len(start.seats) else None


def _check_totals(
    line: Line,
    expected: list[int],
    start: SheetStart,
    playing: tuple[int, ...],
    notation: Notation,
) -> None:
    """The written totals are every seat's (or every playing seat's), in seat order; on a
    Skat list, the declarer's alone."""
    written = line.totals or ()
    if notation.sheet.declarer_column:
        columns: tuple[int, ...] = _declarer_column(line)
    elif len(written) == len(start.seats):
        columns = tuple(range(len(start.seats)))
    elif len(written) == len(playing):
        columns = playing
    else:
        code = (
            PaperCode.TOO_MANY_TOTALS
            if len(written) > len(start.seats)
            else PaperCode.TOO_FEW_TOTALS
        )
        names = ", ".join(s.name for s in start.seats)
        raise LineProblem(
            Problem.of(code, count=len(written), players=len(start.seats), names=names)
        )
    for seat, total in zip(columns, written, strict=True):
        if total != expected[seat]:
            raise LineProblem(
                Problem.of(
                    PaperCode.WRONG_TOTAL,
                    name=start.seats[seat].name,
                    expected=signed_total(expected[seat]),
                    written=signed_total(total),
                )
            )


def _declarer_column(line: Line) -> tuple[int]:
    """The one column a Skat list's line writes its running total in: the declarer's."""
    if line.declarer is None:
        raise LineProblem(Problem.of(PaperCode.PASSED_TOTAL))
    if len(line.totals or ()) != 1:
        raise LineProblem(Problem.of(PaperCode.ONE_TOTAL, count=len(line.totals or ())))
    return (line.declarer,)
