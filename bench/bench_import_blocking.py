"""How long a captain's save waits while a large night's file is imported (issue 30.1).

Run: ``make bench`` or ``.venv/bin/python bench/bench_import_blocking.py [TABLES] [PLAYERS]``
(default 200 tables of 40 deals, and 5,000 more players registered, not seated: a district's
directory). In a throwaway SQLite database, as `make run` has it: the import runs in a process
of its own (``manage.py import_night``, as the worker runs it), while this one records a deal
on another tournament's table through the service every 20 ms, as the phones do, and times
each. Printed: the yardstick, a deal recorded with nothing else running (the median of 50);
the slowest save during the import and how many saves failed ("database is locked"), against
it. On main an import was one transaction: every save waited for its end or gave up after
20 s.
"""

import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

import throwaway

_VAR = throwaway.django_setup("import-blocking")

from django.core.management import call_command  # noqa: E402
from django.db import OperationalError  # noqa: E402

from fipsen_rules import Game  # noqa: E402
from scoring import selectors, services  # noqa: E402
from scoring.demo import demo_night_play  # noqa: E402
from scoring.night_file import transfer as night_transfer  # noqa: E402
from tests.night_file_helpers import night_scaled  # noqa: E402
from tests.scoring.helpers import playing_table  # noqa: E402
from tournaments.models import Table  # noqa: E402

#: How often the phones save during the import (seconds).
PACE = 0.02
YARDSTICK_SAVES = 50


def night_file(tables: int, players: int) -> Path:
    """A played night of ``tables`` tables (the demo's two, copied) and ``players`` more
    registered players, as its file."""
    night = demo_night_play(players=8, seed=1, deals=40, name="Vorlage")
    data = night_scaled(night_transfer.night_export(tournament=night.tournament), tables // 2)
    data["tournament"]["name"] = "Großer Abend"
    first_player = max(p["key"] for p in data["players"]) + 1
    first_registration = max(r["key"] for r in data["registrations"]) + 1
    template = data["registrations"][0]
    for number in range(players):
        data["players"].append(
            {"key": first_player + number, "name": f"Gast {number}", "club": "Kreis", "contact": ""}
        )
        data["registrations"].append(
            {**template, "key": first_registration + number, "player": first_player + number}
        )
    path = Path(_VAR.name) / "night.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


class Phone:
    """Saves the next deal of a table of another night, a new table when one is full."""

    def __init__(self) -> None:
        self.table = playing_table(deals=300)

    def save(self) -> float | None:
        """One deal recorded: its seconds, or None when the database refused it (locked)."""
        start = time.perf_counter()
        try:
            next_deal = selectors.next_deal(table=self.table)
            if next_deal.sequence > self.table.deals:
                self.table = playing_table(deals=300)
                next_deal = selectors.next_deal(table=self.table)
            services.deal_record(
                table=self.table,
                sequence=next_deal.sequence,
                submission=uuid.uuid4(),
                declarer=next_deal.sequence % 4,
                game=Game.parse("2 gewonnen"),
            )
        except OperationalError:
            return None
        return time.perf_counter() - start


def main() -> None:
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 5_000
    try:
        call_command("migrate", verbosity=0)
        path = night_file(tables, players)
        phone = Phone()
        yardstick = statistics.median(phone.save() or 0.0 for _ in range(YARDSTICK_SAVES))
        size = path.stat().st_size / 1e6
        print(f"A night of {tables} tables and {players:,} more players: {size:.1f} MB")
        print(f"yardstick, a deal recorded with nothing else running: {yardstick * 1000:.1f} ms")

        start = time.perf_counter()
        importing = subprocess.Popen(  # noqa: S603 (our own manage.py, our own arguments)
            [sys.executable, "manage.py", "import_night", str(path), "--verbosity=0"],
            cwd=throwaway.ROOT,
            env=os.environ.copy(),
        )
        saved: list[float] = []
        failed = 0
        while importing.poll() is None:
            seconds = phone.save()
            if seconds is None:
                failed += 1
            else:
                saved.append(seconds)
            time.sleep(PACE)
        took = time.perf_counter() - start
        if importing.returncode != 0:
            raise SystemExit("manage.py import_night failed")
        imported = Table.objects.filter(tournament__name="Großer Abend").count()
        worst = max(saved, default=0.0)
        print(f"import: {imported} tables in {took:.1f} s; {len(saved) + failed} saves meanwhile")
        print(
            f"slowest save during the import: {worst * 1000:.0f} ms"
            f" ({worst / yardstick:.0f}x the yardstick); refused (database locked): {failed}"
        )
    finally:
        _VAR.cleanup()


if __name__ == "__main__":
    main()
