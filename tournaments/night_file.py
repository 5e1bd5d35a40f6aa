"""The night's file, part by part: each app registers the rows it keeps in it.

One night as one file has a frame (``scoring.night_file.transfer``): the tournament, its players,
registrations, tables with their seats, the seat swaps, the version and the refusals. What an
app stores beyond them (scoring's deals and prizes, the race's deals, Tippen's deals) it writes
and reads itself, and registers here when it starts (``AppConfig.ready``), as an app registers
its models with Django's admin site or pretix's apps their data exporters. The frame asks
:func:`table_rows` and :func:`night_rows` and knows none of those apps.

A part's rows

- go under its key: in every table of the file (:class:`TableRows`; a table without such rows
  gets an empty list) or once at the file's top level (:class:`NightRows`), after the frame's
  own keys and in the order the apps registered (``INSTALLED_APPS``), so that a night exported
  twice is the same file, byte for byte;
- are read back inside the frame's one transaction: a table's after the table and its seats,
  the night's after every table and swap. A part refuses a row by raising ``ValidationError``
  (its message is shown: name the table and the deal), or ``KeyError``, ``TypeError`` or
  ``ValueError`` (the file is incomplete or contradicts itself; the frame says so). Then
  nothing of the file is saved;
- use :mod:`tournaments.night_rows` for a row's values, a checked new row, the times and who
  changed a row.

A file made before a part existed has no key of it: an optional part (the default) reads an
empty list then; a ``required`` part's file is refused as incomplete. A new part, or rows an
older Preisfipsen would silently drop, raise the frame's ``VERSION`` (and its ``READABLE``), so
that an older installation refuses the file rather than import the night without them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.core.exceptions import ImproperlyConfigured

from sitewide.registry import Registry
from tournaments.models import Table, Tournament

Row = Mapping[str, Any]


class TableRowsExport(Protocol):
    """The rows of ``tables`` (some of the tournament's: the file is written a few tables at
    a time, so that a night of any size fits in memory) as plain values, by the table's id
    (a fixed number of queries, none where the night has none of them)."""

    def __call__(
        self, *, tournament: Tournament, tables: Sequence[Table]
    ) -> Mapping[int, Sequence[Row]]: ...


class TableRowsRead(Protocol):
    """Save a table's rows from the file (``items``: the value under the key, not yet checked;
    ``players``: the table's seats)."""

    def __call__(self, *, table: Table, players: int, items: Any) -> None: ...


class NightRowsExport(Protocol):
    """The tournament's rows as plain values."""

    def __call__(self, *, tournament: Tournament) -> Sequence[Row]: ...


class NightRowsRead(Protocol):
    """Save the tournament's rows from the file (``items``: the value under the key)."""

    def __call__(self, *, tournament: Tournament, items: Any) -> None: ...


@dataclass(frozen=True)
class TableRows:
    """An app's rows of each table, under ``key`` in every table of the file."""

    key: str
    export: TableRowsExport
    read: TableRowsRead
    #: A file without the key is refused (else: the tables had no such rows then).
    required: bool = False


@dataclass(frozen=True)
class NightRows:
    """An app's rows of the tournament, under ``key`` at the file's top level."""

    key: str
    export: NightRowsExport
    read: NightRowsRead
    required: bool = False


_TABLE = Registry[str, TableRows]("the night file's table rows", refused=ImproperlyConfigured)
_NIGHT = Registry[str, NightRows]("the night file's night rows", refused=ImproperlyConfigured)


def register(*parts: TableRows | NightRows) -> None:
    """Add an app's rows to the night's file (from its ``AppConfig.ready``; the same part
    again changes nothing).

    :raises ImproperlyConfigured: another part has the same key at the same level.
    """
    for part in parts:
        if isinstance(part, TableRows):
            _TABLE.register(part.key, part)
        else:
            _NIGHT.register(part.key, part)


def table_rows() -> tuple[TableRows, ...]:
    """The parts of each table, in the order they were registered."""
    return tuple(_TABLE.values())


def night_rows() -> tuple[NightRows, ...]:
    """The parts of the whole night, in the order they were registered."""
    return tuple(_NIGHT.values())


def items_of(part: TableRows | NightRows, item: Row) -> Any:
    """The file's value of ``part`` in ``item`` (a table, or the file): an empty list where a
    file made before the part has none.

    :raises KeyError: the part is required and the file has none.
    """
    return item[part.key] if part.required else item.get(part.key, [])
