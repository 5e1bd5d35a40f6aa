"""Reading one line of a paper sheet: the deal number, the declarer by seat or name, the game
and/or its value, the running totals; without the checks that need the table's state."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fipsen_rules import FipsenError
from fipsen_rules.signs import MINUS_SIGN
from scoring.paper.notation import AnyGame, Notation
from scoring.paper.problems import LineProblem, PaperCode, Problem
from scoring.paper.sheet import SeatInfo

DASHES = str.maketrans({MINUS_SIGN: "-", "–": "-", "—": "-", "‒": "-", "\u00a0": " "})
# No number on a sheet has more than 9 digits; a longer one is a word that is not a number
# (int() would refuse it past 4,300 digits with a plain ValueError).
_INT = re.compile(r"[+-]?\d{1,9}")
_EXPLICIT_NUMBER = re.compile(r"\s*(\d{1,9})\s*[.:)]\s*")
_TOTAL_SEPARATORS = re.compile(r"[\s|;,=]+")
_MAX_SEATS = 4
#: A name written whole on a line has at most this many words ("Anna Maria Schulz").
_NAME_WORDS = 3
_FOLD_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


@dataclass(frozen=True, slots=True)
class Line:
    """A line's parts as read: the deal number if written, the declarer, the game and/or its
    value, the totals if written."""

    number: int | None
    #: None: a line of all passed, which names no player (Mecklenburg's ``alle gepasst``).
    declarer: int | None
    game: AnyGame | None
    value: int | None
    totals: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class _Reading:
    """The declarer and what follows, read from the line's words (before the totals)."""

    declarer: int
    game: AnyGame | None
    value: int | None
    complete: bool
    """A value, or a game that says how it ended: a fully readable line."""


def read_line(text: str, seats: Sequence[SeatInfo], notation: Notation) -> Line:
    """The parts of a line, in the notation of the rule set, without the checks that need the
    table's state."""
    text = text.translate(DASHES)
    head, totals = split_totals(text)
    number = None
    explicit = _EXPLICIT_NUMBER.match(head)
    if explicit:
        number = int(explicit[1])
        head = head[explicit.end() :]
    words = head.replace("=", " ").split()
    if not words:
        raise LineProblem(Problem.of(PaperCode.DECLARER_MISSING))
    passed = _passed(words, notation, numbered=explicit is None)
    if passed is not None:
        return Line(number if explicit else passed[0], None, passed[1], None, totals)
    if explicit:
        reading = _reading(words, seats, notation)
    else:
        number, reading = _reading_maybe_numbered(words, seats, notation)
    return Line(number, reading.declarer, reading.game, reading.value, totals)


def split_totals(text: str) -> tuple[str, tuple[int, ...] | None]:
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
            raise LineProblem(Problem.of(PaperCode.NOT_A_NUMBER, word=word))
    return head, tuple(int(w) for w in words)


def _passed(
    words: list[str], notation: Notation, *, numbered: bool
) -> tuple[int | None, AnyGame] | None:
    """A line of all passed, without a player (``57 alle gepasst``): its number and game."""
    game = notation.passed(" ".join(words))
    if game is not None:
        return None, game
    if numbered and len(words) > 1 and _is_number(words[0]):
        game = notation.passed(" ".join(words[1:]))
        if game is not None:
            return int(words[0]), game
    return None


def _reading_maybe_numbered(
    words: list[str], seats: Sequence[SeatInfo], notation: Notation
) -> tuple[int | None, _Reading]:
    """Whether a number at the start is the deal number (``57 Anna …``) or the declarer's seat
    (``2 3 Hand verloren``): the reading that makes a whole line wins. Both cannot: the words
    after the seat would be a game with two numbers, or none."""
    plain: _Reading | LineProblem
    try:
        plain = _reading(words, seats, notation)
    except LineProblem as problem:
        plain = problem
    if isinstance(plain, _Reading) and plain.complete:
        return None, plain
    if not _is_number(words[0]) or len(words) < 2:
        if isinstance(plain, LineProblem):
            raise plain
        return None, plain
    numbered: _Reading | LineProblem
    try:
        numbered = _reading(words[1:], seats, notation)
    except LineProblem as problem:
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


