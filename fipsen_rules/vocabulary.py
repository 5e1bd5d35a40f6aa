"""What a table's captain taps for a deal of a scored rule set, as data (SPEC B2, C1-C5).

A :class:`Vocabulary` names the tiles of the deal form in the order shown: the contracts (what
was played), the flags beside them in groups (Prisdorf's Hand, Ruten, Durch and, where the rules
have them, Kontra and Re; Großenaspe's Gute, Kreuz, Durch and geklopft; Ansegger's Ruten) and
the results (won, lost, surrendered; Großenaspe's beet and pott beet). It turns taps into the
rule set's game (:meth:`Vocabulary.game_of`) and a game back into taps (:meth:`Vocabulary.taps_of`,
for a correction), and scores a game at a table (:meth:`Vocabulary.score`): with the dealer where
the rules need him, and a value written on paper checked against the rules'.

Every scored rule set has one: ``rules.vocabulary``. Labels that are words of the game (Hand,
Kieker, beet) are the same in every language; the others are English, marked with
:func:`~fipsen_rules.messages.gettext_noop`, and translated by the web layer.

>>> from fipsen_rules import PRISDORF
>>> words = PRISDORF.vocabulary
>>> [tile.value for tile in words.contracts]
['2', '3', '4', '5', 'kieker', 'siebener', 'passed']
>>> str(words.game_of(Taps("3", frozenset({"hand"}), "lost")))
'3 Hand verloren'
>>> words.taps_of(PRISDORF.parse("Kieker Ruten gewonnen"))
Taps(contract='kieker', flags=frozenset({'ruten'}), result='won')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, Protocol, TypeVar, runtime_checkable

from fipsen_rules.entry import DealEntry
from fipsen_rules.errors import Code, InvalidEntryError
from fipsen_rules.game import Game, GameKind, Result
from fipsen_rules.grossenaspe_game import AspeKind, Ending, GrossenaspeGame
from fipsen_rules.mecklenburg_game import MeckKind, MecklenburgGame
from fipsen_rules.messages import gettext_noop

if TYPE_CHECKING:
    from fipsen_rules.deal_scores import DealScore
    from fipsen_rules.grossenaspe import Grossenaspe
    from fipsen_rules.mecklenburg import Ansegger, Duttfips
    from fipsen_rules.prisdorf import Prisdorf

__all__ = [
    "AspeVocabulary",
    "Conflict",
    "EndingHint",
    "FlagGroup",
    "MeckVocabulary",
    "PaperSheet",
    "PrisdorfVocabulary",
    "Spoken",
    "TableScore",
    "Taps",
    "Tile",
    "Vocabulary",
    "ansegger_vocabulary",
    "duttfips_vocabulary",
    "endings_of",
    "every_taps",
    "grossenaspe_vocabulary",
    "prisdorf_vocabulary",
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
    """

    value: str
    label: str
    shown: bool = True
    tap_off: bool = True


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
class Taps:
    """What the captain tapped: a contract's value, the flags' values, a result's value.

    >>> Taps("3", frozenset({"hand"}), "won").has("hand")
    True
    """

    contract: str
    flags: frozenset[str] = frozenset()
    result: str | None = None

    def has(self, flag: str) -> bool:
        """Whether ``flag`` was tapped."""
        return flag in self.flags


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

    :param entry_missing: the code of what to say of a line with a player and nothing after
        him (its examples are the rule set's).
    :param value_alone: a value alone stands for the game that has it (Prisdorf's sheet has
        a value column); else ``value_only`` is said, with ``value_example``.
    :param whole_without_result: the contracts whose line reads whole without a result (a
        number's needs one).
    :param passed_line: all passed is a line of its own, without a player (Mecklenburg); else
        a deal where all passed is left out of the sheet.
    :param dealer_sits_out_at: the table size at which the dealer sits each deal out.
    """

    entry_missing: str
    value_alone: bool = False
    value_only: str = ""
    value_example: str = ""
    whole_without_result: frozenset[str] = frozenset()
    passed_line: bool = False
    dealer_sits_out_at: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Vocabulary:
    """The tiles of a scored rule set and what they mean; a subclass per game type.

    :param contracts: what was played, in the order shown.
    :param groups: the flags beside it, a row each.
    :param results: how it ended.
    :param results_legend: the result row's legend (English).
    :param fields: where the rules' fields (of a violation) sit among the taps, by name.
    :param scores_with_dealer: the dealer takes part in scoring a deal (who sits out at a
        five, who takes the Dutt).
    :param paper_value: the captain may type the value written on the paper sheet.
    :param notes: a note for a table of a size, by size (English, to translate).
    :param conflicts: flags that cannot be tapped together.
    :param paper: how its paper sheet is written (None: sheets are not typed in).
    """

    contracts: tuple[Tile, ...]
    groups: tuple[FlagGroup, ...]
    results: tuple[Tile, ...]
    results_legend: str = gettext_noop("Result")
    fields: tuple[tuple[str, str], ...]
    scores_with_dealer: bool = False
    paper_value: bool = False
    notes: tuple[tuple[int, str], ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    paper: PaperSheet | None = None

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
        """The taps that make ``game``: ``game_of(taps_of(game)) == game``.

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
        """Check and score ``game`` at a table of ``players`` (seats 0-based).

        :raises FipsenError: the deal breaks a rule, or ``written_value`` is not its value.
        :raises TypeError: a game of another rule set.
        """
        raise NotImplementedError

    def ending_hint(self, game: object) -> EndingHint | None:
        """How ``game`` may end, where the rules say so to the captain (Großenaspe)."""
        return None

    def games_of_value(self, value: int) -> tuple[object, ...]:
        """The games a value alone stands for on a paper sheet, plainest first; none where a
        value never stands alone (see :attr:`PaperSheet.value_alone`)."""
        return ()


_G = TypeVar("_G")


def _own(game: object, kind: type[_G]) -> _G:
    if not isinstance(game, kind):
        raise TypeError(f"not a game of these rules: {game!r}")
    return game


def _value_checked(score: DealScore[_G], written_value: int | None) -> TableScore:
    """A score whose value written on paper must be the signed game value."""
    if written_value is not None and written_value != score.game_value:
        raise InvalidEntryError.of(
            Code.VALUE_MISMATCH,
            "captain_value",
            value=written_value,
            computed=score.game_value,
            game=str(score.game),
        )
    return TableScore(str(score.game), score.score_changes, score.counts_as_deal, score.game_value)


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


# Prisdorf (SPEC A, C1, C2)

ALL_PASSED = gettext_noop("all passed")
_WON = Tile(WON, gettext_noop("won"))
_LOST = Tile(LOST, gettext_noop("lost"))
_SURRENDERED = Tile(SURRENDERED, gettext_noop("surrendered"))
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
        game = _own(game, Game)
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
        game = _own(game, Game)
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
    groups = [FlagGroup("doubles", gettext_noop("Doubles (if any)"), _tiles(*_DOUBLES))]
    if rules.kontra:
        calls = (Tile("kontra", "Kontra"), Tile("re", "Re", tap_off=False))
        groups.append(FlagGroup("calls", gettext_noop("Kontra and Re (if said)"), calls))
    return PrisdorfVocabulary(
        rules=rules,
        contracts=(*numbers, *heads, Tile(PASSED, ALL_PASSED)),
        groups=tuple(groups),
        results=(_WON, _LOST, _SURRENDERED),
        fields=_PRISDORF_FIELDS,
        paper_value=True,
        notes=((3, rules.kieker_procedure(3)),),
        paper=PaperSheet(
            entry_missing="paper_entry_missing",
            value_alone=True,
            whole_without_result=frozenset(tile.value for tile in heads) | {PASSED},
        ),
    )


def _tiles(*names: str) -> tuple[Tile, ...]:
    """Flags labelled with their own name capitalised (the game's words)."""
    return tuple(Tile(name, name.capitalize()) for name in names)


# Großenaspe (SPEC C3)

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
    _WON,
    _LOST,
    Tile(Ending.BEET.value, "beet"),
    Tile(Ending.POTT_BEET.value, "pott beet"),
    _SURRENDERED,
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
        game = _own(game, GrossenaspeGame)
        contract = str(game.tricks) if game.kind is AspeKind.NUMBER else game.kind.value
        flags = {"gute": game.gute, "kreuz": game.kreuz, "durch": game.durch}
        flags[KNOCK] = game.geklopft
        tapped = frozenset(name for name, on in flags.items() if on)
        return Taps(contract, tapped, game.ending.value if game.ending else None)

    def score(
        self,
        game: object,
        *,
        players: int,
        declarer: int | None,
        dealer: int | None = None,
        written_value: int | None = None,
    ) -> TableScore:
        """At a five the dealer sits out; a written value is the signed one (SPEC C3.2)."""
        scored = self.rules.evaluate(
            _own(game, GrossenaspeGame), players=players, declarer=declarer, dealer=dealer
        )
        return _value_checked(scored, written_value)

    def ending_hint(self, game: object) -> EndingHint | None:
        """How a game (not all passed) may end.

        >>> from fipsen_rules import GROSSENASPE
        >>> GROSSENASPE.vocabulary.ending_hint(GrossenaspeGame.parse("1 Gute beet"))
        EndingHint(game='1 Gute', endings=('won', 'pott_beet'), tapped='beet')
        """
        game = _own(game, GrossenaspeGame)
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
    flags = _tiles(*_ASPE_FLAGS) + ((Tile(KNOCK, KNOCK, tap_off=False),) if rules.kloppen else ())
    numbers = tuple(Tile(str(n), str(n)) for n in range(1, 6))
    return AspeVocabulary(
        rules=rules,
        contracts=(*numbers, Tile("kieker", "Kieker"), Tile("fips", "Fips"), _passed()),
        groups=(FlagGroup("doubles", gettext_noop("Clubs, played on, knocked (if so)"), flags),),
        results=_ASPE_RESULTS,
        fields=_ASPE_FIELDS,
        scores_with_dealer=True,
        conflicts=(Conflict("kreuz", "gute", GUTE_IS_CLUBS),),
        paper=PaperSheet(
            entry_missing="paper_aspe_entry_missing",
            value_only="paper_aspe_value_only",
            whole_without_result=frozenset(_ASPE_HEADS),
            dealer_sits_out_at=max(rules.table_sizes),
        ),
    )


def _passed() -> Tile:
    return Tile(PASSED, ALL_PASSED)


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


# Mecklenburg: Ansegger Fips and Duttfips (SPEC C5)

_MECK_HEADS = {
    "fips": (MeckKind.FIPS, False),
    PASSED: (MeckKind.PASSED, False),
    "dutt": (MeckKind.DUTT, False),
    "oewer": (MeckKind.DUTT, True),
    "rutenfips": (MeckKind.FIPS, True),
}
#: A rule that names no field (a contract the club's table lacks) is said on the contract.
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
        game = _own(game, MecklenburgGame)
        contract = _meck_contract(game, ruten_flag=self.ruten_flag)
        flags = frozenset({"ruten"} if game.ruten and self.ruten_flag else ())
        return Taps(contract, flags, game.result.value if game.result else None)

    def score(
        self,
        game: object,
        *,
        players: int,
        declarer: int | None,
        dealer: int | None = None,
        written_value: int | None = None,
    ) -> TableScore:
        """The club's points; in Duttfips the dealer's Vorhand takes the Dutt (SPEC C5)."""
        scored = self.rules.evaluate(
            _own(game, MecklenburgGame), players=players, declarer=declarer, dealer=dealer
        )
        return _value_checked(scored, written_value)


def _meck_contract(game: MecklenburgGame, *, ruten_flag: bool) -> str:
    """The contract tile of ``game`` (Ansegger's Ruten is a flag, Duttfips's a contract)."""
    if game.kind is MeckKind.NUMBER:
        return str(game.tricks)
    if game.kind is MeckKind.DUTT:
        return "oewer" if game.ruten else "dutt"
    if game.kind is MeckKind.FIPS and game.ruten and not ruten_flag:
        return "rutenfips"
    return game.kind.value


_MECK_RESULTS = (_WON, _LOST)
_MADE_OR_FAILED = gettext_noop("Made or failed?")


@cache
def ansegger_vocabulary(rules: Ansegger) -> MeckVocabulary:
    """Ansegger Fips: 1 to 4, Fips, all passed (those the club's table has points for shown),
    Ruten a tile of its own where a Ruten contract has points.

    >>> from fipsen_rules import ANSEGGER
    >>> [t.value for t in ansegger_vocabulary(ANSEGGER).contracts if t.shown]
    ['1', '2', '3', '4', 'fips', 'passed']
    """
    offered = _offered(rules, ruten_flag=True)
    numbers = tuple(Tile(str(n), str(n)) for n in range(1, 5))
    contracts = (*numbers, Tile("fips", "Fips"), _passed())
    ruten = (Tile("ruten", "Ruten", shown="ruten" in offered),)
    return MeckVocabulary(
        rules=rules,
        ruten_flag=True,
        contracts=tuple(replace(tile, shown=tile.value in offered) for tile in contracts),
        groups=(FlagGroup("doubles", gettext_noop("Ruten (diamonds trumps)"), ruten),),
        results=_MECK_RESULTS,
        results_legend=_MADE_OR_FAILED,
        fields=_MECK_FIELDS,
        scores_with_dealer=True,
        paper=PaperSheet(
            entry_missing="paper_ansegger_entry_missing",
            value_only="paper_meck_value_only",
            value_example="3 Ruten gewonnen",
            whole_without_result=frozenset({PASSED}),
            passed_line=True,
        ),
    )


@cache
def duttfips_vocabulary(rules: Duttfips) -> MeckVocabulary:
    """Duttfips: Dutt, "Ruten oewer", Fips, Rutenfips, each one tap; nobody passes.

    >>> from fipsen_rules import DUTTFIPS
    >>> [t.label for t in duttfips_vocabulary(DUTTFIPS).contracts]
    ['Dutt', 'Ruten oewer', 'Fips', 'Rutenfips']
    """
    offered = _offered(rules, ruten_flag=False)
    contracts = (
        Tile("dutt", "Dutt"),
        Tile("oewer", "Ruten oewer"),
        Tile("fips", "Fips"),
        Tile("rutenfips", "Rutenfips"),
    )
    return MeckVocabulary(
        rules=rules,
        ruten_flag=False,
        contracts=tuple(replace(tile, shown=tile.value in offered) for tile in contracts),
        groups=(),
        results=_MECK_RESULTS,
        results_legend=_MADE_OR_FAILED,
        fields=_MECK_FIELDS,
        scores_with_dealer=True,
        paper=PaperSheet(
            entry_missing="paper_duttfips_entry_missing",
            value_only="paper_meck_value_only",
            value_example="Dutt gewonnen",
            whole_without_result=frozenset({PASSED}),
            # Read as Ansegger's sheet is: a line of all passed is the rules' to refuse.
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


def every_taps(vocabulary: Vocabulary) -> Iterator[Taps]:
    """Every combination of tiles: one contract, any flags, no or one result.

    >>> from fipsen_rules import DUTTFIPS
    >>> len(list(every_taps(DUTTFIPS.vocabulary)))  # 4 contracts, 3 results
    12
    """
    flags = [tile.value for tile in vocabulary.flags]
    results: list[str | None] = [None, *(tile.value for tile in vocabulary.results)]
    for contract, tapped, result in product(
        vocabulary.contracts, product((False, True), repeat=len(flags)), results
    ):
        on = frozenset(name for name, is_on in zip(flags, tapped, strict=True) if is_on)
        yield Taps(contract.value, on, result)
