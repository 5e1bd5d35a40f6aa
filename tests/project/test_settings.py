"""settings.py reads the environment, with safe defaults for each variable."""

import os
import runpy
import stat
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from preisfipsen.config import SQLITE_TIMEOUT, celery_config, database_config
from tests.conftest import uses_database

VARIABLES = (
    "DATABASE_URL",
    "DJANGO_DEBUG",
    "DJANGO_SECRET_KEY",
    "DJANGO_ALLOWED_HOSTS",
    "CELERY_BROKER_URL",
    "CELERY_RESULT_BACKEND",
    "CACHE_URL",
    "XDG_DATA_HOME",
)


@pytest.fixture
def load_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Any:
    """Run settings.py afresh in the given environment (var/ and the key file in tmp_path)."""

    def load(**environ: str) -> dict[str, Any]:
        for name in VARIABLES:
            monkeypatch.delenv(name, raising=False)
        monkeypatch.setenv("PREISFIPSEN_VAR_DIR", str(tmp_path / "var"))
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
        for name, value in environ.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(str(settings.BASE_DIR / "preisfipsen" / "settings.py"))

    return load


def test_without_database_url_the_database_is_sqlite_in_var(load_settings: Any, tmp_path: Path):
    database = load_settings()["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"] == str(tmp_path / "var" / "db.sqlite3")


