"""The night's cash report: the entry fees in (the money paid, as each payment kept it), the
fees still open (the players present who have not paid, at the fee asked now), what the
tables paid beyond the fees where the game has such money (Preisskat's Verlustspielgeld), the
prizes paid out (their money; goods listed, not summed) and what stays with the club. Summed for one
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
from tournaments.rule_pages import pages_of


@dataclass(frozen=True)
class TableMoney:
    """What one table pays the club beyond the fees (a Skat list's Verlustspielgeld): its name
    and a line per player or kind, each in cents."""

    table: str
    lines: tuple[tuple[str, int], ...]

    @property
    def amounts(self) -> tuple[tuple[str, Decimal], ...]:
        """Each line with its amount in euros."""
        return tuple((line, Decimal(cents) / 100) for line, cents in self.lines)

    @property
    def total(self) -> Decimal:
        return Decimal(sum(cents for _line, cents in self.lines)) / 100


@dataclass(frozen=True)
class GameMoney:
    """Money a game's tables pay the club beyond the entry fees (a game's
    :attr:`~tournaments.rule_pages.RulePages.money`), table by table."""

    label: str
    tables: tuple[TableMoney, ...]

    @property
    def total(self) -> Decimal:
        return sum((table.total for table in self.tables), Decimal(0))


@dataclass(frozen=True)
class CashReport:
    """The night's cash report, as the page and the PDF show it."""

    tournament: Tournament
    fees: Fees
    #: The money of the prizes paid out, and the goods handed over (listed, not summed).
    prizes: PrizesGiven
    #: What the tables paid beyond the fees, as the game says (Preisskat's Verlustspielgeld).
    game_money: tuple[GameMoney, ...] = ()

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
        """What stays with the club: the fees in and the tables' money, less the prizes'
        money (negative: the club adds to the prizes)."""
        tables = sum((money.total for money in self.game_money), Decimal(0))
        return self.fees_in + tables - self.prizes.money

    @property
    def final(self) -> bool:
        """The prizes are final once the tournament is finished; provisional before."""
        return self.tournament.is_finished


def cash_report(*, tournament: Tournament) -> CashReport:
    """The night's cash report: one query for the fees, and the prizes' queries (the
    standings', or the race's and Tippen's own; fixed as well)."""
    money = pages_of(tournament).money
    return CashReport(
        tournament=tournament,
        fees=fees(tournament=tournament),
        prizes=prizes_given(tournament=tournament),
        game_money=tuple(money(tournament)) if money is not None else (),
    )
