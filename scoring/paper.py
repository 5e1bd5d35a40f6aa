"""A paper scoresheet typed in, one deal per line: reading and checking it (no database).

Tables that kept paper, or the organiser after the night, type the sheet in; before anything is
saved every line is read and checked against the table as it stands: the player, the game (or
its value) under the tournament's rules, the deal number and the running totals. Every wrong
line is named at once, each with what is wrong and what was expected (:class:`SheetError`);
otherwise :func:`check_sheet` returns the rows to save, each scored by the rules module.

What a line may hold (the deal number, the declarer by seat or name, the game and/or its value,
the running totals), with examples, is written for the organiser in docs/organiser-guide.md,
"Paper sheets"; tests/scoring/test_paper.py goes through every form.

Messages are English templates marked for translation, translated where shown.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from django.utils.translation import gettext_noop

from fipsen_rules import (
    MESSAGES,
    Code,
    DealEntry,
    FipsenError,
    Game,
    GameKind,
    Prisdorf,
    Violation,
)
from fipsen_rules.seats import Seating
from fipsen_rules.signs import MINUS_SIGN, signed_total

__all__ = [
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
}


# What the check works with


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat of the table: ``position`` from 0, as stored; the card prints ``position + 1``."""

    position: int
    name: str
    left_after_deal: int | None = None


@dataclass(frozen=True, slots=True)
class SheetStart:
    """The table as it stands before the sheet: where the text goes on from."""

    seats: tuple[SeatInfo, ...]
    #: The number of the next deal (1 for a table that has entered nothing).
    number: int
    #: How many deals the table plays in all.
    deals: int
    #: Every seat's running total so far, by position.
    totals: tuple[int, ...]

    def playing(self, number: int) -> tuple[int, ...]:
        """The seats that play deal ``number``: all but those who left before it."""
        return Seating.of(self.seats).playing(number)


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a line: ``template`` (English) is translated where it is shown."""

    code: str
    template: str
    params: Mapping[str, Param]

    @classmethod
    def of(cls, code: PaperCode, **params: Param) -> Problem:
        return cls(code.value, PAPER_MESSAGES[code], params)

    @classmethod
    def rule(cls, violation: Violation) -> Problem:
        """A broken rule of the game, with its numbers signed like the sheet's."""
        params = {
            key: signed_total(value) if isinstance(value, int) else value
            for key, value in violation.params.items()
        }
        return cls(violation.code.value, MESSAGES[violation.code], params)


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

    def __init__(self, lines: Sequence[WrongLine]) -> None:
        if not lines:
            raise ValueError("A SheetError names at least one wrong line.")
        self.lines = tuple(lines)
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


@dataclass(frozen=True, slots=True)
class Row:
    """One checked line of the sheet: a deal ready to be saved."""

    line: int
    number: int
    #: The seat that played (position from 0).
    declarer: int
    #: The game, scored by the rules (for a value alone: the only game with that value, or
    #: None where several games have it and the deal keeps the value alone).
    game: Game | None
    #: The declarer's score, the sheet's value column.
    score: int
    #: The value as written on the line, if one was.
    written_value: int | None
    #: Every seat's running total after this deal, by position.
    totals: tuple[int, ...]
    #: Whether the line gave only the value (and the game follows from it).
    value_only: bool = False


@dataclass(frozen=True, slots=True)
class Sheet:
    """A checked sheet: the rows, and the table they go on from."""

    start: SheetStart
    rows: tuple[Row, ...]


# Reading one line


_DASHES = str.maketrans({MINUS_SIGN: "-", "–": "-", "—": "-", "‒": "-", "\u00a0": " "})
# No number on a sheet has more than 9 digits; a longer one is a word that is not a number
# (int() would refuse it past 4,300 digits with a plain ValueError).
_INT = re.compile(r"[+-]?\d{1,9}")
_EXPLICIT_NUMBER = re.compile(r"\s*(\d{1,9})\s*[.:)]\s*")
_TOTAL_SEPARATORS = re.compile(r"[\s|;,=]+")
_MAX_SEATS = 4
_FOLD_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


