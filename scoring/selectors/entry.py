"""Where a table stands for its next entry: the captain's screen and every save read this."""

from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models import Max

from fipsen_rules.seats import Seating
from fipsen_rules.vocabulary import Spoken
from scoring import paper
from scoring.models import Deal
from scoring.selectors.sheets import SheetRow
from tournaments.draw.tables import seats_of
from tournaments.models import Seat, Table
from tournaments.rule_choice import rules_of
from tournaments.selectors import locked_read

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
    #: The seat that sits the next deal out: its dealer, where the rule set says so at a table
    #: of as many players (Großenaspe's five); None where everyone plays.
    sitting_out: int | None = None

    @property
    def last(self) -> Deal | None:
        return self.recent[0] if self.recent else None

    @property
    def declarers(self) -> tuple[int, ...]:
        """The seats that may declare: those who play, but the dealer where he sits out."""
        return tuple(seat for seat in self.seats if seat != self.sitting_out)

    @property
    def waiting_for_confirmation(self) -> bool:
        return self.last is not None and self.last.confirmed_by is None


@dataclass(frozen=True)
class DealSeating:
    """Who dealt a deal, who led it and who played it: the marks of the totals."""

    dealer: int
    vorhand: int
    seats: tuple[int, ...]


def table_seating(table: Table, seats: list[Seat]) -> Seating:
    """The seats of ``table`` as its rule set seats a table (its ``table_sizes``)."""
    return Seating.of(seats, rules_of(table.tournament).table_sizes)


def sitting_out(table: Table, playing: tuple[int, ...], dealer: int) -> int | None:
    """Who sits out a deal of ``table`` that ``playing`` play and ``dealer`` deals: the dealer,
    where the rule set sits him out at a table of as many players; else nobody."""
    return dealer if len(playing) in rules_of(table.tournament).dealer_sits_out_at else None


def deal_seating(table: Table, seats: list[Seat], deal: Deal, number: int) -> DealSeating:
    """The marks of ``deal`` (a correction shows its dealer, not the next deal's); ``number``:
    its number, or the next deal's for an "all passed"."""
    seating = table_seating(table, seats)
    number = deal.number or number
    return DealSeating(deal.dealer, seating.vorhand(deal.dealer, number), seating.playing(number))


def playing_seats(table: Table, seats: list[Seat], number: int) -> tuple[int, ...]:
    """The seats that play deal ``number``: all but those who left before it."""
    return table_seating(table, seats).playing(number)


def next_deal(*, table: Table, seats: list[Seat] | None = None) -> NextDeal:
    """The next entry of a table.

    One query for its latest entries, however many deals it has; a second one only when all of
    them were passed. Deals are numbered in the order they are entered (a deal changes between
    a game and "all passed" only while it is the last), so the last numbered entry holds the
    highest number.
    """
    seats = seats_of(table=table) if seats is None else seats
    recent = _recent(table.pk)
    last_number = next((deal.number for deal in recent if deal.number is not None), None)
    if last_number is None and len(recent) < RECENT_ENTRIES:
        last_number = 0  # every entry is among the recent ones, and all were passed
    elif last_number is None:
        deals = Deal.objects.filter(table=table)
        last_number = deals.aggregate(last=Max("number"))["last"] or 0
    return _next_from(table, seats, recent, last_number + 1)


def _recent(table_id: int) -> tuple[Deal, ...]:
    """The table's latest entries, newest first. Read on every save and every page: in SQL,
    as the ORM took longer to build the query than the database to run it (issue 9), written
    once per process and connection, its rows made into deals as the ORM makes them, without
    the cost of a raw query's (issue 31)."""
    connection = connections[DEFAULT_DB_ALIAS]
    statement = connection.__dict__.get("_preisfipsen_recent_deals")
    if statement is None:
        fields = Deal._meta.concrete_fields
        names = tuple(field.attname for field in fields)
        columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
        sql = f"SELECT {columns} FROM scoring_deal WHERE table_id = %s"  # noqa: S608 (names)
        converters = locked_read.column_converters(connection, fields, Deal._meta.db_table)
        statement = (f"{sql} ORDER BY sequence DESC LIMIT {RECENT_ENTRIES}", names, converters)
        connection.__dict__["_preisfipsen_recent_deals"] = statement
    sql, names, converters = statement
    with connection.cursor() as cursor:
        cursor.execute(sql, [table_id])
        rows = cursor.fetchall()
    return tuple(
        Deal.from_db(connection.alias, names, locked_read.converted(connection, row, converters))
        for row in rows
    )


