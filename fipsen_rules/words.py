"""Reading a game written in words, for the rule sets of SPEC Part C (Großenaspe, Mecklenburg).

Each rule set has its own vocabulary (a mapping from the lower-case word to its meaning); this
module splits the text, looks every word up and refuses what is unknown or repeated, so that a
rule set's ``parse`` only has to put the words together. A number is kept apart from the words.

>>> from enum import Enum
>>> class W(Enum):
...     WON = "gewonnen"
>>> read = read_words("3 Gewonnen", {"gewonnen": W.WON, "+": W.WON})
>>> read.number, read.words
((3, '3'), {<W.WON: 'gewonnen'>: 'Gewonnen'})
>>> read_words("3 + gewonnen", {"gewonnen": W.WON, "+": W.WON})
Traceback (most recent call last):
...
fipsen_rules.errors.NotationError: “gewonnen” is there twice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Generic, TypeVar

from fipsen_rules.errors import Code, NotationError
from fipsen_rules.signs import MINUS_SIGN

__all__ = ["Words", "one_of", "read_words", "vocabulary"]

WordT = TypeVar("WordT")
MeaningT = TypeVar("MeaningT")
EnumT = TypeVar("EnumT", bound=Enum)

# English and sign forms of the words every notation shares, as Prisdorf's accepts them.
_ALIASES = {
    "won": "gewonnen",
    "+": "gewonnen",
    "lost": "verloren",
    "-": "verloren",
    "surrendered": "aufgegeben",
    "passed": "gepasst",
    "all": "alle",  # "all passed", as an English page's example writes "alle gepasst"
}

# ASCII digits only: "³" or "①" is not a number of tricks but an unknown word.
_TOKEN = re.compile(r"[0-9]+|[+-]|[^\W\d_]+|\S")
_SEPARATORS = str.maketrans(
    {MINUS_SIGN: "-", "–": "-", "—": "-", ",": " ", ";": " ", "!": " ", ".": " "}
)
# Python refuses int() on more than 4,300 digits; no count of tricks comes near this.
_MAX_DIGITS = 100


def vocabulary(words: type[EnumT], **extra: EnumT) -> dict[str, EnumT]:
    """Each of ``words`` by its lower-case value, the aliases of those that have one
    ("won", "+" for "gewonnen"), and ``extra``.

    >>> from enum import Enum
    >>> sorted(vocabulary(Enum("W", {"WON": "gewonnen", "FIPS": "Fips"})))
    ['+', 'fips', 'gewonnen', 'won']
    """
    by_value = {str(word.value).lower(): word for word in words}
    aliases = {alias: by_value[value] for alias, value in _ALIASES.items() if value in by_value}
    return {**by_value, **aliases, **extra}


@dataclass(frozen=True, slots=True)
class Words(Generic[WordT]):
    """The words of a text: each meaning with the token as typed, and the number if any."""

    number: tuple[int, str] | None = None
    words: dict[WordT, str] = field(default_factory=dict)

    def has(self, *meanings: WordT) -> bool:
        """Whether every one of ``meanings`` is in the text."""
        return all(meaning in self.words for meaning in meanings)


def read_words(text: str, vocabulary: Mapping[str, WordT]) -> Words[WordT]:
    """The words of ``text`` in ``vocabulary`` (keys lower-case), case-insensitive.

    :raises NotationError: ``NOTATION_EMPTY``, ``NOTATION_UNKNOWN_WORD``,
        ``NOTATION_REPEATED_WORD``, or ``NOTATION_CONFLICT`` for two numbers.
    """
    tokens = _TOKEN.findall(text.translate(_SEPARATORS))
    if not tokens:
        raise NotationError.of(Code.NOTATION_EMPTY)
    number: tuple[int, str] | None = None
    words: dict[WordT, str] = {}
    for token in tokens:
        if token.isascii() and token.isdigit():
            if number is not None:
                raise NotationError.of(Code.NOTATION_CONFLICT, word=token, other=number[1])
            if len(token) > _MAX_DIGITS:
                raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, word=token[:12] + "…")
            number = (int(token), token)
            continue
        meaning = vocabulary.get(token.lower())
        if meaning is None:
            raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, word=token)
        if meaning in words:
            raise NotationError.of(Code.NOTATION_REPEATED_WORD, word=token)
        words[meaning] = token
    return Words(number, words)


def one_of(
    read: Words[WordT], meanings: Mapping[WordT, MeaningT], number: MeaningT | None = None
) -> tuple[MeaningT, str] | None:
    """The one meaning of ``meanings`` (and, if ``number`` is given, the number) in the text,
    with its token; ``None`` if there is none.

    :raises NotationError: ``NOTATION_CONFLICT`` when there are two.
    """
    found = [(number, read.number[1])] if number is not None and read.number else []
    found += [
        (meaning, read.words[word]) for word, meaning in meanings.items() if word in read.words
    ]
    if len(found) > 1:
        raise NotationError.of(Code.NOTATION_CONFLICT, word=found[1][1], other=found[0][1])
    return found[0] if found else None