def test_database_url_points_the_database_elsewhere(load_settings: Any) -> None:
    loaded = load_settings(DATABASE_URL="postgres://fips:geheim@db.example:5433/turnier")
    database = loaded["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert database["NAME"] == "turnier"
    assert (database["USER"], database["PASSWORD"]) == ("fips", "geheim")
    assert (database["HOST"], database["PORT"]) == ("db.example", 5433)


@pytest.mark.parametrize("named", [False, True], ids=["default file", "named by DATABASE_URL"])
def test_a_sqlite_file_gets_the_laptops_settings_however_it_is_named(
    load_settings: Any, tmp_path: Path, named: bool
) -> None:
    """A file named by DATABASE_URL once ran without WAL, IMMEDIATE transactions and the busy
    timeout, and a captain's save then answered "database is locked" under load (issue 18)."""
    environ = {"DATABASE_URL": f"sqlite:///{tmp_path / 'elsewhere.sqlite3'}"} if named else {}
    options = load_settings(**environ)["DATABASES"]["default"]["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE"
    assert options["timeout"] == SQLITE_TIMEOUT
    assert "journal_mode=WAL" in options["init_command"]


def test_postgresql_gives_up_on_a_lock_after_the_same_wait(tmp_path: Path) -> None:
    """It waited for ever: a save behind a long write held a thread of the web server, where
    it could answer 503 and be sent again by the phone (issue 18)."""
    plain = database_config("postgres://fips@db.example/turnier", tmp_path)
    assert plain["OPTIONS"]["options"] == f"-c lock_timeout={SQLITE_TIMEOUT * 1000}"
    own = database_config("postgres://db.example/t?options=-c%20search_path%3Dfips", tmp_path)
    assert (
        own["OPTIONS"]["options"] == f"-c search_path=fips -c lock_timeout={SQLITE_TIMEOUT * 1000}"
    )
    kept = database_config("postgres://db.example/t?options=-c%20lock_timeout%3D0", tmp_path)
    assert kept["OPTIONS"]["options"] == "-c lock_timeout=0"


def test_var_and_what_the_app_writes_there_are_the_users_alone(
    load_settings: Any, tmp_path: Path
) -> None:
    """var/ was 755 and the database, backups, logs and PDFs 644: anyone on the laptop could read
    the players' contacts and the tables' links (issue 18)."""
    var = tmp_path / "var"
    (var / "backups").mkdir(parents=True, mode=0o755)
    var.chmod(0o755)
    old_backup = var / "backups" / "db-1.sqlite3"
    old_backup.write_text("a backup of an older version")
    old_backup.chmod(0o644)
    umask = os.umask(0o022)
    try:
        load_settings()
        written = var / "log.txt"
        written.write_text("written after the start")
        (var / "media").mkdir()
    finally:
        os.umask(umask)
    assert stat.S_IMODE(var.stat().st_mode) == 0o700
    assert stat.S_IMODE((var / "backups").stat().st_mode) == 0o700
    assert stat.S_IMODE(old_backup.stat().st_mode) == 0o600
    assert stat.S_IMODE(written.stat().st_mode) == 0o600
    assert stat.S_IMODE((var / "media").stat().st_mode) == 0o700


def test_this_test_run_uses_the_database_of_database_url(
    db: None, request: pytest.FixtureRequest
) -> None:
    """`make test` runs the suite twice: without DATABASE_URL, then with a PostgreSQL one (which
    leaves out the tests that use no database: this one uses it, so it runs in both)."""
    assert uses_database(request.node)
    on_postgres = os.environ.get("DATABASE_URL", "").startswith("postgres")
    assert connection.vendor == ("postgresql" if on_postgres else "sqlite")


def test_a_test_without_the_database_runs_in_the_first_pass_only(
    request: pytest.FixtureRequest,
) -> None:
    assert not uses_database(request.node)


@pytest.mark.parametrize(
    ("value", "debug"), [(None, False), ("", False), ("0", False), ("true", False), ("1", True)]
)
def test_debug_is_on_only_when_asked_for_with_1(
    load_settings: Any, value: str | None, debug: bool
) -> None:
    environ = {} if value is None else {"DJANGO_DEBUG": value}
    assert load_settings(**environ)["DEBUG"] is debug


def test_allowed_hosts_default_to_this_machine(load_settings: Any) -> None:
    assert load_settings()["ALLOWED_HOSTS"] == ["localhost", "127.0.0.1", "[::1]"]


def test_allowed_hosts_from_the_environment(load_settings: Any) -> None:
    hosts = load_settings(DJANGO_ALLOWED_HOSTS="fipsen.local, 192.168.1.20")["ALLOWED_HOSTS"]
    assert hosts == ["fipsen.local", "192.168.1.20"]


def test_secret_key_from_the_environment(load_settings: Any, tmp_path: Path) -> None:
    assert load_settings(DJANGO_SECRET_KEY="aus-der-umgebung")["SECRET_KEY"] == "aus-der-umgebung"
    assert not (tmp_path / "data" / "preisfipsen" / "secret_key").exists()


def test_secret_key_is_generated_once_outside_the_repository(
    load_settings: Any, tmp_path: Path
) -> None:
    first = load_settings()["SECRET_KEY"]
    key_file = tmp_path / "data" / "preisfipsen" / "secret_key"
    assert len(first) >= 50
    assert key_file.read_text().strip() == first
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert load_settings()["SECRET_KEY"] == first


def test_secret_key_default_location_is_outside_the_repository(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from preisfipsen.config import secret_key_file

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    path = secret_key_file(os.environ)
    assert path == Path.home() / ".local" / "share" / "preisfipsen" / "secret_key"
    assert not path.is_relative_to(settings.BASE_DIR)


def test_celery_default_is_the_embedded_filesystem_queue(load_settings: Any, tmp_path: Path):
    loaded = load_settings()
    celery_dir = tmp_path / "var" / "celery"
    assert loaded["CELERY_BROKER_URL"].startswith("filesystem://")
    options = loaded["CELERY_BROKER_TRANSPORT_OPTIONS"]
    assert options["data_folder_in"] == options["data_folder_out"] == str(celery_dir / "queue")
    assert loaded["CELERY_RESULT_BACKEND"] == (celery_dir / "results").as_uri()
    assert all((celery_dir / name).is_dir() for name in ("queue", "control", "results"))


def test_celery_with_redis_keeps_results_in_redis(load_settings: Any) -> None:
    loaded = load_settings(CELERY_BROKER_URL="redis://127.0.0.1:6379/0")
    assert loaded["CELERY_BROKER_URL"] == "redis://127.0.0.1:6379/0"
    assert loaded["CELERY_RESULT_BACKEND"] == "redis://127.0.0.1:6379/0"


def test_celery_result_backend_can_be_set_apart(load_settings: Any) -> None:
    loaded = load_settings(
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
        CELERY_RESULT_BACKEND="redis://127.0.0.1:6379/1",
    )
    assert loaded["CELERY_RESULT_BACKEND"] == "redis://127.0.0.1:6379/1"


def test_the_cache_is_files_in_var_that_every_process_shares(
    load_settings: Any, tmp_path: Path
) -> None:
    cache = load_settings()["CACHES"]["default"]
    assert cache["BACKEND"] == "django.core.cache.backends.filebased.FileBasedCache"
    assert cache["LOCATION"] == str(tmp_path / "var" / "cache")
    assert (tmp_path / "var" / "cache").is_dir()


def test_the_cache_is_redis_where_cache_url_names_it(load_settings: Any) -> None:
    cache = load_settings(CACHE_URL="redis://127.0.0.1:6379/1")["CACHES"]["default"]
    assert cache["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/1"


def test_a_cache_url_that_is_not_redis_is_refused(load_settings: Any) -> None:
    with pytest.raises(ImproperlyConfigured, match="CACHE_URL must be a Redis address"):
        load_settings(CACHE_URL="memcached://127.0.0.1:11211")


def test_german_first_in_berlin() -> None:
    assert settings.LANGUAGE_CODE == "de"
    assert [code for code, _name in settings.LANGUAGES] == ["de", "en"]
    assert settings.TIME_ZONE == "Europe/Berlin"


def test_on_redis_a_dead_workers_job_comes_back_within_minutes(tmp_path: Path) -> None:
    config = celery_config(
        broker_url="redis://127.0.0.1:6379/0", result_backend=None, var_dir=tmp_path
    )
    assert config["broker_transport_options"]["visibility_timeout"] == 600
