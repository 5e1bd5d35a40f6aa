"""A night's file imported in short transactions (issue 30.1), all or nothing all the same.

On SQLite a transaction holds the database's one write lock until it ends: a night of 200
tables (or 180,000 players) imported in one transaction made every table's save wait 20 s and
give up (503), and the organiser's login with it. So the import commits as it goes, one short
:func:`step` at a time (PLAYER_BATCH players, REGISTRATION_BATCH registrations, a table, a
table's running totals), into a tournament that is *staged*: ``Tournament.importing`` hides
it from every list until the last step shows it. A save waits for one step at most.

All or nothing still holds: a file refused half-way, an import stopped (Ctrl-C), or a job
whose worker died (:mod:`scoring.night_file.jobs` finds its staged tournament) is undone by
:func:`stage_undo`, in short steps as well: the tournament with every row that hangs from it,
and the players the import added to the directory (their ``created_at`` is the staged
tournament's own, :attr:`Stage.stamp`; a player matched in the directory is older).
Inside a caller's transaction (a test's) every step is a savepoint of it, and rolling it back
undoes the import. The export, the other way, reads from one :func:`snapshot`.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import connection, models, transaction

from tournaments.ledger.entries import table_totals_refresh
from tournaments.models import Player, Registration, Table, Tournament

logger = logging.getLogger(__name__)

#: Rows saved in one step (one transaction) at most; a step of players ends after
#: STEP_SECONDS too (each is looked up in the directory and checked: some ms each).
PLAYER_BATCH = 500
REGISTRATION_BATCH = 500
STEP_SECONDS = 0.3
#: On SQLite, how long the import leaves the write lock free after each step (seconds). A save
#: that waits for the lock tries again every 100 ms (SQLite's busy handler, once it waited a
#: third of a second); an import that took the lock again at once would starve it behind step
#: after step (20 s, then "database is locked", bench/bench_import_blocking.py).
SQLITE_GAP = 0.1
#: Rows deleted in one step of an undo.
UNDO_BATCH = 500


@contextlib.contextmanager
def snapshot() -> Iterator[None]:
    """A transaction that only reads, from one snapshot: on PostgreSQL REPEATABLE READ; on
    SQLite a deferred one (IMMEDIATE, preisfipsen/config.py, would hold the write lock), one
    snapshot (WAL) from its first SELECT on. Inside an open transaction (a test's), that one."""
    if connection.in_atomic_block:
        return (yield)
    connection.ensure_connection()  # SQLite reads its mode from the settings on connecting
    mode = getattr(connection, "transaction_mode", None)
    if connection.vendor == "sqlite":
        connection.transaction_mode = "DEFERRED"  # type: ignore[attr-defined]
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                with connection.cursor() as cursor:
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield
    finally:
        if connection.vendor == "sqlite":
            connection.transaction_mode = mode  # type: ignore[attr-defined]


@contextlib.contextmanager
def step() -> Iterator[None]:
    """One short transaction of the import (a savepoint inside a caller's transaction), then
    on SQLite the lock left free for SQLITE_GAP: a save waiting for it goes first."""
    with transaction.atomic():
        yield
    if connection.vendor == "sqlite" and not connection.in_atomic_block:
        time.sleep(SQLITE_GAP)


@dataclass
class Stage:
    """The import's staged tournament, once saved; ``on_staged`` is told it inside the step
    that saves it (a job keeps it in its record, to undo it should its worker die)."""

    on_staged: Callable[[Tournament], object] = field(default=lambda tournament: None)
    tournament: Tournament | None = None

    def staged(self, tournament: Tournament) -> None:
        self.tournament = tournament
        self.on_staged(tournament)

    @property
    def stamp(self) -> datetime:
        """The time that marks the players the import adds (the staged tournament's own)."""
        if self.tournament is None or self.tournament.created_at is None:
            raise ValueError("the tournament is not staged yet")
        return self.tournament.created_at

    def players_added(self, players: list[int]) -> None:
        """Mark ``players`` (ids) as added by this import, for :func:`stage_undo`."""
        if players:
            Player.objects.filter(pk__in=players).update(created_at=self.stamp)

    def totals(self, tournament: Tournament, told: Callable[[], object]) -> None:
        """The running totals of every table, a table a step (the standings read them)."""
        for table in Table.objects.filter(tournament=tournament).order_by("series", "number"):
            with step():
                table_totals_refresh(table=table)
            told()

    def shown(self, tournament: Tournament, last: Callable[[], object]) -> None:
        """The last step: ``last`` (the tournament's times as in the file) and the tournament
        shown, together."""
        with step():
            last()
            Tournament.objects.filter(pk=tournament.pk).update(importing=False)
        tournament.importing = False

    def undo(self) -> None:
        """Undo what was saved (nothing where the tournament was not staged yet)."""
        if self.tournament is not None:
            stage_undo(tournament_id=self.tournament.pk)


def stage_undo(*, tournament_id: int) -> None:
    """Remove a staged tournament (one still ``importing``) and what its import saved, a
    short step at a time; nothing for one shown already or gone."""
    tournament = Tournament.objects.filter(pk=tournament_id, importing=True).first()
    if tournament is None:
        return
    for table in Table.objects.filter(tournament=tournament).values_list("pk", flat=True):
        with step():
            _delete_tree(Table.objects.filter(pk=table))
    registrations = Registration.objects.filter(tournament=tournament)
    _delete_in_steps(registrations)
    # Added by this import, and not registered meanwhile for another night at the desk.
    _delete_in_steps(Player.objects.filter(created_at=tournament.created_at, registrations=None))
    with step():
        _delete_tree(Tournament.objects.filter(pk=tournament.pk))
    logger.info("The staged import of tournament %s was undone.", tournament_id)


def _delete_in_steps(rows: models.QuerySet[Any]) -> None:
    while ids := list(rows.values_list("pk", flat=True)[:UNDO_BATCH]):
        with step():
            _delete_tree(rows.model._base_manager.filter(pk__in=ids))


def _delete_tree(rows: models.QuerySet[Any], depth: int = 0) -> None:
    """Delete ``rows`` and every row that refers to them, the deepest first. The history's
    PROTECT (a table's deals, a deal's changes) guards a night against a deletion by mistake;
    the undo of its own import deletes them first, as nothing else may."""
    if depth > 8:  # the models' relations form no cycle: a new one would loop here
        raise RuntimeError(f"{rows.model.__name__}: the relations are nested too deep")
    for relation in rows.model._meta.related_objects:
        if relation.many_to_many or relation.on_delete is models.DO_NOTHING:
            continue
        name = relation.field.name
        children = relation.related_model._base_manager.filter(**{f"{name}__in": rows})
        if relation.on_delete is models.SET_NULL:
            children.update(**{name: None})
        else:
            _delete_tree(children, depth + 1)
    rows.delete()
