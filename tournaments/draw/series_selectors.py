"""A night's series: which is under way, its open tables, who plays the next one, how the
earlier ones sat, and the standings' places the seeded draw reads."""

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field

from django.db.models import F, Max, Q

from tournaments.draw.rule_seating import tournament_split
from tournaments.draw.series_draw import Method, series_tables
from tournaments.models import Registration, Seat, SeriesDraw, Table, Tournament
from tournaments.players.night_figures import ranked_nights
from tournaments.rule_pages import pages_of


def current_series(*, tournament: Tournament) -> int:
    """The latest series drawn (0 before the draw). One query."""
    found = Table.objects.filter(tournament=tournament).aggregate(latest=Max("series"))
    return int(found["latest"] or 0)


def last_series_drawn(*, tournament: Tournament) -> int:
    """The series drawn last, as a page or file shows it (1 before the draw): the one the board,
    the progress and a file are for unless the organiser chooses another. No query at a night
    of one series, else one."""
    if tournament.series_count < 2:
        return 1
    return max(current_series(tournament=tournament), 1)


def series_open_tables(*, tournament: Tournament, series: int) -> list[int]:
    """The numbers of the tables of ``series`` still playing: not ended early, and (where the
    rule set plays a count of deals) not all their deals played; a race's or Tippen's table
    plays until it is ended. One query."""
    tables = Table.objects.filter(tournament=tournament, series=series, ended_early_at=None)
    if pages_of(tournament).counts_deals:
        tables = tables.filter(Q(total__isnull=True) | Q(total__played__lt=F("deals")))
    return list(tables.order_by("number").values_list("number", flat=True))


def series_has_entries(*, tournament: Tournament, series: int) -> bool:
    """Has a table of ``series`` an entry (a passed deal too)? One query."""
    return Table.objects.filter(tournament=tournament, series=series, total__entries__gt=0).exists()


@dataclass
class SeriesSeating:
    """Who sat where in each series, and who is still to be seated."""

    #: Each series' tables as the sets of their registrations, by series number.
    tables: dict[int, list[set[int]]] = field(default_factory=dict)
    #: The registrations that left a table during a series (they play no further series).
    left: set[int] = field(default_factory=set)
    #: Checked in and not withdrawn (late arrivals too).
    present: set[int] = field(default_factory=set)

    def seated_in(self, series: int) -> set[int]:
        return set().union(*self.tables.get(series, []))

    def players_of(self, series: int, stopping: Collection[int] = ()) -> set[int]:
        """Who plays ``series`` (2, 3, …): who played the one before and neither left nor
        stops now, and whoever is present and was never seated (a late arrival)."""
        seated = set().union(*(self.seated_in(number) for number in self.tables))
        before = self.seated_in(series - 1) - self.left - set(stopping)
        return (before & self.present) | (self.present - seated)

    def earlier(self, series: int) -> list[list[set[int]]]:
        """The tables of every series before ``series``, in order."""
        return [self.tables[number] for number in sorted(self.tables) if number < series]


def series_seating(*, tournament: Tournament) -> SeriesSeating:
    """Every series' tables, who left, and who is present. Two queries."""
    seating = SeriesSeating()
    by_table: dict[tuple[int, int], set[int]] = defaultdict(set)
    rows = Seat.objects.filter(table__tournament=tournament).values_list(
        "series", "table_id", "registration_id", "left_after_deal"
    )
    for series, table_id, registration_id, left_after in rows:
        by_table[(series, table_id)].add(registration_id)
        if left_after is not None:
            seating.left.add(registration_id)
    for (series, _table), players in sorted(by_table.items()):
        seating.tables.setdefault(series, []).append(players)
    seating.present = set(
        Registration.objects.filter(
            tournament=tournament, checked_in_at__isnull=False, withdrawn_at__isnull=True
        ).values_list("pk", flat=True)
    )
    return seating


def standings_places(*, tournament: Tournament) -> dict[int, int]:
    """Each registration's place in the night's standings so far (all series), as its rule
    set ranks: what the seeded draw reads. Two queries."""
    placed = ranked_nights(tournaments=[tournament])[tournament.pk]
    registration_of = dict(
        Registration.objects.filter(tournament=tournament).values_list("player_id", "pk")
    )
    return {
        registration_of[row.figures.key]: row.place
        for row in placed
        if row.figures.key in registration_of
    }


def series_draws(*, tournament: Tournament) -> list[SeriesDraw]:
    """The draws of the later series, in order, with who drew them. One query."""
    return list(
        SeriesDraw.objects.filter(tournament=tournament).select_related("user").order_by("number")
    )


def series_draw_matches(*, tournament: Tournament, drawn: SeriesDraw) -> bool:
    """Do series ``drawn.number``'s seats and first dealers repeat from its record (the seed,
    the players, their places) and the earlier series' seats? Two queries."""
    seats = list(
        Seat.objects.filter(table__tournament=tournament, series__lte=drawn.number).values_list(
            "series", "table_id", "table__number", "position", "registration_id",
            "table__first_dealer",
        )
    )  # fmt: skip
    earlier: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    found: dict[tuple[int, int], int] = {}
    dealers: dict[int, int] = {}
    for series, table_id, number, position, registration, dealer in seats:
        if series < drawn.number:
            earlier[series][table_id].add(registration)
        else:
            found[(number, position)] = registration
            dealers[number] = dealer
    split = tournament_split(tournament, len(drawn.order))
    again = series_tables(
        seed=drawn.seed,
        method=Method(drawn.method),
        registration_ids=drawn.order,
        split=split,
        earlier=[list(earlier[n].values()) for n in sorted(earlier)],
        places={int(key): place for key, place in drawn.places.items()},
    )
    expected = {
        (table.number, position): registration
        for table in again.tables
        for position, registration in enumerate(table.seats)
    }
    return expected == found and dealers == {t.number: t.first_dealer for t in again.tables}
