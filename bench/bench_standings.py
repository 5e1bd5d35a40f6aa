"""How fast the standings, the board, the dashboard and a table's sheet are, at 10 tables and
at 200 (issue 22.1: what they cost must not grow with the deals played).

Run: ``make bench`` or ``.venv/bin/python bench/bench_standings.py`` (``--profile`` adds a cProfile
of the standings page and of the board at 200 tables). It builds, in a throwaway SQLite
database in a temp folder, two nights of tables of four, each table 100 deals (with the deals
where all passed, about 103 entries a table):

- a club's night: 40 players at 10 tables (about 1,030 entries), and
- a federation day: 800 players at 200 tables (about 20,600 entries),

and a club's season of 40 nights × 40 players (bench/season_bench.py): its standings page and
its board at 3 nights and at 40, in the same queries.

The nights are bench/night_bench.py's (shared with bench_organiser_pages.py): random legal
games bulk-created, each table's running totals made from them as the ledger makes them.
Each page is asked for through Django's test client with the whole middleware stack: the standings
(``/tournaments/<pk>/standings/``), the dashboard and table 1's sheet as the organiser, the
board's first page and another without login. The baseline, measured in the same run with the
same client, in turns with the page, is a view that returns ``HttpResponse("ok")`` on a
throwaway URLconf beside the project's: the ratio holds on a noisy machine where milliseconds
do not. The board keeps each page for a few seconds
(``scoring.standings.board_views.CACHE_SECONDS``): it
is measured as served and made afresh (the cache emptied before each request). The queries
must be the same at 200 tables as at 10; the time grows with the players (the rows shown), not
with the deals.
"""

import sys

import throwaway

# A throwaway database, before Django reads the settings.
_VAR = throwaway.django_setup("standings")

import cProfile  # noqa: E402
import pstats  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.http import HttpRequest  # noqa: E402
from django.test import Client, RequestFactory  # noqa: E402
from django.test.utils import (  # noqa: E402
    CaptureQueriesContext,
    override_settings,
    setup_test_environment,
)
from django.urls import reverse  # noqa: E402
from django_tables2 import RequestConfig  # noqa: E402
from night_bench import build_night  # noqa: E402
from season_bench import measure_season  # noqa: E402

from scoring.models import Deal  # noqa: E402
from scoring.standings import board_views  # noqa: E402
from scoring.standings import selectors as standings_selectors  # noqa: E402
from scoring.standings.board_views import STANDINGS_PER_PAGE, TABLES_PER_PAGE  # noqa: E402
from scoring.standings.selectors import Standing  # noqa: E402
from scoring.standings.tables import StandingsTable  # noqa: E402
from tournaments.models import Table, Tournament  # noqa: E402

#: The nights measured: their tables of four.
SIZES = (10, 200)
REQUESTS = 30


#: The yardstick, a view that returns "ok" through the same middleware, beside the project's.
URLCONF = throwaway.yardstick_urlconf("bench_standings_urls")


def per_request(
    client: Client, url: str, baseline_url: str, *, fresh: bool = False
) -> tuple[float, float, int]:
    """The median seconds of a request of ``url`` and of ``baseline_url``, asked for in turns
    (so that a change in the machine's load hits both), and the queries of ``url``.
    ``fresh``: the cache is emptied before each request of ``url`` (untimed), so that no page
    kept by the board is served."""
    for _ in range(5):
        for address in (url, baseline_url):
            response = client.get(address)
            if response.status_code != 200:
                raise SystemExit(f"{address}: HTTP {response.status_code}")
    page: list[float] = []
    baseline: list[float] = []
    for _ in range(REQUESTS):
        for address, timings in ((baseline_url, baseline), (url, page)):
            if fresh:
                cache.clear()
            start = time.perf_counter()
            client.get(address)
            timings.append(time.perf_counter() - start)
    if fresh:
        cache.clear()
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return statistics.median(page), statistics.median(baseline), len(queries)


def seconds_of(work: Callable[[], object]) -> float:
    work()
    start = time.perf_counter()
    for _ in range(REQUESTS):
        work()
    return (time.perf_counter() - start) / REQUESTS


