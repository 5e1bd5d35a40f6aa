"""What a Großenaspe captain taps (SPEC C3), and how each game may end: see
:mod:`fipsen_rules.vocabulary`.

>>> from fipsen_rules import GROSSENASPE
>>> [t.label for t in GROSSENASPE.vocabulary.results]
['won', 'lost', 'beet', 'pott beet', 'surrendered']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from fipsen_rules.deal_scores import DealScore
from fipsen_rules.errors import OwnCode
from fipsen_rules.grossenaspe_game import AspeKind, Ending, GrossenaspeGame
from fipsen_rules.messages import gettext_noop
from fipsen_rules.vocabulary import (
    CONTRACT,
    LOST_TILE,
    PASSED,
    RESULT,
    SURRENDERED_TILE,
    WON_TILE,
    Conflict,
    EndingHint,
    FlagGroup,
    PaperSheet,
    Taps,
    Tile,
    Vocabulary,
    named_tiles,
    own_game,
    passed_tile,
)

if TYPE_CHECKING:
    from fipsen_rules.grossenaspe import Grossenaspe

__all__ = ["GUTE_IS_CLUBS", "KNOCK", "AspeVocabulary", "endings_of", "grossenaspe_vocabulary"]

_ASPE_HEADS = {"kieker": AspeKind.KIEKER, "fips": AspeKind.FIPS, PASSED: AspeKind.PASSED}
_ASPE_FLAGS = ("gute", "kreuz", "durch")
KNOCK = "geklopft"
_ASPE_FIELDS = (
    ("declarer", "declarer"),
    ("tricks", CONTRACT),
    ("gute", "gute"),
    ("kreuz", "kreuz"),
    ("durch", "durch"),
    ("geklopft", KNOCK),
    ("result", RESULT),
    ("captain_value", "written_value"),
    ("dealer", "declarer"),
)
#: "beet" and "pott beet" are the club's own words, in every language.
_ASPE_RESULTS = (
    WON_TILE,
    LOST_TILE,
    Tile(Ending.BEET.value, "beet"),
    Tile(Ending.POTT_BEET.value, "pott beet"),
    SURRENDERED_TILE,
)
#: What a paper sheet's line lacks (scoring/paper): the game after the player, or the game of
#: a value alone (its value never says which game it was).
PAPER_ENTRY_MISSING = OwnCode(
    "paper_aspe_entry_missing",
    gettext_noop(
        "After the player, write the game, e.g. “3 Gute beet”, “4 gewonnen” or “Kieker aufgegeben”."
    ),
)
PAPER_VALUE_ONLY = OwnCode(
    "paper_aspe_value_only",
    gettext_noop(
        "“%(value)s” alone does not say which game it was: write the game, e.g. “3 Gute beet” "
        "(the value may follow it)."
    ),
    ("value",),
)
GUTE_IS_CLUBS = gettext_noop("“Gute” already says clubs – tap “Kreuz” again to deselect it.")


@dataclass(frozen=True, slots=True, kw_only=True)
class AspeVocabulary(Vocabulary):
    """Großenaspe's taps: 1 to 5, Kieker, Fips, all passed; Gute, Kreuz, Durch, and geklopft
    where agreed; won, lost, beet, pott beet, surrendered."""

    rules: Grossenaspe

    def game_of(self, taps: Taps) -> GrossenaspeGame:
        kind = _ASPE_HEADS.get(taps.contract, AspeKind.NUMBER)
        return GrossenaspeGame(
            kind,
            int(taps.contract) if kind is AspeKind.NUMBER else None,
            gute=taps.has("gute"),
            kreuz=taps.has("kreuz"),
            durch=taps.has("durch"),
            ending=Ending(taps.result) if taps.result else None,
            geklopft=taps.has(KNOCK),
        )

    def taps_of(self, game: object) -> Taps:
        game = own_game(game, GrossenaspeGame)
        contract = str(game.tricks) if game.kind is AspeKind.NUMBER else game.kind.value
        flags = {"gute": game.gute, "kreuz": game.kreuz, "durch": game.durch}
        flags[KNOCK] = game.geklopft
        tapped = frozenset(name for name, on in flags.items() if on)
        return Taps(contract, tapped, game.ending.value if game.ending else None)

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> DealScore[GrossenaspeGame]:
        """At a five the dealer sits out (SPEC C3.2, C3.3)."""
        game = own_game(game, GrossenaspeGame)
        return self.rules.evaluate(game, players=players, declarer=declarer, dealer=dealer)

    def ending_hint(self, game: object) -> EndingHint | None:
        """How a game (not all passed) may end.

        >>> from fipsen_rules import GROSSENASPE
        >>> GROSSENASPE.vocabulary.ending_hint(GrossenaspeGame.parse("1 Gute beet"))
        EndingHint(game='1 Gute', endings=('won', 'pott_beet'), tapped='beet')
        """
        game = own_game(game, GrossenaspeGame)
        if game.kind is AspeKind.PASSED:
            return None
        return EndingHint(
            str(replace(game, ending=None, geklopft=False)),
            tuple(ending.value for ending in endings_of(game, self.rules)),
            game.ending.value if game.ending else None,
        )


@cache
def grossenaspe_vocabulary(rules: Grossenaspe) -> AspeVocabulary:
    """Großenaspe's vocabulary under ``rules``: geklopft where the tournament agreed kloppen.
    No value from a paper sheet: its sheets are not transcribed.

    >>> from fipsen_rules import Grossenaspe
    >>> [t.value for t in grossenaspe_vocabulary(Grossenaspe(kloppen=True)).flags]
    ['gute', 'kreuz', 'durch', 'geklopft']
    """
    flags = named_tiles(*_ASPE_FLAGS) + (
        (Tile(KNOCK, gettext_noop("knocked"), tap_off=False),) if rules.kloppen else ()
    )
    numbers = tuple(Tile(str(n), str(n)) for n in range(1, 6))
    return AspeVocabulary(
        rules=rules,
        contracts=(*numbers, Tile("kieker", "Kieker"), Tile("fips", "Fips"), passed_tile()),
        groups=(FlagGroup("doubles", gettext_noop("Clubs, played on, knocked (if so)"), flags),),
        results=_ASPE_RESULTS,
        fields=_ASPE_FIELDS,
        conflicts=(Conflict("kreuz", "gute", GUTE_IS_CLUBS),),
        paper=PaperSheet(
            entry_missing=PAPER_ENTRY_MISSING,
            value_only=PAPER_VALUE_ONLY,
            whole_without_result=frozenset(_ASPE_HEADS),
            dealer_sits_out_at=max(rules.table_sizes),
        ),
    )


def endings_of(game: GrossenaspeGame, rules: Grossenaspe | None = None) -> tuple[Ending, ...]:
    """How Großenaspe lets ``game`` end (its own ending aside), in the order of the tiles; for
    a game it does not allow at all, how the bid alone ends (its flag is refused apart).

    >>> [e.value for e in endings_of(GrossenaspeGame.parse("1 beet"))]
    ['won', 'pott_beet']
    >>> [e.value for e in endings_of(GrossenaspeGame.parse("Kieker Gute gewonnen"))]
    ['won', 'lost', 'surrendered']
    """
    if rules is None:
        from fipsen_rules.grossenaspe import GROSSENASPE  # it imports this module

        rules = GROSSENASPE
    endings = _endings_by_head(rules)
    bare = replace(game, gute=False, kreuz=False, durch=False)
    return endings.get(_head(game)) or endings.get(_head(bare)) or ()


def _head(game: GrossenaspeGame) -> GrossenaspeGame:
    return replace(game, ending=None, geklopft=False)


@cache
def _endings_by_head(rules: Grossenaspe) -> Mapping[GrossenaspeGame, tuple[Ending, ...]]:
    heads: dict[GrossenaspeGame, set[Ending | None]] = {}
    for game in rules.games():
        heads.setdefault(_head(game), set()).add(game.ending)
    return {head: tuple(e for e in Ending if e in ends) for head, ends in heads.items()}
