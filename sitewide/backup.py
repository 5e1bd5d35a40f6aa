"""A consistent copy of the whole database while the app runs, and putting one back.

Copying ``var/db.sqlite3`` with the file manager while the app runs loses what is still in the
write-ahead log (``db.sqlite3-wal``): the latest deals. So:

- **SQLite**: SQLite's online backup API (``sqlite3.Connection.backup``) copies every page in
  one step, as one consistent snapshot, while the tables go on saving deals (WAL: writers do
  not wait for it). The copy is one self-contained file (journal mode DELETE, no ``-wal``).
- **JSON** (PostgreSQL, or ``--format json`` anywhere): Django's ``dumpdata`` inside one
  REPEATABLE READ READ ONLY transaction (on SQLite a deferred read transaction: a snapshot too),
  with the applied migrations beside the rows. It needs no ``pg_dump`` of the server's exact
  version, and it restores into PostgreSQL or SQLite alike (``loaddata``).

Restoring refuses a database that holds a night (tournaments, players, deals) unless forced,
and refuses a backup made by a newer Preisfipsen than this one (unknown migrations); an older
backup is migrated after it is put back.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from django.apps import apps
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections, transaction
from django.db.migrations.loader import MigrationLoader
from django.db.models import Model
from django.utils.translation import gettext as _

SQLITE = "sqlite"
JSON = "json"
#: dumpdata's format for a JSON backup: Django's JSON with times to the microsecond.
EXACT_JSON = "exact_json"
#: What a SQLite database file starts with.
SQLITE_MAGIC = b"SQLite format 3\x00"
#: The JSON backup's first key, so that any other JSON file is recognised as not a backup.
JSON_MARK = "preisfipsen_backup"
JSON_VERSION = 1
#: Rows of these apps are a night's data; an organiser account alone is not (make run makes
#: one on the first start), nor the generated PDFs.
DATA_APPS = ("tournaments", "scoring")
NOT_DATA = ("tournaments.organiserprofile", "tournaments.generatedfile")
#: Left out of the JSON: recreated by migrate/flush, and referred to by natural keys.
JSON_EXCLUDE = ["contenttypes", "auth.permission"]


class BackupError(Exception):
    """A backup cannot be made or restored; the message says why and what to do."""


class DamagedCopy(sqlite3.DatabaseError):
    """A copy of the database failed SQLite's check: the database itself is damaged."""


def require_sound(path: Path) -> None:
    """:raises DamagedCopy: the SQLite file at ``path`` fails ``PRAGMA quick_check``."""
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as copy:
            sound = copy.execute("PRAGMA quick_check").fetchone() == ("ok",)
    except sqlite3.DatabaseError:
        sound = False
    if not sound:
        raise DamagedCopy(
            _(
                "The database is damaged: this copy was not kept, the older ones stay. Restore "
                "the newest of them (docs/running.md, “Backups”)."
            )
        )


@dataclass(frozen=True)
class Restored:
    format: str
    #: Migrations applied after restoring an older backup.
    migrated: bool


def default_format(using: str = DEFAULT_DB_ALIAS) -> str:
    return SQLITE if connections[using].vendor == "sqlite" else JSON


def extension(format: str) -> str:
    return "sqlite3" if format == SQLITE else "json"


def backup_write(path: Path, *, format: str | None = None, using: str = DEFAULT_DB_ALIAS) -> str:
    """Write a consistent backup of the whole database to ``path``; returns its format.

    :raises BackupError: a SQLite file was asked of another database.
    """
    format = format or default_format(using)
    if format == SQLITE:
        _backup_sqlite(path, using)
    elif format == JSON:
        with path.open("w", encoding="utf-8") as out:
            _backup_json(out, using)
    else:
        raise BackupError(_("Unknown backup format %(format)s.") % {"format": format})
    return format


def _sqlite_path(using: str) -> str:
    connection = connections[using]
    if connection.vendor != "sqlite":
        raise BackupError(
            _("A SQLite backup is made of a SQLite database only; use --format json.")
        )
    return str(connection.settings_dict["NAME"])


def _backup_sqlite(path: Path, using: str) -> None:
    source = sqlite3.connect(_sqlite_path(using), timeout=20)
    target = sqlite3.connect(path)
    try:
        # pages=-1: every page in one step, so the copy is one snapshot, not pages of
        # different moments.
        source.backup(target, pages=-1)
        # One self-contained file: no -wal beside it on the USB stick.
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()
        source.close()


def _applied_migrations(using: str) -> list[list[str]]:
    loader = MigrationLoader(connections[using], ignore_no_migrations=True)
    return sorted([app, name] for app, name in loader.applied_migrations)


