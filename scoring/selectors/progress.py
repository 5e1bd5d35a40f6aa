"""How far the night is: tables done, deals played, and the history of changes."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Case, Count, F, Q, QuerySet, Sum, When
from django.db.models.functions import Coalesce

from scoring.models import Deal, DealChange
from tournaments.draw.tables import tables_with_seats
from tournaments.ledger.totals import TableTotal
from tournaments.models import Seat, Table, Tournament
from tournaments.rule_pages import own_pages_of

if TYPE_CHECKING:
    from scoring.standings.selectors import Standing


def tables_progress(*, tournament: Tournament, series: int | None = None) -> QuerySet[Table]:
    """The tournament's tables (of ``series`` only, where given) with their players, ``played``
    deals and the time of the ``last_entry`` (a passed deal too; None before the first): two
    queries, read from the tables' running totals (kept by the ledger), whatever the deals
    played."""
    return tables_with_seats(tournament=tournament, series=series).annotate(
        played=Coalesce(F("total__played"), 0),
        last_entry=F("total__last_entry"),
    )


def deals_played(*, table: Table) -> int:
    """The table's deals played so far (passed deals do not count)."""
    return Deal.objects.filter(table=table, number__isnull=False).count()


def table_is_done(table: Table, played: int) -> bool:
    """Has the table played all its deals, or did the organiser end it early?"""
    return table.ended_early or played >= table.deals


def unfinished_tables(*, tournament: Tournament) -> list[Table]:
    """The tables still playing (series by series), each with ``played``: finishing the
    tournament names them (one query). A race plays games until the night ends, not a number
    of deals: each of its tables not ended early is still racing, ``played`` its deals
    entered."""
    own = own_pages_of(tournament)
    if own is not None:  # the race, Tippen: no count of deals to play
        racing = Table.objects.filter(tournament=tournament, ended_early_at__isnull=True)
        racing = racing.annotate(played=Count(own.deals_name))
        return list(racing.order_by("series", "number"))
    tables = Table.objects.filter(tournament=tournament).annotate(
        played=Count("deal_set", filter=Q(deal_set__number__isnull=False))
    )
    in_order = tables.order_by("series", "number")
    return [table for table in in_order if not table_is_done(table, table.played)]


def tables_ended_early(standings: Iterable["Standing"]) -> list[Table]:
    """The tables the organiser ended early, in order, from the standings' seats (no query):
    the standings and the ranking say so under the ranking."""
    tables = {seat.table.pk: seat.table for standing in standings for seat in _seats_of(standing)}
    return sorted((t for t in tables.values() if t.ended_early), key=lambda t: (t.series, t.number))


def _seats_of(standing: "Standing") -> list["Seat"]:
    """A standing's seats, one per series (``seats`` is empty in a hand-made standing)."""
    if not standing.seats:
        return [standing.seat]
    return list(standing.seats)


@dataclass(frozen=True)
class ShortTable:
    """A table that did not play all its deals and was not ended early."""

    number: int
    played: int
    deals: int
    #: Its series (a night of several series names it).
    series: int = 1


def tables_played_short(standings: Iterable["Standing"]) -> list[ShortTable]:
    """The tables, in order, that played fewer deals than drawn without being ended early (the
    tournament was finished while they played), from the standings (no query): a finished
    night's standings and ranking name them, rather than rank their players without a word."""
    played: dict[int, int] = {}
    tables: dict[int, Table] = {}
    for standing in standings:
        deals = standing.seat_deals or (standing.deals,)
        for seat, seat_played in zip(_seats_of(standing), deals, strict=True):
            table = seat.table
            tables[table.pk] = table
            played[table.pk] = max(played.get(table.pk, 0), seat_played)
    return [
        ShortTable(table.number, played[pk], table.deals, table.series)
        for pk, table in sorted(tables.items(), key=lambda item: (item[1].series, item[1].number))
        if not table.ended_early and played[pk] < table.deals
    ]


@dataclass(frozen=True)
class DealsProgress:
    played: int
    #: The deals still to be played in all: a table ended early counts with those it played.
    total: int
    #: The deals the draw planned, whatever tables ended early.
    planned: int = 0
    ended_early: int = 0
    #: A race: ``played`` counts its deals entered; it has no deals to play (total, planned).
    race: bool = False
    #: The series counted (None: every series of the night).
    series: int | None = None


def deals_progress(*, tournament: Tournament, series: int | None = None) -> DealsProgress:
    """Deals played (passed ones do not count) of all the deals the tables play (of ``series``
    only, where given): one query, over the tables' running totals, whatever the deals played.

    A table ended early counts with the deals it had played then: it is done. A race's
    tables have no count of deals to play: its deals entered, and the tables ended early.
    """
    to_play = Case(
        When(ended_early_at__isnull=False, then=F("ended_early_after")), default=F("deals")
    )
    tables = Table.objects.filter(tournament=tournament)
    if series is not None:
        tables = tables.filter(series=series)
    sums = tables.aggregate(
        to_play=Sum(to_play),
        planned=Sum("deals"),
        ended_early=Count("pk", filter=Q(ended_early_at__isnull=False)),
        played=Sum("total__played"),
        entered=Sum("total__entries"),
    )
    if own_pages_of(tournament) is not None:  # the race, Tippen: no count of deals to play
        entered = sums["entered"] or 0
        return DealsProgress(entered, 0, ended_early=sums["ended_early"], race=True, series=series)
    return DealsProgress(
        sums["played"] or 0,
        sums["to_play"] or 0,
        planned=sums["planned"] or 0,
        ended_early=sums["ended_early"],
        series=series,
    )


@dataclass(frozen=True)
class SeatingTable:
    """A table of a new series as the board announces it: its number and its players."""

    number: int
    names: tuple[str, ...]


def seating_to_announce(*, tournament: Tournament, series: int) -> tuple[SeatingTable, ...]:
    """The seating of ``series`` (from series 2) while one of its tables has no entry yet,
    for the board to announce ("Serie 2: Tisch 1 …"); nothing once each table has begun, or
    at series 1 (the table cards seat the players). One query."""
    if series < 2:
        return ()
    seats = (
        Seat.objects.filter(table__tournament=tournament, series=series)
        .select_related("table__total", "registration__player")
        .order_by("table__number", "position")
    )
    tables: dict[int, list[str]] = {}
    begun: dict[int, bool] = {}
    for seat in seats:
        tables.setdefault(seat.table.number, []).append(seat.registration.player.name)
        begun[seat.table.number] = _has_entries(seat.table)
    if all(begun.values()):
        return ()
    return tuple(SeatingTable(number, tuple(names)) for number, names in tables.items())


def _has_entries(table: Table) -> bool:
    try:
        return table.total.entries > 0
    except TableTotal.DoesNotExist:
        return False


def night_history(*, tournament: Tournament, everything: bool = False) -> QuerySet[DealChange]:
    """The night's recorded changes of deals, the newest first: corrections and confirmations,
    or with ``everything`` every entry too. One query, whatever their number."""
    changes = DealChange.objects.filter(deal__table__tournament=tournament)
    if not everything:
        changes = changes.exclude(action=DealChange.Action.ENTERED)
    return changes.select_related("deal__table", "user").order_by("-created_at", "-pk")
