"""The ranking with its prizes, and the prize list and the entry fees it may split."""

from dataclasses import dataclass
from decimal import Decimal
from functools import reduce
from operator import add
from typing import Any

from django.db.models import Count, F, Max, Q, QuerySet, Sum
from django.db.models.lookups import GreaterThan

from fipsen_rules.seats import deals_played_by
from scoring.models import SEAT_CHANGE_FIELDS, Deal, Prize
from scoring.standings import prize_allocation, ranking
from scoring.standings.awards import seat_awards
from scoring.standings.ranking import rank, summed, tie_break_of
from sitewide.compiled import values_of
from tournaments.draw.series_rows import seats_by_player, series_count, series_of
from tournaments.ledger.totals import SeatTotal, TableTotal
from tournaments.models import Seat, Table, Tournament


@dataclass(frozen=True)
class Standing:
    """One line of the ranking."""

    place: int
    shared: bool
    seat: Seat
    deals: int
    points: int
    declared: int
    won: int
    lost: int
    best: int | None
    #: The prize: money (shared places share the money of the places they cover) and names.
    money: Decimal = Decimal(0)
    prize_names: tuple[str, ...] = ()
    prize_shared: bool = False
    #: What he takes of each queue of the prize list (scoring/standings/prize_allocation.py).
    prize_gains: tuple[prize_allocation.Gain, ...] = ()
    #: A night of several series: his points in each (None where he had no seat), his seats
    #: in their order and the deals of each (``seat`` is the last of them: his table now).
    series: tuple[int | None, ...] = ()
    seats: tuple[Seat, ...] = ()
    seat_deals: tuple[int, ...] = ()

    @property
    def series_order(self) -> tuple[int, ...]:
        """His points in each series for sorting: a series without a seat sorts last."""
        return tuple(-(10**6) if points is None else points for points in self.series)

    @property
    def name(self) -> str:
        return self.seat.registration.player.name

    @property
    def club(self) -> str:
        return self.seat.registration.player.club

    @property
    def table(self) -> int:
        return self.seat.table.number

    @property
    def prize_reasons(self) -> tuple[str, ...]:
        """The lines beyond the places he takes ("Beste Dame", "Höchstes Spiel")."""
        return tuple(gain.label for gain in self.prize_gains if gain.label)

    @property
    def best_rank(self) -> int:
        """The best game for sorting: a player who never declared sorts last."""
        return self.best if self.best is not None else -(10**6)


def standings(*, tournament: Tournament) -> list[Standing]:
    """Every seated player, ranked by points summed over his seats (a seat per series) and the
    tournament's tie-break order, with his points in each series; the prizes on the total.

    Two queries, however many deals or series: the seats with their running totals (kept by
    the ledger with every deal and correction, :func:`table_totals`), and the prizes.
    """
    seats = _seats_in_order(tournament)
    count = series_count(tournament.series_count, seats)
    players = seats_by_player(seats)
    totals = {found[-1]: [_total_of(seat) for seat in found] for found in players}
    figures = [summed(seat, totals[seat]) for seat in totals]  # keyed by his last seat
    ranked = rank(figures, tie_break_of(tournament))
    awards = _awards(tournament, ranked)
    seats_of = {found[-1]: found for found in players}
    return [
        _standing(entry, totals[entry.figures.key], seats_of[entry.figures.key], count, awards)
        for entry in ranked
    ]


def _standing(
    entry: ranking.Ranked[Seat],
    totals: list[SeatTotal],
    seats: tuple[Seat, ...],
    count: int,
    awards: dict[Seat, prize_allocation.Award[Seat]],
) -> Standing:
    seat = entry.figures.key
    seat_deals = tuple(deals_played_by(one.left_after_deal, _played(one)) for one in seats)
    return Standing(
        place=entry.place,
        shared=entry.shared,
        seat=seat,
        deals=sum(seat_deals),
        points=entry.figures.points,
        declared=sum(total.declared for total in totals),
        won=entry.figures.won,
        lost=entry.figures.lost,
        best=entry.figures.best,
        money=awards[seat].money,
        prize_names=awards[seat].names,
        prize_shared=awards[seat].shared,
        prize_gains=awards[seat].gains,
        series=series_of(seats, lambda one: _total_of(one).points, count),
        seats=seats,
        seat_deals=seat_deals,
    )