def _backup_json(out: IO[str], using: str) -> None:
    connection = connections[using]
    # Only a transaction this backup starts can be given its isolation level; inside one already
    # open (a test's), the dump reads in that one.
    starts_transaction = not connection.in_atomic_block
    with _reading(connection), transaction.atomic(using=using):
        if connection.vendor == "postgresql" and starts_transaction:
            # One snapshot for every table: deals saved meanwhile are either all in or not.
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        migrations = _applied_migrations(using)
        with tempfile.TemporaryFile("w+", encoding="utf-8") as rows:
            call_command(
                "dumpdata",
                format=EXACT_JSON,
                natural_foreign=True,
                exclude=JSON_EXCLUDE,
                database=using,
                stdout=rows,
                verbosity=0,
            )
            rows.seek(0)
            # The rows are written as dumpdata made them, inside a small frame of our own.
            head = {JSON_MARK: JSON_VERSION, "migrations": migrations}
            out.write(json.dumps(head)[:-1] + ', "objects": ')
            while chunk := rows.read(1 << 20):
                out.write(chunk)
            out.write("}\n")


@contextlib.contextmanager
def _reading(connection: Any) -> Iterator[None]:
    """On SQLite, a transaction that only reads: IMMEDIATE (preisfipsen/config.py) would hold
    the write lock for the whole dump and make the tables wait. A deferred one reads one
    snapshot (WAL) from its first SELECT on, and lets them write."""
    if connection.vendor != "sqlite" or connection.in_atomic_block:
        yield
        return
    connection.ensure_connection()  # the mode is read from the settings on connecting
    mode = connection.transaction_mode
    connection.transaction_mode = "DEFERRED"
    try:
        yield
    finally:
        connection.transaction_mode = mode


# Restoring


def holds_data(using: str = DEFAULT_DB_ALIAS) -> bool:
    """Does the database hold anything of a night (a tournament, a player, a deal …)?"""
    return any(model._default_manager.using(using).exists() for model in _data_models())


def _data_models() -> Iterable[type[Model]]:
    for app_label in DATA_APPS:
        for model in apps.get_app_config(app_label).get_models():
            if model._meta.label_lower not in NOT_DATA:
                yield model


def detect_format(path: Path) -> str:
    """SQLITE or JSON, from the file's first bytes.

    :raises BackupError: the file is missing, or is not a Preisfipsen backup.
    """
    try:
        with path.open("rb") as file:
            start = file.read(len(SQLITE_MAGIC))
    except OSError as error:
        raise BackupError(
            _("The file %(file)s cannot be read: %(error)s")
            % {"file": path, "error": error.strerror}
        ) from error
    if start == SQLITE_MAGIC:
        return SQLITE
    if start.lstrip().startswith(b"{"):
        return JSON
    raise BackupError(_not_a_backup(path))


def _not_a_backup(path: Path) -> str:
    return _(
        "The file %(file)s is not a Preisfipsen backup. Choose the file that "
        "“manage.py backup” or the button “Download a backup” made."
    ) % {"file": path}


#: What a database is before a restore: as it should be, without the app's tables (a new
#: ``var/``, a new PostgreSQL database), or damaged (a SQLite file that fails its check).
SOUND, EMPTY, DAMAGED = "sound", "empty", "damaged"


def backup_restore(path: Path, *, force: bool = False, using: str = DEFAULT_DB_ALIAS) -> Restored:
    """Put the backup at ``path`` in place of the whole database: into one that works, one
    without tables (a fresh ``var/``, a new PostgreSQL database: migrated first), or a damaged
    SQLite file (moved aside, never deleted: :func:`_set_damaged_aside`).

    :raises BackupError: the file is no backup, comes from a newer Preisfipsen, or the
        database holds a night or is damaged and ``force`` is not given; nothing is changed.
    """
    format = detect_format(path)
    if format == SQLITE and connections[using].vendor != "sqlite":
        raise BackupError(
            _(
                "This backup is a SQLite file (a rolling backup is one); this installation "
                "uses another database. Restore it where Preisfipsen runs on SQLite (without "
                "DATABASE_URL), make a backup there with “manage.py backup --format json”, and "
                "restore that file here."
            )
        )
    if format == SQLITE:
        migrations = _sqlite_migrations(path)
    else:
        document = _read_json(path)
        migrations = {tuple(item) for item in document["migrations"]}
    _refuse_newer(migrations)
    state = database_state(using)
    if state == DAMAGED and not force:
        raise BackupError(
            _(
                "The database is damaged. Restoring puts the backup in its place (the damaged "
                "file is kept beside it). Run the command again with --force."
            )
        )
    if state == SOUND and not force and holds_data(using):
        raise BackupError(
            _(
                "The database is not empty: it holds tournaments or players. Restoring would "
                "replace all of it with the backup. If that is what you want, run the command "
                "again with --force."
            )
        )
    if state == DAMAGED:
        _set_damaged_aside(using)
    if format == SQLITE:
        _restore_sqlite(path, using)
    else:
        if state != SOUND:  # loaddata needs the tables
            call_command("migrate", database=using, interactive=False, verbosity=0)
        _restore_json(document, using)
    missing = _known_migrations() - migrations
    if missing:
        call_command("migrate", database=using, interactive=False, verbosity=0)
    return Restored(format=format, migrated=bool(missing))


