"""Games and bids, and their canonical notation.

A :class:`Game` is what was played and how it ended, as a table captain writes it:
``3 Hand verloren``, ``Kieker Ruten gewonnen``, ``Siebener Fips``. A :class:`Bid` is a
call in the auction: ``3 Hand``, ``Kieker``. Words are case-insensitive; English aliases
and one-letter forms are accepted (``3 h lost``, ``3 H -``); ``str()`` gives the
canonical German text and ``parse(str(x)) == x``.

Parsing checks only the notation. Whether a game is legal (a bid of 2 under a minimum
bid of 3, a Kieker played Hand, …) is decided by a rule set, see :mod:`fipsen_rules.prisdorf`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import lru_cache
from typing import ClassVar

from fipsen_rules.errors import Code, InvalidEntryError, NotationError
from fipsen_rules.signs import MINUS_SIGN

__all__ = ["Bid", "Game", "GameKind", "Result"]


class GameKind(StrEnum):
    NUMBER = "number"  # a bid of 2 to 5 tricks
    KIEKER = "kieker"
    SIEBENER_FIPS = "siebener_fips"
    PASSED = "passed"  # all passed: not a game, the same dealer deals again


class Result(StrEnum):
    WON = "won"
    LOST = "lost"
    SURRENDERED = "surrendered"  # a Kieker given up before the first lead


class _Word(Enum):
    HAND = "Hand"
    RUTEN = "Ruten"
    DURCH = "Durch"
    WON = "gewonnen"
    LOST = "verloren"
    SURRENDERED = "aufgegeben"
    KIEKER = "Kieker"
    SIEBENER = "Siebener"
    FIPS = "Fips"
    ALL = "alle"
    PASSED = "gepasst"
    KONTRA = "Kontra"  # SPEC C2: only where the rule set's option allows it
    RE = "Re"


_WORDS: dict[str, _Word] = {
    **{w.value.lower(): w for w in _Word},
    "h": _Word.HAND,
    "r": _Word.RUTEN,
    "d": _Word.DURCH,
    "won": _Word.WON,
    "g": _Word.WON,
    "w": _Word.WON,
    "+": _Word.WON,
    "lost": _Word.LOST,
    "v": _Word.LOST,
    "l": _Word.LOST,
    "-": _Word.LOST,
    "surrendered": _Word.SURRENDERED,
    "a": _Word.SURRENDERED,
    "k": _Word.KIEKER,
    "7er": _Word.SIEBENER,
    "siebenerfips": _Word.SIEBENER,
    "all": _Word.ALL,
    "passed": _Word.PASSED,
    "pass": _Word.PASSED,
    "rekontra": _Word.RE,  # Re answers a Kontra: "Rekontra" names both
}
_RESULTS = {_Word.WON: Result.WON, _Word.LOST: Result.LOST, _Word.SURRENDERED: Result.SURRENDERED}
_HEADS = {_Word.KIEKER: GameKind.KIEKER, _Word.SIEBENER: GameKind.SIEBENER_FIPS}
_HEAD_PARTS = {_Word.FIPS: _Word.SIEBENER, _Word.ALL: _Word.PASSED}  # only beside their head
# A sign glued to a number ("-4") is one token, refused: it is a score, not "4 verloren".
_TOKEN = re.compile(r"7er|[+-]?\d+|[+-]|[^\W\d_]+|\S", re.IGNORECASE)
_SHOWN_DIGITS = 9  # of a number too long to read, in the message
_DASHES = str.maketrans({MINUS_SIGN: "-", "–": "-", "—": "-", ",": " ", ";": " "})


@dataclass(frozen=True, slots=True)
class _Reading:
    kind: GameKind
    tricks: int | None
    hand: bool
    ruten: bool
    durch: bool
    result: Result | None
    kontra: bool
    re: bool
    words: tuple[str, ...]  # the tokens as typed, for messages


def _read_number(token: str) -> int:
    """:raises NotationError: for a number past Python's limit for reading one (4,300 digits)."""
    try:
        return int(token)
    except ValueError:
        word = token[:_SHOWN_DIGITS] + "…"
        raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, word=word) from None


