"""The board computed once per tournament (scoring/standings/board_cache.py): shared by every page
and
both forms of a page, made afresh once a deal of any rule set is saved or corrected (at most
every ``CHANGE_SECONDS``: the tests move the board's clock on, ``later``), every page of the
night reachable, and a fixed number of queries whatever the night's size. Made once for every
viewer: tests/scoring/test_board_made_once.py."""

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone
from pytest_django import DjangoCaptureOnCommitCallbacks, DjangoDbBlocker, Settings

from fipsen_rules import Game, TippenDeal
from games.thedinghausen import services as race_services
from games.tippen import services as pot_services
from scoring import services
from scoring.standings import board_cache
from scoring.standings.board_views import STANDINGS_PER_PAGE, TABLES_PER_PAGE
from tests.scoring.helpers import enter
from tests.thedinghausen.helpers import deals_entered as race_entered
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import deals_entered as pots_entered
from tests.tippen.helpers import tippen_table
from tests.workers import worker_database_url
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Player, Registration, Table, Tournament
from tournaments.players.names import player_name_key

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _url(tournament: Tournament, page: int | None = None) -> str:
    url = reverse("scoring:board", args=[tournament.board_token])
    return url if page is None else f"{url}?page={page}"


def _queries(client: Client, url: str, *, htmx: bool = False) -> tuple[int, str]:
    """The queries a page of the board cost, and its text."""
    headers = {"HX-Request": "true"} if htmx else {}
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    assert response.status_code == 200
    return len(queries), " ".join(response.content.decode().split())


def big_night(players: int) -> Tournament:
    """A night of ``players`` checked in (bulk-created: the services would take a minute for
    800), drawn by the draw's service and started."""
    tournament = tournament_services.tournament_create(
        name="Kreismeisterschaft", date=timezone.localdate()
    )
    names = [f"Spieler {number:03d}" for number in range(players)]
    made = Player.objects.bulk_create(
        Player(name=name, club="SC Prisdorf", name_key=player_name_key(name)) for name in names
    )
    now = timezone.now()
    Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, checked_in_at=now) for player in made
    )
    tournament_draw(tournament=tournament, seed=5)
    return tournament_services.tournament_start(tournament=tournament)


@pytest.fixture(scope="module")
def night_of_200_tables(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Iterator[int]:
    """800 players at 200 tables of four, made once for the module, and rolled back after."""
    with django_db_blocker.unblock(), transaction.atomic():
        tournament = big_night(800)
        yield tournament.pk
        transaction.set_rollback(True)


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Moves the board's clock ``CHANGE_SECONDS`` on: a deal shows then at the latest."""
    moved = [0.0]
    monkeypatch.setattr(board_cache, "clock", lambda: time.time() + moved[0])

    def move() -> None:
        moved[0] += board_cache.CHANGE_SECONDS

    return move


@pytest.fixture
def thirteen() -> Tournament:
    """13 players at 4 tables (3 pages of standings, 1 of tables), play started."""
    return big_night(13)


def test_two_pages_and_both_forms_cost_one_computation(thirteen: Tournament) -> None:
    client = Client()
    made, first = _queries(client, _url(thirteen))
    assert made > 1  # the tournament, then the standings and the tables
    assert "Seite 1 von 3" in first
    # Another page, the htmx form of a page, the tables' page: the tournament alone.
    assert _queries(client, _url(thirteen, 2), htmx=True)[0] == 1
    assert _queries(Client(), _url(thirteen, 2))[0] == 1
    count, tables = _queries(client, _url(thirteen, 3))
    assert count == 1
    assert "Tisch 4" in tables
    assert "0 / 100" in tables


def test_a_saved_deal_makes_the_board_afresh_at_commit(
    thirteen: Tournament,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
    later: Callable[[], None],
) -> None:
    client = Client()
    _queries(client, _url(thirteen))
    table = thirteen.tables.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):
        deal = enter(table, 0, "Siebener Fips")
    later()
    made, page = _queries(client, _url(thirteen))
    assert made > 1
    assert 'board-points">30</td>' in page
    assert "1 / 100" in _queries(client, _url(thirteen, 3))[1]  # the same board: no query more
    assert _queries(client, _url(thirteen, 3))[0] == 1

    with django_capture_on_commit_callbacks(execute=True):
        services.deal_correct(
            deal=deal,
            user=None,
            reason="falsch getippt",
            declarer=0,
            game=Game.parse("2 gewonnen"),
        )
    later()
    page = _queries(client, _url(thirteen))[1]
    assert 'board-points">30</td>' not in page
    assert 'board-points">2</td>' in page


