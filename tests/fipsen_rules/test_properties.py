"""Hypothesis properties of the rules (issue 2, "Quality")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from fipsen_rules import (
    PRISDORF,
    Bid,
    Call,
    CallKind,
    DealEntry,
    FipsenError,
    Game,
    GameKind,
    InvalidEntryError,
    NotationError,
    Outcome,
    Prisdorf,
    Result,
    Violation,
    resolve_auction,
)

RULES = (PRISDORF, Prisdorf(min_bid=3), Prisdorf(strict_tricks=True))

# Integers of any size, but often near the values that matter.
ints = st.one_of(st.integers(min_value=-2, max_value=7), st.integers())
maybe_ints = st.none() | ints
rules = st.sampled_from(RULES)
players = st.one_of(st.sampled_from([3, 4]), ints)


@st.composite
def game_fields(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "kind": draw(st.sampled_from(GameKind)),
        "tricks": draw(maybe_ints),
        "hand": draw(st.booleans()),
        "ruten": draw(st.booleans()),
        "durch": draw(st.booleans()),
        "result": draw(st.none() | st.sampled_from(Result)),
    }


@st.composite
def bid_fields(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "kind": draw(st.sampled_from(GameKind)),
        "tricks": draw(maybe_ints),
        "hand": draw(st.booleans()),
        "ruten": draw(st.booleans()),
    }


@st.composite
def legal_games(draw: st.DrawFn, min_bid: int = 2) -> Game:
    """A game of SPEC A13 (a legal A13.1 row, K1-K5, S1)."""
    kind = draw(st.sampled_from([GameKind.NUMBER, GameKind.KIEKER, GameKind.SIEBENER_FIPS]))
    if kind is GameKind.SIEBENER_FIPS:
        return Game.siebener_fips()
    if kind is GameKind.KIEKER:
        return Game.kieker(draw(st.sampled_from(Result)), ruten=draw(st.booleans()))
    return Game.number(
        draw(st.integers(min_value=min_bid, max_value=5)),
        draw(st.sampled_from([Result.WON, Result.LOST])),
        hand=draw(st.booleans()),
        ruten=draw(st.booleans()),
        durch=draw(st.booleans()),
    )


def attempt(action: Callable[[], Outcome]) -> Outcome | tuple[Violation, ...]:
    """The outcome, or the violations of the FipsenError raised; anything else propagates."""
    try:
        return action()
    except FipsenError as error:
        return error.violations


@settings(deadline=None, max_examples=500)
@given(
    min_bid=st.one_of(st.sampled_from([2, 3]), ints),
    strict=st.booleans(),
    players=players,
    game=game_fields(),
    bid=st.none() | bid_fields(),
    declarer=maybe_ints,
    tricks=maybe_ints,
    value=maybe_ints,
    has_pictures=st.booleans(),
    bid_held=st.booleans(),
)
def test_any_entry_scores_or_raises_fipsen_error(
    min_bid: int,
    strict: bool,
    players: int,
    game: dict[str, Any],
    bid: dict[str, Any] | None,
    declarer: int | None,
    tricks: int | None,
    value: int | None,
    has_pictures: bool,
    bid_held: bool,
) -> None:
    def run() -> Outcome:
        rules = Prisdorf(min_bid=min_bid, strict_tricks=strict)
        entry = DealEntry(
            Game(**game),
            declarer=declarer,
            declarer_tricks=tricks,
            captain_value=value,
            has_pictures=has_pictures,
            bid=None if bid is None else Bid(**bid),
            bid_held=bid_held,
        )
        return rules.evaluate(entry, players=players)

    result = attempt(run)
    if isinstance(result, Outcome):
        assert len(result.score_changes) == players
    else:
        assert result  # at least one violation
        assert all(isinstance(v, Violation) for v in result)


@settings(deadline=None, max_examples=300)
@given(rules=rules, game=legal_games(), declarer=st.integers(0, 3), tricks=maybe_ints)
def test_every_score_is_a_possible_score(
    rules: Prisdorf, game: Game, declarer: int, tricks: int | None
) -> None:
    try:
        outcome = rules.evaluate(DealEntry(game, declarer, tricks), players=4)
    except FipsenError:
        return
    assert outcome.declarer_score in rules.possible_scores()
    assert outcome.declarer_score in PRISDORF.possible_scores()


@given(
    kind=st.sampled_from(GameKind),
    tricks=st.integers(min_value=0),
    hand=st.booleans(),
    ruten=st.booleans(),
    durch=st.booleans(),
    result=st.none() | st.sampled_from(Result),
)
def test_format_then_parse_gives_the_same_game(
    kind: GameKind, tricks: int, hand: bool, ruten: bool, durch: bool, result: Result | None
) -> None:
    game = Game(kind, tricks if kind is GameKind.NUMBER else None, hand, ruten, durch, result)
    assert Game.parse(str(game)) == game
    assert str(Game.parse(str(game))) == str(game)


@given(game=legal_games())
def test_format_then_parse_gives_the_same_legal_game(game: Game) -> None:
    assert Game.parse(str(game)) == game
    assert Game.parse(str(game).lower()) == game


@given(
    kind=st.sampled_from([GameKind.NUMBER, GameKind.KIEKER, GameKind.SIEBENER_FIPS]),
    tricks=st.integers(min_value=0).filter(lambda n: n != 5),  # 5: see test_bid_of_5_format
    hand=st.booleans(),
    ruten=st.booleans(),
)
def test_format_then_parse_gives_the_same_bid(
    kind: GameKind, tricks: int, hand: bool, ruten: bool
) -> None:
    bid = Bid(kind, tricks if kind is GameKind.NUMBER else None, hand, ruten)
    assert Bid.parse(str(bid)) == bid


@settings(deadline=None, max_examples=300)
@example("³ gewonnen")
@given(text=st.text())
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        game = Game.parse(text)
    except NotationError:
        return
    assert isinstance(game, Game)


NOTATION_WORDS = [
    "2", "3", "4", "5", "0", "1", "6", "10", "Hand", "hand", "H", "h", "Ruten", "R", "Durch", "D",
    "gewonnen", "won", "+", "verloren", "lost", "-", "aufgegeben", "surrendered", "Kieker",
    "Siebener", "Fips", "alle", "gepasst", "GEWONNEN", "x", "!", ",", "−", "Grand",
]  # fmt: skip


# Letters, decimal digits, punctuation, symbols and spaces; digit-like characters that are not
# decimal (³, ①) are covered by the test above.
_other_text = st.text(st.characters(categories=["L", "Nd", "P", "S", "Z"]), max_size=3)


@settings(deadline=None, max_examples=500)
@given(
    words=st.lists(st.sampled_from(NOTATION_WORDS) | _other_text, max_size=6),
    separator=st.sampled_from([" ", "  ", "\t", ""]),
)
def test_notation_like_text_parses_or_raises_notation_error(
    words: list[str], separator: str
) -> None:
    text = separator.join(words)
    try:
        game = Game.parse(text)
    except NotationError:
        pass
    else:
        assert Game.parse(str(game)) == game
    try:
        bid = Bid.parse(text)
    except NotationError:
        pass
    else:
        assert isinstance(bid, Bid)


@settings(max_examples=300)
@given(rules=rules, game=legal_games())
def test_won_scores_above_zero_lost_below(rules: Prisdorf, game: Game) -> None:
    try:
        score = rules.score(game)
    except InvalidEntryError:
        assert game.tricks == 2
        assert rules.min_bid == 3
        return
    if game.kind is GameKind.SIEBENER_FIPS or game.result is Result.WON:
        assert score > 0
    else:
        assert game.result in (Result.LOST, Result.SURRENDERED)
        assert score < 0


@settings(deadline=None, max_examples=300)
@given(
    rules=rules,
    players=st.sampled_from([3, 4]),
    game=legal_games() | st.just(Game.passed()),
    seat=st.integers(0, 3),
)
def test_only_the_declarer_score_changes(
    rules: Prisdorf, players: int, game: Game, seat: int
) -> None:
    declarer = None if game.kind is GameKind.PASSED else seat % players
    try:
        outcome = rules.evaluate(DealEntry(game, declarer), players=players)
    except InvalidEntryError:
        assert game.tricks == 2
        assert rules.min_bid == 3
        return
    assert sum(outcome.score_changes) == outcome.declarer_score
    assert len(outcome.score_changes) == players
    for other, change in enumerate(outcome.score_changes):
        if other != declarer:
            assert change == 0
    if declarer is not None:
        assert outcome.score_changes[declarer] == outcome.declarer_score == rules.score(game)


@settings(deadline=None, max_examples=500)
@given(
    rules=rules,
    players=st.sampled_from([3, 4]),
    game=legal_games() | st.just(Game.passed()),
    declarer=st.none() | st.integers(-1, 4),
    tricks=st.none() | st.integers(-1, 6),
    bid=st.none() | st.sampled_from(["2", "3", "3 Hand", "3 Ruten", "4 Hand Ruten", "Kieker"]),
    bid_held=st.booleans(),
    has_pictures=st.booleans(),
)
def test_the_computed_value_written_down_never_adds_an_error(
    rules: Prisdorf,
    players: int,
    game: Game,
    declarer: int | None,
    tricks: int | None,
    bid: str | None,
    bid_held: bool,
    has_pictures: bool,
) -> None:
    entry = DealEntry(
        game,
        declarer,
        tricks,
        has_pictures=has_pictures,
        bid=None if bid is None else Bid.parse(bid),
        bid_held=bid_held,
    )
    first = attempt(lambda: rules.evaluate(entry, players=players))
    if isinstance(first, Outcome):
        if game.kind is GameKind.PASSED:
            return  # no value is written for a passed deal
        value = first.declarer_score
    elif tricks is None and game.kind is not GameKind.PASSED:
        try:
            value = rules.score(game)
        except InvalidEntryError:
            return  # the game itself is invalid: no value to write
    else:
        return  # invalid, and the value the rules would compute is not known
    with_value = replace(entry, captain_value=value)
    assert attempt(lambda: rules.evaluate(with_value, players=players)) == first


def _bid_key(bid: Bid) -> tuple[float, int]:
    """SPEC A4.2: tricks first, then the number of doubles; Kieker is "4½"."""
    if bid.kind is GameKind.KIEKER:
        return (4.5, 0)
    assert bid.tricks is not None
    return (bid.tricks, bid.hand + bid.ruten)


legal_bids = st.one_of(
    st.just(Bid.KIEKER),
    st.builds(
        Bid.number,
        st.integers(min_value=2, max_value=5),
        hand=st.booleans(),
        ruten=st.booleans(),
    ),
)


@given(first=legal_bids, second=legal_bids)
def test_bid_ranks_follow_a4_2(first: Bid, second: Bid) -> None:
    first_rank, second_rank = PRISDORF.bid_rank(first), PRISDORF.bid_rank(second)
    assert (first_rank < second_rank) == (_bid_key(first) < _bid_key(second))
    assert (first_rank == second_rank) == (_bid_key(first) == _bid_key(second))


calls = st.one_of(
    st.builds(Call.pass_, st.integers(-1, 4)),
    st.builds(Call.hold, st.integers(-1, 4), has_pictures=st.booleans()),
    st.builds(
        Call.bidding,
        st.integers(-1, 4),
        st.sampled_from(["2", "2 Hand", "3", "3 Ruten", "4 Hand Ruten", "Kieker", "5", "7er"]),
        has_pictures=st.booleans(),
    ),
    st.builds(
        Call,
        st.integers(-1, 4),
        st.sampled_from(CallKind),
        st.none() | legal_bids,
        st.booleans(),
    ),
)


@settings(deadline=None, max_examples=500)
@given(
    auction=st.lists(calls, max_size=10),
    dealer=st.integers(-1, 4),
    players=st.integers(2, 5),
    min_bid=st.sampled_from([2, 3]),
)
def test_any_auction_resolves_or_raises_fipsen_error(
    auction: list[Call], dealer: int, players: int, min_bid: int
) -> None:
    try:
        result = resolve_auction(
            auction, dealer=dealer, players=players, rules=Prisdorf(min_bid=min_bid)
        )
    except FipsenError:
        return
    if result.declarer is not None:
        assert 0 <= result.declarer < players
        assert result.contract is not None
