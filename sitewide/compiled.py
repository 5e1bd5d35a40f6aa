"""Statements that a request runs again and again with other values, written once per process
and database connection (issue 31): the captain's every save sums the table's deals and writes
the table's and the seats' running totals, and building and compiling those statements cost
the ORM several times what the database took to run them.

:func:`values_of`: a ``values()`` query built and compiled once by the ORM, with a stand-in for
its key; each call puts its key in the stand-in's place, runs the statement, and makes the rows
what ``values()`` makes (each value through the ORM's converters). A query whose SQL does not
take the key as exactly one parameter is run as it is, every time.

:func:`upsert`: ``bulk_create(…, update_conflicts=True)``'s statement, its values prepared as
the ORM prepares them to save. :func:`insert`: ``save()`` of a new row so (the captain's every
save adds the deal and its line of history).
"""

from collections.abc import Callable, Sequence
from typing import Any

from django.core.exceptions import EmptyResultSet, FullResultSet
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.models import Field, Model, QuerySet
from django.db.models.constants import OnConflict
from django.db.models.query import ValuesIterable

#: The key the query is compiled with: a number no table's id ever is.
STAND_IN = -987_654_321

Rows = list[dict[str, Any]]
MakeQuery = Callable[[int], "QuerySet[Any, dict[str, Any]]"]


def values_of(make: MakeQuery, key: int) -> Rows:
    """``list(make(key))``: the rows of the ``values()`` query that ``make`` builds for
    ``key`` (an id), compiled once per connection (``make`` names the query: a function of
    the module, not one made per call)."""
    connection = connections[DEFAULT_DB_ALIAS]
    statements: dict[MakeQuery, _Statement | None]
    statements = connection.__dict__.setdefault("_preisfipsen_compiled", {})
    if make not in statements:
        statements[make] = _compiled(make, connection.alias)
    statement = statements[make]
    if statement is None:
        return list(make(key))
    return statement.rows(connection, key)


class _Statement:
    def __init__(self, sql: str, params: list[Any], at: int, names: list[str], compiler: Any):
        self.sql, self.params, self.at, self.names = sql, params, at, names
        self.compiler = compiler
        fields = [selected[0] for selected in compiler.select[: compiler.col_count]]
        self.converters = compiler.get_converters(fields)

    def rows(self, connection: Any, key: int) -> Rows:
        params = list(self.params)
        params[self.at] = key
        with connection.cursor() as cursor:
            cursor.execute(self.sql, params)
            found: list[Any] = cursor.fetchall()
        if self.converters:
            found = list(self.compiler.apply_converters(found, self.converters))
        return [dict(zip(self.names, row, strict=True)) for row in found]


def _compiled(make: MakeQuery, alias: str) -> _Statement | None:
    """The statement of ``make``'s query with :data:`STAND_IN` for its key, or None: a query
    that cannot be run so (not ``values()``, the key not exactly one parameter)."""
    queryset = make(STAND_IN)
    query = queryset.query
    if queryset._iterable_class is not ValuesIterable:
        return None
    compiler = query.get_compiler(using=alias)
    try:
        sql, params = compiler.as_sql()
    except (EmptyResultSet, FullResultSet):  # no SQL of its own: run as it is
        return None
    at = [index for index, param in enumerate(params) if param == STAND_IN]
    if (
        len(at) != 1
        or compiler.has_extra_select
        or compiler.has_composite_fields(
            [selected[0] for selected in compiler.select[: compiler.col_count]]
        )
    ):
        return None
    if query.selected:
        names = list(query.selected)
    else:
        names = [*query.extra_select, *query.values_select, *query.annotation_select]
    return _Statement(sql, list(params), at[0], names, compiler)


def upsert(
    model: type[Model], rows: Sequence[Model], *, unique_fields: list[str], update_fields: list[str]
) -> None:
    """``bulk_create(rows, update_conflicts=True, unique_fields=…, update_fields=…)`` of
    ``model``'s rows, their related rows saved already (no signals, as there), by a statement
    written once per connection and number of rows."""
    if not rows:
        return
    connection = connections[DEFAULT_DB_ALIAS]
    statements: dict[tuple[Any, ...], tuple[str, list[Field[Any, Any]]]]
    statements = connection.__dict__.setdefault("_preisfipsen_upserts", {})
    key = (model, len(rows), tuple(unique_fields), tuple(update_fields))
    if key not in statements:
        fields = [field for field in model._meta.concrete_fields if not field.generated]
        quote = connection.ops.quote_name
        by_name = {field.name: field for field in fields}
        columns = [by_name[name].column for name in (*unique_fields, *update_fields)]
        suffix = connection.ops.on_conflict_suffix_sql(
            fields, OnConflict.UPDATE, columns[len(unique_fields) :], columns[: len(unique_fields)]
        )
        row = f"({', '.join(['%s'] * len(fields))})"
        sql = "INSERT INTO {} ({}) VALUES {} {}".format(  # noqa: S608 (names, not input)
            quote(model._meta.db_table),
            ", ".join(quote(field.column) for field in fields),
            ", ".join([row] * len(rows)),
            suffix,
        )
        statements[key] = (sql, fields)
    sql, fields = statements[key]
    params = [
        field.get_db_prep_save(field.pre_save(made, add=True), connection)
        for made in rows
        for field in fields
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def insert(row: Model) -> None:
    """``row.save()`` of a new ``row`` whose id the database gives (no signals: none of the
    models it is used for has a receiver), by a statement written once per connection. Its
    values are prepared as the ORM prepares them to save (``auto_now`` and ``auto_now_add`` set)."""
    connection = connections[DEFAULT_DB_ALIAS]
    model = type(row)
    statements: dict[type[Model], tuple[str, list[Field[Any, Any]]]]
    statements = connection.__dict__.setdefault("_preisfipsen_inserts", {})
    if model not in statements:
        primary = model._meta.pk
        fields = [f for f in model._meta.concrete_fields if not f.generated and f is not primary]
        quote = connection.ops.quote_name
        returning, _params = connection.ops.return_insert_columns([primary])
        sql = "INSERT INTO {} ({}) VALUES ({}) {}".format(  # noqa: S608 (names, not input)
            quote(model._meta.db_table),
            ", ".join(quote(field.column) for field in fields),
            ", ".join(["%s"] * len(fields)),
            returning,
        )
        statements[model] = (sql, fields)
    sql, fields = statements[model]
    params = [field.get_db_prep_save(field.pre_save(row, add=True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (row.pk,) = cursor.fetchone()
    row._state.adding = False
    row._state.db = connection.alias
