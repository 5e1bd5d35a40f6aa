"""The games of Mecklenburg Fips and their notation (SPEC C5; see :mod:`fipsen_rules.mecklenburg`).

A game is a contract and, once played, whether it was made: ``3 Ruten gewonnen``, ``Fips
verloren``, ``Rutenfips gewonnen``, ``Dutt gewonnen``, ``Ruten oewer verloren``, ``alle
gepasst``. Words are case-insensitive ("Ruten över", "5" for Fips); ``str()`` is canonical.

>>> str(MecklenburgGame.parse("5 ruten +")), str(MecklenburgGame.parse("ruten ÖWER gewonnen"))
('Rutenfips gewonnen', 'Ruten oewer gewonnen')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import lru_cache

from fipsen_rules.errors import Code, InvalidEntryError, NotationError
from fipsen_rules.game import PARSED_TEXTS, Result
from fipsen_rules.words import Words, one_of, read_words, vocabulary

__all__ = ["FIPS_TRICKS", "MeckKind", "MecklenburgGame"]

FIPS_TRICKS = 5


class MeckKind(StrEnum):
    NUMBER = "number"  # Ansegger Fips: 1 to 4 tricks (5 is Fips)
    FIPS = "fips"  # all five tricks; with Ruten: Rutenfips
    DUTT = "dutt"  # Duttfips: most tricks with the Dutt; with Ruten: "Ruten oewer!"
    PASSED = "passed"  # Ansegger Fips: all passed, a new deal


class _W(Enum):
    RUTEN = "Ruten"
    FIPS = "Fips"
    RUTENFIPS = "Rutenfips"
    DUTT = "Dutt"
    OEWER = "oewer"
    WON = "gewonnen"
    LOST = "verloren"
    ALL = "alle"
    PASSED = "gepasst"


_VOCABULARY = vocabulary(_W, **dict.fromkeys(("öwer", "över", "ower", "ueber", "über"), _W.OEWER))
_HEADS = {
    _W.FIPS: MeckKind.FIPS,
    _W.RUTENFIPS: MeckKind.FIPS,
    _W.DUTT: MeckKind.DUTT,
    _W.OEWER: MeckKind.DUTT,
    _W.PASSED: MeckKind.PASSED,
}
_RESULTS = {_W.WON: Result.WON, _W.LOST: Result.LOST}
_RESULT_WORDS = {Result.WON: "gewonnen", Result.LOST: "verloren", Result.SURRENDERED: "aufgegeben"}
_NAMES = {
    (MeckKind.FIPS, False): "Fips",
    (MeckKind.FIPS, True): "Rutenfips",
    (MeckKind.DUTT, False): "Dutt",
    (MeckKind.DUTT, True): "Ruten oewer",
    (MeckKind.PASSED, False): "alle gepasst",
    (MeckKind.PASSED, True): "alle gepasst Ruten",
}


@dataclass(frozen=True, slots=True)
class MecklenburgGame:
    """A contract and, once played, whether it was made. A contract alone (``result`` None)
    is what a club's points table is keyed by.

    A 5 is Fips: ``MecklenburgGame(MeckKind.NUMBER, 5)`` is made a Fips.

    >>> MecklenburgGame.parse("3 Ruten verloren").contract
    MecklenburgGame(kind=<MeckKind.NUMBER: 'number'>, tricks=3, ruten=True, result=None)

    :raises InvalidEntryError: ``TRICKS_MISSING``/``NOT_APPLICABLE`` when ``tricks`` is missing
        for a number game or given for another kind.
    """

    kind: MeckKind
    tricks: int | None = None
    ruten: bool = False
    result: Result | None = None

    def __post_init__(self) -> None:
        if self.kind is MeckKind.NUMBER and self.tricks == FIPS_TRICKS:
            object.__setattr__(self, "kind", MeckKind.FIPS)
            object.__setattr__(self, "tricks", None)
        if self.kind is MeckKind.NUMBER and self.tricks is None:
            raise InvalidEntryError.of(Code.TRICKS_MISSING, "tricks")
        if self.kind is not MeckKind.NUMBER and self.tricks is not None:
            name = _NAMES[self.kind, self.ruten]
            raise InvalidEntryError.of(
                Code.NOT_APPLICABLE, "tricks", detail=str(self.tricks), game=name
            )

    @classmethod
    def parse(cls, text: str) -> MecklenburgGame:
        """Read a game: ``<n> [Ruten]``, ``Fips``, ``Rutenfips``, ``Dutt``, ``Ruten oewer``
        (or ``alle gepasst``), then ``gewonnen`` or ``verloren``; ``<n> [Ruten]`` alone is a
        contract.

        :raises NotationError: an empty text, an unknown or repeated word, two games or two
            results, or no game at all.
        """
        return _parsed(text)

    @property
    def contract(self) -> MecklenburgGame:
        """The contract alone, without the result."""
        return MecklenburgGame(self.kind, self.tricks, self.ruten)

    def __str__(self) -> str:
        if self.kind is MeckKind.NUMBER:
            words = [str(self.tricks)] + (["Ruten"] if self.ruten else [])
        else:
            words = [_NAMES[self.kind, self.ruten]]
        if self.result is not None:
            words.append(_RESULT_WORDS[self.result])
        return " ".join(words)


def _check_words(read: Words[_W], head: str) -> None:
    """The words that go only with another: "oewer" after Ruten, "alle" before gepasst."""
    if read.has(_W.RUTENFIPS, _W.RUTEN):
        raise NotationError.of(Code.NOTATION_REPEATED_WORD, word=read.words[_W.RUTEN])
    if read.has(_W.OEWER) and not read.has(_W.RUTEN):
        raise NotationError.of(Code.NOTATION_CONFLICT, word=read.words[_W.OEWER], other="Dutt")
    if read.has(_W.ALL) and not read.has(_W.PASSED):
        raise NotationError.of(Code.NOTATION_CONFLICT, word=read.words[_W.ALL], other=head)


@lru_cache(maxsize=PARSED_TEXTS)
def _parsed(text: str) -> MecklenburgGame:
    """:meth:`MecklenburgGame.parse`, kept per text (a game is a frozen value)."""
    read = read_words(text, _VOCABULARY)
    head = one_of(read, _HEADS, number=MeckKind.NUMBER)
    if head is None:
        raise NotationError.of(Code.GAME_MISSING, example="3 Ruten gewonnen")
    _check_words(read, head[1])
    result = one_of(read, _RESULTS)
    return MecklenburgGame(
        head[0],
        read.number[0] if read.number else None,
        ruten=read.has(_W.RUTEN) or read.has(_W.RUTENFIPS),
        result=None if result is None else result[0],
    )
