"""The games of Großenaspe Fipsen and their notation (SPEC C3; see :mod:`fipsen_rules.grossenaspe`).

A game is written as the captain says it: ``3 gewonnen``, ``3 Gute gewonnen``, ``3 Kreuz
gewonnen`` (a plain bid, clubs chosen after the Skat), ``3 Durch gewonnen``/``3 Durch verloren``
(played on for all five), ``3 beet``, ``3 pott beet``, ``Kieker [Kreuz] gewonnen|verloren``,
``Kieker aufgegeben``, ``Fips [Gute] gewonnen|verloren``, ``alle gepasst``, each with
``geklopft`` when an opponent knocked. Words are case-insensitive; ``str()`` is canonical and
``GrossenaspeGame.parse(str(game)) == game``.

>>> str(GrossenaspeGame.parse("3 gute BEET geklopft"))
'3 Gute beet geklopft'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import lru_cache

from fipsen_rules.errors import Code, InvalidEntryError, NotationError
from fipsen_rules.game import PARSED_TEXTS
from fipsen_rules.words import Words, one_of, read_words, vocabulary

__all__ = ["ENDING_WORDS", "FLAGS", "HEAD_WORDS", "AspeKind", "Ending", "GrossenaspeGame"]


class AspeKind(StrEnum):
    NUMBER = "number"  # a bid of 1 to 5 tricks
    KIEKER = "kieker"
    FIPS = "fips"
    PASSED = "passed"  # all passed: thrown in and redealt


class Ending(StrEnum):
    WON = "won"
    LOST = "lost"  # a Kieker or Fips failed, or a number bid played on (Durch) lost a trick
    BEET = "beet"  # a number bid failed with at least one trick
    POTT_BEET = "pott_beet"  # a number bid failed without a trick
    SURRENDERED = "surrendered"  # a Kieker given up before the first lead


class _W(Enum):
    GUTE = "Gute"
    KREUZ = "Kreuz"
    DURCH = "Durch"
    WON = "gewonnen"
    LOST = "verloren"
    BEET = "beet"
    POTT = "pott"
    SURRENDERED = "aufgegeben"
    GEKLOPFT = "geklopft"
    KIEKER = "Kieker"
    FIPS = "Fips"
    ALL = "alle"
    PASSED = "gepasst"


# "Gucker" is the High German word for Kieker (SPEC C3.1).
_VOCABULARY = vocabulary(_W, gucker=_W.KIEKER, knocked=_W.GEKLOPFT)
_HEADS = {_W.KIEKER: AspeKind.KIEKER, _W.FIPS: AspeKind.FIPS, _W.PASSED: AspeKind.PASSED}
_ENDINGS = {
    _W.WON: Ending.WON,
    _W.LOST: Ending.LOST,
    _W.BEET: Ending.BEET,
    _W.SURRENDERED: Ending.SURRENDERED,
}
ENDING_WORDS = {
    Ending.WON: "gewonnen",
    Ending.LOST: "verloren",
    Ending.BEET: "beet",
    Ending.POTT_BEET: "pott beet",
    Ending.SURRENDERED: "aufgegeben",
}
HEAD_WORDS = {AspeKind.KIEKER: "Kieker", AspeKind.FIPS: "Fips", AspeKind.PASSED: "alle gepasst"}
FLAGS = (("gute", "Gute"), ("kreuz", "Kreuz"), ("durch", "Durch"))


@dataclass(frozen=True, slots=True)
class GrossenaspeGame:
    """What was played in Großenaspe and how it ended.

    :param gute: clubs were bid ("Gute"); :param kreuz: clubs were chosen without being bid.
    :param durch: a number bid played on for all five after reaching it ("ich spiele durch").

    >>> str(GrossenaspeGame.parse("fips GUTE +")), str(GrossenaspeGame.parse("3 Pott Beet"))
    ('Fips Gute gewonnen', '3 pott beet')

    :raises InvalidEntryError: ``TRICKS_MISSING``/``NOT_APPLICABLE`` when ``tricks`` is missing
        for a number game or given for another kind.
    """

    kind: AspeKind
    tricks: int | None = None
    gute: bool = False
    kreuz: bool = False
    durch: bool = False
    ending: Ending | None = None
    geklopft: bool = False

    def __post_init__(self) -> None:
        if self.kind is AspeKind.NUMBER and self.tricks is None:
            raise InvalidEntryError.of(Code.TRICKS_MISSING, "tricks")
        if self.kind is not AspeKind.NUMBER and self.tricks is not None:
            raise InvalidEntryError.of(
                Code.NOT_APPLICABLE, "tricks", detail=str(self.tricks), game=HEAD_WORDS[self.kind]
            )

    @classmethod
    def parse(cls, text: str) -> GrossenaspeGame:
        """Read a game (see the module text).

        :raises NotationError: for an empty text, an unknown or repeated word, two games, two
            endings, "Gute" with "Kreuz", or no game at all.
        """
        return _parsed(text)

    @property
    def clubs(self) -> bool:
        """Clubs were trumps, bid or chosen: the score doubles."""
        return self.gute or self.kreuz

    def __str__(self) -> str:
        words = [str(self.tricks) if self.kind is AspeKind.NUMBER else HEAD_WORDS[self.kind]]
        words += [word for name, word in FLAGS if getattr(self, name)]
        if self.ending is not None:
            words.append(ENDING_WORDS[self.ending])
        if self.geklopft:
            words.append("geklopft")
        return " ".join(words)


def _head(read: Words[_W]) -> tuple[AspeKind, int | None]:
    head = one_of(read, _HEADS, number=AspeKind.NUMBER)
    if head is None:
        raise NotationError.of(Code.GAME_MISSING, example="3 Gute gewonnen")
    if read.has(_W.ALL) and head[0] is not AspeKind.PASSED:
        raise NotationError.of(Code.NOTATION_CONFLICT, word=read.words[_W.ALL], other=head[1])
    if read.has(_W.GUTE, _W.KREUZ):
        raise NotationError.of(Code.NOTATION_CONFLICT, word=read.words[_W.KREUZ], other="Gute")
    return head[0], read.number[0] if read.number else None


def _ending(read: Words[_W]) -> Ending | None:
    ending = one_of(read, _ENDINGS)
    if read.has(_W.POTT):  # "pott beet", or "pott" alone for short
        if ending is not None and ending[0] is not Ending.BEET:
            raise NotationError.of(
                Code.NOTATION_CONFLICT, word=read.words[_W.POTT], other=ending[1]
            )
        return Ending.POTT_BEET
    return None if ending is None else ending[0]


@lru_cache(maxsize=PARSED_TEXTS)
def _parsed(text: str) -> GrossenaspeGame:
    """:meth:`GrossenaspeGame.parse`, kept per text (a game is a frozen value)."""
    read = read_words(text, _VOCABULARY)
    kind, tricks = _head(read)
    return GrossenaspeGame(
        kind,
        tricks,
        gute=read.has(_W.GUTE),
        kreuz=read.has(_W.KREUZ),
        durch=read.has(_W.DURCH),
        ending=_ending(read),
        geklopft=read.has(_W.GEKLOPFT),
    )
