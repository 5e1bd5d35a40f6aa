"""What `make run`'s rolling backup costs on a district's night: 200 tables, 100 deals each.

Run: ``make bench`` or ``.venv/bin/python bench/bench_rolling_backup.py``. The night is made in
a temporary ``var/`` (800 players drawn to 200 tables; 20,000 deals written in bulk, as many
rows as the night would hold). The rolling backup's copy (SQLite's online backup) and its check
(``PRAGMA quick_check``) are timed against the yardstick measured in the same run: a plain copy
of the same file, which is the least any backup of it costs. The last line says what one copy
a minute takes of one core.
"""

import os
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

TABLES = 200
DEALS = 100
ROUNDS = 5


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="bench-backup-"))
    os.environ["PREISFIPSEN_VAR_DIR"] = str(folder)
    os.environ.pop("DATABASE_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django

    django.setup()
    from django.core.management import call_command

    from sitewide import backup

    call_command("migrate", verbosity=0)
    database = _night_of(TABLES, DEALS)
    copy = folder / "copy.sqlite3"

    def online_backup() -> None:
        copy.unlink(missing_ok=True)
        backup.backup_write(copy, format=backup.SQLITE)

    def check() -> None:
        backup.require_sound(copy)

    def plain_copy() -> None:
        shutil.copyfile(database, folder / "plain.sqlite3")

    plain = _best(plain_copy)
    written = _best(online_backup)
    checked = _best(check)
    size = database.stat().st_size / 1e6
    print(f"night: {TABLES} tables, {TABLES * DEALS:,} deals, {size:.1f} MB")
    print(f"yardstick, a plain copy of the file: {plain * 1000:.1f} ms")
    print(f"online backup: {written * 1000:.1f} ms ({written / plain:.1f}x the yardstick)")
    print(f"its check (quick_check): {checked * 1000:.1f} ms ({checked / plain:.1f}x)")
    share = (written + checked) / 60
    print(f"one copy a minute: {share:.2%} of one core")
    shutil.rmtree(folder, ignore_errors=True)


def _best(run: Callable[[], None]) -> float:
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times) if len(times) < 3 else statistics.median(times)


def _night_of(tables: int, deals: int) -> Path:
    import datetime

    from django.db import connection

    from scoring.models import Deal, declarer_only
    from tournaments import services
    from tournaments.desk.services import registration_add
    from tournaments.draw.services import tournament_draw
    from tournaments.models import Table
    from tournaments.players.services import player_create

    tournament = services.tournament_create(
        name="Kreistag", date=datetime.date(2026, 11, 27), place="Pinneberg"
    )
    for number in range(tables * 4):
        player = player_create(name=f"Spieler {number:04d}", club="SC")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    rows = [
        Deal(
            table=table,
            sequence=sequence,
            number=sequence,
            dealer=(sequence - 1) % 4,
            declarer=sequence % 4,
            game="3 Hand gewonnen",
            score=6,
            **declarer_only(sequence % 4, 6),
            submission=uuid.uuid4(),
        )
        for table in Table.objects.filter(tournament=tournament)
        for sequence in range(1, deals + 1)
    ]
    Deal.objects.bulk_create(rows, batch_size=2000)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return Path(connection.settings_dict["NAME"])


if __name__ == "__main__":
    main()
