"""The auction (SPEC A5): who declares, at what contract, or which call was illegal."""

from __future__ import annotations

import pytest

from fipsen_rules import (
    AuctionError,
    Bid,
    Call,
    Code,
    FipsenError,
    Prisdorf,
    SeatingError,
    resolve_auction,
)

bid = Call.bidding
hold = Call.hold
pass_ = Call.pass_


# Valid auctions: (calls, dealer, players, declarer, contract, held)
VALID = {
    # D17: 1:"3", 2:"3 Ruten", 1:hold, 2:pass, 3:pass, 0:pass → decl 1, R4, held
    "D17": (
        [bid(1, "3"), bid(2, "3 Ruten"), hold(1), pass_(2), pass_(3), pass_(0)],
        0,
        4,
        1,
        "3 Ruten",
        True,
    ),
    # D18: 1:"4 Hand Ruten", 2:"Kieker", 1:pass, 3:"5", 2:pass, 0:pass → decl 3, R10
    "D18": (
        [bid(1, "4 Hand Ruten"), bid(2, "Kieker"), pass_(1), bid(3, "5"), pass_(2), pass_(0)],
        0,
        4,
        3,
        "5",
        False,
    ),
    "one-bid": (
        [bid(1, "2"), pass_(2), pass_(3), pass_(0)],
        0,
        4,
        1,
        "2",
        False,
    ),
    "dealer-declares": (
        [pass_(1), pass_(2), pass_(3), bid(0, "3 Hand")],
        0,
        4,
        0,
        "3 Hand",
        False,
    ),
    "opening-after-passes": (
        [pass_(1), pass_(2), bid(3, "2"), bid(0, "3"), pass_(3)],
        0,
        4,
        0,
        "3",
        False,
    ),
    "hold-then-challenger-raises": (
        [bid(1, "2"), bid(2, "3"), hold(1), bid(2, "4"), pass_(1), pass_(3), pass_(0)],
        0,
        4,
        2,
        "4",
        False,
    ),
    "hold-twice": (
        [
            *(bid(1, "2"), bid(2, "2 Hand"), hold(1)),
            *(bid(2, "3"), hold(1), pass_(2), pass_(3), pass_(0)),
        ],
        0,
        4,
        1,
        "3",
        True,
    ),
    "incumbent-raises": (
        [bid(1, "2"), bid(2, "3"), bid(1, "4"), pass_(2), pass_(3), pass_(0)],
        0,
        4,
        1,
        "4",
        False,
    ),
    # A5.2: an equal-rank "bid" by the incumbent counts as a hold; best stays the challenger's
    "equal-rank-counts-as-hold": (
        [bid(1, "3"), bid(2, "3 Ruten"), bid(1, "3 Hand"), pass_(2), pass_(3), pass_(0)],
        0,
        4,
        1,
        "3 Ruten",
        True,
    ),
    "survivor-meets-each-player": (
        [
            *(bid(1, "2"), bid(2, "3"), pass_(1)),  # 2 survives VH
            *(bid(3, "4"), hold(2), pass_(3)),  # 2 survives seat 3
            *(bid(0, "5"), pass_(2)),  # the dealer wins
        ],
        0,
        4,
        0,
        "5",
        False,
    ),
    "jump-bid": (
        [bid(1, "5 Hand Ruten"), pass_(2), pass_(3), pass_(0)],
        0,
        4,
        1,
        "5 Hand Ruten",
        False,
    ),
    "kieker-over-4-hand-ruten": (
        [bid(1, "4 Hand Ruten"), bid(2, "Kieker"), pass_(1), pass_(3), pass_(0)],
        0,
        4,
        2,
        "Kieker",
        False,
    ),
    # R-A6: an incumbent who qualifies for Kieker may hold one
    "kieker-held-by-qualifier": (
        [bid(1, "4"), bid(2, "Kieker"), hold(1), pass_(2), pass_(3), pass_(0)],
        0,
        4,
        1,
        "Kieker",
        True,
    ),
    # Three players, dealer 2: order 0, 1, 2 (A2.3)
    "3p": (
        [bid(0, "2"), bid(1, "3"), pass_(0), pass_(2)],
        2,
        3,
        1,
        "3",
        False,
    ),
    "3p-dealer-wins": (
        [pass_(1), bid(2, "3"), bid(0, "4"), pass_(2)],
        0,
        3,
        0,
        "4",
        False,
    ),
    "3p-hold": (
        [bid(0, "2 Ruten"), bid(1, "2 Hand Ruten"), hold(0), pass_(1), pass_(2)],
        2,
        3,
        0,
        "2 Hand Ruten",
        True,
    ),
    "dealer-3": (
        [bid(0, "2"), pass_(1), pass_(2), pass_(3)],
        3,
        4,
        0,
        "2",
        False,
    ),
}


