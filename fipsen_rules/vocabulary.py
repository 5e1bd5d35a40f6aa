"""What a table's captain taps for a deal of a scored rule set, as data (SPEC B2, C1-C5).

A :class:`Vocabulary` names the tiles of the deal form in the order shown: the contracts (what
was played), the flags beside them in groups (Prisdorf's Hand, Ruten, Durch and, where the rules
have them, Kontra and Re; Großenaspe's Gute, Kreuz, Durch and geklopft; Ansegger's Ruten) and
the results (won, lost, surrendered; Großenaspe's beet and pott beet). It turns taps into the
rule set's game (:meth:`Vocabulary.game_of`) and a game back into taps (:meth:`Vocabulary.taps_of`,
for a correction), and scores a game at a table (:meth:`Vocabulary.score`): with the dealer where
the rules need him, and a value written on paper checked against the rules'.

Beside tiles and flags a vocabulary may have numbers (:class:`NumberField`: a bid, a count of
matadors), typed or stepped, which a game carries and gives back to its taps; and a rule set's
own notation words (:attr:`Vocabulary.words`) and error codes (:attr:`Vocabulary.codes`), so
that a game brings what it says without a line in a central list.

Every scored rule set has one: ``rules.vocabulary`` (its own in
:mod:`~fipsen_rules.prisdorf_vocabulary`, :mod:`~fipsen_rules.grossenaspe_vocabulary`,
:mod:`~fipsen_rules.mecklenburg_vocabulary`). Labels that are words of the game (Hand,
Kieker, beet) are the same in every language; the others are English, marked with
:func:`~fipsen_rules.messages.gettext_noop`, and translated by the web layer; so are the
notation's own words when a deal is said on a page (:func:`spoken`: "4 Hand won").

>>> from fipsen_rules import PRISDORF
>>> words = PRISDORF.vocabulary
>>> [tile.value for tile in words.contracts]
['2', '3', '4', '5', 'kieker', 'siebener', 'passed']
>>> str(words.game_of(Taps("3", frozenset({"hand"}), "lost")))
'3 Hand verloren'
>>> words.taps_of(PRISDORF.parse("Kieker Ruten gewonnen"))
Taps(contract='kieker', flags=frozenset({'ruten'}), result='won', numbers=())
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from fipsen_rules.errors import Code, InvalidEntryError, OwnCode
from fipsen_rules.game import Result
from fipsen_rules.messages import gettext_noop
from fipsen_rules.taps import NumberField, Taps, every_taps, every_taps_count

if TYPE_CHECKING:
    pass

__all__ = [
    "ALL_PASSED",
    "CONTRACT",
    "LOST_TILE",
    "NOTATION_WORDS",
    "PASSED",
    "RESULT",
    "SURRENDERED_TILE",
    "WON_TILE",
    "Conflict",
    "EndingHint",
    "FlagGroup",
    "NumberField",
    "PaperSheet",
    "SignedScore",
    "Spoken",
    "TableScore",
    "Taps",
    "Tile",
    "Vocabulary",
    "every_taps",
    "every_taps_count",
    "named_tiles",
    "own_game",
    "passed_tile",
    "spoken",
]

#: The taps' name for every deal's parts; a flag's name is its tile's value.
CONTRACT, RESULT = "contract", "result"
#: The contract tile of a deal where all passed (where the rules have one).
PASSED = "passed"
WON, LOST, SURRENDERED = Result.WON.value, Result.LOST.value, Result.SURRENDERED.value


@dataclass(frozen=True, slots=True)
class Tile:
    """One tap target: its value as posted and its label.

    :param shown: offered as a tile (a contract the club's table has no points for is not; a
        posted one is still read, and the rules refuse it with their reason).
    :param tap_off: a flag the game is played without is refused as "tap it again to
        deselect it" (else in the rules' own words).
    :param saves: a contract that is the whole deal (Preisskat's "eingepasst"): the
        captain's one tap on it saves the deal.
    """

    value: str
    label: str
    shown: bool = True
    tap_off: bool = True
    saves: bool = False


@dataclass(frozen=True, slots=True)
class FlagGroup:
    """A row of flags (checkboxes) under its legend, e.g. Prisdorf's doubles."""

    key: str
    legend: str
    tiles: tuple[Tile, ...]

    @property
    def shown(self) -> bool:
        """Whether any of its tiles is offered."""
        return any(tile.shown for tile in self.tiles)


@dataclass(frozen=True, slots=True)
class Conflict:
    """Two flags that cannot be tapped together: ``flag`` is the one to tap off, ``message``
    (English, to translate) says so."""

    flag: str
    other: str
    message: str


@dataclass(frozen=True, slots=True)
class EndingHint:
    """How a game may end, to say to a captain who tapped no or a wrong ending.

    :param game: the game without its ending, in the notation.
    :param endings: the values of the result tiles it may end with, in tile order.
    :param tapped: the value of the result tile tapped, if any.
    """

    game: str
    endings: tuple[str, ...]
    tapped: str | None


@dataclass(frozen=True, slots=True)
class TableScore:
    """A deal scored at a table: the game in the notation, every seat's change, and whether
    it counts as a deal (all passed does not).

    :param value: the value column of the paper sheet, signed: what the declarer gains or
        loses, or, negative, what each opponent gains (Großenaspe).
    """

    game: str
    score_changes: tuple[int, ...]
    counts_as_deal: bool
    value: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PaperSheet:
    """How the rule set's paper sheet is written, for a sheet typed in line by line.

    :param entry_missing: what to say of a line with a player and nothing after him, with
        the rule set's own examples (None: the sheet's general words, with Prisdorf's).
    :param value_alone: a value alone stands for the game that has it (Prisdorf's sheet has
        a value column); else ``value_only`` (the rule set's own code) is said, with
        ``value_example``.
    :param whole_without_result: the contracts whose line reads whole without a result (a
        number's needs one).
    :param passed_line: all passed is a line of its own, without a player (Mecklenburg); else
        a deal where all passed is left out of the sheet.
    :param dealer_sits_out_at: the table size at which the dealer sits each deal out.
    :param declarer_column: a line's running total is the declarer's alone, the values of his
        games summed in his column (a Skat list); else every seat's total.
    :param number_words: the words a number follows in a game ("Reizung 22"), in lower case:
        a line's last number after one of them is the game's, not its value.
    """

    entry_missing: OwnCode | None = None
    value_alone: bool = False
    value_only: OwnCode | None = None
    value_example: str = ""
    whole_without_result: frozenset[str] = frozenset()
    passed_line: bool = False
    dealer_sits_out_at: int | None = None
    declarer_column: bool = False
    number_words: frozenset[str] = frozenset()


class SignedScore(Protocol):
    """A deal scored with a signed game value (the rules' ``DealScore``)."""

    @property
    def game(self) -> object: ...
    @property
    def game_value(self) -> int: ...
    @property
    def score_changes(self) -> tuple[int, ...]: ...
    @property
    def counts_as_deal(self) -> bool: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Vocabulary:
    """The tiles of a scored rule set and what they mean; a subclass per game type.

    :param contracts: what was played, in the order shown.
    :param groups: the flags beside it, a row each.
    :param results: how it ended.
    :param results_legend: the result row's legend (English).
    :param fields: where the rules' fields (of a violation) sit among the taps, by name.
    :param paper_value: the captain may type the value written on the paper sheet.
    :param notes: a note for a table of a size, by size (English, to translate).
    :param conflicts: flags that cannot be tapped together.
    :param paper: how its paper sheet is written (None: sheets are not typed in).
    :param numbers: the numbers typed beside the tiles (a bid), in the order shown.
    :param words: the rule set's own notation words with their English, said in the reader's
        language as :data:`NOTATION_WORDS` are (see :func:`spoken`).
    :param codes: the rule set's own error codes (its rules beyond the library's).
    """

    contracts: tuple[Tile, ...]
    groups: tuple[FlagGroup, ...]
    results: tuple[Tile, ...]
    results_legend: str = gettext_noop("Result")
    fields: tuple[tuple[str, str], ...]
    paper_value: bool = False
    notes: tuple[tuple[int, str], ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    paper: PaperSheet | None = None
    numbers: tuple[NumberField, ...] = ()
    words: tuple[tuple[str, str], ...] = ()
    codes: tuple[OwnCode, ...] = ()

    @property
    def flags(self) -> tuple[Tile, ...]:
        """Every flag, group by group."""
        return tuple(tile for group in self.groups for tile in group.tiles)

    @property
    def field_of(self) -> Mapping[str, str]:
        """:attr:`fields` as a mapping."""
        return dict(self.fields)

    def note_at(self, players: int) -> str:
        """The note for a table of ``players`` ("" for none)."""
        return dict(self.notes).get(players, "")

    def game_of(self, taps: Taps) -> object:
        """The rule set's game for ``taps``.

        :raises InvalidEntryError: taps that make no game (the rules say which is wrong).
        """
        raise NotImplementedError

    def taps_of(self, game: object) -> Taps:
        """The taps that make ``game``: ``game_of(taps_of(game)) == game``, its numbers too.

        :raises TypeError: a game of another rule set.
        """
        raise NotImplementedError

    def score(
        self,
        game: object,
        *,
        players: int,
        declarer: int | None,
        dealer: int | None = None,
        written_value: int | None = None,
    ) -> TableScore:
        """Check and score ``game`` at a table of ``players`` (seats 0-based); the dealer where
        the rules score with him; a value written on paper must be the signed game value.

        :raises FipsenError: the deal breaks a rule, or ``written_value`` is not its value.
        :raises TypeError: a game of another rule set.
        """
        scored = self.evaluate(game, players=players, declarer=declarer, dealer=dealer)
        if written_value is not None and written_value != scored.game_value:
            raise InvalidEntryError.of(
                Code.VALUE_MISMATCH,
                "captain_value",
                value=written_value,
                computed=scored.game_value,
                game=str(scored.game),
            )
        return TableScore(
            str(scored.game), scored.score_changes, scored.counts_as_deal, scored.game_value
        )

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> SignedScore:
        """The rules' score of ``game`` (see :meth:`score`)."""
        raise NotImplementedError

    def ending_hint(self, game: object) -> EndingHint | None:
        """How ``game`` may end, where the rules say so to the captain (Großenaspe)."""
        return None

    def games_of_value(self, value: int) -> tuple[object, ...]:
        """The games a value alone stands for on a paper sheet, plainest first; none where a
        value never stands alone (see :attr:`PaperSheet.value_alone`)."""
        return ()


_G = TypeVar("_G")


def own_game(game: object, kind: type[_G]) -> _G:
    if not isinstance(game, kind):
        raise TypeError(f"not a game of these rules: {game!r}")
    return game


@runtime_checkable
class Spoken(Protocol):
    """A scored rule set as its deal form and its scoring at a table see it: its vocabulary,
    its notation, and every score a deal can give (a value typed alone is one of them)."""

    @property
    def name(self) -> str:
        """Its name in the registry."""
        ...

    @property
    def vocabulary(self) -> Vocabulary:
        """What its captain taps."""
        ...

    def parse(self, text: str) -> object:
        """A game in its notation."""
        ...

    def possible_scores(self) -> tuple[int, ...]:
        """Every score a seat can get in one deal, ascending."""
        ...


#: The results every rule set has: won, lost (and Prisdorf's and Großenaspe's surrendered).
ALL_PASSED = gettext_noop("all passed")
WON_TILE = Tile(WON, gettext_noop("won"))
LOST_TILE = Tile(LOST, gettext_noop("lost"))
SURRENDERED_TILE = Tile(SURRENDERED, gettext_noop("surrendered"))


#: The notation's words that are not the game's own (Kieker, Hand, Fips, beet stay as they
#: are in every language), with their English: a deal's words say them in the reader's
#: language (:func:`spoken`), the notation stays German (it is what is stored and typed).
NOTATION_WORDS: tuple[tuple[str, str], ...] = (
    ("alle gepasst", ALL_PASSED),
    ("gewonnen", WON_TILE.label),
    ("verloren", LOST_TILE.label),
    ("aufgegeben", SURRENDERED_TILE.label),
    ("geklopft", gettext_noop("knocked")),
)


@cache
def _pattern(words: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(" + "|".join(re.escape(word) for word, _ in words) + r")(?!\w)")


def spoken(
    game: str,
    translate: Callable[[str], str],
    words: tuple[tuple[str, str], ...] = NOTATION_WORDS,
) -> str:
    """``game`` in the notation with its own ``words`` (:data:`NOTATION_WORDS`, and the rule
    sets' own: :func:`fipsen_rules.rulesets.notation_words`) said by ``translate`` from their
    English (the web layer's gettext); the game's names stay.

    >>> spoken("4 Hand gewonnen", lambda english: english)
    '4 Hand won'
    >>> spoken("alle gepasst", str.upper)
    'ALL PASSED'
    >>> spoken("3 Gute geklopft beet", lambda english: english)
    '3 Gute knocked beet'
    """
    english = dict(words)
    return _pattern(words).sub(lambda found: translate(english[found.group(1)]), game)


def passed_tile() -> Tile:
    """The tile of a deal where all passed."""
    return Tile(PASSED, ALL_PASSED)


def named_tiles(*names: str) -> tuple[Tile, ...]:
    """Flags labelled with their own name capitalised (the game's words)."""
    return tuple(Tile(name, name.capitalize()) for name in names)