def _reading(words: Sequence[str], seats: Sequence[SeatInfo], notation: Notation) -> _Reading:
    taken = _full_name_words(words, seats)
    try:
        declarer = _declarer(" ".join(words[:taken]), seats)
    except LineProblem as problem:  # "Kr m2 +": a game without its player
        if problem.problem.code == PaperCode.UNKNOWN_PLAYER and _is_game(words, notation):
            raise LineProblem(Problem.of(PaperCode.DECLARER_MISSING)) from None
        raise
    rest = list(words[taken:])
    if not rest:
        raise LineProblem(Problem.of(notation.entry_missing))
    value = None
    if _INT.fullmatch(rest[-1]) and not _follows_number_word(rest, notation):
        value = int(rest.pop())
    if not rest:
        return _Reading(declarer, None, value, complete=True)
    try:
        game = notation.parse(" ".join(rest))
    except FipsenError as error:
        raise LineProblem(Problem.rule(error.violations[0])) from None
    return _Reading(declarer, game, value, complete=notation.complete(game))


def _is_game(words: Sequence[str], notation: Notation) -> bool:
    try:
        notation.parse(" ".join(words))
    except FipsenError:
        return False
    return True


def _follows_number_word(rest: Sequence[str], notation: Notation) -> bool:
    """The last number of the line is the game's own ("Reizung 22"), not its value."""
    return len(rest) > 1 and rest[-2].lower() in notation.sheet.number_words


def _declarer(word: str, seats: Sequence[SeatInfo]) -> int:
    """The seat a word names: a seat number from 1, or the start of a player's name."""
    word = word.rstrip(":,")
    if _is_number(word):
        seat = int(word)
        if not 1 <= seat <= len(seats):
            raise LineProblem(Problem.of(PaperCode.SEAT_RANGE, seat=seat, seats=len(seats)))
        return seat - 1
    found = _matching_seats(word, seats)
    if len(found) == 1:
        return found[0].position
    if not found:
        names = ", ".join(s.name for s in seats)
        raise LineProblem(
            Problem.of(PaperCode.UNKNOWN_PLAYER, word=word, seats=len(seats), names=names)
        )
    names = ", ".join(s.name for s in found)
    raise LineProblem(Problem.of(PaperCode.AMBIGUOUS_PLAYER, word=word, names=names))


def _full_name_words(words: Sequence[str], seats: Sequence[SeatInfo]) -> int:
    """How many words at the start name the declarer: a player's name written whole, as the
    card prints it ("Karl-Heinz Möller"), is two or three words; else the first word."""
    for taken in range(min(_NAME_WORDS, len(words) - 1), 1, -1):
        typed = set(_folds(_joined(" ".join(words[:taken]).rstrip(":,"))))
        whole = [seat for seat in seats if typed & set(_folds(_joined(seat.name)))]
        if len(whole) == 1:
            return taken
    return 1


def _joined(name: str) -> str:
    """A name without its spaces, hyphens and commas: "Karl-Heinz Möller" is "KarlHeinzMöller"."""
    return "".join(name.replace(",", " ").replace("-", " ").split())


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 9


def _names_a_player(word: str, seats: Sequence[SeatInfo]) -> bool:
    try:
        _declarer(word, seats)
    except LineProblem:
        return False
    return True


def _matching_seats(word: str, seats: Sequence[SeatInfo]) -> list[SeatInfo]:
    """The seats whose name starts with ``word``, or has a word that does; a seat whose name
    (or a word of it) is exactly ``word`` wins over those it only starts ("Jan", "Jana")."""
    typed = set(_folds(_joined(word)))  # "Karl-Heinz" is typed as printed, hyphen and all
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
    hyphenated = [_joined(word) for word in name.replace(",", " ").split()]  # "KarlHeinz"
    for part in ["".join(words), *words, *hyphenated]:
        yield from _folds(part)


def _folds(text: str) -> tuple[str, str]:
    """``text`` folded two ways, so that "Möller" is found as "moeller" and as "moller"."""
    lower = text.casefold()
    return _strip_accents(lower.translate(_FOLD_UMLAUTS)), _strip_accents(lower)


def _strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text).replace("ß", "ss")
    return "".join(c for c in decomposed if not unicodedata.combining(c))
