"""What a page of the board costs at 10 and at 200 tables: served from the board kept in the
shared cache, served after a deal (the board made less than ``CHANGE_SECONDS`` ago: what
nearly every viewer gets), and made afresh after a deal (scoring/standings/board_cache.py).

Run: ``.venv/bin/python bench/bench_board.py`` (``--redis``: the cache in Redis database 2 at
127.0.0.1:6379 instead of files, which it empties). In a throwaway SQLite database: nights of
40 and 800 players at tables of four, each table 50 deals into the night (bulk-created as the
tests' ``deals_played`` makes them). Each page is asked for through Django's test client with
the whole middleware stack, without login, as the hall's phones ask; "after a deal" changes
the tournament's version before each request (untimed), as a saved deal does, and "made
afresh" moves the board's clock ``CHANGE_SECONDS`` on as well (else the board is not due).
"""

import sys

import throwaway

REDIS = "--redis" in sys.argv
# A throwaway database (and file cache), before Django reads the settings.
_VAR = throwaway.django_setup(
    "board",
    DJANGO_ALLOWED_HOSTS="testserver",
    **({"CACHE_URL": "redis://127.0.0.1:6379/2"} if REDIS else {}),
)

import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext, override_settings  # noqa: E402
from django.urls import reverse  # noqa: E402
from django.utils import timezone  # noqa: E402

from scoring.standings import board_cache  # noqa: E402
from scoring.standings.board_views import STANDINGS_PER_PAGE, TABLES_PER_PAGE  # noqa: E402
from tests.scoring.helpers import deals_played  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.draw.services import tournament_draw  # noqa: E402
from tournaments.models import Player, Registration, Table, Tournament  # noqa: E402
from tournaments.players.names import player_name_key  # noqa: E402

DEALS = 50
REQUESTS = 40


#: The yardstick, a view that returns "ok" through the same middleware, beside the project's.
URLCONF = throwaway.yardstick_urlconf("bench_board_urls")


def night(tables: int) -> Tournament:
    """A night of ``tables`` tables of four, drawn and started, ``DEALS`` deals at each."""
    tournament = services.tournament_create(name=f"{tables} Tische", date=timezone.localdate())
    names = [f"Spieler {tables}-{number:03d}" for number in range(tables * 4)]
    players = Player.objects.bulk_create(
        Player(name=name, name_key=player_name_key(name)) for name in names
    )
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, checked_in_at=timezone.now())
        for player in players
    )
    tournament_draw(tournament=tournament, seed=1)
    tournament = services.tournament_start(tournament=tournament)
    for table in Table.objects.filter(tournament=tournament):
        deals_played(table, DEALS)
    return tournament


def timed(client: Client, url: str, before: Callable[[], None]) -> tuple[float, float, int]:
    """The median milliseconds of ``url`` (``before`` each request, untimed) and of the
    trivial view, asked for in turns (a change in the machine's load hits both), and the
    queries of ``url``."""
    timings: dict[str, list[float]] = {url: [], "/bench/ok/": []}
    for _ in range(REQUESTS):
        for address, times in timings.items():
            before()
            start = time.perf_counter()
            response = client.get(address)
            times.append(time.perf_counter() - start)
            if response.status_code != 200:
                raise SystemExit(f"{address}: HTTP {response.status_code}")
    before()
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    page, yardstick = (statistics.median(times) * 1000 for times in timings.values())
    return page, yardstick, len(queries)


def measure(tournament: Tournament) -> None:
    tables = tournament.tables.count()
    url = reverse("scoring:board", args=[tournament.board_token])
    last = -(-tables * 4 // STANDINGS_PER_PAGE) + -(-tables // TABLES_PER_PAGE)
    client = Client()
    client.get(url)  # warm: templates, the board

    def dealt() -> None:
        board_cache.entries_changed(Table, tournament_id=tournament.pk)

    def changed() -> None:
        dealt()
        now[0] += board_cache.CHANGE_SECONDS

    def kept() -> None:
        pass

    print(f"\n{tables} tables, {tables * 4} players, {last} pages:")
    for name, address, before in (
        ("page 1, the board kept", url, kept),
        (f"page {last} (tables), the board kept", f"{url}?page={last}", kept),
        ("page 1 after a deal, the last board", url, dealt),
        ("page 1, made afresh after a deal", url, changed),
        (f"page {last}, made afresh after a deal", f"{url}?page={last}", changed),
        # For comparison: about the least a page of the site costs (base template, 1 query).
        ("start page", "/", kept),
    ):
        page, yardstick, queries = timed(client, address, before)
        print(
            f"  {name:<40} {page:7.2f} ms {page / yardstick:5.1f}x the trivial view"
            f" ({yardstick:.2f} ms) {queries:3d} queries"
        )


#: The board's clock, moved on by the bench alone (``changed``).
now = [time.time()]


def main() -> None:
    board_cache.clock = lambda: now[0]
    call_command("migrate", verbosity=0)
    cache.clear()
    backend = "Redis (database 2)" if REDIS else "files in var/cache/"
    print(f"The board's cache: {backend}; medians of {REQUESTS} requests")
    try:
        with override_settings(ROOT_URLCONF=URLCONF):
            for tables in (10, 200):
                measure(night(tables))
    finally:
        cache.clear()
        _VAR.cleanup()


if __name__ == "__main__":
    main()
