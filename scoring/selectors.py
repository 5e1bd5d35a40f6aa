"""Reading deals for the table's page, the organiser's sheet and the dashboard."""

from dataclasses import dataclass

from django.db.models import Count, Max, Prefetch, Q, QuerySet

from scoring.models import Deal, DealChange
from tournaments.models import Seat, Table, Tournament


@dataclass(frozen=True)
class NextDeal:
    """Where a table stands: what the next entry will be."""

    sequence: int
    #: The next deal's number on the sheet; None when the table has played all its deals.
    number: int | None
    dealer: int
    vorhand: int
    #: The seats that play the next deal, clockwise (a player who left is not among them).
    seats: tuple[int, ...]
    #: The last deal, if any.
    last: Deal | None

    @property
    def waiting_for_confirmation(self) -> bool:
        return self.last is not None and self.last.confirmed_by is None


def seats_of(*, table: Table) -> list[Seat]:
    """The table's seats by position, with their players."""
    return list(table.seats.select_related("registration__player").order_by("position"))


def playing_seats(seats: list[Seat], number: int) -> tuple[int, ...]:
    """The seats that play deal ``number``: all but those who left before it."""
    return tuple(
        s.position for s in seats if s.left_after_deal is None or s.left_after_deal >= number
    )


def next_deal(*, table: Table, seats: list[Seat] | None = None) -> NextDeal:
    """The next entry of a table (three queries, however many deals it has)."""
    seats = seats_of(table=table) if seats is None else seats
    deals = Deal.objects.filter(table=table)
    last = deals.order_by("-sequence").first()
    last_number = deals.aggregate(last=Max("number"))["last"] or 0
    number = last_number + 1
    active = playing_seats(seats, number)
    if last is None:
        dealer = _clockwise(table.first_dealer, active, len(seats), step=0)
    else:
        dealer = _clockwise(last.dealer, active, len(seats), step=0 if last.is_passed else 1)
    return NextDeal(
        sequence=(last.sequence if last else 0) + 1,
        number=number if number <= table.deals else None,
        dealer=dealer,
        vorhand=_clockwise(dealer, active, len(seats), step=1),
        seats=active,
        last=last,
    )


def _clockwise(start: int, active: tuple[int, ...], size: int, *, step: int) -> int:
    """The first playing seat from ``start + step`` on, clockwise."""
    for offset in range(step, step + size):
        seat = (start + offset) % size
        if seat in active:
            return seat
    return start  # not reached: a table always has three playing seats


@dataclass(frozen=True)
class SheetRow:
    deal: Deal
    #: Every seat's running total after this deal, by seat.
    totals: tuple[int, ...]


@dataclass(frozen=True)
class TableSheet:
    """A table's scoresheet: the Prisdorf layout, deal by deal with running totals."""

    table: Table
    seats: list[Seat]
    rows: list[SheetRow]
    totals: tuple[int, ...]

    @property
    def played(self) -> int:
        return sum(1 for row in self.rows if not row.deal.is_passed)

    @property
    def standing(self) -> list[tuple[Seat, int]]:
        """Each seat with its total, in seat order."""
        return list(zip(self.seats, self.totals, strict=True))


def table_sheet(*, table: Table, seats: list[Seat] | None = None) -> TableSheet:
    """Every deal of the table in order, with running totals (two queries)."""
    seats = seats_of(table=table) if seats is None else seats
    totals = [0] * len(seats)
    rows = []
    for deal in Deal.objects.filter(table=table).order_by("sequence"):
        if deal.declarer is not None and deal.declarer < len(totals):
            totals[deal.declarer] += deal.score
        rows.append(SheetRow(deal, tuple(totals)))
    return TableSheet(table=table, seats=seats, rows=rows, totals=tuple(totals))


def tables_progress(*, tournament: Tournament) -> QuerySet[Table]:
    """The tournament's tables with their players and ``played`` deals (two queries)."""
    seats = Seat.objects.select_related("registration__player").order_by("position")
    return (
        Table.objects.filter(tournament=tournament)
        .annotate(played=Count("deal_set", filter=Q(deal_set__number__isnull=False)))
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("number")
    )


def deal_history(*, table: Table) -> QuerySet[DealChange]:
    """Every entry and change at a table, the newest first."""
    return (
        DealChange.objects.filter(deal__table=table)
        .select_related("deal", "user")
        .order_by("-created_at", "-pk")
    )
