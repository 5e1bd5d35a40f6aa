"""Reading deals for the table's page, the organiser's sheet and the dashboard."""

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db import connection
from django.db.models import Case, Count, F, Max, Q, QuerySet, Sum, When

from fipsen_rules.seats import Seating, deals_played_by
from scoring import paper, ranking
from scoring.models import Deal, DealChange, Prize
from scoring.ranking import Figures, rank
from tournaments.models import Seat, Table, Tournament
from tournaments.selectors import seats_of as seats_of  # re-exported for the scoring views
from tournaments.selectors import tables_with_seats

#: How many of a table's latest entries the captain's page shows (and next_deal reads).
RECENT_ENTRIES = 3


@dataclass(frozen=True)
class NextDeal:
    """Where a table stands: what the next entry will be."""

    sequence: int
    #: The next deal's number on the sheet; None when the table has played all its deals (or
    #: was ended early).
    number: int | None
    dealer: int
    vorhand: int
    #: The seats that play the next deal, clockwise (a player who left is not among them).
    seats: tuple[int, ...]
    #: The latest entries, newest first (at most RECENT_ENTRIES).
    recent: tuple[Deal, ...]

    @property
    def last(self) -> Deal | None:
        return self.recent[0] if self.recent else None

    @property
    def waiting_for_confirmation(self) -> bool:
        return self.last is not None and self.last.confirmed_by is None


def playing_seats(seats: list[Seat], number: int) -> tuple[int, ...]:
    """The seats that play deal ``number``: all but those who left before it."""
    return Seating.of(seats).playing(number)


def next_deal(*, table: Table, seats: list[Seat] | None = None) -> NextDeal:
    """The next entry of a table.

    One query for its latest entries, however many deals it has; a second one only when all of
    them were passed. Deals are numbered in the order they are entered (a deal changes between
    a game and "all passed" only while it is the last), so the last numbered entry holds the
    highest number.
    """
    seats = seats_of(table=table) if seats is None else seats
    deals = Deal.objects.filter(table=table)
    # In SQL: read on every save and every page, and the ORM took longer to build the query
    # than the database to run it (issue 9).
    recent = tuple(Deal.objects.raw(_RECENT_SQL, [table.pk, RECENT_ENTRIES]))
    last_number = next((deal.number for deal in recent if deal.number is not None), None)
    if last_number is None and len(recent) < RECENT_ENTRIES:
        last_number = 0  # every entry is among the recent ones, and all were passed
    elif last_number is None:
        last_number = deals.aggregate(last=Max("number"))["last"] or 0
    return _next_from(table, seats, recent, last_number + 1)


_RECENT_SQL = "SELECT * FROM scoring_deal WHERE table_id = %s ORDER BY sequence DESC LIMIT %s"


def next_deal_after(*, table: Table, seats: list[Seat], before: NextDeal, deal: Deal) -> NextDeal:
    """The next entry once ``deal`` was entered as the table's ``before`` entry: worked out
    from them, no query (the captain's screen after a save)."""
    number = deal.number + 1 if deal.number is not None else before.number
    if number is None:  # not reached: a full table takes no deal
        return next_deal(table=table, seats=seats)
    return _next_from(table, seats, (deal, *before.recent[: RECENT_ENTRIES - 1]), number)


def _next_from(table: Table, seats: list[Seat], recent: tuple[Deal, ...], number: int) -> NextDeal:
    """The next entry from the latest entries (newest first) and the next deal's number."""
    seating = Seating.of(seats)
    last = recent[0] if recent else None
    if last is None:
        dealer = seating.next_dealer(table.first_dealer, number, completed=False)
    else:
        dealer = seating.next_dealer(last.dealer, number, completed=not last.is_passed)
    return NextDeal(
        sequence=(last.sequence if last else 0) + 1,
        number=number if number <= table.deals and not table.ended_early else None,
        dealer=dealer,
        vorhand=seating.vorhand(dealer, number),
        seats=seating.playing(number),
        recent=recent,
    )


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
    return _sheet(table, seats, Deal.objects.filter(table=table).order_by("sequence"))


def table_sheets(*, tournament: Tournament) -> list[TableSheet]:
    """Every table's sheet in table order, for the PDFs and the charts.

    Three queries, however many tables and deals: the tables, their seats and players, and
    all the deals of the tournament.
    """
    tables = list(tables_with_seats(tournament=tournament))
    deals: dict[int, list[Deal]] = {table.pk: [] for table in tables}
    for deal in Deal.objects.filter(table__tournament=tournament).order_by("table_id", "sequence"):
        deals[deal.table_id].append(deal)
    for table in tables:
        table.tournament = tournament  # the caller's, so that no query fetches it again
    return [_sheet(table, list(table.seats.all()), deals[table.pk]) for table in tables]