class _LineProblem(Exception):  # an internal signal, it never leaves this module
    def __init__(self, problem: Problem) -> None:
        super().__init__(problem.code)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class _Line:
    number: int | None
    declarer: int
    game: Game | None
    value: int | None
    totals: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class _Reading:
    """The declarer and what follows, read from the line's words (before the totals)."""

    declarer: int
    game: Game | None
    value: int | None

    @property
    def complete(self) -> bool:
        """A value, or a game that says how it ended: a fully readable line."""
        if self.game is None:
            return True
        return self.game.result is not None or self.game.kind is not GameKind.NUMBER


def _read_line(text: str, seats: Sequence[SeatInfo]) -> _Line:
    """The parts of a line, without the checks that need the table's state."""
    text = text.translate(_DASHES)
    head, totals = _split_totals(text)
    number = None
    explicit = _EXPLICIT_NUMBER.match(head)
    if explicit:
        number = int(explicit[1])
        head = head[explicit.end() :]
    words = head.replace("=", " ").split()
    if not words:
        raise _LineProblem(Problem.of(PaperCode.DECLARER_MISSING))
    if explicit:
        reading = _reading(words, seats)
    else:
        number, reading = _reading_maybe_numbered(words, seats)
    return _Line(number, reading.declarer, reading.game, reading.value, totals)


def _split_totals(text: str) -> tuple[str, tuple[int, ...] | None]:
    """The line before the totals, and the totals (after the first ``|``, else the last ``=``).

    A single number after ``=`` is the value of the game (``3 Hand verloren = -12``), never
    the totals: a table has at least three.
    """
    if "|" in text:
        head, tail = text.split("|", 1)
    elif "=" in text:
        head, tail = text.rsplit("=", 1)
        if len(tail.split()) == 1 and _INT.fullmatch(tail.strip()):
            return f"{head} {tail}", None
    else:
        return text, None
    words = [w for w in _TOTAL_SEPARATORS.split(tail) if w]
    if not words:  # a separator with nothing after it
        return head, None
    for word in words:
        if not _INT.fullmatch(word):
            raise _LineProblem(Problem.of(PaperCode.NOT_A_NUMBER, word=word))
    return head, tuple(int(w) for w in words)


def _reading_maybe_numbered(
    words: list[str], seats: Sequence[SeatInfo]
) -> tuple[int | None, _Reading]:
    """Whether a number at the start is the deal number (``57 Anna …``) or the declarer's seat
    (``2 3 Hand verloren``): the reading that makes a whole line wins. Both cannot: the words
    after the seat would be a game with two numbers, or none."""
    plain: _Reading | _LineProblem
    try:
        plain = _reading(words, seats)
    except _LineProblem as problem:
        plain = problem
    if isinstance(plain, _Reading) and plain.complete:
        return None, plain
    if not _is_number(words[0]) or len(words) < 2:
        if isinstance(plain, _LineProblem):
            raise plain
        return None, plain
    numbered: _Reading | _LineProblem
    try:
        numbered = _reading(words[1:], seats)
    except _LineProblem as problem:
        numbered = problem
    if isinstance(numbered, _Reading) and numbered.complete:
        return int(words[0]), numbered
    if isinstance(plain, _Reading):
        return None, plain
    if isinstance(numbered, _Reading):
        return int(words[0]), numbered
    # Neither makes a line: say what is wrong with the likelier one. A number followed by a
    # name, or too big for a seat, is the deal ("57 Anna 3 X -": the game is what is wrong).
    if _names_a_player(words[1], seats) and (
        not _is_number(words[1]) or int(words[0]) > _MAX_SEATS
    ):
        raise numbered
    raise plain


def _reading(words: Sequence[str], seats: Sequence[SeatInfo]) -> _Reading:
    declarer = _declarer(words[0], seats)
    rest = list(words[1:])
    if not rest:
        raise _LineProblem(Problem.of(PaperCode.ENTRY_MISSING))
    value = None
    if _INT.fullmatch(rest[-1]):
        value = int(rest.pop())
    if not rest:
        return _Reading(declarer, None, value)
    try:
        game = Game.parse(" ".join(rest))
    except FipsenError as error:
        raise _LineProblem(Problem.rule(error.violations[0])) from None
    return _Reading(declarer, game, value)


