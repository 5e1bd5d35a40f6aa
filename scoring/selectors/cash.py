"""The night's cash report: the entry fees in (the registrations marked paid × the
tournament's fee), the fees still open (the players present who have not paid), the prizes
paid out (their money; goods listed, not summed) and what stays with the club. Summed for one
night: a season's sum waits for a season (issue 20).

Prizes paid out: the money the standings award by the tournament's prize list (places, the
end, categories, the highest game), for every rule set, read in one place: the prize
allocation's :func:`scoring.selectors.prizes.prizes_given`."""

from dataclasses import dataclass
from decimal import Decimal

from scoring.selectors.prizes import PrizesGiven, prizes_given
from tournaments.models import Registration, Tournament


@dataclass(frozen=True)
class Payer:
    """A registration in the report: who, of which club, and whether his fee is paid."""

    name: str
    club: str
    paid: bool


@dataclass(frozen=True)
class CashReport:
    """The night's cash report, as the page and the PDF show it."""

    tournament: Tournament
    fee: Decimal
    paid: list[Payer]
    open: list[Payer]
    #: The money of the prizes paid out, and the goods handed over (listed, not summed).
    prizes: PrizesGiven

    @property
    def fees_in(self) -> Decimal:
        return self.fee * len(self.paid)

    @property
    def fees_open(self) -> Decimal:
        return self.fee * len(self.open)

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
    """The night's cash report: one query for the registrations, and the prizes' queries
    (the standings', or the race's and Tippen's own; fixed as well)."""
    registrations = (
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by("player__name", "pk")
    )
    paid, owing = [], []
    for registration in registrations:
        payer = Payer(registration.player.name, registration.player.club, registration.is_fee_paid)
        if registration.is_fee_paid:
            paid.append(payer)  # paid is paid, even by one who left before the draw
        elif registration.is_checked_in:
            owing.append(payer)  # present, or played, and not paid
    return CashReport(
        tournament=tournament,
        fee=tournament.entry_fee or Decimal(0),
        paid=paid,
        open=owing,
        prizes=prizes_given(tournament=tournament),
    )
