"""The table, its tournament, its seats and their players in one locked statement: what every
entry and correction at a table reads first
(:func:`tournaments.draw.tables.table_with_seats_locked`).

Issue 22: the captain's every save began with two statements built by the ORM, and building
them cost more than running them. Here the statement is written once per process and
database connection, and its rows become the same model objects the ORM would make: each
column through the converters the ORM applies (a date from SQLite's text, a JSON field's
value), then ``Model.from_db``.

On PostgreSQL the statement locks the table's and the tournament's rows (as before) and the
seats' (``FOR NO KEY UPDATE``: a row that refers to a seat is not held up). A statement that
waited for a lock reads the newest version of every row it locks; so the seats are read as
they are once the lock is had (a player who left meanwhile), which a single statement would
otherwise miss. On SQLite there is no row lock: the IMMEDIATE transaction lets one writer in.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

from tournaments.models import Player, Registration, Seat, Table, Tournament

#: The models of a row, in the statement's order, with their aliases in it.
_PARTS: tuple[tuple[type[models.Model], str], ...] = (
    (Seat, "s"),
    (Table, "t"),
    (Tournament, "n"),
    (Registration, "r"),
    (Player, "p"),
)

Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]


@dataclass(frozen=True)
class _Part:
    """One model's columns in the row: from ``start``, its fields' converters by position."""

    model: type[models.Model]
    start: int
    end: int
    names: tuple[str, ...]
    converters: tuple[tuple[int, tuple[Converter, Any]], ...]


@dataclass(frozen=True)
class _Statement:
    by_id: str
    by_token: str
    parts: tuple[_Part, ...]


def table_and_seats(
    *, table_id: int | None = None, token: str | None = None
) -> tuple[Table, list[Seat]] | None:
    """The table (by its id or its link's token) with its tournament, and its seats by
    position with their registrations and players, locked; None: no such table, or a table
    without seats."""
    connection = connections[DEFAULT_DB_ALIAS]
    statement = _statement(connection)
    with connection.cursor() as cursor:
        if token is not None:
            cursor.execute(statement.by_token, [token])
        else:
            cursor.execute(statement.by_id, [table_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    # One Table and one Tournament object for all, as if fetched on their own.
    made = [
        _objects(connection, statement, row, first=index == 0) for index, row in enumerate(rows)
    ]
    table: Table = made[0][1]
    table.tournament = made[0][2]
    seats = []
    for seat, _table, _tournament, registration, player in made:
        registration.player = player
        seat.registration = registration
        seat.table = table
        seats.append(seat)
    return table, seats


def _objects(
    connection: BaseDatabaseWrapper, statement: _Statement, row: Sequence[Any], *, first: bool
) -> list[Any]:
    """The row's model objects, in the order of :data:`_PARTS`; the table and the tournament
    only from the ``first`` row (None from the others: every row has the same)."""
    made: list[Any] = []
    for part in statement.parts:
        if not first and part.model in (Table, Tournament):
            made.append(None)
            continue
        values = converted(connection, row[part.start : part.end], part.converters)
        made.append(part.model.from_db(connection.alias, part.names, values))
    return made


def converted(
    connection: BaseDatabaseWrapper,
    row: Sequence[Any],
    converters: Sequence[tuple[int, tuple[Converter, Any]]],
) -> list[Any]:
    """The values of ``row`` as the ORM makes them (``converters``: :func:`column_converters`)."""
    values = list(row)
    for index, (converter, column) in converters:
        values[index] = converter(values[index], column, connection)
    return values


def column_converters(
    connection: BaseDatabaseWrapper, fields: Sequence[Any], alias: str
) -> tuple[tuple[int, tuple[Converter, Any]], ...]:
    """What the ORM applies to the values of ``fields`` (model fields, in a row's order) as
    the database returns them: (position, (converter, column)) for each converter."""
    converters: list[tuple[int, tuple[Converter, Any]]] = []
    for index, field in enumerate(fields):
        column = field.get_col(alias)
        found = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        converters.extend((index, (converter, column)) for converter in found)
    return tuple(converters)


def _statement(connection: BaseDatabaseWrapper) -> _Statement:
    """The statement and its converters, made once per connection object."""
    made: _Statement | None = connection.__dict__.get("_preisfipsen_locked_read")
    if made is None:
        made = _make_statement(connection)
        connection.__dict__["_preisfipsen_locked_read"] = made
    return made


def _make_statement(connection: BaseDatabaseWrapper) -> _Statement:
    quote = connection.ops.quote_name
    columns: list[str] = []
    parts = []
    for model, alias in _PARTS:
        fields = model._meta.concrete_fields
        names = tuple(field.attname for field in fields)
        start = len(columns)
        converters = column_converters(connection, fields, alias)
        parts.append(_Part(model, start, start + len(fields), names, converters))
        columns.extend(f"{alias}.{quote(field.column)}" for field in fields)

    def table(model: type[models.Model], alias: str) -> str:
        return f"{quote(model._meta.db_table)} {alias}"

    sql = (
        f"SELECT {', '.join(columns)} FROM {table(Seat, 's')}"  # noqa: S608 (names, not input)
        f" JOIN {table(Table, 't')} ON t.id = s.table_id"
        f" JOIN {table(Tournament, 'n')} ON n.id = t.tournament_id"
        f" JOIN {table(Registration, 'r')} ON r.id = s.registration_id"
        f" JOIN {table(Player, 'p')} ON p.id = r.player_id"
        " WHERE s.table_id = {} ORDER BY s.position"
    )
    if connection.features.has_select_for_update_of:
        # PostgreSQL locks each row's relations in this order: the tournament first, as every
        # step that locks it does (a draw, a redraw, the finish). With the table first, a
        # redraw holding the tournament and deleting this table deadlocked (issue 30).
        sql += " FOR UPDATE OF n, t FOR NO KEY UPDATE OF s"
    elif connection.features.has_select_for_update:
        sql += " FOR UPDATE"
    # By a link: by the id it had when the statement began (PostgreSQL keeps a subquery's
    # value when it re-reads a row it waited for): an entry that came in before the
    # organiser's new link, and waited for it, is taken (the link was valid when sent).
    by_token = f"(SELECT id FROM {quote(Table._meta.db_table)} WHERE token = %s)"  # noqa: S608
    return _Statement(sql.format("%s"), sql.format(by_token), tuple(parts))
