"""Großenaspe Fipsen (SPEC C3; seed ``000_…``, pagat's "Fipsen in Großenaspe").

Four players, 32 cards, no holding, bids 1 to 5 with "Gute" (clubs) above each, Kieker between
4 Gute and 5, Fips and Fips Gute on top. Scores are never negative: either the declarer gains,
or each of the three opponents gains the same (SPEC C3.2).

The notation is :mod:`fipsen_rules.grossenaspe_game`'s; tables and seats are
:mod:`fipsen_rules.grossenaspe_seats`'s.

>>> from fipsen_rules.grossenaspe import GROSSENASPE, GrossenaspeGame
>>> game = GrossenaspeGame.parse("3 gute BEET")
>>> str(game), GROSSENASPE.score(game)
('3 Gute beet', -6)
>>> GROSSENASPE.evaluate(game, declarer=1, players=4).score_changes
(6, 0, 6, 6)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.deal_scores import DealScore, declarer_violations, seat_changes
from fipsen_rules.errors import Code, InvalidEntryError, SeatingError, Violation
from fipsen_rules.grossenaspe_game import ENDING_WORDS, FLAGS, AspeKind, Ending, GrossenaspeGame
from fipsen_rules.grossenaspe_seats import (
    DEALS_AT_FIVE,
    KARO_FIPSEN_PLAYERS,
    PLAYER_COUNTS,
    sitting_out,
    table_split,
)
from fipsen_rules.ruleset import BY_POINTS, Option, OptionValue, Ranking, option_values
from fipsen_rules.tables import DEALS_AT_FOUR, TableSpec

if TYPE_CHECKING:
    from fipsen_rules.grossenaspe_vocabulary import AspeVocabulary
    from fipsen_rules.ruleset import ScoredRuleSet

__all__ = ["GROSSENASPE", "AspeKind", "Ending", "Grossenaspe", "GrossenaspeGame"]

MAX_TRICKS = 5
KIEKER_VALUE = 10
FIPS_VALUE = 20
SURRENDER_VALUE = 5  # each opponent; no clubs, no knock (SPEC C3.2 default)


def _v(code: Code, field: str | None = None, **params: int | str | None) -> Violation:
    return Violation(code, field, params)


def _na(detail: str, game: str, field: str = "result") -> Violation:
    return _v(Code.NOT_APPLICABLE, field, detail=detail, game=game)


@dataclass(frozen=True, slots=True)
class Grossenaspe:
    """The Großenaspe rules.

    :param kloppen: an opponent may knock ("kloppen") before the first trick, doubling the
        score once (SPEC C3.3, informal games); without it "geklopft" is refused.

    >>> GROSSENASPE.score(GrossenaspeGame.parse("3 Kreuz gewonnen"))
    6
    >>> Grossenaspe(kloppen=True).score(GrossenaspeGame.parse("Kieker verloren geklopft"))
    -20
    """

    kloppen: bool = False

    name: ClassVar[str] = "grossenaspe"
    #: At five the dealer sits out each deal (:func:`~fipsen_rules.grossenaspe_seats.sitting_out`).
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = (max(PLAYER_COUNTS),)
    #: At four the rest would play Karo Fipsen, whose scoring is unknown; at five the player
    #: who left would still count as an opponent: the table ends early instead.
    players_may_leave: ClassVar[bool] = False
    ranking: ClassVar[Ranking] = BY_POINTS
    scores_deals: ClassVar[bool] = True
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("kloppen", False, "an opponent may knock, doubling the score once (SPEC C3.3)"),
    )

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The value of each option.

        >>> dict(Grossenaspe(kloppen=True).options)
        {'kloppen': True}
        """
        return option_values(self, self.OPTIONS)

    @property
    def table_sizes(self) -> tuple[int, ...]:
        """Four players, or five with the dealer sitting out (SPEC C3.3)."""
        return PLAYER_COUNTS

    def deals_at(self, size: int) -> int:
        """The deals of a tournament table: 100 at four, 125 at five (each plays 100).

        :raises SeatingError: as :func:`~fipsen_rules.grossenaspe_seats.sitting_out`.
        """
        sitting_out(size, 0)
        return DEALS_AT_FIVE if size == max(PLAYER_COUNTS) else DEALS_AT_FOUR

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """Tables of four, and as few of five as the count needs; three players would be the
        Karo Fipsen it does not offer.

        >>> [str(t) for t in GROSSENASPE.split(9)]
        ['4 100', '5 125']
        >>> GROSSENASPE.split(3)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        fipsen_rules.errors.SeatingError: Three-player Karo Fipsen is not offered: ...

        :raises SeatingError: ``KARO_FIPSEN`` for three players; else as
            :func:`~fipsen_rules.grossenaspe_seats.table_split`.
        """
        if players == KARO_FIPSEN_PLAYERS:
            raise SeatingError.of(Code.KARO_FIPSEN, "players", players=players)
        deals = deals or {}
        return table_split(
            players,
            deals_at_four=deals.get(4, DEALS_AT_FOUR),
            deals_at_five=deals.get(5, DEALS_AT_FIVE),
        )

    def parse(self, text: str) -> GrossenaspeGame:
        """A game in the notation, see :meth:`GrossenaspeGame.parse` (legality is
        :meth:`evaluate`'s)."""
        return GrossenaspeGame.parse(text)

    def format(self, game: GrossenaspeGame) -> str:
        """The canonical notation: ``parse(format(game)) == game``."""
        return str(game)

    @property
    def vocabulary(self) -> AspeVocabulary:
        """What the captain taps: see :func:`fipsen_rules.vocabulary.grossenaspe_vocabulary`."""
        from fipsen_rules.grossenaspe_vocabulary import grossenaspe_vocabulary

        return grossenaspe_vocabulary(self)

    def score(self, game: GrossenaspeGame) -> int:
        """The value of ``game``, signed: what the declarer gains, or, negative, what each
        opponent gains.

        :raises InvalidEntryError: for a game these rules do not allow.
        """
        violations, value = _assess(self, game)
        if violations:
            raise InvalidEntryError(violations)
        return value

    def games(self) -> Iterator[GrossenaspeGame]:
        """Every game these rules allow, all passed excepted."""
        knocks = (False, True) if self.kloppen else (False,)
        for geklopft in knocks:
            yield from _games(geklopft)

    def possible_scores(self) -> tuple[int, ...]:
        """Every signed value a game can have, ascending.

        >>> GROSSENASPE.possible_scores()
        (-40, -20, -10, -8, -6, -5, -4, -3, -2, 1, 2, 3, 4, 5, 6, 8, 10, 20, 40)
        """
        return _possible_scores(self)

    def bid_rank(self, game: GrossenaspeGame) -> int:
        """The rank of the bid behind ``game`` (SPEC C3.1: 1 < 1 Gute < … < Fips Gute); its
        ending does not matter, so a bid is written as a game without one.

        >>> [GROSSENASPE.bid_rank(GrossenaspeGame.parse(t)) for t in ("1", "4 Gute", "Kieker")]
        [0, 7, 8]

        :raises InvalidEntryError: ``NOT_APPLICABLE`` for all passed, ``BID_TRICKS``.
        """
        if game.kind is AspeKind.PASSED:
            raise InvalidEntryError.of(Code.NOT_APPLICABLE, "bid", detail="a pass", game="a bid")
        if game.kind is AspeKind.NUMBER and not 1 <= (game.tricks or 0) <= MAX_TRICKS:
            raise InvalidEntryError.of(Code.BID_TRICKS, "tricks", tricks=game.tricks, min_bid=1)
        if game.kind is AspeKind.KIEKER:
            return 8
        if game.kind is AspeKind.FIPS:
            return 11 + game.gute
        tricks = game.tricks or 0
        return 2 * (tricks - 1) + game.gute + (tricks == MAX_TRICKS)

    def evaluate(
        self,
        game: GrossenaspeGame,
        /,
        *,
        players: int,
        declarer: int | None = None,
        dealer: int | None = None,
        has_pictures: bool = False,
    ) -> DealScore[GrossenaspeGame]:
        """Check a deal and score every seat; at five the dealer sits out and gains nothing.

        >>> GROSSENASPE.evaluate(GrossenaspeGame.parse("3 pott beet"), declarer=2, players=5,
        ...                      dealer=4).score_changes
        (5, 5, 0, 5, 0)

        :raises SeatingError: ``KARO_FIPSEN`` at three, ``TABLE_SIZE``, ``DEALER_MISSING`` at
            five without the dealer, ``SEAT`` for a dealer that is not there.
        :raises InvalidEntryError: with one violation for every rule the deal breaks.
        """
        out = sitting_out(players, dealer)
        violations = list(_declarer_violations(game, declarer, players, out))
        violations += _assess(self, game)[0]
        if game.kind is AspeKind.KIEKER and has_pictures:
            violations.append(_v(Code.KIEKER_PICTURES, "has_pictures"))
        if violations:
            raise InvalidEntryError(tuple(violations))
        value = _assess(self, game)[1]
        changes = seat_changes(
            players=players,
            declarer=declarer,
            declarer_gain=max(value, 0),
            opponents_gain=max(-value, 0),
            sitting_out=out,
        )
        return DealScore(game, declarer, value, changes, game.kind is not AspeKind.PASSED)


