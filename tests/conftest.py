"""Fixtures for the whole suite, and `require_service` / `require_program` for tests that need
a real server or an installed program."""

import os
import socket
import zlib
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NoReturn
from unittest import mock

import pytest
from django.conf import settings
from django.core.cache import cache
from django.core.management.color import Style
from django.db import connection
from django.db.backends.postgresql.operations import DatabaseOperations
from django.test import Client, override_settings
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from pytest_django import Settings

from preisfipsen.celery import app as celery_app
from preisfipsen.config import cache_config, celery_config
from printing import tasks
from scoring.night_file import stage
from tests.catalogues import CatalogueError, compile_catalogues
from tests.factories import UserFactory
from tests.workers import worker_database_url, worker_process

#: The tests' folder.
_TESTS = Path(__file__).parent
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"

# Hypothesis's own timing checks (a 200 ms deadline per example, "input generation is slow")
# are timing assertions: on a loaded 2-core machine they failed tests whose every example passed
# (tests/seasons/test_standings.py, 1.3 s for one input). The examples and their number stay.
hypothesis_settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("suite")


def pytest_configure(config: pytest.Config) -> None:
    """The German catalogue is compiled when its .mo is missing or older than the .po (a fresh
    clone, a .po just pulled), as `make` would: one test runs straight with pytest."""
    try:
        compile_catalogues(settings.BASE_DIR / "locale")
    except CatalogueError as error:
        raise pytest.UsageError(str(error)) from error


#: Which tests a pass runs (scripts/test-passes): ``database``, those that touch the test
#: database (the SQLite and PostgreSQL passes), ``database-free``, the others (the rules library,
#: doctests, docs, `make run`'s own server on its SQLite: they cannot differ between the
#: databases, so they run once, in a pass of their own beside the two); unset, all.
TESTS_OF_PASS = os.environ.get("PREISFIPSEN_TESTS", "")
if TESTS_OF_PASS not in ("", "database", "database-free"):
    raise RuntimeError(f"PREISFIPSEN_TESTS={TESTS_OF_PASS!r}: database, database-free or unset")
#: The fixtures through which a test reaches the test database.
DATABASE_FIXTURES = frozenset(
    {
        "db",
        "transactional_db",
        "live_server",
        "django_db_reset_sequences",
        "django_db_serialized_rollback",
    }
)


#: ``1`` or ``2``: only that half of the pass's test files, split by a hash of each file's path
#: (scripts/test-passes runs each database's tests in two halves side by side); unset, all.
HALF_OF_PASS = os.environ.get("PREISFIPSEN_HALF", "")
if HALF_OF_PASS not in ("", "1", "2"):
    raise RuntimeError(f"PREISFIPSEN_HALF={HALF_OF_PASS!r}: 1, 2 or unset")


def in_half(path: Path) -> bool:
    """Whether the file ``path`` is in the half ``PREISFIPSEN_HALF`` names (a whole file in one:
    its module's fixtures are made once)."""
    if not HALF_OF_PASS:
        return True
    name = path.relative_to(_TESTS.parent).as_posix()
    return zlib.crc32(name.encode()) % 2 == int(HALF_OF_PASS) - 1


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """A database pass does not import what it would deselect: the files of the other half,
    and the app's packages, whose modules hold only doctests (database-free). Importing them
    was most of a pass's 20 s of collecting on a slow machine (pytest rewrites every test
    module's asserts)."""
    if TESTS_OF_PASS != "database" or collection_path.suffix != ".py":
        return None
    if _TESTS not in collection_path.parents:
        return True
    if collection_path.name in ("conftest.py", "__init__.py"):
        return None
    return None if in_half(collection_path) else True


def uses_database(item: pytest.Item) -> bool:
    """Whether a collected test reaches the test database (a fixture or the django_db mark)."""
    if item.get_closest_marker("django_db") is not None:
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test in a ``browser`` folder (tests/browser/, a game's or an app's own) is marked
    ``browser``. Under PREISFIPSEN_TESTS (and PREISFIPSEN_HALF), only the pass's tests are kept."""
    for item in items:
        if _TESTS in item.path.parents and "browser" in item.path.relative_to(_TESTS).parts:
            item.add_marker(pytest.mark.browser)
    if not TESTS_OF_PASS and not HALF_OF_PASS:
        return
    wanted = TESTS_OF_PASS == "database"
    kept, left = [], []
    for item in items:
        of_pass = not TESTS_OF_PASS or uses_database(item) == wanted
        (kept if of_pass and in_half(item.path) else left).append(item)
    config.hook.pytest_deselected(items=left)
    items[:] = kept