def database_state(using: str = DEFAULT_DB_ALIAS) -> str:
    """SOUND, EMPTY (no table of the app's yet) or DAMAGED (a SQLite file that fails its check,
    or is no database at all). A SQLite file is read only here: Django's connection would
    switch a damaged file to WAL before anything is decided.

    :raises BackupError: the database cannot be reached (PostgreSQL down): nothing to restore
        into.
    """
    connection = connections[using]
    if connection.vendor == "sqlite":
        return _sqlite_state(Path(_sqlite_path(using)))
    try:
        with connection.cursor() as cursor:
            tables = connection.introspection.table_names(cursor)
    except DatabaseError as error:
        raise BackupError(
            _("The database cannot be reached: %(error)s") % {"error": error}
        ) from error
    return SOUND if "django_migrations" in tables else EMPTY


def is_damaged(using: str = DEFAULT_DB_ALIAS) -> bool:
    """Is the database a damaged SQLite file? (Read only; a PostgreSQL database is never
    called damaged here: its server says what is wrong.)"""
    if connections[using].vendor != "sqlite":
        return False
    return _sqlite_state(Path(_sqlite_path(using))) == DAMAGED


def _sqlite_state(path: Path) -> str:
    if not path.exists() or path.stat().st_size == 0:
        return EMPTY
    try:
        with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as file:
            if file.execute("PRAGMA quick_check").fetchone() != ("ok",):
                return DAMAGED
            found = file.execute(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'django_migrations'"
            ).fetchone()
    except sqlite3.DatabaseError:
        return DAMAGED
    return SOUND if found else EMPTY


def _set_damaged_aside(using: str) -> Path:
    """Move a damaged SQLite file (and its journal) to ``<name>.damaged-<time>``: what it still
    holds may be read out later, and the backup goes into a new file."""
    connections[using].close()
    database = Path(_sqlite_path(using))
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    aside = database.with_name(f"{database.name}.damaged-{stamp}")
    for suffix in ("", "-wal", "-shm"):
        part = database.with_name(database.name + suffix)
        if part.exists():
            part.rename(aside.with_name(aside.name + suffix))
    return aside


def _known_migrations() -> set[tuple[str, str]]:
    """The migrations of this version's code, read from disk: the database may be damaged or
    empty, so it is not asked."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return set(loader.disk_migrations)


def _refuse_newer(migrations: set[tuple[str, str]]) -> None:
    unknown = migrations - _known_migrations()
    if unknown:
        names = ", ".join(f"{app}.{name}" for app, name in sorted(unknown)[:5])
        raise BackupError(
            _(
                "This backup comes from a newer Preisfipsen (it knows %(migrations)s). Update "
                "Preisfipsen first, then restore it."
            )
            % {"migrations": names}
        )


def _sqlite_migrations(path: Path) -> set[tuple[str, str]]:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as backup:
            if backup.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise BackupError(
                    _("The backup %(file)s is damaged; take an older one.") % {"file": path}
                )
            rows = backup.execute("SELECT app, name FROM django_migrations").fetchall()
    except sqlite3.DatabaseError as error:
        raise BackupError(_not_a_backup(path)) from error
    return {(app, name) for app, name in rows}


def _read_json(path: Path) -> dict[str, list[Any]]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BackupError(_not_a_backup(path)) from error
    if (
        not isinstance(document, dict)
        or document.get(JSON_MARK) != JSON_VERSION
        or not isinstance(document.get("migrations"), list)
        or not isinstance(document.get("objects"), list)
        or not all(
            isinstance(item, list) and len(item) == 2 and all(isinstance(s, str) for s in item)
            for item in document["migrations"]
        )
    ):
        raise BackupError(_not_a_backup(path))
    return document


def _restore_sqlite(path: Path, using: str) -> None:
    target_path = _sqlite_path(using)
    connections[using].close()
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    target = sqlite3.connect(target_path, timeout=20)
    try:
        source.backup(target, pages=-1)
    finally:
        target.close()
        source.close()


def _restore_json(document: dict[str, list[object]], using: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        fixture = Path(folder) / "backup.json"
        fixture.write_text(json.dumps(document["objects"]), encoding="utf-8")
        try:
            # All or nothing: a row that does not load leaves the database as it was.
            with transaction.atomic(using=using):
                call_command("flush", database=using, interactive=False, verbosity=0)
                call_command("loaddata", str(fixture), database=using, verbosity=0)
        except Exception as error:
            raise BackupError(
                _("The backup could not be restored; the database is unchanged. (%(error)s)")
                % {"error": error}
            ) from error