GROSSENASPE = Grossenaspe()
"""The Großenaspe rules without kloppen (a tournament is not an informal game)."""

if TYPE_CHECKING:
    _conforms: ScoredRuleSet[GrossenaspeGame] = GROSSENASPE  # mypy checks the shape


def _games(geklopft: bool) -> Iterator[GrossenaspeGame]:
    trumps = ((False, False), (True, False), (False, True))  # plain, Gute, Kreuz
    number_endings = [(Ending.WON, False), (Ending.WON, True), (Ending.LOST, True)]
    number_endings += [(Ending.BEET, False), (Ending.POTT_BEET, False)]
    for tricks, (gute, kreuz), (ending, durch) in product(range(1, 6), trumps, number_endings):
        if (durch and tricks == MAX_TRICKS) or (ending is Ending.BEET and tricks == 1):
            continue
        yield GrossenaspeGame(AspeKind.NUMBER, tricks, gute, kreuz, durch, ending, geklopft)
    for (gute, kreuz), ending in product(trumps, (Ending.WON, Ending.LOST)):
        yield GrossenaspeGame(AspeKind.FIPS, None, gute, kreuz, False, ending, geklopft)
        if not gute:
            yield GrossenaspeGame(AspeKind.KIEKER, None, False, kreuz, False, ending, geklopft)
    # A knock before a surrender changes nothing, but the captain may still write it.
    yield GrossenaspeGame(AspeKind.KIEKER, ending=Ending.SURRENDERED, geklopft=geklopft)


