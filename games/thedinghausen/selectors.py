"""What the race pages read: a table's evening, the standings and the cash box.

The games and the money are replayed from the stored deals (:mod:`races.replay`), once per
entry or correction (:func:`table_totals`, stored by the ledger as running totals): the
standings and the board read those, a row per player; a table's page reads its deals.
"""

from collections import Counter, defaultdict
from dataclasses import dataclass, replace

from fipsen_rules import race_places
from fipsen_rules.thedinghausen import STAKE_CENTS
from games.thedinghausen.models import RaceDeal, RaceDealChange
from games.thedinghausen.replay import Evening, replay
from games.thedinghausen.rules import announced_fipsen
from tournaments.draw.series_rows import seats_by_player, series_count, series_of
from tournaments.draw.tables import tables_with_seats
from tournaments.ledger.totals import SeatTotal, TableTotal
from tournaments.models import Seat, Table, Tournament


@dataclass(frozen=True)
class TableRace:
    """A race table as its captain sees it: its deals and the evening they make."""

    table: Table
    seats: list[Seat]
    deals: list[RaceDeal]
    evening: Evening

    @property
    def next_sequence(self) -> int:
        return len(self.deals) + 1

    @property
    def last_deal(self) -> RaceDeal | None:
        return self.deals[-1] if self.deals else None


def table_race(*, table: Table, seats: list[Seat]) -> TableRace:
    """The table's deals and evening (one query: the seats are read already)."""
    deals = list(RaceDeal.objects.filter(table=table).order_by("sequence"))
    return TableRace(table, seats, deals, _evening(table, seats, deals))


def _evening(table: Table, seats: list[Seat], deals: list[RaceDeal]) -> Evening:
    """The evening of the table's ``deals`` under its tournament's options."""
    return replay(
        len(seats),
        [deal.counts for deal in deals],
        [deal.announcer for deal in deals],
        announced_fipsen=announced_fipsen(table.tournament.rule_options),
    )


@dataclass(frozen=True)
class RacePlayer:
    """One player's evening: the standings' row and the cash box's."""

    name: str
    table: int
    seat: int
    games: int  # games begun at his table
    games_won: int
    sweeps: int
    cents: int
    buns: int  # the buns of the games he won: one from every player of his table
    failed: int = 0  # announced Fipsen lost
    place: int = 0
    shared: bool = False  # another player has the same place
    prize: str = ""  # his share of the prize list (rule_pages.with_prizes), as the standings say
    #: A night of several series: his games won in each (None where he had no seat), and the
    #: series of the seat named by ``table`` and ``seat`` (the last he had).
    series: tuple[int | None, ...] = ()
    seat_series: int = 1

    @property
    def points(self) -> int:
        """What the board shows in its points column: the games won."""
        return self.games_won

    @property
    def stakes_cents(self) -> int:
        return STAKE_CENTS * self.games

    @property
    def owes(self) -> bool:
        return self.cents < 0

    @property
    def amount_cents(self) -> int:
        """What he pays (when he :attr:`owes`) or gets: the cash box's figure, unsigned."""
        return abs(self.cents)


def table_races(*, tournament: Tournament) -> list[TableRace]:
    """Every table of the tournament with its seats, deals and evening, in table order
    (three queries: tables, seats with players, deals)."""
    tables = list(tables_with_seats(tournament=tournament))
    deals: dict[int, list[RaceDeal]] = defaultdict(list)
    for deal in RaceDeal.objects.filter(table__tournament=tournament).order_by("sequence"):
        deals[deal.table_id].append(deal)
    races = []
    for table in tables:
        table.tournament = tournament  # the same object: no query for it
        seats = list(table.seats.all())
        own = deals[table.pk]
        races.append(TableRace(table, seats, own, _evening(table, seats, own)))
    return races


def race_players(*, tournament: Tournament) -> list[RacePlayer]:
    """Every seated player with his games, sweeps and money summed over his seats (one per
    series), ranked by games won, then money (one query: the seats with their running totals,
    :func:`table_totals`)."""
    seats = list(
        Seat.objects.filter(table__tournament=tournament)
        .select_related("table__total", "registration__player", "total")
        .order_by("series", "table__number", "position")
    )
    sizes = Counter(seat.table_id for seat in seats)
    count = series_count(tournament.series_count, seats)
    return _ranked([_race_player(found, sizes, count) for found in seats_by_player(seats)])


