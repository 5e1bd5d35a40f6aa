"""What a Prisdorf captain taps (SPEC A, C1, C2): see :mod:`fipsen_rules.vocabulary`.

>>> from fipsen_rules import Prisdorf
>>> [t.value for t in Prisdorf(min_bid=3).vocabulary.contracts]
['3', '4', '5', 'kieker', 'siebener', 'passed']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from fipsen_rules.entry import DealEntry
from fipsen_rules.game import Game, GameKind, Result
from fipsen_rules.messages import gettext_noop
from fipsen_rules.vocabulary import (
    CONTRACT,
    LOST_TILE,
    PASSED,
    RESULT,
    SURRENDERED_TILE,
    WON_TILE,
    FlagGroup,
    PaperSheet,
    TableScore,
    Taps,
    Tile,
    Vocabulary,
    named_tiles,
    own_game,
    passed_tile,
)

if TYPE_CHECKING:
    from fipsen_rules.prisdorf import Prisdorf

__all__ = ["PrisdorfVocabulary", "prisdorf_vocabulary"]

_PRISDORF_HEADS = {"kieker": GameKind.KIEKER, "siebener": GameKind.SIEBENER_FIPS}
_PRISDORF_HEADS[PASSED] = GameKind.PASSED
_PRISDORF_FIELDS = (
    ("declarer", "declarer"),
    ("tricks", CONTRACT),
    ("hand", "hand"),
    ("ruten", "ruten"),
    ("durch", "durch"),
    ("kontra", "kontra"),
    ("re", "re"),
    ("result", RESULT),
    ("captain_value", "written_value"),
)
_DOUBLES = ("hand", "ruten", "durch")
_CALLS = ("kontra", "re")


@dataclass(frozen=True, slots=True, kw_only=True)
class PrisdorfVocabulary(Vocabulary):
    """Prisdorf's taps: 2 (or 3) to 5, Kieker, Siebener Fips, all passed; Hand, Ruten, Durch;
    Kontra and Re where agreed; won, lost, surrendered."""

    rules: Prisdorf

    def game_of(self, taps: Taps) -> Game:
        kind = _PRISDORF_HEADS.get(taps.contract, GameKind.NUMBER)
        return Game(
            kind,
            int(taps.contract) if kind is GameKind.NUMBER else None,
            hand=taps.has("hand"),
            ruten=taps.has("ruten"),
            durch=taps.has("durch"),
            result=Result(taps.result) if taps.result else None,
            kontra=taps.has("kontra"),
            re=taps.has("re"),
        )

    def taps_of(self, game: object) -> Taps:
        """A 5 is always Durch: its Durch is not tapped."""
        game = own_game(game, Game)
        heads = {kind: value for value, kind in _PRISDORF_HEADS.items()}
        contract = str(game.tricks) if game.kind is GameKind.NUMBER else heads[game.kind]
        durch = game.durch and game.tricks != 5
        flags = {"hand": game.hand, "ruten": game.ruten, "durch": durch}
        flags |= {"kontra": game.kontra, "re": game.re}
        tapped = frozenset(name for name, on in flags.items() if on)
        return Taps(contract, tapped, game.result.value if game.result else None)

    def score(
        self,
        game: object,
        *,
        players: int,
        declarer: int | None,
        dealer: int | None = None,
        written_value: int | None = None,
    ) -> TableScore:
        """The dealer plays no part; a written value is checked with the game (SPEC B2)."""
        game = own_game(game, Game)
        if written_value is None:
            outcome = self.rules.evaluate(game, players=players, declarer=declarer)
        else:
            entry = DealEntry(game, declarer=declarer, captain_value=written_value)
            outcome = self.rules.evaluate(entry, players=players)
        return TableScore(
            str(outcome.game),
            outcome.score_changes,
            outcome.counts_as_deal,
            outcome.declarer_score,
        )

    def games_of_value(self, value: int) -> tuple[Game, ...]:
        """Every game the rules allow that scores ``value`` for the declarer, the plainest
        first: fewer doubles, a number before a Kieker, Hand before Ruten before Durch (so
        that -12 suggests "3 Hand verloren").

        >>> from fipsen_rules import PRISDORF
        >>> [str(g) for g in PRISDORF.vocabulary.games_of_value(-6)]
        ['3 verloren']
        """
        return _games_by_value(self.rules).get(value, ())


@cache
def _games_by_value(rules: Prisdorf) -> Mapping[int, tuple[Game, ...]]:
    found: dict[int, list[Game]] = {}
    for game in rules.games():
        found.setdefault(rules.score(game), []).append(game)
    return {value: tuple(sorted(games, key=_plainness)) for value, games in found.items()}


def _plainness(game: Game) -> tuple[int, bool, bool, bool, bool]:
    return (game.doubles, game.kind is not GameKind.NUMBER, game.durch, game.ruten, game.hand)


@cache
def prisdorf_vocabulary(rules: Prisdorf) -> PrisdorfVocabulary:
    """Prisdorf's vocabulary under ``rules``: the numbers from its minimum bid; Kontra and Re
    where agreed; at a table of three, how the Kieker is played there.

    >>> from fipsen_rules import Prisdorf
    >>> words = prisdorf_vocabulary(Prisdorf(min_bid=3, kontra=True))
    >>> [t.value for t in words.contracts][:2], [g.key for g in words.groups]
    (['3', '4'], ['doubles', 'calls'])
    """
    numbers = tuple(Tile(str(n), str(n)) for n in range(rules.min_bid, 6))
    heads = (Tile("kieker", "Kieker"), Tile("siebener", "Siebener Fips"))
    groups = [FlagGroup("doubles", gettext_noop("Doubles (if any)"), named_tiles(*_DOUBLES))]
    if rules.kontra:
        calls = (Tile("kontra", "Kontra"), Tile("re", "Re", tap_off=False))
        groups.append(FlagGroup("calls", gettext_noop("Kontra and Re (if said)"), calls))
    return PrisdorfVocabulary(
        rules=rules,
        contracts=(*numbers, *heads, passed_tile()),
        groups=tuple(groups),
        results=(WON_TILE, LOST_TILE, SURRENDERED_TILE),
        fields=_PRISDORF_FIELDS,
        paper_value=True,
        notes=((3, rules.kieker_procedure(3)),),
        paper=PaperSheet(
            value_alone=True,
            whole_without_result=frozenset(tile.value for tile in heads) | {PASSED},
        ),
    )