def _sheet(table: Table, seats: list[Seat], deals: Iterable[Deal]) -> TableSheet:
    """The sheet of ``deals`` (in order of entry): each row with the running totals after it."""
    totals = [0] * len(seats)
    rows = []
    for deal in deals:
        if deal.declarer is not None and deal.declarer < len(totals):
            totals[deal.declarer] += deal.score
        rows.append(SheetRow(deal, tuple(totals)))
    return TableSheet(table=table, seats=seats, rows=rows, totals=tuple(totals))


def seat_totals(*, table: Table, seats: list[Seat]) -> tuple[int, ...]:
    """Each seat's total so far, in seat order, summed by the database (one query).

    Written in SQL (the same on SQLite and PostgreSQL): the captain's screen sums them on every
    save, and building this query through the ORM cost ten times running it (issue 9).
    """
    with connection.cursor() as cursor:
        cursor.execute(_SEAT_TOTALS_SQL, [table.pk])
        sums = dict(cursor.fetchall())
    return tuple(sums.get(seat.position, 0) for seat in seats)


_SEAT_TOTALS_SQL = (
    "SELECT declarer, SUM(score) FROM scoring_deal WHERE table_id = %s AND declarer IS NOT NULL"
    " GROUP BY declarer"
)


def recent_rows(*, upcoming: NextDeal, totals: tuple[int, ...]) -> list[SheetRow]:
    """The latest entries, newest first, each with the running totals after it, worked back
    from the ``totals`` now (no query)."""
    rows = []
    after = list(totals)
    for deal in upcoming.recent:
        rows.append(SheetRow(deal, tuple(after)))
        if deal.declarer is not None and deal.declarer < len(after):
            after[deal.declarer] -= deal.score
    return rows


def tables_progress(*, tournament: Tournament) -> QuerySet[Table]:
    """The tournament's tables with their players and ``played`` deals (two queries)."""
    return tables_with_seats(tournament=tournament).annotate(
        played=Count("deal_set", filter=Q(deal_set__number__isnull=False))
    )


def deals_played(*, table: Table) -> int:
    """The table's deals played so far (passed deals do not count)."""
    return Deal.objects.filter(table=table, number__isnull=False).count()


def table_is_done(table: Table, played: int) -> bool:
    """Has the table played all its deals, or did the organiser end it early?"""
    return table.ended_early or played >= table.deals


def unfinished_tables(*, tournament: Tournament) -> list[Table]:
    """The tables still playing, each with ``played``: finishing the tournament names them
    (one query)."""
    tables = Table.objects.filter(tournament=tournament).annotate(
        played=Count("deal_set", filter=Q(deal_set__number__isnull=False))
    )
    return [table for table in tables.order_by("number") if not table_is_done(table, table.played)]


def tables_ended_early(standings: Iterable["Standing"]) -> list[Table]:
    """The tables the organiser ended early, in order, from the standings' seats (no query):
    the standings and the ranking say so under the ranking."""
    tables = {standing.seat.table.pk: standing.seat.table for standing in standings}
    return sorted((t for t in tables.values() if t.ended_early), key=lambda t: t.number)


def deal_history(*, table: Table) -> QuerySet[DealChange]:
    """Every entry and change at a table, the newest first."""
    return (
        DealChange.objects.filter(deal__table=table)
        .select_related("deal", "user")
        .order_by("-created_at", "-pk")
    )


# Paper sheets typed in (scoring/paper.py)


def paper_start(*, table: Table, seats: list[Seat], upcoming: NextDeal) -> paper.SheetStart:
    """Where a typed paper sheet goes on from: the seats, the next deal, the totals so far.

    One query (the totals, summed by the database), whatever the table has entered.
    """
    return paper.SheetStart(
        seats=tuple(
            paper.SeatInfo(s.position, s.registration.player.name, s.left_after_deal) for s in seats
        ),
        number=upcoming.number if upcoming.number is not None else table.deals + 1,
        deals=table.deals,
        totals=seat_totals(table=table, seats=seats),
    )


# Standings


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
    def best_rank(self) -> int:
        """The best game for sorting: a player who never declared sorts last."""
        return self.best if self.best is not None else -(10**6)


