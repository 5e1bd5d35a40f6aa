"""The board made after a change is made once, for every viewer and process (issue 31):
counted in computations of the board (``board_compute``, wrapped) and in queries, never in
time. The board's clock (``board_cache.clock``) is set by the tests: a deal shows within
``CHANGE_SECONDS`` of the board before, an organiser's change at once."""

import os
import subprocess
import sys
import threading
import time
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django import DjangoCaptureOnCommitCallbacks

from scoring import services
from scoring.standings import board_cache
from scoring.standings.board_cache import CHANGE_SECONDS, Board, board_of
from tests.scoring.helpers import enter
from tests.scoring.test_board_cache import _queries, _url, big_night
from tests.waiting import wait_until
from tests.workers import worker_database_url
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


class Clock:
    """The board's clock, set by the test."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    found = Clock()
    monkeypatch.setattr(board_cache, "clock", found)
    return found


@pytest.fixture
def computations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each computation of a board, as the tournament's id: ``board_compute`` counted."""
    made: list[int] = []
    compute = board_cache.board_compute

    def counted(tournament: Tournament) -> Board:
        made.append(tournament.pk)
        return compute(tournament)

    monkeypatch.setattr(board_cache, "board_compute", counted)
    return made


@pytest.fixture
def thirteen() -> Tournament:
    """13 players at 4 tables (3 pages of standings, 1 of tables), play started."""
    return big_night(13)


def _version(tournament: Tournament) -> str:
    version: str = cache.get(f"board:{tournament.pk}:version")
    return version