def _read(text: str) -> _Reading:
    tokens = _TOKEN.findall(text.translate(_DASHES))
    if not tokens:
        raise NotationError.of(Code.NOTATION_EMPTY)
    seen: dict[object, str] = {}
    head: tuple[GameKind, int | None, str] | None = None
    result: tuple[Result, str] | None = None
    for token in tokens:
        key: object
        if token.isascii() and token.isdigit():
            tricks = _read_number(token)
            key, kind = ("number", tricks), GameKind.NUMBER
        else:
            word = _WORDS.get(token.lower())
            if word is None:
                raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, word=token)
            key, kind, tricks = word, None, None
            if word is _Word.PASSED:
                kind = GameKind.PASSED
            elif word in _HEADS:
                kind = _HEADS[word]
        if key in seen:
            raise NotationError.of(Code.NOTATION_REPEATED_WORD, word=token)
        seen[key] = token
        if kind is not None:
            if head is not None:
                raise NotationError.of(Code.NOTATION_CONFLICT, word=token, other=head[2])
            head = (kind, tricks, token)
        elif key in _RESULTS:
            if result is not None:
                raise NotationError.of(Code.NOTATION_CONFLICT, word=token, other=result[1])
            result = (_RESULTS[key], token)
    if head is None:
        raise NotationError.of(Code.NOTATION_NO_GAME)
    for part, needed in _HEAD_PARTS.items():
        if part in seen and needed not in seen:
            raise NotationError.of(Code.NOTATION_CONFLICT, word=seen[part], other=head[2])
    return _Reading(
        kind=head[0],
        tricks=head[1],
        hand=_Word.HAND in seen,
        ruten=_Word.RUTEN in seen,
        durch=_Word.DURCH in seen,
        result=None if result is None else result[0],
        kontra=_Word.KONTRA in seen,
        re=_Word.RE in seen,
        words=tuple(tokens),
    )


def _check_tricks_field(kind: GameKind, tricks: int | None) -> None:
    if kind is GameKind.NUMBER and tricks is None:
        raise InvalidEntryError.of(Code.TRICKS_MISSING, "tricks")
    if kind is not GameKind.NUMBER and tricks is not None:
        raise InvalidEntryError.of(Code.NOT_APPLICABLE, "tricks", detail=str(tricks), game=kind)


@dataclass(frozen=True, slots=True)
class Game:
    """What was played and how it ended.

    A 5 always carries Durch, so ``Game.number(5, result=Result.WON)`` has ``durch=True``;
    a Kieker is always played for all five tricks, so Durch is as redundant there and is
    dropped (``Kieker Durch gewonnen`` is ``Kieker gewonnen``). ``kontra`` and ``re`` are the
    calls of SPEC C2 (a Re answers a Kontra, so it carries one); whether they may be said
    is the rule set's option.

    >>> g = Game.parse("3 h R -")
    >>> g.tricks, g.hand, g.ruten, g.durch, g.result
    (3, True, True, False, <Result.LOST: 'lost'>)
    >>> str(g)
    '3 Hand Ruten verloren'
    >>> Game.parse("5 gewonnen") == Game.parse("5 Durch won")
    True
    >>> str(Game.parse("kieker surrendered")), str(Game.parse("SIEBENER FIPS"))
    ('Kieker aufgegeben', 'Siebener Fips')
    >>> str(Game.parse("Kieker Durch gewonnen"))
    'Kieker gewonnen'
    >>> str(Game.parse("3 Hand rekontra verloren"))
    '3 Hand Kontra Re verloren'
    >>> Game.parse("-4")
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.NotationError: “-4” is not a word of the game notation.

    :raises InvalidEntryError: ``TRICKS_MISSING``/``NOT_APPLICABLE`` when ``tricks`` is
        missing for a number game or given for another kind.
    """

    kind: GameKind
    tricks: int | None = None
    hand: bool = False
    ruten: bool = False
    durch: bool = False
    result: Result | None = None
    kontra: bool = False
    re: bool = False

    def __post_init__(self) -> None:
        _check_tricks_field(self.kind, self.tricks)
        if self.tricks == 5 and not self.durch:
            object.__setattr__(self, "durch", True)
        elif self.kind is GameKind.KIEKER and self.durch:
            object.__setattr__(self, "durch", False)
        if self.re and not self.kontra:
            object.__setattr__(self, "kontra", True)

    @classmethod
    def number(
        cls,
        tricks: int,
        result: Result | None,
        *,
        hand: bool = False,
        ruten: bool = False,
        durch: bool = False,
    ) -> Game:
        """A game of ``tricks`` (2..5) with the doubles as played."""
        return cls(GameKind.NUMBER, tricks, hand, ruten, durch, result)

    @classmethod
    def kieker(cls, result: Result | None, *, ruten: bool = False) -> Game:
        return cls(GameKind.KIEKER, ruten=ruten, result=result)

    @classmethod
    def siebener_fips(cls) -> Game:
        return cls(GameKind.SIEBENER_FIPS)

    @classmethod
    def passed(cls) -> Game:
        return cls(GameKind.PASSED)

    @classmethod
    def parse(cls, text: str) -> Game:
        """Read a game in the notation (see the module text).

        :raises NotationError: for an empty text, an unknown or repeated word, two games
            or two results in one text, or no game at all.
        """
        return _parsed(text)

    @property
    def doubles(self) -> int:
        """How many of Hand, Ruten and Durch double the value."""
        return self.hand + self.ruten + self.durch

    def __str__(self) -> str:
        head = str(self.tricks) if self.kind is GameKind.NUMBER else _HEAD_WORDS[self.kind]
        words = [head]
        words += [w.value for w, on in _FLAGS + _CALLS if getattr(self, on)]
        if self.result is not None:
            words.append(_RESULT_WORDS[self.result])
        return " ".join(words)