def standings(*, tournament: Tournament) -> list[Standing]:
    """Every seated player, ranked by points and the tournament's tie-break order.

    Three queries, however many deals: the seats, each declarer's figures summed by the
    database, and each table's count of played deals.
    """
    # Ordered by seat, so that players who tie stay in the same order from page to page (and
    # the board's pages neither repeat nor drop one); not by the models' default orderings,
    # which would join the tournament.
    seats = list(
        Seat.objects.filter(table__tournament=tournament)
        .select_related("table", "registration__player")
        .order_by("table__number", "position")
    )
    played_deals = Deal.objects.filter(
        table__tournament=tournament, number__isnull=False
    ).order_by()
    by_declarer = {
        (row["table_id"], row["declarer"]): row
        for row in played_deals.values("table_id", "declarer").annotate(
            points=Sum("score"),
            declared=Count("pk"),
            won=Count("pk", filter=Q(score__gt=0)),
            lost=Count("pk", filter=Q(score__lt=0)),
            best=Max("score"),
        )
    }
    played = dict(
        played_deals.values("table_id").annotate(n=Count("pk")).values_list("table_id", "n")
    )
    figures = []
    for seat in seats:
        row = by_declarer.get((seat.table_id, seat.position), {})
        figures.append(
            Figures(
                key=seat,
                points=row.get("points") or 0,
                won=row.get("won", 0),
                lost=row.get("lost", 0),
                best=row.get("best"),
            )
        )
    declared = {seat: by_declarer.get((seat.table_id, seat.position), {}) for seat in seats}
    order = [name for name in tournament.tie_break.split(",") if name]
    ranked = rank(figures, order)
    prizes = [
        ranking.Prize(p.place, p.money, p.name)
        for p in Prize.objects.filter(tournament=tournament).order_by()
    ]
    awards = {a.key: a for a in ranking.award(ranked, prizes)}
    return [
        Standing(
            place=entry.place,
            shared=entry.shared,
            seat=entry.figures.key,
            deals=deals_played_by(
                entry.figures.key.left_after_deal, played.get(entry.figures.key.table_id, 0)
            ),
            points=entry.figures.points,
            declared=declared[entry.figures.key].get("declared", 0),
            won=entry.figures.won,
            lost=entry.figures.lost,
            best=entry.figures.best,
            money=awards[entry.figures.key].money,
            prize_names=awards[entry.figures.key].names,
            prize_shared=awards[entry.figures.key].shared,
        )
        for entry in ranked
    ]


def prize_list(*, tournament: Tournament) -> list[Prize]:
    return list(Prize.objects.filter(tournament=tournament).order_by("place"))


@dataclass(frozen=True)
class FeePot:
    """The entry fees to split: the fee times the players seated at the draw."""

    players: int
    fee: Decimal

    @property
    def total(self) -> Decimal:
        return self.fee * self.players


def fee_pot(*, tournament: Tournament) -> FeePot:
    players = Seat.objects.filter(table__tournament=tournament).count()
    return FeePot(players, tournament.entry_fee or Decimal(0))


def fee_split_prizes(*, tournament: Tournament, percentages: list[Decimal]) -> list[ranking.Prize]:
    """The prize list a split of the entry fees gives: the money prizes as shares of the pot,
    the named prizes as they are."""
    money = ranking.percentage_prizes(fee_pot(tournament=tournament).total, percentages)
    named = [
        ranking.Prize(place, name=name)
        for place, name in Prize.objects.filter(tournament=tournament)
        .exclude(name="")
        .values_list("place", "name")
    ]
    return sorted(money + named, key=lambda prize: prize.place)


# The tournament's home and its history


@dataclass(frozen=True)
class DealsProgress:
    played: int
    #: The deals still to be played in all: a table ended early counts with those it played.
    total: int
    #: The deals the draw planned, whatever tables ended early.
    planned: int = 0
    ended_early: int = 0


def deals_progress(*, tournament: Tournament) -> DealsProgress:
    """Deals played (passed ones do not count) of all the deals the tables play: two queries.

    A table ended early counts with the deals it had played then: it is done.
    """
    to_play = Case(
        When(ended_early_at__isnull=False, then=F("ended_early_after")), default=F("deals")
    )
    sums = Table.objects.filter(tournament=tournament).aggregate(
        total=Sum(to_play),
        planned=Sum("deals"),
        ended_early=Count("pk", filter=Q(ended_early_at__isnull=False)),
    )
    played = Deal.objects.filter(table__tournament=tournament, number__isnull=False).count()
    return DealsProgress(
        played, sums["total"] or 0, planned=sums["planned"] or 0, ended_early=sums["ended_early"]
    )


def night_history(*, tournament: Tournament, everything: bool = False) -> QuerySet[DealChange]:
    """The night's recorded changes of deals, the newest first: corrections and confirmations,
    or with ``everything`` every entry too. One query, whatever their number."""
    changes = DealChange.objects.filter(deal__table__tournament=tournament)
    if not everything:
        changes = changes.exclude(action=DealChange.Action.ENTERED)
    return changes.select_related("deal__table", "user").order_by("-created_at", "-pk")
