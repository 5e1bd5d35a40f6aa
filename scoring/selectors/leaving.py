"""Whether a table's deals fit a player leaving after an earlier deal than the last one played.

A table of four that learns late that a player left (the three went on entering deals on the
phone) lets him leave after an earlier deal: the deals after it must then be ones the three
could have played. tournaments asks this through ``tournaments.ledger.progress``.
"""

from dataclasses import dataclass

from fipsen_rules.seats import Seating
from scoring.models import Deal
from tournaments.models import Seat, Table
from tournaments.rule_choice import rules_of


@dataclass(frozen=True)
class _Seat:
    position: int
    left_after_deal: int | None


def deals_unfit_for_leaving(
    *, table: Table, seats: list[Seat], position: int, after_deal: int
) -> list[int]:
    """The numbers of the deals after ``after_deal`` that the table could not have played had
    the player at ``position`` left after it: he dealt or declared in it. A passed deal is not
    named (it scores nothing, and leaving now, after the last deal played, must not be refused
    for the redeal he dealt): if he dealt it, the deal played after it, dealt by him again,
    is. Empty: the deals after it fit.
    """
    seating = Seating.of(
        [
            _Seat(s.position, after_deal if s.position == position else s.left_after_deal)
            for s in seats
        ],
        rules_of(table.tournament).table_sizes,
    )
    unfit: list[int] = []
    dealer, completed, number = table.first_dealer, False, 1
    for deal in Deal.objects.filter(table=table).order_by("sequence"):
        expected = seating.next_dealer(dealer, number, completed=completed)
        # A deal that does not count (a passed one) scores nothing; the deal after it shows.
        counts = deal.counts
        if counts and number > after_deal and not _fits(seating.playing(number), deal, expected):
            unfit.append(number)
        dealer, completed = deal.dealer, counts
        number += completed
    return unfit


def _fits(playing: tuple[int, ...], deal: Deal, dealer: int) -> bool:
    """Whether ``deal`` is one the seats ``playing`` could have played, ``dealer`` dealing.

    The game itself needs no new look: its score is the declarer's alone, whoever else
    plays (Prisdorf, the one rule set whose tables play on when a player leaves).
    """
    return deal.dealer == dealer and (deal.declarer is None or deal.declarer in playing)