def require_service(host: str, port: int, name: str) -> None:
    """Skip the calling test if nothing listens at host:port; fail instead if REQUIRE_SERVICES=1.

    A developer's laptop may have no Redis or PostgreSQL; CI (`.ci/run`) sets REQUIRE_SERVICES=1
    so that a missing service is an error there and never a silently skipped test.
    """
    try:
        with socket.create_connection((host, port), timeout=2):
            return
    except OSError as error:
        _missing(f"{name} is not reachable at {host}:{port} ({error})")


def require_program(path: str, name: str) -> None:
    """Skip the calling test if there is no executable at path; fail instead if REQUIRE_SERVICES=1.

    For system packages that `make test` installs (scripts/sysdeps), e.g. Chromium: a test run
    straight with pytest may lack them; CI must not.
    """
    if not os.access(path, os.X_OK):
        _missing(f"{name} is not installed: no executable {path} (see scripts/sysdeps)")


def _missing(reason: str) -> NoReturn:
    if REQUIRE_SERVICES:
        pytest.fail(f"{reason}, and REQUIRE_SERVICES=1 requires it", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(name="require_service")
def require_service_fixture() -> Callable[[str, int, str], None]:
    """`require_service(host, port, name)` as a fixture, for tests that would rather not import."""
    return require_service


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """On SQLite the test database is a file of this session instead of memory, so that a real
    Celery worker (another process) can open it too (tests/tournaments/test_files.py).

    Each session has its own file: two test runs at once in one checkout do not meet.

    On PostgreSQL the tests' connections commit without waiting for the disk (as SQLite's
    synchronous=NORMAL does): a commit took 15-20 ms on this machine, and the transactional
    tests commit hundreds of times (every factory row, every request of the live server). Other
    connections see a commit at once either way; only a crash of the server could lose it.
    """
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        folder = tmp_path_factory.mktemp("database")
        database.setdefault("TEST", {})["NAME"] = str(folder / "test.sqlite3")
    elif database["ENGINE"] == "django.db.backends.postgresql":
        options = database.setdefault("OPTIONS", {})
        options["options"] = f"{options.get('options', '')} -c synchronous_commit=off".strip()


@pytest.fixture(autouse=True, scope="session")
def emptied_by_delete() -> Iterator[None]:
    """On PostgreSQL the tables are emptied (after each transactional test: live server, worker;
    and by `manage.py flush` in a test) by DELETE instead of Django's TRUNCATE, whose new files
    for every table and index took 1-2 s a flush on a busy 2-core machine, some 8 minutes of
    the pass; DELETE of the few rows a test left takes a tenth of that. The tables end empty
    either way, every foreign key is deferred so the order does not matter, and the sequences
    TRUNCATE would restart are restarted. A cascading flush (none is asked for) keeps TRUNCATE."""
    truncate = DatabaseOperations.sql_flush

    def sql_flush(
        ops: DatabaseOperations,
        style: Style,
        tables: Sequence[str],
        *,
        reset_sequences: bool = False,
        allow_cascade: bool = False,
    ) -> list[str]:
        if allow_cascade or not tables:
            return truncate(
                ops, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        deletes = [f"DELETE FROM {ops.quote_name(table)}" for table in tables]  # noqa: S608 (names)
        restarts: list[str] = []
        if reset_sequences:
            with ops.connection.cursor() as cursor:
                sequences = [
                    sequence
                    for table in tables
                    for sequence in ops.connection.introspection.get_sequences(cursor, table)
                ]
            restarts = ops.sequence_reset_by_name_sql(style, sequences)
        return ["SET CONSTRAINTS ALL DEFERRED", *deletes, *restarts]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseOperations, "sql_flush", sql_flush)
        yield


@pytest.fixture(autouse=True, scope="session")
def celery_var_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Jobs the tests send go to a filesystem queue of this session, never to var/ or to a Redis.

    Otherwise a worker of `make run` (or one on the developer's Redis) would pick them up.
    Celery reads CELERY_BROKER_URL and CELERY_RESULT_BACKEND from the environment over its
    configuration, so those are hidden for the session too.
    """
    hidden = {
        name: os.environ.pop(name)
        for name in ("CELERY_BROKER_URL", "CELERY_RESULT_BACKEND")
        if name in os.environ
    }
    var_dir = tmp_path_factory.mktemp("var")
    celery_app.conf.update(celery_config(broker_url=None, result_backend=None, var_dir=var_dir))
    yield var_dir
    os.environ.update(hidden)


@pytest.fixture(autouse=True, scope="session")
def cache_of_the_session(celery_var_dir: Path) -> Iterator[None]:
    """The cache is files, as `make run` keeps them (scoring/standings/board_cache.py), in this
    session's
    folder, which a real worker of the tests shares: never var/cache/ nor a developer's Redis."""
    hidden = os.environ.pop("CACHE_URL", None)
    session = override_settings(CACHES=cache_config(None, celery_var_dir))
    session.enable()
    yield
    session.disable()
    if hidden is not None:
        os.environ["CACHE_URL"] = hidden


@pytest.fixture(autouse=True, scope="session")
def static_root_exists() -> None:
    """WhiteNoise warns "No directory at: …/staticfiles/" for every request when collectstatic
    has not run yet (a fresh clone): the tests serve static files without it (quick_settings),
    so an empty folder, as `make prepare` would leave it, is all they need."""
    Path(settings.STATIC_ROOT).mkdir(parents=True, exist_ok=True)


#: Passwords hashed in microseconds (quick_settings; a fixture of a module's data uses it too).
QUICK_PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def quick_settings(settings: Settings) -> None:
    """Settings that spare the tests time and set-up, and change nothing they check.

    - Templates find static files without `collectstatic`'s manifest (tests/project checks
      the production storage on its own).
    - Passwords are hashed in microseconds instead of a third of a second.
    - django-axes is off: tests log in many times, and Django's ``Client.login`` passes no
      request, which axes requires. tests/tournaments/test_login_throttling.py turns it on.
    - WhiteNoise looks for a static file when one is asked for (its autorefresh) instead of
      listing the ~1,100 collected files whenever a test's client starts the middleware: 0.1 s
      a client, a quarter of the CPU time of the database tests. `make run`'s own server lists
      them, as in production (tests/project/test_served_app.py).
    """
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    settings.PASSWORD_HASHERS = QUICK_PASSWORD_HASHERS
    settings.AXES_ENABLED = False
    settings.WHITENOISE_AUTOREFRESH = True


@pytest.fixture(autouse=True, scope="session")
def import_steps_without_gap() -> Iterator[None]:
    """A night's import on SQLite leaves the write lock free for a moment after each step
    (scoring/night_file/stage.py, ``SQLITE_GAP``), so that a captain's save waiting for it goes
    first: a pause measured by bench/bench_import_blocking.py, which no test asserts (they check
    the steps by structure). In this process it is none: the pauses were some 90 s of the SQLite
    pass. A real worker's import (tests/scoring/test_night_import_job.py) keeps them."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stage, "SQLITE_GAP", 0.0)
        yield


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    """Each test starts with an empty cache: ids are used again from test to test, so a board
    page kept by one test would answer for another's tournament."""
    cache.clear()


# Shared by many test files: ask for them by name (or `pytest.mark.usefixtures` for a module)


@pytest.fixture
def german() -> Iterator[None]:
    """The test runs in German, the language of the club night."""
    with translation.override("de"):
        yield


@pytest.fixture
def media_root(settings: Settings, tmp_path: Path) -> Path:
    """Generated files go to a folder of this test, never to var/media."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return Path(settings.MEDIA_ROOT)


@pytest.fixture
def organiser(client: Client) -> Client:
    """The test client, logged in as the organiser: staff and superuser, as the app makes them."""
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def superuser(organiser: Client) -> Client:
    """The same login, by the name the admin's tests use."""
    return organiser


@pytest.fixture
def sent() -> Iterator[mock.MagicMock]:
    """The file jobs sent (at commit) instead of going to the queue."""
    with mock.patch.object(tasks.generate_file, "apply_async") as apply_async:
        yield apply_async


# A real Celery worker, for the tests of background jobs


@pytest.fixture
def worker(transactional_db: None, celery_var_dir: Path, tmp_path: Path) -> Iterator[Path]:
    """A real `celery -A preisfipsen worker` on the session's filesystem queue and database.

    Yields the worker's media folder; the test's settings point there too.
    """
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.fail("the SQLite test database must be a file (tests/conftest.py) for a worker")
    for message in (celery_var_dir / "celery" / "queue").glob("*.msg"):
        message.unlink()  # jobs other tests sent, for records long gone
    env = {"PREISFIPSEN_VAR_DIR": str(celery_var_dir), "DATABASE_URL": worker_database_url()}
    args = [f"--hostname=test-files-{os.getpid()}@%h"]
    with worker_process(env=env, log=tmp_path / "worker.log", args=args):
        yield celery_var_dir / "media"
