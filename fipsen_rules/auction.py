"""The auction: a series of two-player duels, Vorhand first, the dealer last (SPEC A5).

The earlier player of a duel may hold (take on the same rank); the later one must bid
strictly higher or pass. A player who passed is out. A Siebener Fips claim ends the
auction at once, whoever's turn it is.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from fipsen_rules.errors import AuctionError, Code, FipsenError, ParamValue, Violation
from fipsen_rules.game import Bid, GameKind
from fipsen_rules.prisdorf import PRISDORF
from fipsen_rules.seats import auction_order, check_seat

__all__ = ["AuctionResult", "Call", "CallKind", "resolve_auction"]


class BiddingRules(Protocol):
    """What an auction asks of its rules: whether a bid is legal, and its rank."""

    def check_bid(self, bid: Bid) -> tuple[Violation, ...]: ...

    def bid_rank(self, bid: Bid) -> int: ...


class CallKind(StrEnum):
    BID = "bid"
    HOLD = "hold"
    PASS = "pass"  # noqa: S105 (a call in the auction, not a password)


@dataclass(frozen=True, slots=True)
class Call:
    """One call: a seat bids, holds or passes.

    :param has_pictures: the caller's five dealt cards hold a King, Queen or Jack; only
        consulted for a Kieker bid or the hold of one.
    """

    seat: int
    kind: CallKind
    bid: Bid | None = None
    has_pictures: bool = False

    @classmethod
    def bidding(cls, seat: int, bid: Bid | str, *, has_pictures: bool = False) -> Call:
        """``Call.bidding(1, "3 Hand")``; a text is read with :meth:`Bid.parse`."""
        return cls(
            seat, CallKind.BID, Bid.parse(bid) if isinstance(bid, str) else bid, has_pictures
        )

    @classmethod
    def hold(cls, seat: int, *, has_pictures: bool = False) -> Call:
        return cls(seat, CallKind.HOLD, None, has_pictures)

    @classmethod
    def pass_(cls, seat: int) -> Call:
        return cls(seat, CallKind.PASS)


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """Who declares and at what contract; ``declarer is None`` when all passed.

    :param held: the declarer holds a rank last named by another player, so he owes
        only as many doubles as it named, of either kind (SPEC A6.2).
    """

    declarer: int | None
    contract: Bid | None
    held: bool = False

    @property
    def passed_out(self) -> bool:
        return self.declarer is None


class _Calls:
    """The calls in order, each checked against the seat whose turn it is."""

    def __init__(self, calls: Sequence[Call], rules: BiddingRules) -> None:
        self._calls = calls
        self._rules = rules
        self._index = -1

    def error(self, code: Code, field: str | None = None, **params: ParamValue) -> AuctionError:
        return AuctionError((Violation(code, field, params),), max(self._index, 0))

    def next(self, seat: int) -> Call:
        self._index += 1
        if self._index >= len(self._calls):
            raise AuctionError(
                (Violation(Code.AUCTION_INCOMPLETE, None, {"expected": seat}),), self._index
            )
        call = self._calls[self._index]
        if call.bid is not None and call.bid.kind is GameKind.SIEBENER_FIPS:
            raise _SiebenerClaim(call.seat, self._index)
        if call.seat != seat:
            raise self.error(Code.OUT_OF_TURN, "seat", seat=call.seat, expected=seat)
        if call.kind is CallKind.BID:
            self.check_bid(call)
        return call

    def check_bid(self, call: Call) -> None:
        if call.bid is None:
            raise self.error(Code.NOT_APPLICABLE, "bid", detail="no bid", game="a bid call")
        violations = self._rules.check_bid(call.bid)
        if violations:
            raise AuctionError(violations, self._index)
        if call.bid.kind is GameKind.KIEKER and call.has_pictures:
            raise self.error(Code.KIEKER_PICTURES, "has_pictures")

    def rank(self, call: Call) -> int:
        if call.bid is None:  # a hold or pass has no rank of its own
            raise self.error(Code.NOT_APPLICABLE, "bid", detail="no bid", game="a bid call")
        return self._rules.bid_rank(call.bid)

    def rest(self) -> Iterator[tuple[int, Call]]:
        for index in range(self._index + 1, len(self._calls)):
            yield index, self._calls[index]


class _SiebenerClaim(Exception):
    def __init__(self, seat: int, index: int) -> None:
        self.seat = seat
        self.index = index


def resolve_auction(
    calls: Sequence[Call], *, dealer: int, players: int, rules: BiddingRules = PRISDORF
) -> AuctionResult:
    """Who declares, at what contract, from the calls of one deal in the order made.

    >>> calls = [Call.bidding(1, "3"), Call.bidding(2, "3 Ruten"), Call.hold(1),
    ...          Call.pass_(2), Call.pass_(3), Call.pass_(0)]
    >>> result = resolve_auction(calls, dealer=0, players=4)
    >>> result.declarer, str(result.contract), result.held
    (1, '3 Ruten', True)
    >>> too_low = [Call.bidding(1, "2 Hand"), Call.bidding(2, "2 Ruten")]
    >>> resolve_auction(too_low, dealer=0, players=4)
    Traceback (most recent call last):
    ...
    fipsen_rules.errors.AuctionError: 2 Ruten does not beat 2 Hand.

    :raises AuctionError: for the first illegal call (its ``index`` says which), for calls
        left over after the auction ended, or when the calls end too early.
    :raises SeatingError: for a table or dealer that does not exist.
    """
    check_seat(dealer, players, "dealer")
    reader = _Calls(calls, rules)
    try:
        result = _duels(reader, auction_order(dealer, players))
    except _SiebenerClaim as early:
        result = _siebener_fips(early.seat, early.index, players)
    for index, extra in reader.rest():
        late_claim = extra.bid is not None and extra.bid.kind is GameKind.SIEBENER_FIPS
        if late_claim and result.contract != Bid.SIEBENER_FIPS:
            # A Siebener Fips may be claimed after the auction too, until the first lead.
            result = _siebener_fips(extra.seat, index, players)
            continue
        raise AuctionError((Violation(Code.AUCTION_OVER, "seat", {"seat": extra.seat}),), index)
    return result


def _siebener_fips(seat: int, index: int, players: int) -> AuctionResult:
    """A Siebener Fips claim ends the deal: the claimer scores, whatever was bid."""
    try:
        check_seat(seat, players)
    except FipsenError as error:
        raise AuctionError(error.violations, index) from None
    return AuctionResult(seat, Bid.SIEBENER_FIPS)


def _duels(reader: _Calls, order: tuple[int, ...]) -> AuctionResult:
    incumbent: int | None = None
    best: Call | None = None  # the highest bid so far; its seat named it
    for challenger in order:
        if incumbent is None or best is None:
            call = reader.next(challenger)
            if call.kind is CallKind.HOLD:
                raise reader.error(Code.HOLD_NOT_ALLOWED, "kind")
            if call.kind is CallKind.BID:
                incumbent, best = challenger, call
            continue
        while True:
            call = reader.next(challenger)
            if call.kind is CallKind.PASS:
                break
            if call.kind is CallKind.HOLD:
                raise reader.error(Code.HOLD_NOT_ALLOWED, "kind")
            _require_higher(reader, call, best)
            best = call
            answer = reader.next(incumbent)
            if answer.kind is CallKind.PASS:
                incumbent = challenger
                break
            if answer.kind is CallKind.HOLD or reader.rank(answer) == reader.rank(best):
                holding_kieker = best.bid is not None and best.bid.kind is GameKind.KIEKER
                if holding_kieker and answer.has_pictures:
                    raise reader.error(Code.KIEKER_HOLD_PICTURES, "has_pictures")
                continue  # the challenger must now go higher
            _require_higher(reader, answer, best)
            best = answer
    if incumbent is None or best is None:
        return AuctionResult(None, None)
    return AuctionResult(incumbent, best.bid, held=best.seat != incumbent)


def _require_higher(reader: _Calls, call: Call, best: Call) -> None:
    if reader.rank(call) <= reader.rank(best):
        raise reader.error(Code.BID_NOT_HIGHER, "bid", bid=str(call.bid), current=str(best.bid))
