"""The night's cash report: the entry fees in (the money paid, as each payment kept it), the
fees still open (the players present who have not paid, at the fee asked now), the prizes
paid out (their money; goods listed, not summed) and what stays with the club. Summed for one
night: a season's sum waits for a season (issue 20). The fees are read where every page reads
them, :func:`tournaments.desk.fees`.

Prizes paid out: the money the standings award by the tournament's prize list (places, the
end, categories, the highest game), for every rule set, read in one place: the prize
allocation's :func:`scoring.standings.prizes.prizes_given`."""

from dataclasses import dataclass
from decimal import Decimal

from scoring.standings.prizes import PrizesGiven, prizes_given
from tournaments.desk.fees import Fees, fees
from tournaments.models import Registration, Tournament


@dataclass(frozen=True)
class CashReport:
    """The night's cash report, as the page and the PDF show it."""

    tournament: Tournament
    fees: Fees
    #: The money of the prizes paid out, and the goods handed over (listed, not summed).
    prizes: PrizesGiven

    @property
    def fee(self) -> Decimal:
        return self.fees.fee

    @property
    def paid(self) -> list[Registration]:
        return self.fees.paid

    @property
    def open(self) -> list[Registration]:
        return self.fees.open

    @property
    def fees_in(self) -> Decimal:
        return self.fees.paid_total

    @property
    def fees_open(self) -> Decimal:
        return self.fees.open_total

    @property
    def stays(self) -> Decimal:
        """What stays with the club: the fees in less the prizes' money (negative: the club
        adds to the prizes)."""
        return self.fees_in - self.prizes.money

    @property
    def final(self) -> bool:
        """The prizes are final once the tournament is finished; provisional before."""
        return self.tournament.is_finished


def cash_report(*, tournament: Tournament) -> CashReport:
    """The night's cash report: one query for the fees, and the prizes' queries (the
    standings', or the race's and Tippen's own; fixed as well)."""
    return CashReport(
        tournament=tournament,
        fees=fees(tournament=tournament),
        prizes=prizes_given(tournament=tournament),
    )