def _seats_in_order(tournament: Tournament) -> list[Seat]:
    """The tournament's seats with their tables, players and running totals.

    Ordered by seat, so that players who tie stay in the same order from page to page (and
    the board's pages neither repeat nor drop one); not by the models' default orderings,
    which would join the tournament.
    """
    return list(
        Seat.objects.filter(table__tournament=tournament)
        .select_related("table__total", "registration__player", "total")
        .defer(*UNREAD)
        .order_by("series", "table__number", "position")
    )


#: What no page of the standings reads: the times (the dearest columns to read, on SQLite),
#: the links' keys, the desk's and the directory's. At 800 players the seats' query took
#: most of the page's time (bench/bench_organiser_pages.py); the query-count tests of the
#: standings, the board, the prizes and the PDFs catch a page that reads one after all.
UNREAD = (
    "table__token",
    "table__sheet_token",
    "table__receipt_scheme",
    "table__total__last_entry",
    "registration__checked_in_at",
    "registration__withdrawn_at",
    "registration__fee_paid_at",
    "registration__fee_amount",
    "registration__created_at",
    "registration__player__contact",
    "registration__player__name_key",
    "registration__player__retired_at",
    "registration__player__created_at",
)


def _total_of(seat: Seat) -> SeatTotal:
    """The seat's running totals; nothing yet before its table's first deal."""
    try:
        return seat.total
    except SeatTotal.DoesNotExist:
        return SeatTotal(seat=seat)


def _played(seat: Seat) -> int:
    """The deals the seat's table has played (read with the seat)."""
    try:
        return seat.table.total.played
    except TableTotal.DoesNotExist:
        return 0


def table_totals(table: Table, seats: list[Seat]) -> tuple[TableTotal, list[SeatTotal]]:
    """A table's running totals made afresh from its deals (one query: the database sums
    every seat's changes by declarer), for the ledger to store
    (:mod:`tournaments.ledger.entries`)."""
    rows = values_of(_deal_groups, table.pk)  # the captain's every save: compiled once
    groups = [_group(row) for row in rows if row["declarer"] is not None]
    figures = ranking.seat_figures(groups, len(seats))
    seat_totals = [
        SeatTotal(
            seat=seat,
            points=figures[seat.position].points,
            declared=sum(g.deals for g in groups if g.declarer == seat.position),
            won=figures[seat.position].won,
            lost=figures[seat.position].lost,
            best=figures[seat.position].best,
        )
        for seat in seats
    ]
    table_total = TableTotal(
        table=table,
        # The deals that count: every game, and a passed deal where the rule set counts it.
        played=sum(row["counted"] for row in rows),
        entries=sum(row["deals"] for row in rows),
        last_entry=max((row["last"] for row in rows), default=None),
    )
    return table_total, seat_totals


def _deal_groups(table_id: int) -> QuerySet[Deal, dict[str, Any]]:
    """The table's deals summed by declarer: each seat's changes, the games won and lost."""
    # Lost: the declarer lost, or gained nothing while the others gained (Großenaspe).
    others_gained = Q(score=0) & Q(GreaterThan(reduce(add, map(F, SEAT_CHANGE_FIELDS)), 0))
    return (
        Deal.objects.filter(table_id=table_id)
        .order_by()
        .values("declarer")
        .annotate(
            deals=Count("pk"),
            counted=Count("pk", filter=Q(number__isnull=False)),
            won=Count("pk", filter=Q(score__gt=0)),
            lost=Count("pk", filter=Q(score__lt=0) | others_gained),
            best=Max("score"),
            last=Max("created_at"),
            **{name: Sum(name) for name in SEAT_CHANGE_FIELDS},
        )
    )


def _group(row: dict[str, Any]) -> ranking.DealGroup:
    return ranking.DealGroup(
        declarer=row["declarer"],
        deals=row["deals"],
        won=row["won"],
        lost=row["lost"],
        best=row["best"] or 0,
        changes=tuple(row[name] or 0 for name in SEAT_CHANGE_FIELDS),
    )


def _awards(
    tournament: Tournament, ranked: list[ranking.Ranked[Seat]]
) -> dict[Seat, prize_allocation.Award[Seat]]:
    """Each seat's prize by the tournament's prize list (one query): places, categories, the
    highest game (scoring/standings/awards.py)."""
    return seat_awards(tournament, ranked)


def prize_list(*, tournament: Tournament) -> list[Prize]:
    return list(Prize.objects.filter(tournament=tournament).order_by("place"))
