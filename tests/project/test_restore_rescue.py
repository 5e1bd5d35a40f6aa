"""`manage.py restore` where it is needed most (issue 18): into a damaged SQLite file, an empty
one, a fresh `var/`, and a new PostgreSQL database. Each restore runs as the organiser runs it,
`manage.py restore FILE --force` in a process of its own, with the app stopped."""

import os
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connection

from fipsen_rules import Game
from scoring.models import Deal
from scoring.services import deal_record
from sitewide import backup
from tests.conftest import require_service
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Table

pytestmark = pytest.mark.django_db(transaction=True)

#: Generous: a process that sets Django up and migrates, on a busy machine.
TIMEOUT = 180


def _night_with_deals() -> int:
    tournament = night(present=4, deals_at_four=12)
    tournament_draw(tournament=tournament, seed=3)
    tournament_services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)
    for sequence in range(1, 6):
        game = Game.parse("3 gewonnen")
        deal_record(table=table, sequence=sequence, submission=uuid.uuid4(), declarer=0, game=game)
    return Deal.objects.count()


def _restore(var: Path, backup_file: Path, *, force: bool = True, database_url: str = ""):
    environ = {**os.environ, "PREISFIPSEN_VAR_DIR": str(var), "DJANGO_DEBUG": ""}
    environ.pop("DATABASE_URL", None)
    if database_url:
        environ["DATABASE_URL"] = database_url
    command = [sys.executable, "manage.py", "restore", str(backup_file)]
    return subprocess.run(
        [*command, "--force"] if force else command,
        cwd=settings.BASE_DIR,
        env=environ,
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def _deals_in(database: Path) -> int:
    with sqlite3.connect(database) as connection:
        return connection.execute("SELECT COUNT(*) FROM scoring_deal").fetchone()[0]


def _damaged_database(path: Path) -> None:
    """A SQLite file of about 600 kB with 200 kB in its middle overwritten, as a dying disk or
    a crash would leave it."""
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE filler (data BLOB)")
        connection.executemany(
            "INSERT INTO filler VALUES (?)", [(os.urandom(1000),) for _ in range(600)]
        )
    connection.close()
    with path.open("r+b") as file:
        file.seek(200_000)
        file.write(os.urandom(200_000))


#: The formats this database can be backed up in (a SQLite file only of SQLite).
FORMATS = [backup.SQLITE, backup.JSON] if connection.vendor == "sqlite" else [backup.JSON]


@pytest.fixture
def backups(tmp_path: Path) -> tuple[int, dict[str, Path]]:
    """The night's deal count and its backups, in every format this database makes."""
    deals = _night_with_deals()
    made = {}
    for format in FORMATS:
        made[format] = tmp_path / f"backup.{backup.extension(format)}"
        call_command("backup", output=made[format], format=format, verbosity=0)
    return deals, made


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("database", ["fresh var", "empty file", "damaged file"])
def test_restore_brings_the_night_back_whatever_the_sqlite_file_is(
    backups: tuple[int, dict[str, Path]], tmp_path: Path, format: str, database: str
) -> None:
    """On the PostgreSQL pass the night comes from PostgreSQL, as a JSON backup: it goes into
    SQLite as well."""
    deals, made = backups
    var = tmp_path / "var"
    target = var / "db.sqlite3"
    if database != "fresh var":
        var.mkdir()
        target.write_bytes(b"")
    if database == "damaged file":
        _damaged_database(target)

    done = _restore(var, made[format])

    assert done.returncode == 0, done.stderr
    assert "Sicherung zurückgespielt" in done.stdout
    assert _deals_in(target) == deals
    if database == "damaged file":
        kept = [p.name for p in var.iterdir() if ".damaged-" in p.name]
        assert kept, "the damaged file is set aside, not deleted"


def test_a_damaged_file_is_replaced_only_when_asked(
    backups: tuple[int, dict[str, Path]], tmp_path: Path
) -> None:
    _deals, made = backups
    var = tmp_path / "var"
    var.mkdir()
    target = var / "db.sqlite3"
    _damaged_database(target)
    damaged = target.read_bytes()

    done = _restore(var, made[FORMATS[0]], force=False)

    assert done.returncode != 0
    assert "Die Datenbank ist beschädigt" in done.stderr
    assert "--force" in done.stderr
    assert target.read_bytes() == damaged, "nothing changed"


def test_restore_into_a_new_postgresql_database(
    backups: tuple[int, dict[str, Path]], tmp_path: Path
) -> None:
    """Into an empty database (no tables yet), as after `createdb`: it is migrated first."""
    require_service("127.0.0.1", 5432, "PostgreSQL")
    import psycopg

    deals, made = backups
    name = f"restore_rescue_{os.getpid()}"
    admin = "postgresql://postgres@127.0.0.1:5432/postgres"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        url = f"postgres://postgres@127.0.0.1:5432/{name}"
        done = _restore(tmp_path / "var", made[backup.JSON], database_url=url)
        assert done.returncode == 0, done.stderr
        with psycopg.connect(url.replace("postgres://", "postgresql://")) as connection:
            count = connection.execute("SELECT COUNT(*) FROM scoring_deal").fetchone()
        assert count == (deals,)
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
