"""The drawn tables and their seats; a table by its captain's link."""

import re
from dataclasses import dataclass

from django.db.models import Count, Max, Prefetch, QuerySet

from tournaments.models import Seat, Table, Tournament
from tournaments.selectors import locked_read


def seats_with_players() -> QuerySet[Seat]:
    """Seats by position, each with its registration and player."""
    return Seat.objects.select_related("registration__player").order_by("position")


def seats_of(*, table: Table) -> list[Seat]:
    """The table's seats by position, with their players."""
    return list(seats_with_players().filter(table=table))


def tables_with_seats(*, tournament: Tournament, series: int | None = None) -> QuerySet[Table]:
    """The tables in order (of ``series`` only, where given), each with its seats and players
    (two queries in all)."""
    tables = Table.objects.filter(tournament=tournament)
    if series is not None:
        tables = tables.filter(series=series)
    return tables.prefetch_related(Prefetch("seats", queryset=seats_with_players())).order_by(
        "series", "number"
    )


def table_ids_of_size(*, tournament: Tournament, size: int) -> list[int]:
    return list(
        Table.objects.filter(tournament=tournament)
        .annotate(size=Count("seats"))
        .filter(size=size)
        .values_list("pk", flat=True)
    )


#: What a table's token looks like: secrets.token_urlsafe's alphabet, within the column's size.
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def table_for_token(*, token: str) -> tuple[Table, list[Seat]] | None:
    """The table a captain's link opens, with its tournament and seats, or None for an
    unknown or revoked link. One query: a drawn table always has its seats."""
    if not _TOKEN.fullmatch(token):
        return None  # not a token at all (a NUL would even break PostgreSQL's query)
    seats = list(
        Seat.objects.filter(table__token=token)
        .select_related("table__tournament", "registration__player")
        .order_by("position")
    )
    if not seats:
        return None
    table = seats[0].table
    for seat in seats:
        seat.table = table  # one Table object for all, as if fetched on its own
    return table, seats


@dataclass(frozen=True)
class SeatedLater:
    """Where the players of a table of an earlier series sit in the series drawn last."""

    series: int
    #: Each of the table's seats with its player's table number now (None: not seated).
    seats: list[tuple[Seat, int | None]]


def seated_later(*, table: Table, seats: list[Seat]) -> SeatedLater | None:
    """Where the players of ``table`` sit in the latest series, or None while ``table``'s
    series is the latest. Two queries (one while it is)."""
    found = Table.objects.filter(tournament_id=table.tournament_id).aggregate(latest=Max("series"))
    latest = int(found["latest"] or 0)
    if latest <= table.series:
        return None
    now = dict(
        Seat.objects.filter(
            table__tournament_id=table.tournament_id,
            series=latest,
            registration_id__in=[seat.registration_id for seat in seats],
        ).values_list("registration_id", "table__number")
    )
    return SeatedLater(latest, [(seat, now.get(seat.registration_id)) for seat in seats])


def table_with_seats_locked(
    *, table_id: int | None = None, token: str | None = None
) -> tuple[Table, list[Seat]]:
    """The table, its tournament and its seats with their players, for a service inside a
    transaction: the rows of the table, of its tournament and of its seats stay locked until
    the transaction ends, so entries at a table queue up, and so do an entry and the
    tournament's finish (PostgreSQL; on SQLite the IMMEDIATE transaction already lets one
    writer in at a time).

    One statement (issue 22: the captain's every save reads these first), its SQL written
    once per process (:mod:`tournaments.selectors.locked_read`). On PostgreSQL it locks the
    seats too: a statement that waited for a lock reads the newest version of each row it
    locks, so a seat changed meanwhile (a player who left) is seen as it is now.

    By ``table_id``, or by a captain's link ``token`` (as :func:`table_for_token` reads it).

    :raises Table.DoesNotExist: no such table, or a link that opens none.
    """
    if token is None:
        if table_id is None:  # what get(pk=None) raised: no table has no id
            raise Table.DoesNotExist
        found = locked_read.table_and_seats(table_id=table_id)
        if found is None:  # no seats (not drawn): the table alone, as before
            table = (  # the tournament locked first, as locked_read does
                Table.objects.select_for_update(of=("tournament", "self"))
                .select_related("tournament")
                .get(pk=table_id)
            )
            return table, []
        return found
    if not _TOKEN.fullmatch(token):
        raise Table.DoesNotExist  # not a token at all (a NUL would even break PostgreSQL)
    found = locked_read.table_and_seats(token=token)
    if found is None:
        raise Table.DoesNotExist  # unknown, or not drawn: its link opens nothing
    return found