@pytest.mark.parametrize(
    ("calls", "dealer", "players", "declarer", "contract", "held"),
    VALID.values(),
    ids=list(VALID),
)
def test_valid_auction(
    calls: list[Call], dealer: int, players: int, declarer: int, contract: str, held: bool
) -> None:
    result = resolve_auction(calls, dealer=dealer, players=players)
    assert result.declarer == declarer
    assert result.contract == Bid.parse(contract)
    assert result.held is held
    assert result.passed_out is False


@pytest.mark.parametrize(("dealer", "players"), [(0, 4), (3, 4), (0, 3), (2, 3)])
def test_all_pass(dealer: int, players: int) -> None:
    """R-A4: no declarer; the same dealer deals again."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    result = resolve_auction([pass_(seat) for seat in order], dealer=dealer, players=players)
    assert result.passed_out is True
    assert result.declarer is None
    assert result.contract is None


# Illegal auctions: (calls, dealer, players, code, index of the call at fault)
INVALID = {
    # D19: 2 Ruten = 2 Hand (equal rank) does not overcall (E16)
    "D19": ([bid(1, "2 Hand"), bid(2, "2 Ruten")], 0, 4, Code.BID_NOT_HIGHER, 1),
    # D20: only the incumbent may hold (E15)
    "D20": ([bid(1, "2"), hold(2)], 0, 4, Code.HOLD_NOT_ALLOWED, 1),
    "hold-by-challenger-after-hold": (
        [bid(1, "2"), bid(2, "3"), hold(1), hold(2)],
        0,
        4,
        Code.HOLD_NOT_ALLOWED,
        3,
    ),
    "hold-with-nothing-to-hold": ([hold(1)], 0, 4, Code.HOLD_NOT_ALLOWED, 0),
    "hold-after-passes": ([pass_(1), hold(2)], 0, 4, Code.HOLD_NOT_ALLOWED, 1),
    "lower-bid": ([bid(1, "3"), bid(2, "2 Hand Ruten")], 0, 4, Code.BID_NOT_HIGHER, 1),
    "same-bid": ([bid(1, "3 Hand"), bid(2, "3 Hand")], 0, 4, Code.BID_NOT_HIGHER, 1),
    "incumbent-lower": (
        [bid(1, "3"), bid(2, "4"), bid(1, "3 Hand Ruten")],
        0,
        4,
        Code.BID_NOT_HIGHER,
        2,
    ),
    "challenger-after-hold-not-higher": (
        [bid(1, "2"), bid(2, "3"), hold(1), bid(2, "3")],
        0,
        4,
        Code.BID_NOT_HIGHER,
        3,
    ),
    "kieker-over-5": ([bid(1, "5"), bid(2, "Kieker")], 0, 4, Code.BID_NOT_HIGHER, 1),
    "4-hand-ruten-over-kieker": (
        [bid(1, "Kieker"), bid(2, "4 Hand Ruten")],
        0,
        4,
        Code.BID_NOT_HIGHER,
        1,
    ),
    # E17: out of turn
    "first-call-not-vorhand": ([bid(2, "2")], 0, 4, Code.OUT_OF_TURN, 0),
    "dealer-speaks-first": ([pass_(0)], 0, 4, Code.OUT_OF_TURN, 0),
    "third-player-interrupts-duel": (
        [bid(1, "2"), bid(2, "3"), bid(3, "4")],
        0,
        4,
        Code.OUT_OF_TURN,
        2,
    ),
    # E17: a call by a player who has passed
    "passed-player-bids-again": (
        [pass_(1), bid(2, "2"), bid(1, "3")],
        0,
        4,
        Code.OUT_OF_TURN,
        2,
    ),
    "duel-loser-bids-again": (
        [bid(1, "2"), bid(2, "3"), pass_(1), bid(1, "4")],
        0,
        4,
        Code.OUT_OF_TURN,
        3,
    ),
    # Calls after the end
    "bid-after-the-end": (
        [bid(1, "2"), pass_(2), pass_(3), pass_(0), bid(2, "3")],
        0,
        4,
        Code.AUCTION_OVER,
        4,
    ),
    "pass-after-all-passed": (
        [pass_(1), pass_(2), pass_(3), pass_(0), pass_(1)],
        0,
        4,
        Code.AUCTION_OVER,
        4,
    ),
    "3p-call-after-the-end": (
        [bid(0, "2"), pass_(1), pass_(2), pass_(0)],
        2,
        3,
        Code.AUCTION_OVER,
        3,
    ),
    # Calls ending too early
    "no-calls": ([], 0, 4, Code.AUCTION_INCOMPLETE, 0),
    "duel-unanswered": ([bid(1, "2"), bid(2, "3")], 0, 4, Code.AUCTION_INCOMPLETE, 2),
    "dealer-not-heard": (
        [bid(1, "2"), pass_(2), pass_(3)],
        0,
        4,
        Code.AUCTION_INCOMPLETE,
        3,
    ),
    "3p-too-early": ([pass_(0), pass_(1)], 2, 3, Code.AUCTION_INCOMPLETE, 2),
    # E13: Kieker by a player with pictures
    "kieker-with-pictures": (
        [bid(1, "4"), Call.bidding(2, "Kieker", has_pictures=True)],
        0,
        4,
        Code.KIEKER_PICTURES,
        1,
    ),
    "kieker-opening-with-pictures": (
        [Call.bidding(1, "Kieker", has_pictures=True)],
        0,
        4,
        Code.KIEKER_PICTURES,
        0,
    ),
    # E14: a Kieker held by an incumbent who does not qualify
    "kieker-held-by-non-qualifier": (
        [bid(1, "4"), bid(2, "Kieker"), hold(1, has_pictures=True)],
        0,
        4,
        Code.KIEKER_HOLD_PICTURES,
        2,
    ),
    # A4.6, A10.8: no Kieker Ruten or Kieker Hand bids
    "kieker-hand": ([bid(1, "Kieker Hand")], 0, 4, Code.KIEKER_HAND, 0),
}


@pytest.mark.parametrize(
    ("calls", "dealer", "players", "code", "index"), INVALID.values(), ids=list(INVALID)
)
def test_illegal_auction(
    calls: list[Call], dealer: int, players: int, code: Code, index: int
) -> None:
    with pytest.raises(AuctionError) as info:
        resolve_auction(calls, dealer=dealer, players=players)
    assert info.value.code is code
    assert info.value.index == index


def test_out_of_turn_names_who_should_speak() -> None:
    with pytest.raises(AuctionError) as info:
        resolve_auction([bid(1, "2"), bid(3, "3")], dealer=0, players=4)
    assert info.value.params == {"seat": 3, "expected": 2}


def test_not_higher_names_both_bids() -> None:
    with pytest.raises(AuctionError) as info:
        resolve_auction([bid(1, "2 Hand"), bid(2, "2 Ruten")], dealer=0, players=4)
    assert info.value.params == {"bid": "2 Ruten", "current": "2 Hand"}


def test_kieker_ruten_is_not_a_bid() -> None:
    """A4.6: "There is no 'Kieker Ruten' bid"."""
    with pytest.raises(AuctionError) as info:
        resolve_auction([bid(1, "Kieker Ruten")], dealer=0, players=4)
    assert info.value.index == 0


@pytest.mark.parametrize("text", ["2", "2 Hand", "2 Ruten", "2 Hand Ruten"])
def test_minimum_bid_3(text: str) -> None:
    """C1: bids of 2 are invalid (E10)."""
    calls = [bid(1, text), pass_(2), pass_(3), pass_(0)]
    with pytest.raises(AuctionError) as info:
        resolve_auction(calls, dealer=0, players=4, rules=Prisdorf(min_bid=3))
    assert info.value.code is Code.BID_TRICKS
    assert info.value.index == 0
    assert resolve_auction(calls, dealer=0, players=4).declarer == 1  # legal with min bid 2


def test_minimum_bid_3_allows_3() -> None:
    calls = [bid(1, "3"), pass_(2), pass_(3), pass_(0)]
    result = resolve_auction(calls, dealer=0, players=4, rules=Prisdorf(min_bid=3))
    assert (result.declarer, result.contract) == (1, Bid.number(3))


# Siebener Fips (A5.1 R-A8, A11): a claim ends the auction at once, whoever's turn it is

SIEBENER = {
    "before-anyone-speaks": ([bid(3, "Siebener Fips")], 0, 4, 3),
    "vorhand-claims": ([bid(1, "Siebener Fips")], 0, 4, 1),
    "out-of-turn-mid-duel": ([bid(1, "3"), bid(2, "4"), bid(0, "Siebener Fips")], 0, 4, 0),
    "over-5-hand-ruten": ([bid(1, "5 Hand Ruten"), bid(2, "Siebener Fips")], 0, 4, 2),
    "by-a-player-who-passed": ([pass_(1), bid(2, "2"), bid(1, "Siebener Fips")], 0, 4, 1),
    "3p": ([bid(0, "2"), bid(2, "Siebener Fips")], 2, 3, 2),
}


@pytest.mark.parametrize(
    ("calls", "dealer", "players", "holder"), SIEBENER.values(), ids=list(SIEBENER)
)
def test_siebener_fips_claim(calls: list[Call], dealer: int, players: int, holder: int) -> None:
    result = resolve_auction(calls, dealer=dealer, players=players)
    assert result.declarer == holder
    assert result.contract == Bid.SIEBENER_FIPS


def test_siebener_fips_claim_after_the_auction() -> None:
    calls = [bid(1, "3"), pass_(2), pass_(3), pass_(0), bid(2, "Siebener Fips")]
    result = resolve_auction(calls, dealer=0, players=4)
    assert result.declarer == 2
    assert result.contract == Bid.SIEBENER_FIPS


def test_a_call_after_a_siebener_fips_claim_is_illegal() -> None:
    with pytest.raises(AuctionError) as info:
        resolve_auction([bid(2, "Siebener Fips"), bid(1, "3")], dealer=0, players=4)
    assert info.value.index == 1


def test_siebener_fips_claim_by_a_seat_that_does_not_exist() -> None:
    with pytest.raises(AuctionError) as info:
        resolve_auction([bid(4, "Siebener Fips")], dealer=0, players=4)
    assert info.value.code is Code.SEAT


@pytest.mark.parametrize(("dealer", "players"), [(4, 4), (-1, 4), (3, 3), (0, 5), (0, 2)])
def test_dealer_or_table_that_does_not_exist(dealer: int, players: int) -> None:
    with pytest.raises(SeatingError):
        resolve_auction([], dealer=dealer, players=players)


def test_auction_errors_are_fipsen_errors() -> None:
    with pytest.raises(FipsenError):
        resolve_auction([hold(1)], dealer=0, players=4)