_FLAGS = ((_Word.HAND, "hand"), (_Word.RUTEN, "ruten"), (_Word.DURCH, "durch"))
_CALLS = ((_Word.KONTRA, "kontra"), (_Word.RE, "re"))
_HEAD_WORDS = {
    GameKind.KIEKER: "Kieker",
    GameKind.SIEBENER_FIPS: "Siebener Fips",
    GameKind.PASSED: "alle gepasst",
}
_RESULT_WORDS = {result: word.value for word, result in _RESULTS.items()}


@dataclass(frozen=True, slots=True)
class Bid:
    """A bid in the auction: tricks with the doubles named, a Kieker, or a Siebener Fips claim.

    Durch is not bid at Prisdorf: it arises in play (a 5 carries it anyway). Rules that let
    it be bid (SPEC A18.1, ``Prisdorf(durch_biddable=True)``) read it with
    ``Bid.parse(text, durch=True)``; on a 5 it is dropped, as a 5 is Durch anyway.

    >>> str(Bid.parse("3 r h")), str(Bid.KIEKER), str(Bid.parse("7er Fips"))
    ('3 Hand Ruten', 'Kieker', 'Siebener Fips')
    >>> str(Bid.parse("3 Durch Hand", durch=True)), str(Bid.parse("5 Durch", durch=True))
    ('3 Hand Durch', '5')

    :raises InvalidEntryError: ``TRICKS_MISSING``/``NOT_APPLICABLE`` as for :class:`Game`, and
        ``NOT_APPLICABLE`` for a bid of kind ``PASSED`` (a pass is a call, not a bid).
    """

    kind: GameKind
    tricks: int | None = None
    hand: bool = False
    ruten: bool = False
    durch: bool = False

    KIEKER: ClassVar[Bid]
    SIEBENER_FIPS: ClassVar[Bid]

    def __post_init__(self) -> None:
        if self.kind is GameKind.PASSED:
            raise InvalidEntryError.of(Code.NOT_APPLICABLE, "bid", detail="a pass", game="a bid")
        _check_tricks_field(self.kind, self.tricks)
        if self.tricks == 5 and self.durch:
            object.__setattr__(self, "durch", False)

    @classmethod
    def number(cls, tricks: int, *, hand: bool = False, ruten: bool = False) -> Bid:
        return cls(GameKind.NUMBER, tricks, hand, ruten)

    @classmethod
    def parse(cls, text: str, *, durch: bool = False) -> Bid:
        """Read a bid: ``<n> [Hand] [Ruten]``, ``Kieker`` or ``Siebener Fips``; with
        ``durch``, also ``<n> … Durch``.

        :raises NotationError: as :meth:`Game.parse`, and ``NOTATION_NOT_IN_BID`` for
            Durch (unless ``durch``), a result word, Kontra or Re, or "gepasst".
        """
        r = _read(text)
        extra = r.result is not None or r.kind is GameKind.PASSED or r.kontra or r.re
        if extra or (r.durch and not durch):
            not_in_bid = _NOT_IN_BID if durch else {*_NOT_IN_BID, _Word.DURCH}
            word = next(w for w in r.words if _WORDS.get(w.lower()) in not_in_bid)
            raise NotationError.of(Code.NOTATION_NOT_IN_BID, word=word)
        return cls(r.kind, r.tricks, r.hand, r.ruten, r.durch)

    @property
    def doubles(self) -> int:
        """How many doubles were named (Hand, Ruten and a bid Durch count one each)."""
        return self.hand + self.ruten + self.durch

    def __str__(self) -> str:
        head = str(self.tricks) if self.kind is GameKind.NUMBER else _HEAD_WORDS[self.kind]
        return " ".join([head] + [w.value for w, on in _FLAGS if getattr(self, on)])


_NOT_IN_BID = {_Word.PASSED, _Word.KONTRA, _Word.RE, *_RESULTS}

Bid.KIEKER = Bid(GameKind.KIEKER)
Bid.SIEBENER_FIPS = Bid(GameKind.SIEBENER_FIPS)


#: How many texts each notation keeps read (a night's deals are a few dozen texts, entered,
#: replayed and imported again and again; a refused text is read afresh every time).
PARSED_TEXTS = 1024


@lru_cache(maxsize=PARSED_TEXTS)
def _parsed(text: str) -> Game:
    """:meth:`Game.parse`, kept per text: a game is a frozen value, so one may be shared."""
    r = _read(text)
    return Game(r.kind, r.tricks, r.hand, r.ruten, r.durch, r.result, r.kontra, r.re)
