"""The CPU time of every page the organiser opens for one night, at 10, 50 and 200 tables
(issue 31: each at most 150 ms of CPU at 200 tables, 800 players; the organiser still sees
every player).

Run: ``.venv/bin/python bench/bench_organiser_pages.py`` (``--sizes 200`` for one size,
``--runs 11`` for the requests measured per page, ``--only standings`` for the pages whose name
holds a word, ``--profile`` for a cProfile of each page measured). It builds, in a throwaway
SQLite database in a temp folder, a night of tables of four at each size, 100 deals a table
(bench/night_bench.py, as bench_standings.py builds it), and asks for each page through
Django's test client with the whole middleware stack, logged in as the organiser: first while
play goes on (every page of the night: its home, the desk, the tables, the draw's and the
closing's confirmations, the dashboard, the standings with each of their sorts and htmx's
refresh, a table's sheet, a correction, the paper sheet, the receipts' check, the cash, the
prizes, the print page that starts the PDFs, the rules, the player directory and a player's
pages), then after the night is finished (the standings, the prizes, the reopening, the
history, the season it belongs to). The files (the standings' CSV and XLSX, the night's file)
are measured apart: they are downloads, not pages. The PDFs themselves and the Celery jobs are
not measured (bench_pdf.py).

Each figure is the median CPU time of the process (``time.process_time``: the test client
serves in this process) over the runs, asked for in turns with the yardstick, a view that
returns ``HttpResponse("ok")`` through the same middleware (bench/throwaway.py): the ratio
holds on a shared machine where milliseconds do not. The queries of each page must be the
same at every size; the pages over 150 ms at 200 tables are listed at the end.
"""

import sys

import throwaway

# A throwaway database, before Django reads the settings.
_VAR = throwaway.django_setup("organiser-pages")

import argparse  # noqa: E402
import cProfile  # noqa: E402
import logging  # noqa: E402
import pstats  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from dataclasses import dataclass  # noqa: E402

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    override_settings,
    setup_test_environment,
)
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402
from night_bench import build_night  # noqa: E402

from scoring.models import Deal  # noqa: E402
from scoring.standings.tables import StandingsTable  # noqa: E402
from seasons.models import Season, SeasonNight  # noqa: E402
from tournaments.models import Registration, Seat, Table, Tournament  # noqa: E402

SIZES = (10, 50, 200)
#: The most CPU a page may take at the largest size (issue 31).
LIMIT_MS = 150.0
URLCONF = throwaway.yardstick_urlconf("bench_organiser_pages_urls")
YARDSTICK = "/bench/ok/"
#: htmx's refresh asks for the page's part only.
HTMX = {"HTTP_HX_REQUEST": "true"}


@dataclass(frozen=True)
class Page:
    name: str
    url: str
    #: A download, measured apart from the pages.
    file: bool = False
    htmx: bool = False


@dataclass(frozen=True)
class Figure:
    cpu: float
    yardstick: float
    queries: int
    status: int


def playing_pages(tournament: Tournament) -> list[Page]:
    """Every organiser page of a night in play (and the directory's, which it links to)."""
    pk = tournament.pk
    table, ended = (Table.objects.get(tournament=tournament, number=n) for n in (1, 2))
    seat = Seat.objects.filter(table=table).order_by("position").first()
    registration = Registration.objects.filter(tournament=tournament).order_by("pk").first()
    deal = Deal.objects.filter(table=table).order_by("-sequence").first()
    if seat is None or registration is None or deal is None:
        raise SystemExit("the night has no seat, registration or deal")

    def night(name: str, *args: object) -> str:
        return reverse(f"tournaments:{name}", args=[pk, *args])

    def scoring(name: str, *args: object) -> str:
        return reverse(f"scoring:{name}", args=[pk, *args])

    standings = scoring("standings")
    sorts = [name for name, column in StandingsTable([]).columns.items() if column.orderable]
    return [
        Page("organiser's home (all nights)", reverse("tournaments:home")),
        Page("night's home", reverse("night:home", args=[pk])),
        Page("desk (night page)", night("night")),
        Page("rules", night("tournament_rules")),
        Page("rules: points", night("tournament_points")),
        Page("edit the night", night("tournament_edit")),
        Page("withdraw (confirmation)", night("withdraw", registration.pk)),
        Page("draw (confirmation)", night("draw")),
        Page("start (confirmation)", night("start")),
        Page("series draw (confirmation)", night("series_draw")),
        Page("series redraw (confirmation)", night("series_redraw")),
        Page("tables", night("tables")),
        Page("table's new link (confirmation)", night("reissue_link", table.pk)),
        Page("seat leaves (confirmation)", night("leave", seat.pk)),
        Page("receipts' check", night("receipt_check")),
        Page("dashboard", scoring("dashboard")),
        Page("dashboard, htmx refresh", scoring("dashboard"), htmx=True),
        Page("standings", standings),
        Page("standings, htmx refresh", standings, htmx=True),
        *(Page(f"standings ?sort=-{name}", f"{standings}?sort=-{name}") for name in sorts),
        Page("rehearsal (phones)", scoring("rehearsal")),
        Page("prizes", scoring("prizes")),
        Page("cash", scoring("cash")),
        Page("table 1's sheet", scoring("organiser_sheet", table.pk)),
        Page("a deal's correction", scoring("organiser_correct", deal.pk)),
        Page("table 1's paper sheet", scoring("organiser_paper", table.pk)),
        *closing_pages(tournament, table, ended),
        *directory_pages(registration, ended),
        Page("standings as CSV", f"{standings}?_export=csv", file=True),
        Page("standings as XLSX", f"{standings}?_export=xlsx", file=True),
    ]