def pages_of(tournament: Tournament, tables: int) -> list[tuple[str, bool, str, bool]]:
    """The pages measured: name, as the organiser, address, the board made afresh."""
    board = reverse("scoring:board", args=[tournament.board_token])
    last = -(-tables * 4 // STANDINGS_PER_PAGE) + -(-tables // TABLES_PER_PAGE)
    # The last page, or the last the board shows where it still has a cap (MAX_PAGES).
    other = min(last, getattr(board_views, "MAX_PAGES", last))
    first = Table.objects.get(tournament=tournament, number=1)
    return [
        ("standings page (organiser)", True, f"/tournaments/{tournament.pk}/standings/", False),
        ("dashboard (organiser)", True, reverse("scoring:dashboard", args=[tournament.pk]), False),
        (
            "table 1's sheet (organiser)",
            True,
            reverse("scoring:organiser_sheet", args=[tournament.pk, first.pk]),
            False,
        ),
        ("board, page 1, as served", False, board, False),
        ("  the same, made afresh", False, board, True),
        (f"board, page {other}, made afresh", False, f"{board}?page={other}", True),
    ]


def measure(
    tournament: Tournament, tables: int, organiser: Client, hall: Client
) -> dict[str, tuple[float, float, int]]:
    """Each page's median, the trivial view's, and the page's queries."""
    deals = Deal.objects.filter(table__tournament=tournament).count()
    print(f"\n{tables} tables, {tables * 4} players: the night has {deals:,} entries")
    print(f"  {'page':<34} {'median':>9} {'trivial':>9} {'ratio':>6} {'queries':>8}")
    figures = {}
    for name, as_organiser, url, fresh in pages_of(tournament, tables):
        client = organiser if as_organiser else hall
        seconds, baseline, queries = per_request(client, url, "/bench/ok/", fresh=fresh)
        figures[name] = (seconds, baseline, queries)
        print(
            f"  {name:<34} {seconds * 1000:6.2f} ms {baseline * 1000:6.2f} ms"
            f" {seconds / baseline:5.1f}x {queries:>8}"
        )
    standings = standings_selectors.standings(tournament=tournament)
    request = RequestFactory().get("/")
    selector = seconds_of(lambda: standings_selectors.standings(tournament=tournament))
    rendered = seconds_of(lambda: _render_table(standings, request))
    print(
        f"  of which: standings_selectors.standings {selector * 1000:.2f} ms,"
        f" the standings table rendered {rendered * 1000:.2f} ms"
    )
    return figures


def _render_table(standings: list[Standing], request: HttpRequest) -> str:
    table = StandingsTable(standings)
    RequestConfig(request, paginate=False).configure(table)
    return str(table.as_html(request))


def profile(client: Client, url: str) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(20):
        client.get(url)
    profiler.disable()
    print(f"\nProfile of 20 requests of {url}, by own time:")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(15)


def main(argv: list[str]) -> None:
    setup_test_environment()  # the test client's host is allowed; DEBUG stays off
    try:
        call_command("migrate", verbosity=0)
        rng = random.Random(2026)  # noqa: S311 (a reproducible sample, not a secret)
        nights = {}
        for number, tables in enumerate(SIZES, start=1):
            start = time.perf_counter()
            with transaction.atomic():
                nights[tables], _ = build_night(rng, number, tables)
            built = time.perf_counter() - start
            print(f"Built the night of {tables} tables in {built:.1f} s (SQLite in {_VAR.name})")
        organiser = Client()
        organiser.force_login(
            get_user_model().objects.create(username="leitung", is_staff=True, is_superuser=True)
        )
        hall = Client()
        # Plain static files: no collectstatic manifest needed (the lookup costs the same).
        storages = {
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
        with override_settings(ROOT_URLCONF=URLCONF, STORAGES=storages):
            figures = {
                tables: measure(tournament, tables, organiser, hall)
                for tournament, tables in ((nights[size], size) for size in SIZES)
            }
            summary(figures)
            measure_season(rng, organiser, hall, per_request)
            if "--profile" in argv:
                large = nights[SIZES[-1]]
                profile(organiser, f"/tournaments/{large.pk}/standings/")
                profile(hall, reverse("scoring:board", args=[large.board_token]))
    finally:
        connection.close()
        _VAR.cleanup()


def summary(figures: dict[int, dict[str, tuple[float, float, int]]]) -> None:
    """Each page at the large night against the small: the time's factor, the queries."""
    small, large = SIZES
    print(f"\n{'page':<34} {f'{large} / {small} tables':>18} {'queries':>12}")
    for (name, (seconds, _baseline, queries)), (big_seconds, _big, big_queries) in zip(
        figures[small].items(), figures[large].values(), strict=True
    ):
        same = "same" if queries == big_queries else "DIFFER"
        print(f"{name:<34} {big_seconds / seconds:16.1f}x {queries:>5} {big_queries:>3} {same}")


if __name__ == "__main__":
    main(sys.argv[1:])
