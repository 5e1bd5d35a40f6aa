"""A federation day on one laptop under load (issue 22): gunicorn started as `make run` starts it,
a night of 200 tables, and clients on the loopback as the scenario (``bench/bench_load.toml``)
says: a phone at each table saving a deal every ~90 s, 600 viewers asking for the board's pages,
the organiser's standings every 10 s, a static file as yardstick, then 600 reloads at once.

Run: ``.venv/bin/python bench/bench_load.py`` (SQLite; ``make bench`` runs it so),
``--database postgres`` (``PG_URL``, default ``postgres://postgres@127.0.0.1:5432``; its own
database ``preisfipsen_load_bench``, made afresh), ``--database both``, ``--knee`` (then the
viewers raised step by step), ``--workers N --threads N`` (else `make run`'s), ``--seconds S``,
``--viewers N``. Prints p50/p95/p99 per kind of request, the burst's drain time, the server's
CPU, and the saves acknowledged against the rows. Every run ends after its ``seconds``.

The night is made in this process (Django on a throwaway var/ folder): 800 players registered,
drawn and started through the services, each table's first deals bulk-created
(tests/scoring/helpers.py), an organiser with a session; then Django's connections are closed
and gunicorn serves the same database. The generator is ``bench/load_generator.py``, the
summary's arithmetic ``bench/load_scenario.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from preisfipsen.serve.servers import Server

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from load_generator import Target, costs, run  # noqa: E402
from load_scenario import (  # noqa: E402
    HEADER,
    Scenario,
    board_pages,
    knee,
    load_scenario,
    reconcile,
    summary,
)

PG_NAME = "preisfipsen_load_bench"
#: A step towards the knee whose saves' p95 is this many times the goal is the last.
GIVE_UP = 10
#: How busy a laptop's cores may be before the waits grow (the estimated knee).
BUSY = 0.8


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--knee", action="store_true", help="raise the viewers step by step")
    parser.add_argument("--workers", type=int)
    parser.add_argument("--threads", type=int)
    parser.add_argument("--seconds", type=float, help="instead of the scenario's")
    parser.add_argument("--viewers", type=int, help="instead of the scenario's")
    parser.add_argument("--no-burst", action="store_true")
    return parser.parse_args()


def setup_django(database: str, var: str) -> None:
    """Django on the throwaway folder; PostgreSQL: the bench's database made afresh."""
    environment = {
        "DJANGO_SETTINGS_MODULE": "preisfipsen.settings",
        "PREISFIPSEN_VAR_DIR": var,
        "DJANGO_SECRET_KEY": "bench-only-" + uuid.uuid4().hex,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    }
    os.environ.pop("DATABASE_URL", None)
    if database == "postgres":
        import psycopg

        server = os.environ.get("PG_URL", "postgres://postgres@127.0.0.1:5432")
        with psycopg.connect(f"{server}/postgres", autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {PG_NAME} WITH (FORCE)")
            connection.execute(f"CREATE DATABASE {PG_NAME}")
        environment["DATABASE_URL"] = f"{server}/{PG_NAME}"
    os.environ.update(environment)
    import django

    django.setup()


def build_night(scenario: Scenario) -> dict[str, object]:
    """The night in play, its first deals, an organiser's session: what the clients need."""
    from django.conf import settings
    from django.contrib import auth
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.utils import timezone
    from django.utils.module_loading import import_string

    from tests.scoring.helpers import deals_played
    from tournaments import services
    from tournaments.draw.services import tournament_draw
    from tournaments.models import Player, Registration, Table
    from tournaments.players.names import player_name_key

    call_command("migrate", verbosity=0)
    tournament = services.tournament_create(
        name="Verbandstag", date=timezone.localdate(), deals_at_four=300
    )
    # Bulk-created (the services took 95 s for 800 on PostgreSQL here); drawn by the service.
    players = Player.objects.bulk_create(
        Player(name=name, name_key=player_name_key(name))
        for name in (
            f"Spieler{number:04d} Nachname{number // 7:03d}" for number in range(scenario.players)
        )
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, checked_in_at=timezone.now())
        for player in players
    )
    tournament_draw(tournament=tournament, seed=22)
    services.tournament_start(tournament=tournament)
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    for table in tables:
        deals_played(table, scenario.deals_before)
    user = get_user_model().objects.create_user("bench", password=uuid.uuid4().hex, is_staff=True)
    session = import_string(settings.SESSION_ENGINE + ".SessionStore")()
    session[auth.SESSION_KEY] = str(user.pk)
    session[auth.BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[auth.HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return {
        "table_tokens": tuple(table.token for table in tables),
        "board_path": f"/board/{tournament.board_token}/",
        "standings_path": f"/tournaments/{tournament.pk}/standings/",
        "session": session.session_key,
    }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def web_server(port: int, log_dir: Path, workers: int | None, threads: int | None) -> Server:
    """gunicorn with `make run`'s command (preisfipsen/serve/servers.py), on the loopback."""
    from preisfipsen.serve.servers import servers

    web, _worker = servers(host="127.0.0.1", port=port, log_dir=log_dir)
    given = {"--workers": workers, "--threads": threads}
    web.command = [
        f"{part.split('=')[0]}={given[part.split('=')[0]]}"
        if given.get(part.split("=")[0]) is not None
        else part
        for part in web.command
    ]
    return web


def group_cpu_seconds(pgid: int) -> float:
    """User and system CPU seconds of the processes of a group (gunicorn and its workers)."""
    from preisfipsen.serve.servers import living_in_group

    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for pid in living_in_group(pgid):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / ticks


def target_of(night: dict[str, object], scenario: Scenario, port: int) -> Target:
    from scoring.standings.board_views import STANDINGS_PER_PAGE, TABLES_PER_PAGE

    pages = board_pages(scenario.players, scenario.tables, STANDINGS_PER_PAGE, TABLES_PER_PAGE)
    return Target(port=port, board_pages=pages, **night)  # type: ignore[arg-type]


def measured(scenario: Scenario, target: Target, web: Server) -> float:
    """One run of ``scenario`` against a started server, its figures printed; the saves' p95."""
    from django.db import connections

    from scoring.models import Deal

    rows_before = Deal.objects.count()
    connections.close_all()
    cpu, load = group_cpu_seconds(web.pid or 0), os.getloadavg()[0]
    start = time.perf_counter()
    results = asyncio.run(run(target, scenario))
    seconds = time.perf_counter() - start
    cpu = group_cpu_seconds(web.pid or 0) - cpu
    found = Deal.objects.filter(submission__in=results.saved).count()
    new_rows = Deal.objects.count() - rows_before
    connections.close_all()
    print(
        f"-- {scenario.viewers} viewers, {scenario.tables} tables, {seconds:.0f} s;"
        f" load average at the start {load:.1f}; the server's CPU {cpu / seconds:.2f} cores"
    )
    print(HEADER)
    lines = summary(results.tallies, seconds)
    for line in lines:
        print(line.text())
    for kind, tally in results.tallies.items():
        if tally.errors:
            print(f"   {kind} errors: {tally.errors}")
    if scenario.reloads:
        verdict = "ok" if results.burst_drained <= scenario.burst_limit else "over the goal"
        print(
            f"burst of {scenario.reloads} reloads drained in {results.burst_drained:.1f} s"
            f" ({verdict})"
        )
    print(reconcile(results.saved, found, new_rows).text())
    return next((line.p95_ms for line in lines if line.kind == "save"), float("nan"))


def print_costs(target: Target, scenario: Scenario, web: Server) -> None:
    """The server's CPU per request of each kind, and what the scenario (with the scenario
    file's burst) needs of the cores."""
    from scoring.standings.board_cache import CHANGE_SECONDS

    reloads = load_scenario().reloads

    def server_cpu() -> float:
        return group_cpu_seconds(web.pid or 0)

    found = asyncio.run(costs(target, scenario, server_cpu, board_due=CHANGE_SECONDS + 0.2))
    print(
        "server CPU per request, ms (one at a time): "
        + ", ".join(f"{kind} {seconds * 1000:.1f}" for kind, seconds in found.cpu.items())
    )
    print(
        f"the scenario's steady load needs {found.cores(scenario):.2f} cores;"
        f" its burst {reloads * found.cpu['reload']:.1f} CPU seconds"
        f" ({reloads * found.cpu['reload'] / 2:.1f} s on 2 free cores);"
        f" 2 free cores at {BUSY:.0%} carry {found.viewers_within(2 * BUSY, scenario)} viewers"
    )


def serve_and_measure(
    scenarios: list[Scenario], night: dict[str, object], args: argparse.Namespace, var: str
) -> list[float]:
    """gunicorn started, its costs measured, each scenario run in turn, gunicorn stopped."""
    from preisfipsen.serve.servers import answers

    port, log_dir = free_port(), Path(var) / "log"
    log_dir.mkdir(exist_ok=True)
    web = web_server(port, log_dir, args.workers, args.threads)
    print("gunicorn " + " ".join(p for p in web.command if p.startswith(("--workers", "--thr"))))
    web.start(dict(os.environ))
    try:
        deadline = time.monotonic() + 60
        while not answers("127.0.0.1", port):
            if time.monotonic() > deadline or web.exited() is not None:
                raise SystemExit(f"gunicorn did not start: see {log_dir / 'web.log'}")
            time.sleep(0.2)
        target = target_of(night, scenarios[0], port)
        print_costs(target, scenarios[0], web)
        p95s: list[float] = []
        for scenario in scenarios:
            p95s.append(measured(scenario, target, web))
            if not p95s[-1] <= GIVE_UP * scenario.save_p95_ms:
                print(f"(no more steps: the saves' p95 is over {GIVE_UP}x the goal)")
                break
        return p95s
    finally:
        web.terminate()
        if web.process:
            web.process.wait(timeout=30)
        web.kill_group()


def scenarios_of(args: argparse.Namespace) -> list[Scenario]:
    scenario = load_scenario()
    if args.viewers is not None or args.seconds is not None or args.no_burst:
        scenario = scenario.scaled(
            viewers=args.viewers if args.viewers is not None else scenario.viewers,
            seconds=args.seconds or scenario.seconds,
            reloads=0 if args.no_burst else scenario.reloads,
        )
    if not args.knee:
        return [scenario]
    return [
        scenario.scaled(viewers=viewers, seconds=args.seconds or scenario.knee_seconds)
        for viewers in scenario.knee_viewers
    ]


def main() -> None:
    args = arguments()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]
    if args.database == "both":
        for database in ("sqlite", "postgres"):
            command = [sys.executable, __file__, *sys.argv[1:], "--database", database]
            subprocess.run(command, check=True)  # noqa: S603 (this script again)
        return
    scenarios = scenarios_of(args)
    with tempfile.TemporaryDirectory(prefix="bench-load-") as var:
        setup_django(args.database, var)
        started = time.perf_counter()
        night = build_night(scenarios[0])
        print(
            f"{args.database}: a night of {scenarios[0].tables} tables with"
            f" {scenarios[0].deals_before} deals each,"
            f" made in {time.perf_counter() - started:.0f} s"
        )
        p95s = serve_and_measure(scenarios, night, args, var)
    if args.knee:
        steps = [(scenario.viewers, p95) for scenario, p95 in zip(scenarios, p95s, strict=False)]
        found = knee(steps, scenarios[0].save_p95_ms)
        print(
            f"knee (save p95 over {scenarios[0].save_p95_ms:.0f} ms):"
            f" {found or 'not reached'} viewers"
        )


if __name__ == "__main__":
    main()