@lru_cache(maxsize=4096)
def _assess(rules: Grossenaspe, game: GrossenaspeGame) -> tuple[tuple[Violation, ...], int]:
    """SPEC C3.2: what is wrong with ``game``, and its signed value."""
    violations: list[Violation] = []
    if game.geklopft and not rules.kloppen:
        violations.append(_v(Code.KLOPPEN_OPTION, "geklopft"))
    if game.kind is AspeKind.PASSED:
        violations += _passed_violations(game)
        return tuple(violations), 0
    if game.ending is None:
        violations.append(_v(Code.RESULT_MISSING, "result"))
    if game.kind is AspeKind.NUMBER:
        value = _number_value(game, violations)
    elif game.kind is AspeKind.KIEKER:
        value = _kieker_value(game, violations)
    else:
        value = _fips_value(game, violations)
    knocked = game.geklopft and game.ending is not Ending.SURRENDERED
    return tuple(violations), value * (2 if knocked else 1)


def _number_value(game: GrossenaspeGame, violations: list[Violation]) -> int:
    tricks, clubs = game.tricks or 0, 2 if game.clubs else 1
    name = str(game.tricks)
    if not 1 <= tricks <= MAX_TRICKS:
        violations.append(_v(Code.BID_TRICKS, "tricks", tricks=game.tricks, min_bid=1))
        tricks = 0
    if game.durch and tricks == MAX_TRICKS:
        violations.append(_na("Durch", name, "durch"))  # a 5 has nothing left to play on for
    if game.ending is Ending.WON:
        return (MAX_TRICKS if game.durch else tricks) * clubs
    if game.ending is Ending.SURRENDERED:
        violations.append(_v(Code.SURRENDER_NOT_KIEKER, "result", tricks=name))
    elif game.ending is Ending.LOST and not game.durch:
        violations.append(_v(Code.FAILURE_UNSAID, "result", game=name))
    elif game.ending in (Ending.BEET, Ending.POTT_BEET) and game.durch:
        violations.append(_na(ENDING_WORDS[game.ending], f"{name} Durch"))
    elif game.ending is Ending.BEET and tricks == 1:
        violations.append(_v(Code.BEET_IMPOSSIBLE, "result"))
    # Played on and lost a trick: a failed 5 with tricks, i.e. beet of a 5 (SPEC C3.2).
    return -(tricks if game.ending is Ending.BEET else MAX_TRICKS) * clubs