def _declarer(word: str, seats: Sequence[SeatInfo]) -> int:
    """The seat a word names: a seat number from 1, or the start of a player's name."""
    word = word.rstrip(":,")
    if _is_number(word):
        seat = int(word)
        if not 1 <= seat <= len(seats):
            raise _LineProblem(Problem.of(PaperCode.SEAT_RANGE, seat=seat, seats=len(seats)))
        return seat - 1
    found = _matching_seats(word, seats)
    if len(found) == 1:
        return found[0].position
    if not found:
        names = ", ".join(s.name for s in seats)
        raise _LineProblem(
            Problem.of(PaperCode.UNKNOWN_PLAYER, word=word, seats=len(seats), names=names)
        )
    names = ", ".join(s.name for s in found)
    raise _LineProblem(Problem.of(PaperCode.AMBIGUOUS_PLAYER, word=word, names=names))


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 9


def _names_a_player(word: str, seats: Sequence[SeatInfo]) -> bool:
    try:
        _declarer(word, seats)
    except _LineProblem:
        return False
    return True


def _matching_seats(word: str, seats: Sequence[SeatInfo]) -> list[SeatInfo]:
    """The seats whose name starts with ``word``, or has a word that does; a seat whose name
    (or a word of it) is exactly ``word`` wins over those it only starts ("Jan", "Jana")."""
    typed = set(_folds(word))
    exact, starting = [], []
    for seat in seats:
        keys = set(_name_keys(seat.name))
        if typed & keys:
            exact.append(seat)
        elif any(key.startswith(t) for key in keys for t in typed):
            starting.append(seat)
    return exact or starting


def _name_keys(name: str) -> Iterator[str]:
    """The whole name without spaces, and each of its words, in both folds."""
    words = name.replace(",", " ").replace("-", " ").split()
    for part in ["".join(words), *words]:
        yield from _folds(part)


def _folds(text: str) -> tuple[str, str]:
    """``text`` folded two ways, so that "Möller" is found as "moeller" and as "moller"."""
    lower = text.casefold()
    return _strip_accents(lower.translate(_FOLD_UMLAUTS)), _strip_accents(lower)


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text).replace("ß", "ss")
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Checking the lines against the table


def check_sheet(text: str, *, start: SheetStart, rules: Prisdorf) -> Sheet:
    """Read and check every line of ``text``; the rows to save, in order.

    A wrong line does not stop the check: the lines after it are checked too, going on from
    what the wrong line most likely meant (see :class:`_Checked`), so that one round of
    corrections can fix them all.

    :raises SheetError: naming every wrong line (nothing of the sheet is to be saved).
    """
    number = start.number
    totals: tuple[int, ...] | None = start.totals  # unknown after a line without them
    rows: list[Row] = []
    wrong: list[WrongLine] = []
    for line_number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        checked = _check_line(line, line_number, number, start, rules, totals)
        if checked.problems:
            wrong.append(WrongLine(checked.problems, line=line_number, number=number, text=line))
        elif checked.row is not None:
            rows.append(checked.row)
        number, totals = checked.next_number, checked.totals
    if wrong:
        raise SheetError(wrong)
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


def _check_line(
    text: str,
    line_number: int,
    number: int,
    start: SheetStart,
    rules: Prisdorf,
    totals: tuple[int, ...] | None,
) -> _Checked:
    try:
        line = _read_line(text, start.seats)
    except _LineProblem as problem:
        return _Checked(None, (problem.problem,), number + 1, _written_totals(text, start))
    guessed = line.totals if line.totals and len(line.totals) == len(start.seats) else None
    try:
        deal = _check_deal(line, number, start, rules)
    except _LineProblem as problem:
        code = problem.problem.code
        if code == PaperCode.PASSED or code == PaperCode.NUMBER_ENTERED:
            return _Checked(None, (problem.problem,), number, totals)
        if code == PaperCode.NUMBER_WRONG and line.number is not None:
            return _Checked(None, (problem.problem,), line.number + 1, guessed)
        return _Checked(None, (problem.problem,), number + 1, guessed)
    except FipsenError as error:  # the game breaks a rule: every broken rule is said
        problems = tuple(Problem.rule(v) for v in error.violations)
        return _Checked(None, problems, number + 1, guessed)
    game, score = deal
    if totals is None:  # an earlier line could not be scored: its totals are not known
        return _Checked(None, (), number + 1, guessed)
    after = list(totals)
    after[line.declarer] += score
    if line.totals is not None:
        try:
            _check_totals(line.totals, after, start, start.playing(number))
        except _LineProblem as problem:
            return _Checked(None, (problem.problem,), number + 1, tuple(after))
    row = Row(
        line=line_number,
        number=number,
        declarer=line.declarer,
        game=game,
        score=score,
        written_value=line.value,
        totals=tuple(after),
        value_only=line.game is None,
    )
    return _Checked(row, (), number + 1, row.totals)


