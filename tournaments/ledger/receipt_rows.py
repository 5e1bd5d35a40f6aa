"""One table's entries for its chain of receipts (:mod:`tournaments.ledger.receipts`), as the
captain's screen reads them after every save, and what was made of them kept per process.

Issue 22: the table's entries are read by a statement written once per process and database
connection, as plain tuples of the needed columns. Issue 31: the codes of the entries already
hashed are kept per process (:class:`PrefixMemo`), by the entries' rows as read: the rows are
read again on every save (another process, or the organiser, may have corrected an entry),
and only the rows from the first that differs from the rows kept on are hashed again (after a
save: its new entry's). A code follows from the table's seed and the rows before it, so
rows equal to those kept give the codes kept, whatever process or database they came from.
"""

import uuid
from collections.abc import Callable, Hashable, Sequence
from threading import Lock
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections

from tournaments.selectors import locked_read

T = TypeVar("T")
Row = Sequence[Any]


def table_rows(model: Any, table_id: int, columns: tuple[str, ...]) -> list[Row]:
    """``columns`` of one table's entries of ``model`` (a ledger's entry model), in the
    ledger's order, as the database returns them (see :func:`converted`)."""
    connection = connections[DEFAULT_DB_ALIAS]
    sql, _converters = _statement(model, columns)
    with connection.cursor() as cursor:
        cursor.execute(sql, [table_id])
        found: list[Row] = cursor.fetchall()
    return found


def converted(model: Any, columns: tuple[str, ...], rows: Sequence[Row]) -> Sequence[Row]:
    """``rows`` of :func:`table_rows` with their values converted as the ORM converts them,
    but the second column's (the submission: see :func:`hex_of`)."""
    _sql, converters = _statement(model, columns)
    if not converters:
        return rows
    connection = connections[DEFAULT_DB_ALIAS]
    return [locked_read.converted(connection, row, converters) for row in rows]


def hex_of(submission: uuid.UUID | str) -> str:
    """A form's id in 32 hex digits: a UUID (PostgreSQL, the ORM), or as SQLite keeps it."""
    return submission.hex if isinstance(submission, uuid.UUID) else submission


def _statement(model: Any, columns: tuple[str, ...]) -> tuple[str, tuple[Any, ...]]:
    """The statement of :func:`table_rows` and its converters, made once per connection."""
    connection = connections[DEFAULT_DB_ALIAS]
    cache: dict[tuple[str, tuple[str, ...]], tuple[str, tuple[Any, ...]]]
    cache = connection.__dict__.setdefault("_preisfipsen_receipt_rows", {})
    key = (model._meta.label, columns)
    if key not in cache:
        by_name = {field.attname: field for field in model._meta.concrete_fields}
        fields = [by_name[name] for name in columns]
        quote = connection.ops.quote_name
        sql = "SELECT {} FROM {} WHERE {} = %s ORDER BY {}".format(  # noqa: S608 (names)
            ", ".join(quote(field.column) for field in fields),
            quote(model._meta.db_table),
            quote(fields[0].column),
            quote(model._meta.get_field("sequence").column),
        )
        converters = locked_read.column_converters(connection, fields, model._meta.db_table)
        cache[key] = (sql, tuple(found for found in converters if found[0] != 1))
    return cache[key]


class PrefixMemo(Generic[T]):
    """What was made of each row of a sequence, kept by a key: asked again with rows of which
    the first ones are the same, only the rest are made. Per process, for the ``size`` keys
    used most lately (a night has a few dozen tables)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: dict[Hashable, tuple[list[Row], list[T]]] = {}
        self._lock = Lock()

    def made(
        self, key: Hashable, rows: list[Row], make: Callable[[list[T], Sequence[Row]], list[T]]
    ) -> list[T]:
        """What is made of ``rows``: kept for the rows that are the same as the ones kept
        under ``key``, from the start; ``make(kept, rest)`` makes the rest, after ``kept``."""
        with self._lock:
            rows_kept, made_kept = self._kept.pop(key, ([], []))
        same = _same_start(rows, rows_kept)
        made = made_kept[:same]
        made.extend(make(made, rows[same:]))
        with self._lock:
            self._kept[key] = (rows, made)
            while len(self._kept) > self.size:  # the oldest first: dicts keep their order
                del self._kept[next(iter(self._kept))]
        return made


def _same_start(rows: Sequence[Row], kept: Sequence[Row]) -> int:
    """How many of ``rows``, from the first, equal ``kept``'s."""
    if len(kept) <= len(rows) and rows[: len(kept)] == kept:  # a save: all, at C's speed
        return len(kept)
    for index, (row, row_kept) in enumerate(zip(rows, kept, strict=False)):
        if row != row_kept:
            return index
    return min(len(rows), len(kept))