def _race_player(seats: tuple[Seat, ...], sizes: Counter[int], count: int) -> RacePlayer:
    """A player's evening over his seats: his games won take a bun from each at their table."""
    totals = [seat_total(seat) for seat in seats]
    last = seats[-1]
    return RacePlayer(
        last.registration.player.name,
        last.table.number,
        last.position,
        sum(table_total(seat.table).played for seat in seats),
        sum(total.points for total in totals),
        sum(total.sweeps for total in totals),
        sum(total.cents for total in totals),
        sum(total.points * sizes[seat.table_id] for seat, total in zip(seats, totals, strict=True)),
        sum(total.failed for total in totals),
        series=series_of(seats, lambda seat: seat_total(seat).points, count),
        seat_series=last.series,
    )


def seat_total(seat: Seat) -> SeatTotal:
    """The seat's running totals (read with it); nothing before its table's first entry."""
    try:
        return seat.total
    except SeatTotal.DoesNotExist:
        return SeatTotal(seat=seat)


def table_total(table: Table) -> TableTotal:
    """The table's running totals (read with it); nothing before its first entry."""
    try:
        return table.total
    except TableTotal.DoesNotExist:
        return TableTotal(table=table)


@dataclass(frozen=True)
class RaceTable:
    """A race table as its standings list it: the game under way, the deals entered."""

    table: Table
    game_number: int
    entries: int


def race_tables(*, tournament: Tournament) -> list[RaceTable]:
    """Every table with its game and deals from its running totals, in order (one query)."""
    tables = Table.objects.filter(tournament=tournament).select_related("total")
    lines = []
    for table in tables.order_by("series", "number"):
        total = table_total(table)
        lines.append(RaceTable(table, total.game or 1, total.entries))
    return lines


def table_totals(table: Table, seats: list[Seat]) -> tuple[TableTotal, list[SeatTotal]]:
    """A table's running totals, its evening replayed once from its deals (one query), for
    the ledger to store (:mod:`tournaments.ledger.entries`)."""
    deals = list(RaceDeal.objects.filter(table=table).order_by("sequence"))
    evening = _evening(table, seats, deals)
    begun = sum(1 for game in evening.games if game.deals or game.winner is not None)
    seat_totals = [
        SeatTotal(
            seat=seat,
            points=evening.games_won[seat.position],
            sweeps=evening.sweeps[seat.position],
            cents=evening.cents[seat.position],
            failed=evening.failed[seat.position],
        )
        for seat in seats
    ]
    table_total = TableTotal(
        table=table,
        played=begun,
        entries=len(deals),
        last_entry=max((deal.created_at for deal in deals), default=None),
        game=evening.game_number,
    )
    return table_total, seat_totals


def ranked_players(races: list[TableRace]) -> list[RacePlayer]:
    """The players of ``races`` ranked by games won, then money."""
    players = []
    for race in races:
        evening = race.evening
        begun = sum(1 for game in evening.games if game.deals or game.winner is not None)
        for seat in race.seats:
            won = evening.games_won[seat.position]
            players.append(
                RacePlayer(
                    seat.registration.player.name,
                    race.table.number,
                    seat.position,
                    begun,
                    won,
                    evening.sweeps[seat.position],
                    evening.cents[seat.position],
                    won * len(race.seats),
                    evening.failed[seat.position],
                )
            )
    return _ranked(players)


def _ranked(players: list[RacePlayer]) -> list[RacePlayer]:
    keys = range(len(players))
    places = race_places(
        {key: players[key].games_won for key in keys}, {key: players[key].cents for key in keys}
    )
    tied = Counter(places.values())
    ranked = [
        replace(players[key], place=places[key], shared=tied[places[key]] > 1) for key in keys
    ]
    return sorted(ranked, key=lambda player: (player.place, player.name))


def race_history(*, tournament: Tournament) -> list[RaceDealChange]:
    """The race's deals corrected (by the organiser, or the captain's phone), the latest first,
    each with who, before and after (one query)."""
    changes = RaceDealChange.objects.filter(deal__table__tournament=tournament)
    return list(changes.select_related("deal__table", "user").order_by("-created_at", "-pk"))


def race_entries(*, tournament: Tournament) -> list[RaceDeal]:
    """Every race deal entered, the newest first (one query)."""
    deals = RaceDeal.objects.filter(table__tournament=tournament).select_related("table")
    return list(deals.order_by("-created_at", "-pk"))


def deals_played(table: Table) -> int:
    """The table's deals played (:mod:`tournaments.ledger.progress`): a race deal has no
    passed kind, every deal entered was played."""
    return RaceDeal.objects.filter(table=table).count()