def closing_pages(tournament: Tournament, table: Table, ended: Table) -> list[Page]:
    """The closing's confirmations, the print page and the history."""
    pk = tournament.pk
    return [
        Page("finish (confirmation)", reverse("scoring:finish", args=[pk])),
        Page("table ends (confirmation)", reverse("scoring:table_end", args=[pk, table.pk])),
        Page("table resumes (confirmation)", reverse("scoring:table_resume", args=[pk, ended.pk])),
        Page("series ends (confirmation)", reverse("scoring:series_end", args=[pk, 1])),
        Page("print page (starts the PDFs)", reverse("night:print", args=[pk])),
        Page("history", reverse("night:history", args=[pk])),
    ]


def directory_pages(registration: Registration, ended: Table) -> list[Page]:
    """The pages beside the night's: a new night, the import, the player directory (the
    registration's player, merged with one of the table ended early), the seasons."""
    player = registration.player_id
    other = Seat.objects.filter(table=ended).select_related("registration").first()
    if other is None:
        raise SystemExit("the table ended early has no seat")
    other = other.registration.player_id
    return [
        Page("new night", reverse("tournaments:tournament_create")),
        Page("import a night", reverse("night:import")),
        Page("player directory", reverse("tournaments:player_list")),
        Page("player's edit", reverse("tournaments:player_edit", args=[player])),
        Page("player's nights", reverse("night:player", args=[player])),
        Page("new player", reverse("tournaments:player_create")),
        Page("players' import", reverse("tournaments:players_import")),
        Page("duplicates", reverse("tournaments:player_duplicates")),
        Page("merge (confirmation)", reverse("tournaments:player_merge", args=[player, other])),
        Page("retire (confirmation)", reverse("tournaments:player_retire", args=[player])),
        Page("seasons", reverse("seasons:list")),
        Page("new season", reverse("seasons:create")),
    ]


def finished_pages(tournament: Tournament, season: Season) -> list[Page]:
    """The pages that change once the night is finished, and its season's."""
    pk = tournament.pk
    standings = reverse("scoring:standings", args=[pk])
    return [
        Page("standings (finished)", standings),
        Page("prizes (finished)", reverse("scoring:prizes", args=[pk])),
        Page("reopen (confirmation)", reverse("scoring:reopen", args=[pk])),
        Page("night's home (finished)", reverse("night:home", args=[pk])),
        Page("history (finished)", reverse("night:history", args=[pk])),
        Page("season's standings", reverse("seasons:standings", args=[season.pk])),
        Page("season's nights", reverse("seasons:nights", args=[season.pk])),
        Page("season's edit", reverse("seasons:edit", args=[season.pk])),
        Page("standings as CSV (finished)", f"{standings}?_export=csv", file=True),
        Page("night's file (export)", reverse("night:export", args=[pk]), file=True),
        Page("season as CSV", reverse("seasons:export", args=[season.pk, "csv"]), file=True),
    ]


def cpu_of(client: Client, url: str, headers: dict[str, str]) -> float:
    """The CPU seconds of one request, its streamed content read too."""
    start = time.process_time()
    response = client.get(url, **headers)  # type: ignore[arg-type]
    if response.streaming:
        b"".join(response.streaming_content)  # type: ignore[attr-defined]
    return time.process_time() - start