def _check_deal(
    line: _Line, number: int, start: SheetStart, rules: Prisdorf
) -> tuple[Game | None, int]:
    """The deal of a read line, checked against the table: its game (scored) and score.

    :raises _LineProblem: what is wrong with the line.
    :raises FipsenError: the game breaks the rules (InvalidEntryError, with every rule).
    """
    if number > start.deals:
        raise _LineProblem(Problem.of(PaperCode.TABLE_FULL, deals=start.deals, number=number))
    if line.number is not None and line.number != number:
        code = PaperCode.NUMBER_ENTERED if line.number < start.number else PaperCode.NUMBER_WRONG
        raise _LineProblem(Problem.of(code, written=line.number, expected=number))
    playing = start.playing(number)
    seat = start.seats[line.declarer]
    if line.declarer not in playing:
        raise _LineProblem(
            Problem.of(
                PaperCode.NOT_PLAYING, name=seat.name, left=seat.left_after_deal, number=number
            )
        )
    game = line.game
    if game is None:
        game = _game_of_value(line.value or 0, rules)
    elif game.kind is GameKind.PASSED:
        raise _LineProblem(Problem.of(PaperCode.PASSED))
    if game is None:  # several games have this value: the deal keeps the value alone
        return None, line.value or 0
    entry = DealEntry(game, declarer=playing.index(line.declarer), captain_value=line.value)
    outcome = rules.evaluate(entry, players=len(playing))
    return outcome.game, outcome.declarer_score


def _written_totals(text: str, start: SheetStart) -> tuple[int, ...] | None:
    """The totals written on a line that could not be read otherwise, if they are all there."""
    try:
        _, totals = _split_totals(text.translate(_DASHES))
    except _LineProblem:
        return None
    return totals if totals and len(totals) == len(start.seats) else None


def _game_of_value(value: int, rules: Prisdorf) -> Game | None:
    """The game a value alone stands for, if only one game has it; a problem if none has."""
    if value not in rules.possible_scores():
        violation = Violation(Code.VALUE_IMPOSSIBLE, "captain_value", {"value": value})
        raise _LineProblem(Problem.rule(violation))
    games = games_for_value(rules, value)
    return games[0] if len(games) == 1 else None


def _check_totals(
    written: tuple[int, ...], expected: list[int], start: SheetStart, playing: tuple[int, ...]
) -> None:
    """The written totals are every seat's (or every playing seat's), in seat order."""
    if len(written) == len(start.seats):
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
        raise _LineProblem(
            Problem.of(code, count=len(written), players=len(start.seats), names=names)
        )
    for seat, total in zip(columns, written, strict=True):
        if total != expected[seat]:
            raise _LineProblem(
                Problem.of(
                    PaperCode.WRONG_TOTAL,
                    name=start.seats[seat].name,
                    expected=signed_total(expected[seat]),
                    written=signed_total(total),
                )
            )


def games_for_value(rules: Prisdorf, value: int) -> tuple[Game, ...]:
    """Every game ``rules`` allow that scores ``value`` for the declarer.

    >>> from fipsen_rules import PRISDORF
    >>> [str(g) for g in games_for_value(PRISDORF, -6)]
    ['3 verloren']
    >>> len(games_for_value(PRISDORF, -12))
    3
    """
    return _games_by_value(rules).get(value, ())


@cache
def _games_by_value(rules: Prisdorf) -> Mapping[int, tuple[Game, ...]]:
    found: dict[int, list[Game]] = {}
    for game in rules.games():
        found.setdefault(rules.score(game), []).append(game)
    return {value: tuple(sorted(games, key=_plainness)) for value, games in found.items()}


def _plainness(game: Game) -> tuple[int, bool, bool, bool, bool]:
    """The plainest game first: fewer doubles, a number before a Kieker, Hand before Ruten
    before Durch (so that -12 suggests "3 Hand verloren")."""
    return (game.doubles, game.kind is not GameKind.NUMBER, game.durch, game.ruten, game.hand)
