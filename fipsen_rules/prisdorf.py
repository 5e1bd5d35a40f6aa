"""Prisdorf Fipsen, the rules of a Preisfipsen (SPEC.md Parts A and B).

A rule set is a value: ``Prisdorf()`` is the tournament default, ``Prisdorf(min_bid=3)``
the home game. Further variants go beside this module as their own rule sets (see
:class:`fipsen_rules.ruleset.ScoredRuleSet`), without touching this one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from functools import cache
from itertools import product
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules.entry import DealEntry, Outcome
from fipsen_rules.errors import Code, InvalidEntryError, SeatingError, Violation
from fipsen_rules.game import Bid, Game, GameKind, Result
from fipsen_rules.messages import KIEKER_PROCEDURES
from fipsen_rules.prisdorf_games import (
    MAX_TRICKS,
    check_tricks,
    rule_broken,
    score_game,
)
from fipsen_rules.ruleset import BY_POINTS, Option, OptionValue, Ranking, option_values
from fipsen_rules.seats import PLAYER_COUNTS
from fipsen_rules.tables import DEALS_AT_FOUR, DEALS_AT_THREE, TableSpec, table_split

if TYPE_CHECKING:
    from fipsen_rules.prisdorf_vocabulary import PrisdorfVocabulary
    from fipsen_rules.ruleset import ScoredRuleSet

__all__ = ["PRISDORF", "Prisdorf"]

NUMBER_STEPS = 3  # ranks per number of tricks: 0, 1 or 2 doubles (4 with a bid Durch)


@dataclass(frozen=True, slots=True)
class Prisdorf:
    """The Prisdorf rules.

    :param min_bid: the lowest bid, 2 (tournament) or 3 (home games).
    :param strict_tricks: reject a won game whose trick count goes past the deciding
        trick, and a 5-trick win not entered as Durch, instead of accepting them with a
        warning.
    :param kontra: Kontra and Re may be said (SPEC C2: a private evening only, never a
        Preisfipsen); each doubles the score, not of a Siebener Fips or a Kieker surrender.
    :param durch_biddable: Durch may be bid as a third double (SPEC A18.1, as Denexa and
        gamerules read it; not Prisdorf's rule). A bid Durch is played from the first trick.

    >>> PRISDORF.score(Game.parse("3 Hand verloren"))
    -12
    >>> PRISDORF.score(Game.parse("Kieker Ruten gewonnen"))
    20
    >>> Prisdorf(min_bid=3).score(Game.parse("2 gewonnen"))
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.InvalidEntryError: A game is bid at 3 to 5 tricks, not 2.
    """

    min_bid: int = 2
    strict_tricks: bool = False
    kontra: bool = False
    durch_biddable: bool = False

    name: ClassVar[str] = "prisdorf"
    table_sizes: ClassVar[tuple[int, ...]] = PLAYER_COUNTS
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = ()  # every player plays every deal
    #: A table of four plays on at three when a player leaves (SPEC B1.3).
    players_may_leave: ClassVar[bool] = True
    ranking: ClassVar[Ranking] = BY_POINTS
    scores_deals: ClassVar[bool] = True
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("min_bid", 2, "the lowest bid: 2 (tournament) or 3 (home games), SPEC C1"),
        Option("strict_tricks", False, "refuse trick counts past the deciding trick"),
        Option(
            "kontra", False, "Kontra and Re, each doubling the score (SPEC C2; not a Preisfipsen)"
        ),
        Option("durch_biddable", False, "Durch can be bid (SPEC A18.1, Denexa/gamerules reading)"),
    )

    def __post_init__(self) -> None:
        if self.min_bid not in (2, 3):
            raise InvalidEntryError.of(Code.MIN_BID_OPTION, "min_bid", min_bid=self.min_bid)

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The value of each option.

        >>> dict(Prisdorf(min_bid=3).options)
        {'min_bid': 3, 'strict_tricks': False, 'kontra': False, 'durch_biddable': False}
        """
        return option_values(self, self.OPTIONS)

    def deals_at(self, size: int) -> int:
        """The deals of a tournament table (SPEC B1.3): 100 at four players, 120 at three.

        >>> PRISDORF.deals_at(4), PRISDORF.deals_at(3)
        (100, 120)

        :raises SeatingError: ``PLAYERS`` for another size.
        """
        if size not in self.table_sizes:
            raise SeatingError.of(Code.PLAYERS, "players", players=size)
        return DEALS_AT_FOUR if size == 4 else DEALS_AT_THREE

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        """Tables of four as far as possible, at most three of three (SPEC B3), with
        ``deals`` by table size where given.

        >>> [str(t) for t in PRISDORF.split(7, {3: 60})]
        ['4 100', '3 60']

        :raises SeatingError: as :func:`~fipsen_rules.tables.table_split`.
        """
        deals = deals or {}
        return table_split(
            players,
            deals_at_four=deals.get(4, DEALS_AT_FOUR),
            deals_at_three=deals.get(3, DEALS_AT_THREE),
        )

    def kieker_procedure(self, players: int) -> str:
        """How a Kieker is played at a table of ``players`` (SPEC A10.3, A10.4), in English;
        the web layer translates it like a message.

        >>> PRISDORF.kieker_procedure(3)[:48]
        'Kieker at three: the player throws his five card'

        :raises SeatingError: ``PLAYERS`` for another size.
        """
        if players not in self.table_sizes:
            raise SeatingError.of(Code.PLAYERS, "players", players=players)
        return KIEKER_PROCEDURES[players]

    # Notation

    def parse(self, text: str) -> Game:
        """A game in the notation, see :meth:`Game.parse` (legality is :meth:`evaluate`'s)."""
        return Game.parse(text)

    def format(self, game: Game) -> str:
        """The canonical notation.

        >>> PRISDORF.format(PRISDORF.parse("3 h r -"))
        '3 Hand Ruten verloren'
        """
        return str(game)

    @property
    def vocabulary(self) -> PrisdorfVocabulary:
        """What the captain taps: see :func:`fipsen_rules.vocabulary.prisdorf_vocabulary`."""
        from fipsen_rules.prisdorf_vocabulary import prisdorf_vocabulary

        return prisdorf_vocabulary(self)

    # Bids

    def parse_bid(self, text: str) -> Bid:
        """A bid in the notation; with ``durch_biddable``, Durch may be named.

        >>> str(Prisdorf(durch_biddable=True).parse_bid("3 Durch"))
        '3 Durch'
        """
        return Bid.parse(text, durch=self.durch_biddable)

    def check_bid(self, bid: Bid) -> tuple[Violation, ...]:
        """Whatever makes ``bid`` illegal under these rules (empty when it is legal)."""
        if bid.kind is GameKind.NUMBER:
            if bid.tricks is None or not self.min_bid <= bid.tricks <= MAX_TRICKS:
                return (
                    rule_broken(Code.BID_TRICKS, "bid", tricks=bid.tricks, min_bid=self.min_bid),
                )
            if bid.durch and not self.durch_biddable:
                return (rule_broken(Code.DURCH_NOT_BIDDABLE, "bid"),)
            return ()
        if bid.hand and bid.kind is GameKind.KIEKER:
            return (rule_broken(Code.KIEKER_HAND, "bid"),)
        # A Kieker chooses Ruten after seeing the extra cards; it is not bid (SPEC A4.6).
        named = (("Hand", bid.hand), ("Ruten", bid.ruten), ("Durch", bid.durch))
        extras = [word for word, on in named if on]
        return tuple(
            rule_broken(Code.NOT_APPLICABLE, "bid", detail=w, game=str(bid)) for w in extras
        )

    def bid_rank(self, bid: Bid) -> int:
        """The rank of a bid: tricks first, then the number of doubles (Hand = Ruten, and
        a bid Durch counts as one more where it can be bid, SPEC A18.1).

        >>> bids = ("2", "2 Ruten", "4 Hand Ruten", "Kieker", "5")
        >>> [PRISDORF.bid_rank(Bid.parse(b)) for b in bids]
        [0, 1, 8, 9, 10]
        >>> dx = Prisdorf(durch_biddable=True)
        >>> [dx.bid_rank(dx.parse_bid(b)) for b in ("2 Hand Durch", "3", "4 Hand Ruten Durch")]
        [2, 4, 11]

        :raises InvalidEntryError: for a bid these rules do not allow.
        """
        violations = self.check_bid(bid)
        if violations:
            raise InvalidEntryError(violations)
        steps = NUMBER_STEPS + self.durch_biddable
        kieker_rank = 3 * steps  # between 4 with every double and 5
        if bid.kind is GameKind.KIEKER:
            return kieker_rank
        if bid.kind is GameKind.SIEBENER_FIPS:
            return kieker_rank + 4  # above 5 Hand Ruten: above every bid
        tricks = bid.tricks or 0  # never 0: check_bid accepted the bid
        if tricks == MAX_TRICKS:
            return kieker_rank + 1 + bid.doubles
        return steps * (tricks - 2) + bid.doubles

    # Games

    def score(self, game: Game) -> int:
        """The declarer's score for ``game``.

        :raises InvalidEntryError: for a game these rules do not allow.
        """
        scored = score_game(self, game)
        if scored.violations:
            raise InvalidEntryError(scored.violations)
        return scored.score

    def games(self) -> Iterator[Game]:
        """Every game these rules allow, all passed excepted.

        >>> len(list(PRISDORF.games())), len(list(Prisdorf(kontra=True).games()))
        (63, 183)
        """
        yield from self._games_without_calls()
        if self.kontra:  # SPEC C2: not on a Siebener Fips or a Kieker surrender
            for game in self._games_without_calls():
                if game.kind is GameKind.SIEBENER_FIPS or game.result is Result.SURRENDERED:
                    continue
                yield replace(game, kontra=True)
                yield replace(game, kontra=True, re=True)

    def _games_without_calls(self) -> Iterator[Game]:
        doubles = list(product((False, True), repeat=2))
        for tricks in range(self.min_bid, MAX_TRICKS + 1):
            for (hand, ruten), durch in product(doubles, (False, True)):
                for result in (Result.WON, Result.LOST):
                    if tricks < MAX_TRICKS or durch:
                        yield Game.number(tricks, result, hand=hand, ruten=ruten, durch=durch)
        for ruten, result in product((False, True), Result):
            yield Game.kieker(result, ruten=ruten)
        yield Game.siebener_fips()

    def possible_scores(self) -> tuple[int, ...]:
        """Every score a declarer can get, ascending.

        >>> PRISDORF.possible_scores()[:3], PRISDORF.possible_scores()[-3:]
        ((-80, -64, -48), (30, 32, 40))
        """
        return _possible_scores(self)

    # Deals

    def evaluate(
        self, deal: DealEntry | Game, /, *, players: int, declarer: int | None = None
    ) -> Outcome:
        """Check a deal and score it: a whole entry, or a game and its declarer.

        >>> PRISDORF.evaluate(DealEntry(Game.parse("3 Hand verloren"), declarer=2), players=4)
        ... # doctest: +NORMALIZE_WHITESPACE
        Outcome(game=Game(kind=<GameKind.NUMBER: 'number'>, tricks=3, hand=True, ruten=False,
                durch=False, result=<Result.LOST: 'lost'>, kontra=False, re=False), declarer=2,
                game_value=6,
                declarer_score=-12, score_changes=(0, 0, -12, 0), counts_as_deal=True, warnings=())
        >>> PRISDORF.evaluate(Game.parse("4 gewonnen"), players=3, declarer=0).score_changes
        (4, 0, 0)

        :raises InvalidEntryError: with one violation for every rule the entry breaks.
        :raises TypeError: for a ``declarer`` beside an entry (the entry names its own).
        """
        if isinstance(deal, Game):  # the hot path: no DealEntry built for a game alone
            return self._evaluate(deal, declarer, players)
        if declarer is not None:
            raise TypeError("an entry names its declarer; pass the declarer with a game only")
        return self._evaluate(deal.game, deal.declarer, players, deal)

    def _evaluate(
        self, game: Game, declarer: int | None, players: int, entry: DealEntry | None = None
    ) -> Outcome:
        """:meth:`evaluate` of a game and its declarer, and of what ``entry`` adds, if given
        (the tricks, the value, the bid, the pictures)."""
        if players not in PLAYER_COUNTS:
            raise InvalidEntryError.of(Code.PLAYERS, None, players=players)
        scored = score_game(self, game)
        violations = [*_declarer_violations(game, declarer, players), *scored.violations]
        played, warnings = game, _NO_WARNINGS
        if entry is not None:
            if game.kind is GameKind.KIEKER and entry.has_pictures:
                violations.append(rule_broken(Code.KIEKER_PICTURES, "has_pictures"))
            bid = entry.bid
            if bid is not None:
                violations += self._bid_obligations(bid, entry.bid_held, game)
            durch_bid = bid is not None and bid.durch and game.durch
            tricks = check_tricks(self, game, entry.declarer_tricks, durch_bid=durch_bid)
            violations += tricks.violations
            played, warnings = tricks.game, tricks.warnings
            if played is not game:  # Durch inferred from the tricks: it scores as such
                scored = score_game(self, played)
            if entry.captain_value is not None:
                violations += _value_violations(self, entry.captain_value, played, scored.score)
        if violations:
            raise InvalidEntryError(tuple(violations))
        changes = [0] * players
        if declarer is not None:
            changes[declarer] = scored.score
        return Outcome(
            game=played,
            declarer=declarer,
            game_value=scored.game_value,
            declarer_score=scored.score,
            score_changes=tuple(changes),
            counts_as_deal=game.kind is not GameKind.PASSED,
            warnings=warnings,
        )

    def _bid_obligations(self, bid: Bid, held: bool, game: Game) -> list[Violation]:
        """What the final bid obliges the declarer to play (SPEC A6)."""
        if game.kind is GameKind.SIEBENER_FIPS:
            # The claim voids whatever was bid, but what was bid must still be a bid.
            return list(self.check_bid(bid))
        if game.kind is GameKind.PASSED:
            return [rule_broken(Code.NOT_APPLICABLE, "bid", detail=str(bid), game=str(game))]
        violations = list(self.check_bid(bid))
        if bid.kind is not game.kind or bid.tricks != game.tricks:
            return [
                *violations,
                rule_broken(Code.BID_GAME_MISMATCH, "bid", bid=str(bid), game=str(game)),
            ]
        if bid.kind is not GameKind.NUMBER:
            return violations  # a Kieker bid names no doubles to owe
        if bid.durch and not game.durch:
            violations.append(rule_broken(Code.DURCH_BID_NOT_PLAYED, "durch"))
        if held:
            played = game.hand + game.ruten + (game.durch and self.durch_biddable)
            if played < bid.doubles:
                violations.append(
                    rule_broken(
                        Code.HELD_DOUBLES_MISSING, "hand", bid=str(bid), doubles=bid.doubles
                    )
                )
            return violations
        if bid.hand and not game.hand:
            violations.append(rule_broken(Code.HAND_BID_SKAT_TAKEN, "hand"))
        if bid.ruten and not game.ruten:
            violations.append(rule_broken(Code.RUTEN_BID_OTHER_TRUMP, "ruten"))
        return violations


PRISDORF = Prisdorf()
"""The tournament rules: minimum bid 2, lenient trick counts."""

if TYPE_CHECKING:
    _conforms: ScoredRuleSet[Game] = PRISDORF  # mypy checks that Prisdorf is a rule set


def _value_violations(rules: Prisdorf, value: int, game: Game, computed: int) -> list[Violation]:
    if game.kind is GameKind.PASSED:
        return [
            rule_broken(Code.NOT_APPLICABLE, "captain_value", detail=str(value), game=str(game))
        ]
    if value not in _possible_score_set(rules):
        return [rule_broken(Code.VALUE_IMPOSSIBLE, "captain_value", value=value)]
    if value != computed:
        return [
            rule_broken(
                Code.VALUE_MISMATCH, "captain_value", value=value, computed=computed, game=str(game)
            )
        ]
    return []


@cache
def _possible_scores(rules: Prisdorf) -> tuple[int, ...]:
    return tuple(sorted({rules.score(game) for game in rules.games()}))


@cache
def _possible_score_set(rules: Prisdorf) -> frozenset[int]:
    return frozenset(_possible_scores(rules))


_NO_WARNINGS: tuple[Violation, ...] = ()


def _declarer_violations(game: Game, declarer: int | None, players: int) -> Iterator[Violation]:
    if game.kind is GameKind.PASSED:
        if declarer is not None:
            yield rule_broken(Code.PASSED_WITH_DECLARER, "declarer")
    elif declarer is None:
        yield rule_broken(Code.DECLARER_MISSING, "declarer")
    elif not 0 <= declarer < players:
        yield rule_broken(Code.SEAT, "declarer", seat=declarer, players=players)