def measure(client: Client, page: Page, runs: int) -> Figure:
    """The page's median CPU and the yardstick's, asked for in turns; its queries."""
    headers = HTMX if page.htmx else {}
    response = client.get(page.url, **headers)  # type: ignore[arg-type]
    status = response.status_code
    cpu_of(client, page.url, headers)
    cpu_of(client, YARDSTICK, {})
    timings: list[float] = []
    yardstick: list[float] = []
    for _ in range(runs):
        yardstick.append(cpu_of(client, YARDSTICK, {}))
        timings.append(cpu_of(client, page.url, headers))
    with CaptureQueriesContext(connection) as queries:
        cpu_of(client, page.url, headers)
    return Figure(statistics.median(timings), statistics.median(yardstick), len(queries), status)


def report(pages: list[Page], client: Client, runs: int, profile: bool) -> dict[str, Figure]:
    figures = {}
    for page in pages:
        figure = measure(client, page, runs)
        if profile:
            profiler = cProfile.Profile()
            profiler.runcall(cpu_of, client, page.url, HTMX if page.htmx else {})
            stats = pstats.Stats(profiler)
            stats.sort_stats("cumulative").print_stats(40)
            stats.sort_stats("tottime").print_stats(20)
        figures[page.name] = figure
        answer = "" if figure.status == 200 else f" (HTTP {figure.status})"
        flag = "  OVER" if figure.cpu * 1000 > LIMIT_MS and not page.file else ""
        print(
            f"  {page.name:<36} {figure.cpu * 1000:8.1f} ms {figure.cpu / figure.yardstick:7.1f}x"
            f" {figure.queries:>5}{answer}{flag}",
            flush=True,
        )
    return figures


def build(rng: random.Random, number: int, tables: int) -> Tournament:
    """A night of ``tables`` tables in play, table 2 ended early (for its resumption)."""
    with transaction.atomic():
        tournament, _ = build_night(rng, number, tables, state=Tournament.State.PLAYING)
        Table.objects.filter(tournament=tournament, number=2).update(
            ended_early_at=timezone.now(), ended_early_after=100, ended_early_reason="Bench"
        )
    return tournament


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--only", default="")
    parser.add_argument("--profile", action="store_true")
    options = parser.parse_args(argv)
    setup_test_environment()  # the test client's host is allowed; DEBUG stays off
    logging.disable(logging.INFO)  # the logins' and requests' lines
    # Plain static files: no collectstatic manifest needed (the lookup costs the same).
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    try:
        call_command("migrate", verbosity=0)
        rng = random.Random(2026)  # noqa: S311 (a reproducible sample, not a secret)
        organiser = Client()
        organiser.force_login(
            get_user_model().objects.create(username="leitung", is_staff=True, is_superuser=True)
        )
        results: dict[int, dict[str, Figure]] = {}
        files: set[str] = set()
        with override_settings(ROOT_URLCONF=URLCONF, STORAGES=storages):
            for number, tables in enumerate(options.sizes, start=1):
                start = time.perf_counter()
                tournament = build(rng, number, tables)
                season = Season.objects.create(name=f"Saison {number}", best_of=1)
                SeasonNight.objects.create(season=season, tournament=tournament)
                print(
                    f"\n{tables} tables, {tables * 4} players (built in"
                    f" {time.perf_counter() - start:.0f} s):"
                    f" {'page':<28} {'CPU':>11} {'ratio':>8} {'queries':>5}"
                )
                pages = playing_pages(tournament)
                measured = (organiser, options.runs, options.profile)
                figures = report(_only(pages, options.only), *measured)
                Tournament.objects.filter(pk=tournament.pk).update(state=Tournament.State.FINISHED)
                later = finished_pages(tournament, season)
                figures |= report(_only(later, options.only), *measured)
                files |= {page.name for page in pages + later if page.file}
                results[tables] = figures
        summary(results, files)
    finally:
        connection.close()
        _VAR.cleanup()


def _only(pages: list[Page], word: str) -> list[Page]:
    return [page for page in pages if word in page.name]


def summary(results: dict[int, dict[str, Figure]], files: set[str]) -> None:
    """The queries at each size, and the pages over the limit at the largest."""
    sizes = sorted(results)
    largest = results[sizes[-1]]
    differ = [
        name
        for name in largest
        if len({results[size][name].queries for size in sizes if name in results[size]}) > 1
    ]
    print(f"\nQueries that differ between {', '.join(map(str, sizes))} tables: {differ or 'none'}")
    over = [
        f"{name} ({figure.cpu * 1000:.0f} ms)"
        for name, figure in largest.items()
        if figure.cpu * 1000 > LIMIT_MS and name not in files
    ]
    print(f"Pages over {LIMIT_MS:.0f} ms of CPU at {sizes[-1]} tables: {over or 'none'}")


if __name__ == "__main__":
    main(sys.argv[1:])
