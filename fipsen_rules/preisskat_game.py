"""A game of tournament Skat as the list keeper writes it (PREISSKAT.md, "The value of a game").

A :class:`SkatGame` is what was played (a suit, Grand or Null), its Spitzen ("mit 2", "ohne 1"),
its levels (Hand, Schneider, Schwarz, the announcements, ouvert), Kontra and Re where the club
plays them, how it ended, and the bid where it matters (an overbid). Its notation is the list
keeper's German, words in any order; :func:`parse` reads it, ``str()`` writes it canonically,
and what a word implies is implied, both ways (:func:`normalized`): ``ouvert`` alone is a Hand
game with Schneider and Schwarz announced; a game won with an announcement was made so; a
bid the game's value reaches is no overbid, and is left out.

>>> game = parse("gewonnen Hand mit 2 Kreuz")
>>> str(game), game.value
('Kreuz mit 2 Hand gewonnen', 48)
>>> parse("Kreuz ouvert mit 2 gewonnen").value  # ISkO 5.2.6: 9 × 12
108
>>> parse("Grand ouvert mit 4 gewonnen").value  # 11 × 24
264
>>> parse("Karo ohne 1 verloren Reizung 22").charged  # overbid: the lowest multiple of 9 from 22
27
>>> str(parse("Kreuz mit 1 gewonnen Reizung 20"))  # 36 reaches 20: no overbid
'Kreuz mit 1 gewonnen'
>>> parse("Null ouvert Hand verloren").value
59
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

from fipsen_rules.errors import Code, NotationError, OwnCode
from fipsen_rules.game import PARSED_TEXTS
from fipsen_rules.messages import gettext_noop

__all__ = [
    "BASES", "BIDS", "NULL_VALUES", "NUMBER_MISSING", "PASSED_WORD", "Level", "PassedGame",
    "SkatGame", "Trump", "format_game", "normalized", "parse", "short_game",
]  # fmt: skip


class Trump(StrEnum):
    """What is played: a suit, Grand or Null (its value in the taps and the notation)."""

    KARO = "karo"
    HERZ = "herz"
    PIK = "pik"
    KREUZ = "kreuz"
    GRAND = "grand"
    NULL = "null"

    @property
    def word(self) -> str:
        """Its word in the notation: "Kreuz"."""
        return self.value.capitalize()


class Level(StrEnum):
    """A level that adds 1 to a suit game's or Grand's multiplier (Hand and ouvert make a
    Null's fixed value)."""

    HAND = "hand"
    SCHNEIDER = "schneider"
    SCHWARZ = "schwarz"
    SCHNEIDER_ANGESAGT = "schneider_angesagt"
    SCHWARZ_ANGESAGT = "schwarz_angesagt"
    OUVERT = "ouvert"

    @property
    def words(self) -> tuple[str, ...]:
        """Its words in the notation: ("Schneider", "angesagt")."""
        first, *rest = self.value.split("_")
        return (first if self is Level.OUVERT else first.capitalize(), *rest)


#: The suits' and Grand's base values.
BASES = {Trump.KARO: 9, Trump.HERZ: 10, Trump.PIK: 11, Trump.KREUZ: 12, Trump.GRAND: 24}
#: The Nulls' fixed values, by (Hand, ouvert).
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
#: The most Spitzen a game can be played with or without.
MOST_TOPS = {Trump.GRAND: 4}
SUIT_TOPS = 11
#: Every value that can be bid, 18 to 264: a game's value.
_MULTIPLES = {base * times for base in BASES.values() for times in range(2, 19)}
BIDS = tuple(sorted({bid for bid in _MULTIPLES if bid <= 264} | set(NULL_VALUES.values())))
PASSED_WORD = "eingepasst"
WON_WORD, LOST_WORD = "gewonnen", "verloren"
WITH_WORD, WITHOUT_WORD, BID_WORD = "mit", "ohne", "Reizung"
KONTRA_WORD, RE_WORD = "Kontra", "Re"
#: A number missing after "mit", "ohne" or "Reizung".
NUMBER_MISSING = OwnCode(
    "preisskat_number_missing",
    gettext_noop("“%(word)s” needs a number after it, for example “mit 2” or “Reizung 22”."),
    ("word",),
)


def most_tops(trump: Trump) -> int:
    """The most Spitzen of a suit game (11) or a Grand (4)."""
    return MOST_TOPS.get(trump, SUIT_TOPS)


@dataclass(frozen=True, slots=True)
class SkatGame:
    """One game; build it through :func:`normalized` (or :func:`parse`), which makes it
    canonical.

    :param trump: what was played.
    :param tops: how many Spitzen (``None``: not said; a Null has none).
    :param without: "ohne" rather than "mit".
    :param levels: the levels, the implied ones included.
    :param kontra: Kontra was said (the clubs that play it), ``re`` Re after it.
    :param won: how it ended (``None``: not yet said).
    :param bid: the bid, kept only where the game's value does not reach it (an overbid).
    """

    trump: Trump
    tops: int | None = None
    without: bool = False
    levels: frozenset[Level] = frozenset()
    kontra: bool = False
    re: bool = False
    won: bool | None = None
    bid: int | None = None

    def has(self, level: Level) -> bool:
        return level in self.levels

    @property
    def value(self) -> int:
        """The game's value as played, without an overbid, Kontra or Re: base × levels, or
        a Null's fixed value."""
        if self.trump is Trump.NULL:
            return NULL_VALUES[(self.has(Level.HAND), self.has(Level.OUVERT))]
        return BASES[self.trump] * ((self.tops or 0) + 1 + len(self.levels))

    @property
    def overbid(self) -> bool:
        """Whether the bid was higher than the game's value."""
        return self.bid is not None and self.bid > self.value

    @property
    def charged(self) -> int:
        """What the list counts (before a lost game's double): an overbid game at the lowest
        multiple of its base that reaches the bid (a Null: the lowest Null that does; none
        above 59, which the rules refuse), doubled for Kontra and again for Re."""
        value = self.value
        if self.bid is not None and self.overbid:
            if self.trump is Trump.NULL:
                value = min((v for v in NULL_VALUES.values() if v >= self.bid), default=self.bid)
            else:
                base = BASES[self.trump]
                value = -(-self.bid // base) * base
        return value * (2 if self.kontra else 1) * (2 if self.re else 1)

    @property
    def points(self) -> int:
        """The list's points in the declarer's column: won the value charged, lost twice it off."""
        return self.charged if self.won else -2 * self.charged

    def __str__(self) -> str:
        return format_game(self)


@dataclass(frozen=True, slots=True)
class PassedGame:
    """A deal all passed ("eingepasst"): it counts, scores nothing, the next seat deals."""

    def __str__(self) -> str:
        return PASSED_WORD


AnySkatGame = SkatGame | PassedGame


def normalized(game: SkatGame) -> SkatGame:
    """``game`` with what its words imply: ouvert (not a Null's) is Hand with Schwarz
    announced; Schwarz announced includes Schneider announced; Schwarz made includes
    Schneider; won, an announcement was made. A bid the value reaches is dropped.

    >>> game = normalized(SkatGame(Trump.PIK, 1, levels=frozenset({Level.OUVERT})))
    >>> sorted(level.value for level in game.levels)
    ['hand', 'ouvert', 'schneider_angesagt', 'schwarz_angesagt']
    """
    levels = set(game.levels)
    if game.trump is not Trump.NULL and Level.OUVERT in levels:
        levels |= {Level.HAND, Level.SCHWARZ_ANGESAGT}
    if Level.SCHWARZ_ANGESAGT in levels:
        levels.add(Level.SCHNEIDER_ANGESAGT)
    if game.won:
        made = {Level.SCHNEIDER_ANGESAGT: Level.SCHNEIDER, Level.SCHWARZ_ANGESAGT: Level.SCHWARZ}
        levels |= {made[said] for said in made if said in levels}
    if Level.SCHWARZ in levels:
        levels.add(Level.SCHNEIDER)
    game = replace(game, levels=frozenset(levels))
    if game.bid is not None and not game.overbid:
        game = replace(game, bid=None)
    return game


def format_game(game: SkatGame) -> str:
    """The canonical notation: the game, its Spitzen, its levels (the implied ones left out),
    Kontra, Re, the result and the bid where it was overbid.

    >>> format_game(normalized(SkatGame(Trump.GRAND, 4, levels=frozenset({Level.OUVERT}),
    ...                                 won=True)))
    'Grand mit 4 ouvert gewonnen'
    """
    words = _every_word(game)
    for index in range(len(words) - 1, -1, -1):
        shorter = words[:index] + words[index + 1 :]
        if words[index] and _parsed(shorter) == game:
            words = shorter
    return " ".join(word for part in words for word in part)


def _every_word(game: SkatGame) -> list[tuple[str, ...]]:
    """Every word of ``game``, grouped as they are read; only the levels may go unsaid."""
    words: list[tuple[str, ...]] = [(game.trump.word,)]
    if game.tops is not None:
        words.append((WITHOUT_WORD if game.without else WITH_WORD, str(game.tops)))
    return [
        *words,
        *(level.words for level in Level if level in game.levels),
        *([(KONTRA_WORD,)] if game.kontra else []),
        *([(RE_WORD,)] if game.re else []),
        *([(WON_WORD if game.won else LOST_WORD,)] if game.won is not None else []),
        *([(BID_WORD, str(game.bid))] if game.bid is not None else []),
    ]


def _parsed(words: list[tuple[str, ...]]) -> SkatGame | PassedGame | None:
    try:
        return parse(" ".join(word for part in words for word in part))
    except NotationError:
        return None


# A game is a frozen value, so one may be shared; Skat writes about 2,000 games (Fipsen's a
# few dozen), and a list repeats them: all of them kept.
@lru_cache(maxsize=4 * PARSED_TEXTS)
def parse(text: str) -> SkatGame | PassedGame:
    """A game in the notation, words in any order, in any case, whole or as the list keeper
    shortens them (:func:`short_game`, with "+" and "-" for the result: "Kr m2 H +").

    :raises NotationError: ``NOTATION_EMPTY``, ``NOTATION_UNKNOWN_WORD`` (a word, or a
        number where none goes), ``NOTATION_REPEATED_WORD``, ``NOTATION_CONFLICT`` (two games,
        won and lost, mit and ohne) or ``NOTATION_NO_GAME``.
    """
    words = [word for said in text.split() for word in _spelled_out(said)]
    if not words:
        raise NotationError.of(Code.NOTATION_EMPTY, "game")
    if " ".join(words).lower() in (PASSED_WORD, "passed in"):  # the page's English too
        return PassedGame()
    found = _Words()
    while words:
        found.read(words)
    if found.trump is None:
        raise NotationError.of(Code.NOTATION_NO_GAME, "game", text=text)
    return normalized(
        SkatGame(
            found.trump,
            found.tops,
            found.without,
            frozenset(found.levels),
            KONTRA_WORD.lower() in found.seen,
            RE_WORD.lower() in found.seen,
            found.won,
            found.bid,
        )
    )


_TRUMPS = {trump.value: trump for trump in Trump}
_LEVELS = {tuple(word.lower() for word in level.words): level for level in Level}
_SINGLE = {KONTRA_WORD.lower(), RE_WORD.lower()}
_RESULTS = {WON_WORD: True, LOST_WORD: False}


class _Words:
    """What :func:`parse` has read so far; :meth:`read` takes the next word (and the number
    or "angesagt" that belongs to it)."""

    def __init__(self) -> None:
        self.trump: Trump | None = None
        self.tops: int | None = None
        self.without = False
        self.levels: set[Level] = set()
        self.won: bool | None = None
        self.bid: int | None = None
        self.seen: dict[str, str] = {}

    def read(self, words: list[str]) -> None:
        said = words.pop(0)
        word = said.lower()
        if word in ("schneider", "schwarz") and words and words[0].lower() == "angesagt":
            said, word = f"{said} {words.pop(0)}", f"{word} angesagt"
        kind = self._kind(word, said)
        if kind in self.seen and self.seen[kind] == word:
            raise NotationError.of(Code.NOTATION_REPEATED_WORD, "game", word=said)
        if kind in self.seen:
            raise NotationError.of(Code.NOTATION_CONFLICT, "game", word=said, other=self.seen[kind])
        self.seen[kind] = word
        if word in _TRUMPS:
            self.trump = _TRUMPS[word]
        elif word in (WITH_WORD, WITHOUT_WORD.lower()):
            self.without = word == WITHOUT_WORD
            self.tops = _number(words, said)
        elif word == BID_WORD.lower():
            self.bid = _number(words, said)
        elif word in _RESULTS:
            self.won = _RESULTS[word]
        elif tuple(word.split()) in _LEVELS:
            self.levels.add(_LEVELS[tuple(word.split())])

    @staticmethod
    def _kind(word: str, said: str) -> str:
        """What a word says, of which a game says one: its game, its result, its Spitzen."""
        if word in _TRUMPS:
            return "trump"
        if word in _RESULTS:
            return "result"
        if word in (WITH_WORD, WITHOUT_WORD):
            return "tops"
        if word == BID_WORD.lower() or word in _SINGLE or tuple(word.split()) in _LEVELS:
            return word
        raise NotationError.of(Code.NOTATION_UNKNOWN_WORD, "game", word=said)


def _number(words: list[str], after: str) -> int:
    """The number that follows ``after`` ("mit 2", "Reizung 22").

    :raises NotationError: :data:`NUMBER_MISSING`.
    """
    if not words or not (words[0].isascii() and words[0].isdigit()):
        raise NotationError.of(NUMBER_MISSING, "game", word=after)
    return int(words.pop(0))


#: The list keeper's short words for the canonical notation's (PREISSKAT.md: "Kr m2 H"); the
#: result is left to the sign of the value beside it.
_TRUMP_SHORT = dict(zip(Trump, ("Ka", "He", "Pi", "Kr", "Gr", "Null"), strict=True))
_SHORT = {
    **{trump.word: short for trump, short in _TRUMP_SHORT.items()},
    WITH_WORD: "m", WITHOUT_WORD: "o", BID_WORD: "R", "Hand": "H", "Schneider": "S",
    "Schwarz": "Sw", "angesagt": "a", "ouvert": "o", KONTRA_WORD: "K", RE_WORD: "Re",
    WON_WORD: "", LOST_WORD: "",
}  # fmt: skip


#: The short words read back (:func:`_spelled_out`), and the notation's words in English.
_SPELLED_OUT = {
    **{short.lower(): (trump.word,) for trump, short in _TRUMP_SHORT.items()},
    "h": ("Hand",), "s": ("Schneider",), "sw": ("Schwarz",), "sa": ("Schneider", "angesagt"),
    "swa": ("Schwarz", "angesagt"), "o": ("ouvert",), "k": (KONTRA_WORD,), "+": (WON_WORD,),
    "-": (LOST_WORD,), "won": (WON_WORD,), "lost": (LOST_WORD,), "with": (WITH_WORD,),
    "without": (WITHOUT_WORD,), "bid": (BID_WORD,), "announced": ("angesagt",),
}  # fmt: skip
_JOINED = {"m": WITH_WORD, "o": WITHOUT_WORD, "r": BID_WORD, "mit": WITH_WORD,
           "ohne": WITHOUT_WORD, "reizung": BID_WORD}  # fmt: skip


def _spelled_out(said: str) -> tuple[str, ...]:
    """A word of the list's short notation in the notation's words ("m2": "mit", "2"); any
    other word as it is."""
    word = said.lower()
    head = word.rstrip("0123456789")
    if head in _JOINED and head != word:  # "m2", "mit2", "R22"
        return (_JOINED[head], word[len(head) :])
    return _SPELLED_OUT.get(word, (said,))


def short_game(game: SkatGame | PassedGame) -> str:
    """A game as the list keeper writes it in the list's narrow column: the canonical
    notation's words shortened, a number joined to its word, "angesagt" to its level.

    >>> short_game(parse("Kreuz mit 2 Hand gewonnen")), short_game(parse("Null ouvert verloren"))
    ('Kr m2 H', 'Null o')
    >>> short_game(parse("Karo ohne 1 verloren Reizung 22")), short_game(parse("eingepasst"))
    ('Ka o1 R22', 'eingepasst')
    >>> short_game(parse("Grand mit 1 Hand Schneider angesagt Kontra gewonnen"))
    'Gr m1 H Sa K'
    >>> str(parse("Gr mit1 H Sa K +")), str(parse("ka without 1 lost bid 22"))
    ('Grand mit 1 Hand Schneider angesagt Kontra gewonnen', 'Karo ohne 1 verloren Reizung 22')
    """
    if isinstance(game, PassedGame):
        return PASSED_WORD
    words: list[str] = []
    for word in str(game).split():
        if word.isdigit() or word == "angesagt":
            words[-1] += _SHORT.get(word, word)
        elif _SHORT[word]:
            words.append(_SHORT[word])
    return " ".join(words)
