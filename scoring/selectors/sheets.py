"""A table's scoresheet, deal by deal with running totals, and its history of changes."""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet

from scoring.models import Deal, DealChange
from tournaments.draw.tables import seats_of, tables_with_seats
from tournaments.models import Seat, Table, Tournament


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
        return sum(1 for row in self.rows if row.deal.counts)

    @property
    def standing(self) -> list[tuple[Seat, int]]:
        """Each seat with its total, in seat order."""
        return list(zip(self.seats, self.totals, strict=True))


def table_sheet(*, table: Table, seats: list[Seat] | None = None) -> TableSheet:
    """Every deal of the table in order, with running totals (two queries)."""
    seats = seats_of(table=table) if seats is None else seats
    return _sheet(table, seats, Deal.objects.filter(table=table).order_by("sequence"))


def table_sheets(*, tournament: Tournament, series: int | None = None) -> list[TableSheet]:
    """Every table's sheet (of ``series``, or of every series) in table order, for the PDFs
    and the charts.

    Three queries, however many tables and deals: the tables, their seats and players, and
    all the deals of the tournament (of the series).
    """
    tables_found = tables_with_seats(tournament=tournament).order_by("series", "number")
    found = Deal.objects.filter(table__tournament=tournament)
    if series is not None:
        tables_found = tables_found.filter(series=series)
        found = found.filter(table__series=series)
    tables = list(tables_found)
    deals: dict[int, list[Deal]] = {table.pk: [] for table in tables}
    for deal in found.order_by("table_id", "sequence"):
        deals[deal.table_id].append(deal)
    for table in tables:
        table.tournament = tournament  # the caller's, so that no query fetches it again
    return [_sheet(table, list(table.seats.all()), deals[table.pk]) for table in tables]


def _sheet(table: Table, seats: list[Seat], deals: Iterable[Deal]) -> TableSheet:
    """The sheet of ``deals`` (in order of entry): each row with the running totals after it."""
    totals = [0] * len(seats)
    rows = []
    for deal in deals:
        changes = deal.seat_changes
        totals = [t + changes[seat.position] for t, seat in zip(totals, seats, strict=True)]
        rows.append(SheetRow(deal, tuple(totals)))
    return TableSheet(table=table, seats=seats, rows=rows, totals=tuple(totals))


def deal_history(*, table: Table) -> QuerySet[DealChange]:
    """Every entry and change at a table, the newest first."""
    return (
        DealChange.objects.filter(deal__table=table)
        .select_related("deal", "user")
        .order_by("-created_at", "-pk")
    )
