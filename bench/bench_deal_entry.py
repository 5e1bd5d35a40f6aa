"""Server time of saving a deal on the captain page: the one request that saves it and answers
with the new screen (htmx), against a view that writes one row through the ORM (issue 9: at most
6× that view's time), with 1 deal already at the table and with as many as it holds besides the
saves measured (a table plays at most ``MAX_DEALS``, 300 deals). A trivial view is a second
yardstick (issue 4).

Run: ``make bench`` or ``.venv/bin/python bench/bench_deal_entry.py``. Needs nothing: a
throwaway SQLite database in a temporary folder, set up before Django loads. Then the same
run measures PostgreSQL too (issue 22: the target holds on both), in a second process on a
throwaway database it creates and drops on the server at ``BENCH_POSTGRES`` (by default
``postgres://postgres@127.0.0.1:5432``; ``BENCH_POSTGRES=`` leaves it out); a server it cannot
reach is said, and skipped.

Each request is a call of the project's WSGI application with a prepared environ, as gunicorn
makes it: the whole middleware stack, CSRF checked (cookie and form field), the response read
and closed. As in production (issue 31): DEBUG off (so templates are loaded once, by Django's
cached loader), the collected static files where collectstatic ran, and the answer compressed
(the phone's browser accepts gzip). The baseline is a view that returns
``HttpResponse("ok")``, on a URLconf of this script that holds it beside the project's URLs,
posted the same body. A second yardstick is a view that writes one row through the ORM in a
transaction: the least any save can cost. Saves and baseline calls alternate, so that all see
the same load on the machine; the figures are medians, in wall-clock time and in CPU time of
the thread that serves (which a busy machine disturbs less). The first pass keeps the
database connection between requests as the settings do; the second closes it after each one
(CONN_MAX_AGE=0), to show what that would cost.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import statistics
import subprocess
import sys
import time
import types
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

import throwaway

#: ``--postgres URL``: this process measures PostgreSQL, on the throwaway database at URL.
_POSTGRES = sys.argv[2] if sys.argv[1:2] == ["--postgres"] else ""
# With the project's root on the path: the tests' factory of a table with deals played.
_VAR = throwaway.django_setup(
    "deal-entry",
    DJANGO_ALLOWED_HOSTS="bench.local",
    **({"DATABASE_URL": _POSTGRES} if _POSTGRES else {}),
)

from django.conf import settings  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connections, transaction  # noqa: E402
from django.http import HttpRequest, HttpResponse  # noqa: E402
from django.test.utils import override_settings  # noqa: E402
from django.urls import path  # noqa: E402
from django.utils import timezone  # noqa: E402

import preisfipsen.urls  # noqa: E402
from scoring import selectors  # noqa: E402
from tests.scoring.helpers import deals_played  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.desk.services import registration_add  # noqa: E402
from tournaments.draw.services import tournament_draw  # noqa: E402
from tournaments.models import MAX_DEALS, Player, Table  # noqa: E402
from tournaments.players.services import player_create  # noqa: E402

SAVES = 100  # saves measured per starting point
WARM_UP = 20
#: The most deals a table can have before the warm-up and the saves still fit in it: each
#: round saves two deals (through htmx, and without JavaScript).
MOST_DEALS_BEFORE = MAX_DEALS - 2 * (SAVES + WARM_UP) - 10
TARGET_RATIO = 6.0  # the save with its new screen ÷ the one-row write
CSRF = "b" * 32  # an unmasked CSRF secret: the cookie and the form field agree


def trivial(request: HttpRequest) -> HttpResponse:
    return HttpResponse("ok")


def one_write(request: HttpRequest) -> HttpResponse:
    with transaction.atomic():
        Player.objects.create(name="Bench", name_key="bench")
    return HttpResponse("ok")


# The URLconf of the run, a module made here: the yardsticks beside the project's own URLs.
URLCONF = types.ModuleType("bench_deal_entry_urls")
URLCONF.urlpatterns = [  # type: ignore[attr-defined]
    path("bench/ok/", trivial),
    path("bench/write/", one_write),
    *preisfipsen.urls.urlpatterns,
]
sys.modules[URLCONF.__name__] = URLCONF


def make_table(deals_before: int) -> Table:
    """A table of four in play with ``deals_before`` deals (bulk-created: "2 gewonnen")."""
    tournament = services.tournament_create(
        name=f"Bench {deals_before}",
        date=timezone.localdate(),
        deals_at_four=deals_before + 2 * (SAVES + WARM_UP) + 10,
    )
    for number in range(4):
        player = player_create(name=f"Bench {deals_before} Spieler {number}")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)
    deals_played(table, deals_before)
    return table


def environ(
    method: str, path: str, fields: dict[str, object] | None = None, *, htmx: bool = False
) -> dict[str, object]:
    body = urlencode({**(fields or {}), "csrfmiddlewaretoken": CSRF}).encode()
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return {
        **extra,
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "bench.local",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "bench.local",
        "HTTP_COOKIE": f"csrftoken={CSRF}",
        "HTTP_ACCEPT_LANGUAGE": "de-DE",
        "HTTP_ACCEPT_ENCODING": "gzip, deflate",  # as every phone's browser: the page compressed
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "CONTENT_LENGTH": str(len(body)),
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.url_scheme": "http",
        "wsgi.version": (1, 0),
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }


@dataclass
class Timings:
    """Wall-clock and CPU seconds (of this thread: the server's work alone) of requests."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def median_ms(self) -> tuple[float, float]:
        return statistics.median(self.wall) * 1000, statistics.median(self.cpu) * 1000


def call(app: WSGIHandler, env: dict[str, object], timings: Timings | None = None) -> str:
    """One request, the response read and closed; its status. Its times go to ``timings``."""
    return call_body(app, env, timings)[0]


def call_body(
    app: WSGIHandler, env: dict[str, object], timings: Timings | None = None
) -> tuple[str, bytes]:
    """One request, the response read and closed: its status and body."""
    status = ""

    def start_response(line: str, headers: Iterable[tuple[str, str]]) -> None:
        nonlocal status
        status = line

    wall, cpu = time.perf_counter(), time.thread_time()
    response = app(env, start_response)
    try:
        body = b"".join(response)
    finally:
        response.close()  # type: ignore[attr-defined]
    if timings is not None:
        timings.wall.append(time.perf_counter() - wall)
        timings.cpu.append(time.thread_time() - cpu)
    return status, body


def deal_fields(sequence: int) -> dict[str, object]:
    """A typical deal, four taps: a declarer, 3, won."""
    return {
        "sequence": sequence,
        "submission": uuid.uuid4(),
        "declarer": sequence % 4,
        "contract": "3",
        "result": "won",
    }


@dataclass
class Run:
    saves: Timings = field(default_factory=Timings)
    trivial: Timings = field(default_factory=Timings)
    one_write: Timings = field(default_factory=Timings)
    #: Without JavaScript: the plain post (it redirects), then the page it leads to.
    plain_saves: Timings = field(default_factory=Timings)
    pages: Timings = field(default_factory=Timings)


def measure(app: WSGIHandler, table: Table) -> Run:
    """Saves, yardstick calls and captain-page loads, alternating: their times."""
    entry = f"/t/{table.token}/"
    run = Run()
    sequence = selectors.next_deal(table=table).sequence
    for round_ in range(WARM_UP + SAVES):
        measured = round_ >= WARM_UP
        status, body = call_body(
            app,
            environ("POST", entry, deal_fields(sequence), htmx=True),
            run.saves if measured else None,
        )
        if not status.startswith("200") or b"Eingetragen" not in gzip.decompress(body):
            raise SystemExit(f"deal {sequence} was not saved: {status}")
        sequence += 1
        for url, timings in (("/bench/ok/", run.trivial), ("/bench/write/", run.one_write)):
            call(app, environ("POST", url, deal_fields(sequence)), timings if measured else None)
        status = call(
            app,
            environ("POST", entry, deal_fields(sequence)),
            run.plain_saves if measured else None,
        )
        if not status.startswith("302"):
            raise SystemExit(f"deal {sequence} was not saved without htmx: {status}")
        sequence += 1
        call(app, environ("GET", entry), run.pages if measured else None)
    return run


def print_heading() -> None:
    where = "PostgreSQL, a throwaway database" if _POSTGRES else "SQLite in a temporary folder"
    print(f"{where}; medians of {SAVES} requests each, after {WARM_UP}.")
    print("Times in ms, wall clock / CPU of the server thread.")
    print(
        "database connection   deals before   save + new screen   trivial view   one-row write"
        "   save ÷ trivial   save ÷ write   no JS: save, then page GET (÷ write)"
    )


def storages() -> dict[str, dict[str, str]]:
    """The static files as production serves them where collectstatic ran (``make bench``
    runs it): the stylesheet every answer's Content-Security-Policy names by its hash is read
    once per process then, not on every request. Else they are found without the manifest."""
    if (Path(settings.STATIC_ROOT) / "staticfiles.json").exists():
        return settings.STORAGES
    print("No collected static files (make bench collects them): found in static/ instead.")
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    return {**settings.STORAGES, "staticfiles": plain}


def main() -> float:
    with override_settings(ROOT_URLCONF=URLCONF.__name__, STORAGES=storages()):
        call_command("migrate", verbosity=0)
        app = WSGIHandler()
        database = connections["default"]
        configured_age = database.settings_dict["CONN_MAX_AGE"]
        print_heading()
        ratios = []  # save ÷ one-row write, CPU time (a loaded machine disturbs it less)
        for label, age in (("kept (as configured)", configured_age), ("closed after each", 0)):
            database.close()
            database.settings_dict["CONN_MAX_AGE"] = age
            for deals_before in (1, MOST_DEALS_BEFORE):
                run = measure(app, make_table(deals_before))
                save, trivial_, write = (
                    run.saves.median_ms(),
                    run.trivial.median_ms(),
                    run.one_write.median_ms(),
                )
                if age == configured_age:
                    ratios.append(save[1] / write[1])
                print(
                    f"{label:20s}  {deals_before:13d}   {save[0]:10.1f} / {save[1]:4.1f}"
                    f"   {trivial_[0]:4.2f} / {trivial_[1]:4.2f}"
                    f"    {write[0]:4.2f} / {write[1]:4.2f}"
                    f"   {save[0] / trivial_[0]:5.1f}x {save[1] / trivial_[1]:5.1f}x"
                    f"   {save[0] / write[0]:4.1f}x {save[1] / write[1]:4.1f}x"
                    "   {:4.1f} + {:4.1f} ms ({:4.1f}x)".format(
                        run.plain_saves.median_ms()[0],
                        run.pages.median_ms()[0],
                        (run.plain_saves.median_ms()[0] + run.pages.median_ms()[0]) / write[0],
                    )
                )
        verdict = "within" if max(ratios) <= TARGET_RATIO else "NOT within"
        print(
            f"saving a deal with its new screen (as configured) is {verdict}"
            f" {TARGET_RATIO:.0f}x the one-row write in CPU time (at most {max(ratios):.1f}x)"
        )
    return max(ratios)


def on_postgres(sqlite_ratio: float) -> None:
    """The same measures on PostgreSQL, in a process of its own on a throwaway database (the
    settings read DATABASE_URL once); then both figures side by side."""
    server = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432").rstrip("/")
    if not server:
        return
    import psycopg  # only here: SQLite needs no driver

    name = f"bench_deal_entry_{uuid.uuid4().hex[:12]}"
    print()
    try:
        admin = psycopg.connect(f"{server}/postgres", autocommit=True, connect_timeout=5)
    except psycopg.Error as error:
        print(f"PostgreSQL at {server} not reached, left out: {error}".strip())
        return
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')  # a name made here, no input
        try:
            child = subprocess.run(  # noqa: S603 (this script, on a database made here)
                [sys.executable, __file__, "--postgres", f"{server}/{name}"],
                check=False, capture_output=True, text=True,
            )  # fmt: skip
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    print(child.stdout, end="")
    if child.returncode != 0:
        raise SystemExit(child.stderr or "the PostgreSQL run failed")
    found = re.search(r"at most ([0-9.]+)x", child.stdout)
    postgres_ratio = float(found.group(1)) if found else float("nan")
    print(
        f"\nThe save with its new screen ÷ the one-row write, CPU time, at most:"
        f" SQLite {sqlite_ratio:.1f}x, PostgreSQL {postgres_ratio:.1f}x"
        f" (target {TARGET_RATIO:.0f}x)"
    )


if __name__ == "__main__":
    try:
        ratio = main()
    finally:
        _VAR.cleanup()
    if not _POSTGRES:
        on_postgres(ratio)