def _kieker_value(game: GrossenaspeGame, violations: list[Violation]) -> int:
    if game.gute:
        violations.append(_na("Gute", "Kieker", "gute"))  # trumps are chosen, not bid
    if game.durch:
        violations.append(_v(Code.KIEKER_DURCH, "durch"))
    if game.ending in (Ending.BEET, Ending.POTT_BEET):
        violations.append(_na(ENDING_WORDS[game.ending], "Kieker"))
    if game.ending is Ending.SURRENDERED:
        if game.kreuz:  # he surrenders instead of naming trumps
            violations.append(_na("Kreuz", "Kieker aufgegeben", "kreuz"))
        return -SURRENDER_VALUE
    value = KIEKER_VALUE * (2 if game.kreuz else 1)
    return value if game.ending is Ending.WON else -value


def _fips_value(game: GrossenaspeGame, violations: list[Violation]) -> int:
    if game.durch:
        violations.append(_na("Durch", "Fips", "durch"))
    if game.ending in (Ending.BEET, Ending.POTT_BEET):
        violations.append(_na(ENDING_WORDS[game.ending], "Fips"))
    if game.ending is Ending.SURRENDERED:
        violations.append(_v(Code.SURRENDER_NOT_KIEKER, "result", tricks="Fips"))
    value = FIPS_VALUE * (2 if game.clubs else 1)
    return value if game.ending is Ending.WON else -value


def _passed_violations(game: GrossenaspeGame) -> Iterator[Violation]:
    for name, word in (*FLAGS, ("geklopft", "geklopft")):  # no game, no knock
        if getattr(game, name):
            yield _na(word, "alle gepasst", name)
    if game.ending is not None:
        yield _na(ENDING_WORDS[game.ending], "alle gepasst")


def _declarer_violations(
    game: GrossenaspeGame, declarer: int | None, players: int, out: int | None
) -> Iterator[Violation]:
    yield from declarer_violations(game.kind is AspeKind.PASSED, declarer, players)
    if declarer is not None and declarer == out:
        yield _v(Code.DEALER_SITS_OUT, "declarer", seat=declarer)


@cache
def _possible_scores(rules: Grossenaspe) -> tuple[int, ...]:
    return tuple(sorted({rules.score(game) for game in rules.games()}))
