"""Preisskat: tournament Skat scored by the extended Seeger-Fabian list (PREISSKAT.md).

Three play; at a table of four the dealer sits each deal out. A won game gives its declarer its
value and 50; a lost one costs him twice its value and 50, and every other seat of the table,
the dealer who sat out included, gains 30 at a table of four, 40 at a table of three. A deal
all passed ("eingepasst") counts, scores nothing and passes the deal on. A list is 48 deals at
four, 36 at three. Kontra and Re are no part of tournament play: the option ``kontra`` is for
the clubs that play them. The games and their notation are in :mod:`.preisskat_game`, the
captain's taps in :mod:`.preisskat_vocabulary`.

>>> rules = PREISSKAT
>>> rules.evaluate(rules.parse("Kreuz mit 2 Hand gewonnen"), players=4, declarer=1,
...                dealer=0).score_changes
(0, 98, 0, 0)
>>> rules.evaluate(rules.parse("Karo ohne 1 verloren Reizung 22"), players=3,
...                declarer=2).score_changes  # lost as 27: -2 × 27 - 50
(40, 40, -104)
>>> rules.evaluate(rules.parse("eingepasst"), players=4, declarer=None, dealer=2).counts_as_deal
True
>>> rules.evaluate(rules.parse("Pik mit 1 Schneider angesagt gewonnen"), players=3,
...                declarer=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fipsen_rules.errors.InvalidEntryError: Schneider or Schwarz can only be announced in a Hand ...
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, ClassVar

from fipsen_rules import preisskat_game
from fipsen_rules.deal_scores import DealScore, declarer_violations, seat_changes
from fipsen_rules.errors import (
    Code,
    InvalidEntryError,
    OwnCode,
    RulesError,
    SeatingError,
    Violation,
)
from fipsen_rules.messages import gettext_noop
from fipsen_rules.preisskat_game import (
    BIDS,
    AnySkatGame,
    Level,
    PassedGame,
    SkatGame,
    Trump,
    most_tops,
    normalized,
)
from fipsen_rules.ruleset import BY_POINTS, Option, OptionValue, Ranking, option_values
from fipsen_rules.tables import TableSpec, table_split

if TYPE_CHECKING:
    from fipsen_rules.preisskat_vocabulary import SkatVocabulary
    from fipsen_rules.ruleset import ScoredRuleSet

__all__ = ["PREISSKAT", "Preisskat"]

NAME = "preisskat"
TITLE = "Preisskat"
SIZES = (3, 4)
SITS_OUT_AT = (4,)
#: A list: 12 rounds at four, as many deals at three.
DEALS = {4: 48, 3: 36}
#: What each other seat gains when the declarer loses, by table size; what a won game adds.
OTHERS_GAIN = {4: 30, 3: 40}
WON_BONUS = LOST_MALUS = 50

TOPS_MISSING = OwnCode(
    "preisskat_tops_missing",
    gettext_noop("With or without how many? 1 to %(most)s for a %(game)s."),
    ("most", "game"),
)
TOPS_RANGE = OwnCode(
    "preisskat_tops_range",
    gettext_noop("A %(game)s is played with or without 1 to %(most)s, not %(tops)s."),
    ("game", "most", "tops"),
)
NULL_LEVEL = OwnCode(
    "preisskat_null_level",
    gettext_noop("A Null has no Spitzen, Schneider or Schwarz; it is Hand, ouvert or both."),
)
ANNOUNCED_WITHOUT_HAND = OwnCode(
    "preisskat_announced_without_hand",
    gettext_noop("Schneider or Schwarz can only be announced in a Hand game: tap Hand too."),
)
KONTRA_NOT_PLAYED = OwnCode(
    "preisskat_kontra_not_played",
    gettext_noop("This tournament plays without Kontra and Re."),
)
RE_WITHOUT_KONTRA = OwnCode(
    "preisskat_re_without_kontra", gettext_noop("Re comes only after a Kontra.")
)
BID_VALUE = OwnCode(
    "preisskat_bid_value",
    gettext_noop("%(bid)s cannot be bid; the nearest bids are %(lower)s and %(higher)s."),
    ("bid", "lower", "higher"),
)
OVERBID_WON = OwnCode(
    "preisskat_overbid_won",
    gettext_noop(
        "Bid %(bid)s, but the game is worth %(value)s: an overbid game is lost, never won."
    ),
    ("bid", "value"),
)
NULL_OVERBID = OwnCode(
    "preisskat_null_overbid",
    gettext_noop("No Null reaches a bid of %(bid)s: a Null is worth 59 at most."),
    ("bid",),
)
FEE_RANGE = OwnCode(
    "preisskat_fee_range",
    gettext_noop("%(option)s is %(cents)s cents; it can be 0 to %(most)s cents."),
    ("option", "cents", "most"),
)
#: The most a fee (Verlustspielgeld, a passed deal's) can be, in cents.
MOST_FEE = 1000
#: From this lost game of a list on, a declarer pays the later Verlustspielgeld
#: (PREISSKAT.md: 0,50 € for each of the first three, 1,00 € from the fourth).
LATER_FEE_FROM = 4
CODES = (
    preisskat_game.NUMBER_MISSING,
    TOPS_MISSING,
    TOPS_RANGE,
    NULL_LEVEL,
    ANNOUNCED_WITHOUT_HAND,
    KONTRA_NOT_PLAYED,
    RE_WITHOUT_KONTRA,
    BID_VALUE,
    OVERBID_WON,
    NULL_OVERBID,
    FEE_RANGE,
)


@dataclass(frozen=True, slots=True)
class Preisskat:
    """The rule set. Its options: ``kontra``, the club plays Kontra and Re; and the money of a
    Skat evening (PREISSKAT.md, in cents): ``loss_fee`` for each of a list's first three games
    a declarer lost and ``later_loss_fee`` for each from the fourth on (the Verlustspielgeld),
    ``passed_fee`` for each deal all passed (0: none).

    >>> rules = Preisskat(loss_fee=50, later_loss_fee=100)
    >>> [rules.loss_money(lost) for lost in range(6)]
    [0, 50, 100, 150, 250, 350]
    """

    kontra: bool = False
    loss_fee: int = 50
    later_loss_fee: int = 100
    passed_fee: int = 0

    name: ClassVar[str] = NAME
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("kontra", False, "Kontra and Re, which tournament play leaves out"),
        Option("loss_fee", 50, "Verlustspielgeld in cents for each of a list's first 3 lost"),
        Option("later_loss_fee", 100, "Verlustspielgeld in cents for each lost from the 4th"),
        Option("passed_fee", 0, "cents for each deal all passed (0: none)"),
    )
    table_sizes: ClassVar[tuple[int, ...]] = SIZES
    dealer_sits_out_at: ClassVar[tuple[int, ...]] = SITS_OUT_AT
    players_may_leave: ClassVar[bool] = False
    ranking: ClassVar[Ranking] = BY_POINTS
    scores_deals: ClassVar[bool] = True

    def __post_init__(self) -> None:
        """:raises RulesError: :data:`FEE_RANGE`, a fee below 0 or above :data:`MOST_FEE`."""
        for option in ("loss_fee", "later_loss_fee", "passed_fee"):
            cents = getattr(self, option)
            if isinstance(cents, bool) or not 0 <= cents <= MOST_FEE:
                raise RulesError.of(FEE_RANGE, option, option=option, cents=cents, most=MOST_FEE)

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return option_values(self, self.OPTIONS)

    def loss_money(self, lost: int) -> int:
        """The Verlustspielgeld of a declarer who lost ``lost`` games in one list, in cents."""
        first = min(lost, LATER_FEE_FROM - 1)
        return first * self.loss_fee + (lost - first) * self.later_loss_fee

    def passed_money(self, passed: int) -> int:
        """What ``passed`` deals all passed cost, in cents."""
        return passed * self.passed_fee

    def deals_at(self, size: int) -> int:
        """48 deals at four, 36 at three. :raises SeatingError: ``TABLE_SIZE``."""
        _check_players(size)
        return DEALS[size]

    def split(self, players: int, deals: Mapping[int, int] | None = None) -> tuple[TableSpec, ...]:
        given = {**DEALS, **(deals or {})}
        return table_split(players, deals_at_four=given[4], deals_at_three=given[3])

    def parse(self, text: str) -> AnySkatGame:
        """A game in the list keeper's notation (:func:`.preisskat_game.parse`)."""
        return preisskat_game.parse(text)

    def format(self, game: AnySkatGame) -> str:
        return str(game)

    def games(self) -> Iterator[SkatGame]:
        """Every game a declarer may play and end, without a bid (a bid adds only overbids)."""
        doubles = [(False, False), *([(True, False), (True, True)] if self.kontra else [])]
        for (kontra, re), won in product(doubles, (True, False)):
            for null_levels in _NULL_LEVEL_SETS:
                yield _game(Trump.NULL, None, False, null_levels, kontra, re, won)
            for trump in BASES_OF_PLAY:
                for tops, without, levels in product(
                    range(1, most_tops(trump) + 1), (False, True), _LEVEL_SETS
                ):
                    yield _game(trump, tops, without, levels, kontra, re, won)

    def possible_scores(self) -> tuple[int, ...]:
        """Every change a seat can get in one deal: a won game's, a lost one's (overbid
        ones too), the others' 30 or 40, and nothing."""
        values = {game.charged for game in self.games()}
        for base in preisskat_game.BASES.values():
            values |= {-(-bid // base) * base for bid in BIDS}
        values |= set(preisskat_game.NULL_VALUES.values())
        times = (1, 2, 4) if self.kontra else (1,)
        doubled = {value * factor for value in values for factor in times}
        return tuple(
            sorted(
                {0, *OTHERS_GAIN.values()}
                | {value + WON_BONUS for value in doubled}
                | {-2 * value - LOST_MALUS for value in doubled}
            )
        )

    def evaluate(
        self, game: AnySkatGame, /, *, players: int, declarer: int | None, dealer: int | None = None
    ) -> DealScore[AnySkatGame]:
        """Every seat's change: the declarer's value and 50 won, twice it and 50 lost, and
        then the others' 30 (at four, the dealer who sits out too) or 40 (at three).

        :raises SeatingError: ``TABLE_SIZE``.
        :raises InvalidEntryError: no declarer (or one where all passed), the dealer who sits
            out as the declarer, and whatever makes the game impossible (its own codes).
        """
        _check_players(players)
        passed = isinstance(game, PassedGame)
        violations = list(declarer_violations(passed, declarer, players))
        out = dealer if players in SITS_OUT_AT else None
        if declarer is not None and declarer == out:
            violations.append(Violation(Code.DEALER_SITS_OUT, "declarer", {"seat": declarer}))
        if isinstance(game, SkatGame):
            violations += self.violations(game)
        if violations:
            raise InvalidEntryError(tuple(violations))
        if isinstance(game, PassedGame) or declarer is None:
            return DealScore(game, None, 0, (0,) * players)
        value = game.points
        changes = seat_changes(
            players=players,
            declarer=declarer,
            declarer_gain=value + WON_BONUS if game.won else value - LOST_MALUS,
            opponents_gain=0 if game.won else OTHERS_GAIN[players],
        )
        return DealScore(game, declarer, value, changes)

    def violations(self, game: SkatGame) -> list[Violation]:
        """What makes ``game`` impossible under these rules (none: it can be scored)."""
        return [
            *_tops_violations(game),
            *_level_violations(game),
            *self._double_violations(game),
            *_bid_violations(game),
            *([Violation(Code.RESULT_MISSING, "result")] if game.won is None else []),
        ]

    def _double_violations(self, game: SkatGame) -> Iterator[Violation]:
        if (game.kontra or game.re) and not self.kontra:
            yield Violation(KONTRA_NOT_PLAYED, "doubles")
        elif game.re and not game.kontra:
            yield Violation(RE_WITHOUT_KONTRA, "doubles")

    @property
    def vocabulary(self) -> SkatVocabulary:
        """What the captain taps (:mod:`.preisskat_vocabulary`)."""
        from fipsen_rules.preisskat_vocabulary import vocabulary_of  # it builds on this module

        return vocabulary_of(self)


#: The games with a base (all but Null).
BASES_OF_PLAY = tuple(preisskat_game.BASES)
#: The levels a suit game or Grand may be played with, as written (normalized() adds the rest).
_LEVEL_SETS = tuple(
    frozenset(levels)
    for levels in (
        (),
        (Level.SCHNEIDER,),
        (Level.SCHNEIDER, Level.SCHWARZ),
        (Level.HAND,),
        (Level.HAND, Level.SCHNEIDER),
        (Level.HAND, Level.SCHNEIDER, Level.SCHWARZ),
        (Level.HAND, Level.SCHNEIDER_ANGESAGT),
        (Level.HAND, Level.SCHNEIDER_ANGESAGT, Level.SCHWARZ),
        (Level.HAND, Level.SCHWARZ_ANGESAGT),
        (Level.OUVERT,),
    )
)

#: A Null's: plain, Hand, ouvert, ouvert Hand.
_NULL_LEVEL_SETS: tuple[frozenset[Level], ...] = (
    frozenset(),
    frozenset({Level.HAND}),
    frozenset({Level.OUVERT}),
    frozenset({Level.HAND, Level.OUVERT}),
)


def _game(
    trump: Trump,
    tops: int | None,
    without: bool,
    levels: frozenset[Level],
    kontra: bool,
    re: bool,
    won: bool,
) -> SkatGame:
    return normalized(SkatGame(trump, tops, without, levels, kontra, re, won))


def _tops_violations(game: SkatGame) -> Iterator[Violation]:
    if game.trump is Trump.NULL:
        return
    most = most_tops(game.trump)
    if game.tops is None:
        yield Violation(TOPS_MISSING, "tops", {"most": most, "game": game.trump.word})
    elif not 1 <= game.tops <= most:
        yield Violation(TOPS_RANGE, "tops", {"game": game.trump.word, "most": most,
                                             "tops": game.tops})  # fmt: skip


def _level_violations(game: SkatGame) -> Iterator[Violation]:
    announced = game.levels & {Level.SCHNEIDER_ANGESAGT, Level.SCHWARZ_ANGESAGT}
    if game.trump is Trump.NULL:
        if game.tops is not None or game.levels - {Level.HAND, Level.OUVERT}:
            yield Violation(NULL_LEVEL, "levels")
    elif announced and Level.HAND not in game.levels:
        yield Violation(ANNOUNCED_WITHOUT_HAND, "levels")


def _bid_violations(game: SkatGame) -> Iterator[Violation]:
    bid = game.bid
    if bid is None:
        return
    if bid not in BIDS:
        lower = max((b for b in BIDS if b < bid), default=BIDS[0])
        higher = min((b for b in BIDS if b > bid), default=BIDS[-1])
        yield Violation(BID_VALUE, "bid", {"bid": bid, "lower": lower, "higher": higher})
    elif game.trump is Trump.NULL and bid > max(preisskat_game.NULL_VALUES.values()):
        yield Violation(NULL_OVERBID, "bid", {"bid": bid})
    elif game.won:
        yield Violation(OVERBID_WON, "result", {"bid": bid, "value": game.value})


def _check_players(players: int) -> None:
    if players not in SIZES:
        raise SeatingError.of(Code.TABLE_SIZE, "players", rules=TITLE, sizes="3, 4",
                              players=players)  # fmt: skip


PREISSKAT = Preisskat()

if TYPE_CHECKING:
    _shape: ScoredRuleSet[AnySkatGame] = PREISSKAT  # mypy checks the shape
