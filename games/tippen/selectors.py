"""What the Tippen pages read: a table's ledger, the standings.

The chips and the pot are replayed from the stored deals (:mod:`pots.replay`), once per
entry or correction (:func:`table_totals`, stored by the ledger as running totals): the
standings and the board read those, a row per player; a table's page reads its deals.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, replace

from fipsen_rules import places
from games.tippen.models import PotDeal, PotDealChange
from games.tippen.replay import Ledger, replay
from games.tippen.rules import tippen_of
from tournaments.draw.series_rows import seats_by_player, series_count, series_of
from tournaments.draw.tables import tables_with_seats
from tournaments.ledger.totals import SeatTotal, TableTotal
from tournaments.models import Seat, Table, Tournament


@dataclass(frozen=True)
class TablePot:
    """A Tippen table as its captain sees it: its deals and the ledger they make."""

    table: Table
    seats: list[Seat]
    deals: list[PotDeal]
    ledger: Ledger

    @property
    def names(self) -> list[str]:
        return [seat.registration.player.name for seat in self.seats]

    @property
    def next_sequence(self) -> int:
        return len(self.deals) + 1

    @property
    def last_deal(self) -> PotDeal | None:
        return self.deals[-1] if self.deals else None

    @property
    def dealer_name(self) -> str:
        """Who deals next: seat 0 first, then clockwise after every deal."""
        return self.names[self.ledger.current.dealer]


def _table_pot(table: Table, seats: list[Seat], deals: list[PotDeal]) -> TablePot:
    rules = tippen_of(table.tournament.rule_options, players=len(seats))
    ledger = replay(rules, [deal.taps for deal in deals], first_dealer=table.first_dealer or 0)
    return TablePot(table, seats, deals, ledger)


def table_pot(*, table: Table, seats: list[Seat]) -> TablePot:
    """The table's deals and ledger (one query: the seats are read already)."""
    return _table_pot(table, seats, list(PotDeal.objects.filter(table=table).order_by("sequence")))


@dataclass(frozen=True)
class PotPlayer:
    """One player's evening: the standings' row."""

    name: str
    table: int
    seat: int
    chips: int
    place: int = 0
    shared: bool = False  # another player has the same place
    prize: str = ""  # his share of the prize list (rule_pages.with_prizes), as the standings say
    #: A night of several series: his chips in each (None where he had no seat), and the
    #: series of the seat named by ``table`` and ``seat`` (the last he had).
    series: tuple[int | None, ...] = ()
    seat_series: int = 1

    @property
    def points(self) -> int:
        """What the board shows in its points column: the chips."""
        return self.chips


def table_pots(*, tournament: Tournament) -> list[TablePot]:
    """Every table of the tournament with its seats, deals and ledger, in table order
    (three queries: tables, seats with players, deals)."""
    tables = list(tables_with_seats(tournament=tournament))
    deals: dict[int, list[PotDeal]] = defaultdict(list)
    for deal in PotDeal.objects.filter(table__tournament=tournament).order_by("sequence"):
        deals[deal.table_id].append(deal)
    pots = []
    for table in tables:
        table.tournament = tournament  # the same object: no query for it
        pots.append(_table_pot(table, list(table.seats.all()), deals[table.pk]))
    return pots


def pot_players(*, tournament: Tournament) -> list[PotPlayer]:
    """Every seated player with his chips summed over his seats (one per series), ranked by
    chips (one query: the seats with their running totals, :func:`table_totals`)."""
    seats = list(
        Seat.objects.filter(table__tournament=tournament)
        .select_related("table", "registration__player", "total")
        .order_by("series", "table__number", "position")
    )
    count = series_count(tournament.series_count, seats)
    players = [
        PotPlayer(
            found[-1].registration.player.name,
            found[-1].table.number,
            found[-1].position,
            sum(_chips_of(seat) for seat in found),
            series=series_of(found, _chips_of, count),
            seat_series=found[-1].series,
        )
        for found in seats_by_player(seats)
    ]
    return _ranked(players)


def _chips_of(seat: Seat) -> int:
    try:
        return seat.total.points
    except SeatTotal.DoesNotExist:
        return 0


@dataclass(frozen=True)
class PotTable:
    """A Tippen table as its standings list it: its deals, pot, chips set aside, next dealer."""

    table: Table
    entries: int
    pot: int
    reserve: int
    dealer_name: str


def pot_tables(*, tournament: Tournament) -> list[PotTable]:
    """Every table with its pot and next dealer from its running totals, in order (two
    queries: the tables with their totals, their seats and players)."""
    lines = []
    tables = tables_with_seats(tournament=tournament).select_related("total")
    for table in tables.order_by("series", "number"):
        names = [seat.registration.player.name for seat in table.seats.all()]
        try:
            total = table.total
        except TableTotal.DoesNotExist:
            total = TableTotal(table=table, dealer=table.first_dealer or 0)
        dealer = names[total.dealer] if total.dealer < len(names) else ""
        lines.append(PotTable(table, total.entries, total.pot, total.reserve, dealer))
    return lines


def table_totals(table: Table, seats: list[Seat]) -> tuple[TableTotal, list[SeatTotal]]:
    """A table's running totals, its ledger replayed once from its deals (one query), for
    the ledger to store (:mod:`tournaments.ledger.entries`)."""
    deals = list(PotDeal.objects.filter(table=table).order_by("sequence"))
    current = _table_pot(table, seats, deals).ledger.current
    seat_totals = [SeatTotal(seat=seat, points=current.chips[seat.position]) for seat in seats]
    table_total = TableTotal(
        table=table,
        played=len(deals),
        entries=len(deals),
        last_entry=max((deal.created_at for deal in deals), default=None),
        pot=current.pot,
        reserve=current.reserve,
        dealer=current.dealer,
    )
    return table_total, seat_totals


def ranked_players(pots: list[TablePot]) -> list[PotPlayer]:
    """The players of ``pots`` ranked by chips, highest first; equal chips share a place."""
    return _ranked(
        [
            PotPlayer(
                name, pot.table.number, seat.position, pot.ledger.current.chips[seat.position]
            )
            for pot in pots
            for seat, name in zip(pot.seats, pot.names, strict=True)
        ]
    )


def _ranked(players: list[PotPlayer]) -> list[PotPlayer]:
    ranks = places({key: (player.chips,) for key, player in enumerate(players)})
    tied = Counter(ranks.values())
    ranked = [
        replace(player, place=ranks[key], shared=tied[ranks[key]] > 1)
        for key, player in enumerate(players)
    ]
    return sorted(ranked, key=lambda player: (player.place, player.name))


def pot_history(*, tournament: Tournament) -> list[PotDealChange]:
    """The Tippen deals corrected (by the organiser, or the captain's phone), the latest first,
    each with who, before and after (one query)."""
    changes = PotDealChange.objects.filter(deal__table__tournament=tournament)
    return list(changes.select_related("deal__table", "user").order_by("-created_at", "-pk"))


def pot_entries(*, tournament: Tournament) -> list[PotDeal]:
    """Every Tippen deal entered, the newest first (one query)."""
    deals = PotDeal.objects.filter(table__tournament=tournament).select_related("table")
    return list(deals.order_by("-created_at", "-pk"))


def deals_played(table: Table) -> int:
    """The table's deals played (:mod:`tournaments.ledger.progress`): every deal counts,
    also one where all passed (the dealer's stake went in)."""
    return PotDeal.objects.filter(table=table).count()