def test_the_entries_of_one_span_write_the_version_once_and_all_show(
    thirteen: Tournament,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    """Entries within ``CHANGE_SECONDS`` of each other share a version, written by the first:
    a board begun before the span ends is made afresh once after it, with every one of them."""
    now = [1_000_000.0]  # the start of a span: it ends 5 s later
    monkeypatch.setattr(board_cache, "clock", lambda: now[0])
    writes: list[str] = []
    set_ = cache.set
    monkeypatch.setattr(cache, "set", lambda key, *a, **k: writes.append(key) or set_(key, *a, **k))
    version_key = f"board:{thirteen.pk}:version"
    client = Client()
    table = thirteen.tables.get(number=1)
    with django_capture_on_commit_callbacks(execute=True):  # the news, at the commit
        enter(table, 0, "Siebener Fips")
    assert writes.count(version_key) == 1
    now[0] += 1
    assert _queries(client, _url(thirteen))[0] > 1  # the board, with the first deal
    now[0] += 2
    with django_capture_on_commit_callbacks(execute=True):
        enter(table, 1, "2 gewonnen")
    assert writes.count(version_key) == 1  # the same span: not written again
    now[0] += 1  # the board is 3 s old: kept, without the second deal
    assert _queries(client, _url(thirteen, 3))[0] == 1
    assert "1 / 100" in _queries(client, _url(thirteen, 3))[1]
    now[0] += 2  # the span is over, and the board 5 s old: made afresh with both
    assert _queries(client, _url(thirteen, 3))[0] > 1
    assert "2 / 100" in _queries(client, _url(thirteen, 3))[1]
    now[0] += 10  # made after the span's end: nothing missed, kept
    assert _queries(client, _url(thirteen, 3))[0] == 1


def test_a_deal_rolled_back_changes_nothing(
    thirteen: Tournament, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    client = Client()
    _queries(client, _url(thirteen))
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        enter(thirteen.tables.get(number=1), 0, "Siebener Fips")
        transaction.set_rollback(True)
    assert callbacks == []
    assert _queries(client, _url(thirteen))[0] == 1


def test_a_table_ended_early_shows_at_once(
    thirteen: Tournament, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    client = Client()
    assert "vorzeitig beendet" not in _queries(client, _url(thirteen, 3))[1]
    with django_capture_on_commit_callbacks(execute=True):
        services.table_end_early(table=thirteen.tables.get(number=2), reason="Zug", user=None)
    assert "vorzeitig beendet" in _queries(client, _url(thirteen, 3))[1]


def test_a_race_deal_makes_the_board_afresh(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks, later: Callable[[], None]
) -> None:
    table = race_table(5)
    client = Client()
    assert _queries(client, _url(table.tournament))[0] > 1
    assert _queries(client, _url(table.tournament))[0] == 1
    with django_capture_on_commit_callbacks(execute=True):
        (deal,) = race_entered(table, (1, 1, 1, 1, 1))
    later()
    assert _queries(client, _url(table.tournament))[0] > 1
    with django_capture_on_commit_callbacks(execute=True):
        race_services.race_deal_correct(deal=deal, counts=(2, 1, 1, 1, 0), user=None)
    later()
    assert _queries(client, _url(table.tournament))[0] > 1


def test_a_tippen_deal_makes_the_board_afresh(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks, later: Callable[[], None]
) -> None:
    table = tippen_table(4)
    client = Client()
    before = _queries(client, _url(table.tournament))[1]
    with django_capture_on_commit_callbacks(execute=True):
        (deal,) = pots_entered(table, "2 1 - 0")
    later()
    made, after = _queries(client, _url(table.tournament))
    assert made > 1
    assert after != before
    with django_capture_on_commit_callbacks(execute=True):
        pot_services.pot_deal_correct(deal=deal, taps=TippenDeal.parse("- t - -").taps, user=None)
    later()
    assert _queries(client, _url(table.tournament))[0] > 1


def test_on_redis_too_the_board_is_made_once(
    settings: Settings,
    require_service: Callable[[str, int, str], None],
    later: Callable[[], None],
) -> None:
    require_service("127.0.0.1", 6379, "Redis")
    # Database 2 of the developer's Redis, emptied before and after.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:6379/2",
            "KEY_PREFIX": "preisfipsen-tests",
        }
    }
    cache.clear()
    try:
        tournament = big_night(13)
        client = Client()
        assert _queries(client, _url(tournament))[0] > 1
        assert _queries(client, _url(tournament, 2), htmx=True)[0] == 1
        board_cache.entries_changed(Table, tournament_id=tournament.pk)
        assert _queries(client, _url(tournament, 3))[0] == 1  # made a moment ago
        later()
        assert _queries(client, _url(tournament, 3))[0] > 1
        assert _queries(client, _url(tournament, 2))[0] == 1
    finally:
        cache.clear()


def test_a_board_computing_elsewhere_is_not_computed_twice(
    thirteen: Tournament, later: Callable[[], None]
) -> None:
    """While one process makes the board afresh, another serves the last one."""
    client = Client()
    _queries(client, _url(thirteen))
    board_cache.entries_changed(Table, tournament_id=thirteen.pk)
    later()
    key = f"board:{thirteen.pk}:{thirteen.board_token}:{thirteen.state}:de:computing"
    cache.set(key, True, 10)
    assert _queries(client, _url(thirteen))[0] == 1  # the last board
    cache.delete(key)
    assert _queries(client, _url(thirteen))[0] > 1


def test_every_page_of_a_night_of_200_tables_is_reachable(night_of_200_tables: int) -> None:
    tournament = Tournament.objects.get(pk=night_of_200_tables)
    client = Client()
    standings = 800 // STANDINGS_PER_PAGE
    pages = standings + 200 // TABLES_PER_PAGE
    page = _queries(client, _url(tournament, 51))[1]
    assert f"Seite 51 von {pages}" in page
    assert len(re.findall(r'class="board-name"', page)) == STANDINGS_PER_PAGE
    names_51 = re.findall(r'class="board-name">([^<]*)<', page)
    names_all = [
        name
        for number in range(1, standings + 1)
        for name in re.findall(
            r'class="board-name">([^<]*)<', _queries(client, _url(tournament, number))[1]
        )
    ]
    assert names_all[500:510] == names_51  # places 501 to 510
    assert sorted(names_all) == [f"Spieler {number:03d}" for number in range(800)]
    last = _queries(client, _url(tournament, pages))[1]
    assert "Tisch 200" in last
    assert f'hx-get="{_url(tournament, 1)}"' in last  # and round again
    assert f"Seite {pages + 1} von" not in _queries(client, _url(tournament, pages + 1))[1]


def test_the_board_costs_the_same_queries_at_10_and_at_200_tables(
    night_of_200_tables: int,
) -> None:
    small = big_night(40)
    large = Tournament.objects.get(pk=night_of_200_tables)
    for tournament in (small, large):
        enter(tournament.tables.get(number=1), 0, "Siebener Fips")
    costs = []
    for tournament in (small, large):
        client = Client()
        made = _queries(client, _url(tournament))[0]
        kept = [_queries(client, _url(tournament, page))[0] for page in (2, 5)]
        costs.append((made, kept))
    assert costs[0] == costs[1]
    assert costs[0][1] == [1, 1]


@pytest.mark.django_db(transaction=True)
def test_a_deal_committed_for_real_shows_on_the_next_page(later: Callable[[], None]) -> None:
    """Without the tests' transaction around it: the ledger's commit itself makes it afresh."""
    tournament = big_night(4)
    client = Client()
    assert 'board-points">30</td>' not in _queries(client, _url(tournament))[1]
    enter(tournament.tables.get(), 0, "Siebener Fips")
    later()
    made, page = _queries(client, _url(tournament))
    assert made > 1
    assert 'board-points">30</td>' in page


#: Another process of the server: the board as it reads it from the shared cache (the queries it
#: cost), then a deal's news, as another gunicorn worker's commit sends it.
OTHER_PROCESS = """
import sys, django
django.setup()
from django.db import connection
from django.test.utils import CaptureQueriesContext
from scoring.standings import board_cache
from tournaments.models import Table, Tournament
tournament = Tournament.objects.get(pk=int(sys.argv[1]))
with CaptureQueriesContext(connection) as queries:
    board = board_cache.board_of(tournament, language="de")
print(len(queries), len(board.rows))
board_cache.entries_changed(Table, tournament_id=tournament.pk)
"""


@pytest.mark.django_db(transaction=True)
def test_another_server_process_shares_the_board(
    celery_var_dir: Path, later: Callable[[], None]
) -> None:
    tournament = big_night(13)
    client = Client()
    assert _queries(client, _url(tournament))[0] > 1
    assert _queries(client, _url(tournament, 2))[0] == 1
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "preisfipsen.settings",
        "PREISFIPSEN_VAR_DIR": str(celery_var_dir),  # as this session's cache
        "DATABASE_URL": worker_database_url(),
    }
    env.pop("CACHE_URL", None)
    done = subprocess.run(
        [sys.executable, "-c", OTHER_PROCESS, str(tournament.pk)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.split() == ["0", "13"]  # the board kept: no query to make it
    later()
    assert _queries(client, _url(tournament, 2))[0] > 1  # its news reached this process