def test_after_a_deal_every_viewer_is_served_the_board_made_once(
    thirteen: Tournament,
    clock: Clock,
    computations: list[int],
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    _queries(Client(), _url(thirteen))
    with django_capture_on_commit_callbacks(execute=True):
        enter(thirteen.tables.get(number=1), 0, "Siebener Fips")
    clock.now += CHANGE_SECONDS
    # 24 viewers, each with a phone of its own, all pages, both forms, the first one first.
    costs = [
        _queries(Client(), _url(thirteen, 1 + viewer % 4), htmx=viewer % 2 == 1)
        for viewer in range(24)
    ]
    assert computations == [thirteen.pk, thirteen.pk]  # the first board, and the one after
    assert [count > 1 for count, _ in costs] == [True] + [False] * 23
    assert all(count == 1 for count, _ in costs[1:])  # the tournament alone
    assert all('board-points">30</td>' in page for count, page in costs if "Seite 1 " in page)
    assert all("1 / 100" in page for _count, page in costs if "Tisch 1" in page)


def test_a_deal_shows_within_change_seconds_and_the_board_is_made_once(
    thirteen: Tournament,
    clock: Clock,
    computations: list[int],
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    first = board_of(thirteen, language="de")
    for deal in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            enter(thirteen.tables.get(number=1), 0, "Siebener Fips")
        # Deals coming one a second: the last board, never older than CHANGE_SECONDS.
        for _second in range(CHANGE_SECONDS):
            served = board_of(thirteen, language="de")
            assert served.version == _version(thirteen) or clock() - served.made < CHANGE_SECONDS
            clock.now += 1
        served = board_of(thirteen, language="de")
        assert served.version == _version(thirteen)  # the deal on the board
        assert served.made == clock()
        assert served.tables[0].played == deal + 1
        assert len(computations) == deal + 2
    assert first.tables[0].played == 0


def test_many_deals_at_once_make_one_board(
    thirteen: Tournament,
    clock: Clock,
    computations: list[int],
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    board_of(thirteen, language="de")
    clock.now += 0.5
    for number in range(1, 5):  # a deal at each table within the same seconds
        with django_capture_on_commit_callbacks(execute=True):
            enter(thirteen.tables.get(number=number), 0, "Siebener Fips")
        assert board_of(thirteen, language="de").tables[number - 1].played == 0
    clock.now += CHANGE_SECONDS
    served = [board_of(thirteen, language="de") for _viewer in range(10)]
    assert [table.played for table in served[-1].tables] == [1, 1, 1, 1]
    assert len(computations) == 2


def test_an_organiser_change_shows_at_once(
    thirteen: Tournament,
    clock: Clock,
    computations: list[int],
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    board_of(thirteen, language="de")
    with django_capture_on_commit_callbacks(execute=True):
        services.table_end_early(table=thirteen.tables.get(number=2), reason="Zug", user=None)
    assert [board_of(thirteen, language="de").tables[1].ended_early for _ in range(3)] == [True] * 3
    assert len(computations) == 2


def test_viewers_at_the_same_moment_are_served_the_last_board_while_one_makes_it(
    thirteen: Tournament, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    last = board_of(thirteen, language="de")
    board_cache.entries_changed(Table, tournament_id=thirteen.pk)
    clock.now += CHANGE_SECONDS
    viewers = 8
    others_served = threading.Semaphore(0)
    made: list[int] = []

    def slow(tournament: Tournament) -> Board:
        """The making, held until every other viewer was served (or 30 s passed)."""
        made.append(tournament.pk)
        deadline = time.monotonic() + 30
        for _other in range(viewers - 1):
            others_served.acquire(timeout=max(0.0, deadline - time.monotonic()))
        return last

    monkeypatch.setattr(board_cache, "board_compute", slow)
    served: list[Board] = []

    def viewer() -> None:
        board = board_of(thirteen, language="de")
        served.append(board)
        if board.version != _version(thirteen):
            others_served.release()

    threads = [threading.Thread(target=viewer) for _ in range(viewers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert made == [thirteen.pk]
    assert sorted(board.version == _version(thirteen) for board in served) == [False] * 7 + [True]
    assert all(
        board.version == last.version for board in served if board.version != _version(thirteen)
    )
    assert board_of(thirteen, language="de").version == _version(thirteen)
    assert made == [thirteen.pk]


def test_the_first_board_being_made_elsewhere_is_waited_for(
    thirteen: Tournament, computations: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No board kept yet (a new night, the cache emptied) and another process making it."""
    key = f"board:{thirteen.pk}:{thirteen.board_token}:{thirteen.state}:de"
    cache.set(f"{key}:computing", True, 10)
    other = Board((), (), series=7)
    waits: list[float] = []

    def sleep(seconds: float) -> None:  # the other process is done after the third look
        waits.append(seconds)
        if len(waits) == 3:
            cache.set(key, replace(other, version=_version(thirteen), made=time.time()))

    monkeypatch.setattr(board_cache, "time", SimpleNamespace(sleep=sleep, time=time.time))
    assert board_of(thirteen, language="de").series == 7
    assert computations == []
    assert len(waits) == 3


#: A process of the server asking for the board at ``go`` (a moment all of them wait for):
#: the queries it cost (0: served from the cache), and the tables' deals on it. Its making
#: takes a second more, so that the others ask while it is under way.
VIEWER_PROCESS = """
import os, pathlib, sys, time, django
django.setup()
from django.db import connection
from django.test.utils import CaptureQueriesContext
from scoring.standings import board_cache
from tournaments.models import Tournament
compute = board_cache.board_compute
board_cache.board_compute = lambda tournament: (time.sleep(1), compute(tournament))[1]
tournament = Tournament.objects.get(pk=int(sys.argv[1]))
go = pathlib.Path(sys.argv[2])
pathlib.Path(f"{go}.{os.getpid()}").touch()  # Django started, the tournament read: ready
while not go.exists():  # then all four ask at once
    time.sleep(0.002)
with CaptureQueriesContext(connection) as queries:
    board = board_cache.board_of(tournament, language="de")
print(len(queries), board.tables[0].played)
"""


@pytest.mark.django_db(transaction=True)
def test_processes_asking_at_once_make_the_board_once(
    celery_var_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """gunicorn's workers on the file cache of `make run`: one of them makes it."""
    tournament = big_night(4)
    monkeypatch.setattr(board_cache, "clock", lambda: time.time() - CHANGE_SECONDS - 1)
    board_of(tournament, language="de")  # as if made a while ago
    enter(tournament.tables.get(), 0, "Siebener Fips")  # committed: the version changed
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "preisfipsen.settings",
        "PREISFIPSEN_VAR_DIR": str(celery_var_dir),  # as this session's cache
        "DATABASE_URL": worker_database_url(),
    }
    env.pop("CACHE_URL", None)
    go = tmp_path / "go"  # made once each has started Django (before: a fixed 10 s)
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", VIEWER_PROCESS, str(tournament.pk), str(go)],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    wait_until(lambda: len(list(tmp_path.glob("go.*"))) == 4, "the four viewers started")
    go.touch()
    answers = [process.communicate(timeout=120)[0].split() for process in processes]
    queries = sorted(int(count) for count, _played in answers)
    assert queries[:3] == [0, 0, 0]
    assert queries[3] > 0
    played = [int(played) for count, played in answers if int(count) > 0]
    assert played == [1]
    with CaptureQueriesContext(connection) as made:
        monkeypatch.setattr(board_cache, "clock", time.time)
        assert board_of(tournament, language="de").tables[0].played == 1
    assert len(made) == 0
