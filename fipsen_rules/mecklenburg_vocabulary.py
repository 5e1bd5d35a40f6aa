"""What a Mecklenburg captain taps (SPEC C5: Ansegger Fips, Duttfips): see
:mod:`fipsen_rules.vocabulary`.

>>> from fipsen_rules import DUTTFIPS
>>> DUTTFIPS.vocabulary.results_legend
'Made or failed?'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import TYPE_CHECKING

from fipsen_rules.deal_scores import DealScore
from fipsen_rules.errors import OwnCode
from fipsen_rules.game import Result
from fipsen_rules.mecklenburg_game import MeckKind, MecklenburgGame
from fipsen_rules.messages import gettext_noop
from fipsen_rules.vocabulary import (
    CONTRACT,
    LOST_TILE,
    PASSED,
    RESULT,
    WON_TILE,
    FlagGroup,
    PaperSheet,
    Taps,
    Tile,
    Vocabulary,
    own_game,
    passed_tile,
)

if TYPE_CHECKING:
    from fipsen_rules.mecklenburg import Ansegger, Duttfips

__all__ = ["MeckVocabulary", "ansegger_vocabulary", "duttfips_vocabulary"]

_MECK_HEADS = {
    "fips": (MeckKind.FIPS, False),
    PASSED: (MeckKind.PASSED, False),
    "dutt": (MeckKind.DUTT, False),
    "oewer": (MeckKind.DUTT, True),
    "rutenfips": (MeckKind.FIPS, True),
}
#: A rule that names no field (a contract the club's table lacks) is said on the contract.
#: A paper sheet's value alone (scoring/paper): it never says which game it was.
PAPER_VALUE_ONLY = OwnCode(
    "paper_meck_value_only",
    gettext_noop(
        "“%(value)s” alone does not say which game it was: write the game, e.g. "
        "“%(example)s” (the club's points may follow it)."
    ),
    ("value", "example"),
)
_MECK_FIELDS = (
    ("declarer", "declarer"),
    ("tricks", CONTRACT),
    ("", CONTRACT),
    ("points", CONTRACT),
    ("result", RESULT),
    ("captain_value", "written_value"),
    ("dealer", "declarer"),
)


@dataclass(frozen=True, slots=True, kw_only=True)
class MeckVocabulary(Vocabulary):
    """Mecklenburg's taps: a contract (only those the club's table has points for are shown),
    Ruten where it is a tile of its own (Ansegger), made or failed."""

    rules: Ansegger | Duttfips
    #: Ruten is a flag of its own (Ansegger: "3 Ruten"), not a contract of its own.
    ruten_flag: bool

    def game_of(self, taps: Taps) -> MecklenburgGame:
        kind, ruten = _MECK_HEADS.get(taps.contract, (MeckKind.NUMBER, False))
        return MecklenburgGame(
            kind,
            int(taps.contract) if kind is MeckKind.NUMBER else None,
            ruten=ruten or taps.has("ruten"),
            result=Result(taps.result) if taps.result else None,
        )

    def taps_of(self, game: object) -> Taps:
        game = own_game(game, MecklenburgGame)
        contract = _meck_contract(game, ruten_flag=self.ruten_flag)
        flags = frozenset({"ruten"} if game.ruten and self.ruten_flag else ())
        return Taps(contract, flags, game.result.value if game.result else None)

    def evaluate(
        self, game: object, *, players: int, declarer: int | None, dealer: int | None
    ) -> DealScore[MecklenburgGame]:
        """The club's points; in Duttfips the dealer's Vorhand takes the Dutt (SPEC C5)."""
        game = own_game(game, MecklenburgGame)
        return self.rules.evaluate(game, players=players, declarer=declarer, dealer=dealer)


def _meck_contract(game: MecklenburgGame, *, ruten_flag: bool) -> str:
    """The contract tile of ``game`` (Ansegger's Ruten is a flag, Duttfips's a contract)."""
    if game.kind is MeckKind.NUMBER:
        return str(game.tricks)
    if game.kind is MeckKind.DUTT:
        return "oewer" if game.ruten else "dutt"
    if game.kind is MeckKind.FIPS and game.ruten and not ruten_flag:
        return "rutenfips"
    return game.kind.value


@cache
def ansegger_vocabulary(rules: Ansegger) -> MeckVocabulary:
    """Ansegger Fips: 1 to 4, Fips, all passed (those the club's table has points for shown),
    Ruten a tile of its own where a Ruten contract has points.

    >>> from fipsen_rules import ANSEGGER
    >>> [t.value for t in ansegger_vocabulary(ANSEGGER).contracts if t.shown]
    ['1', '2', '3', '4', 'fips', 'passed']
    """
    numbers = tuple(Tile(str(n), str(n)) for n in range(1, 5))
    ruten = Tile("ruten", "Ruten", shown="ruten" in _offered(rules, ruten_flag=True))
    return _meck_vocabulary(
        rules,
        (*numbers, Tile("fips", "Fips"), passed_tile()),
        ruten_flag=True,
        groups=(FlagGroup("doubles", gettext_noop("Ruten (diamonds trumps)"), (ruten,)),),
        entry_missing=OwnCode(
            "paper_ansegger_entry_missing",
            gettext_noop(
                "After the player, write the game, e.g. “3 Ruten gewonnen” or “Fips verloren” "
                "(a deal where all passed is a line of its own: “alle gepasst”)."
            ),
        ),
        value_example="3 Ruten gewonnen",
    )


@cache
def duttfips_vocabulary(rules: Duttfips) -> MeckVocabulary:
    """Duttfips: Dutt, "Ruten oewer", Fips, Rutenfips, each one tap; nobody passes. Its sheet
    is read as Ansegger's: a line of all passed is the rules' to refuse.

    >>> from fipsen_rules import DUTTFIPS
    >>> [t.label for t in duttfips_vocabulary(DUTTFIPS).contracts]
    ['Dutt', 'Ruten oewer', 'Fips', 'Rutenfips']
    """
    contracts = (
        Tile("dutt", "Dutt"),
        Tile("oewer", "Ruten oewer"),
        Tile("fips", "Fips"),
        Tile("rutenfips", "Rutenfips"),
    )
    return _meck_vocabulary(
        rules,
        contracts,
        ruten_flag=False,
        groups=(),
        entry_missing=OwnCode(
            "paper_duttfips_entry_missing",
            gettext_noop(
                "After the player, write the game, e.g. “Dutt gewonnen”, “Ruten oewer verloren” "
                "or “Fips gewonnen”."
            ),
        ),
        value_example="Dutt gewonnen",
    )


def _meck_vocabulary(
    rules: Ansegger | Duttfips,
    contracts: tuple[Tile, ...],
    *,
    ruten_flag: bool,
    groups: tuple[FlagGroup, ...],
    entry_missing: OwnCode,
    value_example: str,
) -> MeckVocabulary:
    """What both games share: made or failed, the club's table choosing the contracts shown."""
    offered = _offered(rules, ruten_flag=ruten_flag)
    return MeckVocabulary(
        rules=rules,
        ruten_flag=ruten_flag,
        contracts=tuple(replace(tile, shown=tile.value in offered) for tile in contracts),
        groups=groups,
        results=(WON_TILE, LOST_TILE),
        results_legend=gettext_noop("Made or failed?"),
        fields=_MECK_FIELDS,
        paper=PaperSheet(
            entry_missing=entry_missing,
            value_only=PAPER_VALUE_ONLY,
            value_example=value_example,
            whole_without_result=frozenset({PASSED}),
            passed_line=True,
        ),
    )


def _offered(rules: Ansegger | Duttfips, *, ruten_flag: bool) -> frozenset[str]:
    """The tiles of the contracts the club's table has points for, all passed always, and
    "ruten" where a Ruten contract has points (Ansegger)."""
    offered = {PASSED}
    for contract, _won, _lost in rules.points.points:
        offered.add(_meck_contract(contract, ruten_flag=ruten_flag))
        if contract.ruten and ruten_flag:
            offered.add("ruten")
    return frozenset(offered)