def next_deal_after(*, table: Table, seats: list[Seat], before: NextDeal, deal: Deal) -> NextDeal:
    """The next entry once ``deal`` was entered as the table's ``before`` entry: worked out
    from them, no query (the captain's screen after a save)."""
    number = deal.number + 1 if deal.number is not None else before.number
    if number is None:  # not reached: a full table takes no deal
        return next_deal(table=table, seats=seats)
    return _next_from(table, seats, (deal, *before.recent[: RECENT_ENTRIES - 1]), number)


def _next_from(table: Table, seats: list[Seat], recent: tuple[Deal, ...], number: int) -> NextDeal:
    """The next entry from the latest entries (newest first) and the next deal's number."""
    rules = rules_of(table.tournament)
    seating = Seating.of(seats, rules.table_sizes)
    last = recent[0] if recent else None
    if last is None:
        dealer = seating.next_dealer(table.first_dealer, number, completed=False)
    else:
        # A deal that counts passes the deal on; one that does not is dealt again by the same
        # dealer (Fipsen's all passed).
        dealer = seating.next_dealer(last.dealer, number, completed=last.counts)
    playing = seating.playing(number)
    return NextDeal(
        sequence=(last.sequence if last else 0) + 1,
        number=number if number <= table.deals and not table.ended_early else None,
        dealer=dealer,
        vorhand=seating.vorhand(dealer, number),
        seats=playing,
        recent=recent,
        sitting_out=dealer if len(playing) in rules.dealer_sits_out_at else None,
    )


def seat_totals(*, table: Table, seats: list[Seat]) -> tuple[int, ...]:
    """Each seat's total so far, in seat order, summed by the database (one query).

    Written in SQL (the same on SQLite and PostgreSQL): the captain's screen sums them on every
    save, and building this query through the ORM cost ten times running it (issue 9).
    """
    positions = [seat.position for seat in seats]
    if not positions:
        return ()
    with connection.cursor() as cursor:
        cursor.execute(_seat_totals_sql(positions), [table.pk])
        sums = cursor.fetchone() or ()
    return tuple(total or 0 for total in sums)


def _seat_totals_sql(positions: list[int]) -> str:
    """One row: each seat's sum of its changes, as the rule set scored every deal."""
    sums = ", ".join(f"SUM(change_{int(position)})" for position in positions)
    return f"SELECT {sums} FROM scoring_deal WHERE table_id = %s"  # noqa: S608 (positions are ints)


def recent_rows(*, upcoming: NextDeal, totals: tuple[int, ...]) -> list[SheetRow]:
    """The latest entries, newest first, each with the running totals after it, worked back
    from the ``totals`` now (no query)."""
    rows = []
    after = list(totals)
    for deal in upcoming.recent:
        rows.append(SheetRow(deal, tuple(after)))
        after = [total - change for total, change in zip(after, deal.seat_changes, strict=False)]
    return rows


def declarer_columns(*, table: Table, seats: list[Seat], rules: Spoken) -> tuple[int, ...]:
    """Each seat's column on a list that keeps the declarer's running total alone (a Skat
    list): the values of the games he played, as ``rules`` score them (one query). A Skat
    table keeps its players: a seat's position is its place among those who play."""
    columns = dict.fromkeys((seat.position for seat in seats), 0)
    for declarer, game, dealer in Deal.objects.filter(table=table).values_list(
        "declarer", "game", "dealer"
    ):
        if declarer is None:  # all passed
            continue
        scored = rules.vocabulary.score(
            rules.parse(game), players=len(seats), declarer=declarer, dealer=dealer
        )
        columns[declarer] += scored.value
    return tuple(columns.values())


def paper_start(
    *, table: Table, seats: list[Seat], upcoming: NextDeal, rules: Spoken
) -> paper.SheetStart:
    """Where a typed paper sheet goes on from: the seats, the next deal, the totals so far
    (each seat's; on a list whose running total is the declarer's alone, each one's column).

    One query (the totals), whatever the table has entered.
    """
    sheet = rules.vocabulary.paper
    if sheet is not None and sheet.declarer_column:
        totals = declarer_columns(table=table, seats=seats, rules=rules)
    else:
        totals = seat_totals(table=table, seats=seats)
    return paper.SheetStart(
        seats=tuple(
            paper.SeatInfo(s.position, s.registration.player.name, s.left_after_deal) for s in seats
        ),
        number=upcoming.number if upcoming.number is not None else table.deals + 1,
        deals=table.deals,
        totals=totals,
        dealer=upcoming.dealer,
        sizes=rules_of(table.tournament).table_sizes,
    )
