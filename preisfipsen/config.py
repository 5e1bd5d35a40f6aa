"""What settings.py reads from the environment, as plain functions that tests can call.

settings.py stays a flat list of names; the decisions (where the secret key lives, which
database, which broker) are made here, each in one function with its default.
"""

from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

#: SQLite waits this long (seconds) for a lock before giving up: the web server and the worker
#: write to the same file.
SQLITE_TIMEOUT = 20

#: Every SQLite database, the default one and one named by DATABASE_URL: the web server and the
#: Celery worker write to the same file. WAL lets readers go on while one writes; IMMEDIATE takes
#: the write lock at the start of a transaction, so two writers queue up (for ``timeout`` seconds)
#: instead of failing with "database is locked".
SQLITE_OPTIONS = {
    "timeout": SQLITE_TIMEOUT,
    "transaction_mode": "IMMEDIATE",
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

#: PostgreSQL waits as long for a lock (a table's row, say) as SQLite does, then gives up: without
#: it a save behind a long write waits for ever, holding one of the web server's few threads; with
#: it, it answers 503 and the phone sends it again (preisfipsen.middleware.DatabaseBusyMiddleware).
POSTGRESQL_LOCK_TIMEOUT = f"-c lock_timeout={SQLITE_TIMEOUT * 1000}"

#: The host names Django answers to when DJANGO_ALLOWED_HOSTS is unset: this computer only.
DEFAULT_ALLOWED_HOSTS = ["localhost", "127.0.0.1", "[::1]"]


#: How long the organiser stays logged in at most (seconds): one night, not Django's 14 days.
SESSION_HOURS = 12

#: HSTS, once HTTPS is on: browsers that saw the header refuse plain HTTP for this long (seconds).
#: An hour is renewed by every page of the night, and has run out by the next club night, should
#: the laptop serve plain HTTP again then.
DEFAULT_HSTS_SECONDS = 3600

#: PREISFIPSEN_HTTPS: "off" (plain HTTP), "self" (`make run` serves HTTPS with the laptop's own
#: certificate), "proxy" (a reverse proxy in front serves HTTPS, and says so in X-Forwarded-Proto).
HttpsMode = Literal["off", "self", "proxy"]
HTTPS_MODES: dict[str, HttpsMode] = {"": "off", "0": "off", "1": "self", "proxy": "proxy"}

#: On Redis, a job taken by a worker that died is handed to another after this long.
REDELIVER_AFTER_SECONDS = 600


def env_flag(environ: Mapping[str, str], name: str) -> bool:
    """True only when the variable is set to 1 (so an unset or empty variable means off)."""
    return environ.get(name, "").strip() == "1"


def env_list(environ: Mapping[str, str], name: str, default: list[str]) -> list[str]:
    """A comma-separated variable as a list, or ``default`` when unset or empty."""
    items = [item.strip() for item in environ.get(name, "").split(",") if item.strip()]
    return items or default


def var_dir(environ: Mapping[str, str], base_dir: Path) -> Path:
    """Where the app writes (SQLite file, job queue, PDFs, logs): PREISFIPSEN_VAR_DIR, else
    ``var/`` in the project; made if missing, and readable by the laptop's user alone
    (:func:`keep_private`)."""
    path = Path(environ.get("PREISFIPSEN_VAR_DIR") or base_dir / "var").resolve()
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    keep_private(path)
    return path


def keep_private(folder: Path) -> None:
    """Everything the app writes is the laptop's user's alone: the database holds the players'
    contacts, the logs and backups the tables' links. This process (and what it starts) creates
    files 600 and folders 700; what an older version left in ``folder`` readable by others is
    made so too."""
    os.umask(0o077)
    for root, folders, files in os.walk(folder):
        for name in [".", *folders, *files]:
            entry = Path(root, name)
            mode = entry.lstat().st_mode
            if not stat.S_ISLNK(mode) and mode & 0o077:
                entry.chmod(stat.S_IMODE(mode) & 0o700)


def secret_key_file(environ: Mapping[str, str]) -> Path:
    """Where the generated secret key is kept: outside the repository, per user."""
    data_home = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data_home) / "preisfipsen" / "secret_key"


def load_or_create_secret_key(path: Path) -> str:
    """Read the secret key at ``path``, creating it first (mode 600) if it does not exist.

    Two processes starting at once (web server and worker) both end up with the same key: the
    file is created exclusively, and whoever loses the race reads the winner's key.
    """
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        key = path.read_text(encoding="ascii").strip()
        if key:
            return key
        # An empty file is left over from a crash between creating and writing: replace it.
        path.unlink()
        return load_or_create_secret_key(path)
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key


def database_config(url: str | None, var_dir: Path) -> dj_database_url.DBConfig:
    """The database at ``url`` (e.g. ``postgres://…``), or by default SQLite in ``var_dir``.

    A SQLite file behaves the same however it is named: the default one and one named by
    ``DATABASE_URL`` get the same journal, transactions and lock timeout. PostgreSQL gets the
    same lock timeout, unless the URL sets its own (``?options=-c lock_timeout=…``).
    """
    # gunicorn's threads keep their connection between requests: opening one (and, on SQLite,
    # setting its pragmas) took longer than saving a deal (bench/bench_deal_entry.py).
    keep_for, check_first = 60, True
    config = dj_database_url.parse(
        url or f"sqlite:///{var_dir / 'db.sqlite3'}",
        conn_max_age=keep_for,
        conn_health_checks=check_first,
    )
    options = dict(config.get("OPTIONS", {}))
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **options}
    elif config["ENGINE"] == "django.db.backends.postgresql":
        given = str(options.get("options", ""))
        if "lock_timeout" not in given:
            options["options"] = f"{given} {POSTGRESQL_LOCK_TIMEOUT}".strip()
        config["OPTIONS"] = options
    return config


def celery_config(
    *, broker_url: str | None, result_backend: str | None, var_dir: Path
) -> dict[str, Any]:
    """Broker and result backend, in Celery's own (lower-case) setting names.

    With no broker given this is the embedded default: kombu's filesystem transport and Celery's
    file result backend, both in folders under ``var_dir`` (created here), so that jobs run in a
    real background worker with no server to install. With a broker URL (``redis://…``) the
    results go to the same place unless ``result_backend`` says otherwise.
    """
    if broker_url:
        return {
            "broker_url": broker_url,
            # A job whose worker died unacknowledged (acks_late, printing/tasks.py) goes back
            # to the queue after this many seconds, not after Redis' default hour: longer than
            # any PDF takes, so a running job is not handed out twice. A broker that is down is
            # said at once, not after 20 s of retries in the organiser's request (see
            # services.file_request).
            "broker_transport_options": {
                "visibility_timeout": REDELIVER_AFTER_SECONDS,
                "socket_connect_timeout": 2,
                "max_retries": 0,
            },
            "broker_connection_timeout": 2,
            "task_publish_retry": False,
            "result_backend": result_backend or broker_url,
            "result_backend_transport_options": {"retry_policy": {"max_retries": 0}},
            "redis_socket_connect_timeout": 2,
        }
    folders = {name: var_dir / "celery" / name for name in ("queue", "control", "results")}
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    return {
        # The host is meaningless to the filesystem transport; naming it stops kombu warning.
        "broker_url": "filesystem://localhost/",
        "broker_transport_options": {
            # The same folder in and out: web server and worker share one queue.
            "data_folder_in": str(folders["queue"]),
            "data_folder_out": str(folders["queue"]),
            "control_folder": str(folders["control"]),
            "store_processed": False,
            # How often an idle worker looks into the queue folder (seconds; kombu's default is 1).
            "polling_interval": 0.5,
        },
        "result_backend": result_backend or folders["results"].resolve().as_uri(),
    }


#: The file cache keeps at most this many entries (Django's default is 300, and culls a third
#: of them at random beyond it): a few per tournament, and the login throttling's.
CACHE_MAX_ENTRIES = 10_000


def cache_config(url: str | None, var_dir: Path) -> dict[str, dict[str, Any]]:
    """The cache every process of the server shares (gunicorn's workers, the Celery worker): the
    board is computed there once for all of them (scoring/standings/board_cache.py).

    Redis at ``url`` (``redis://127.0.0.1:6379/1``), or by default files in ``var_dir/cache``:
    nothing to install, and every process on the laptop sees the same entries.

    :raises ImproperlyConfigured: a URL that is not Redis'.
    """
    if not url:
        folder = var_dir / "cache"
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                "LOCATION": str(folder),
                "OPTIONS": {"MAX_ENTRIES": CACHE_MAX_ENTRIES},
            }
        }
    if urlsplit(url).scheme not in ("redis", "rediss", "unix"):
        raise ImproperlyConfigured(
            f"CACHE_URL must be a Redis address such as redis://127.0.0.1:6379/1, not {url!r}"
        )
    return {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}}


def public_url(environ: Mapping[str, str]) -> str:
    """PREISFIPSEN_PUBLIC_URL without a trailing slash, or "" when unset.

    The address phones use to reach the app (printed in the QR codes of the table cards), e.g.
    ``http://192.168.1.20:8000``; unset, the address of the organiser's own request is used.

    :raises ImproperlyConfigured: it is not an http(s) address with a host.
    """
    url = environ.get("PREISFIPSEN_PUBLIC_URL", "").strip().rstrip("/")
    if not url:
        return ""
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 (raises ValueError on a port that is not a number)
    except ValueError:
        parts = parts._replace(netloc="")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.path
        or parts.query
        or parts.fragment
    ):
        raise ImproperlyConfigured(
            f"PREISFIPSEN_PUBLIC_URL must look like http://192.168.1.20:8000, not {url!r}"
        )
    return url


def https_mode(environ: Mapping[str, str]) -> HttpsMode:
    """How HTTPS is served, from PREISFIPSEN_HTTPS (see HttpsMode).

    :raises ImproperlyConfigured: any other value: a typo must not quietly mean plain HTTP.
    """
    value = environ.get("PREISFIPSEN_HTTPS", "").strip().lower()
    if value not in HTTPS_MODES:
        raise ImproperlyConfigured(
            "PREISFIPSEN_HTTPS must be 1 (make run serves HTTPS), proxy (a reverse proxy in "
            f"front serves HTTPS) or 0 (plain HTTP), not {value!r}"
        )
    return HTTPS_MODES[value]


def hsts_seconds(environ: Mapping[str, str]) -> int:
    """PREISFIPSEN_HSTS_SECONDS, else DEFAULT_HSTS_SECONDS; 0 sends no HSTS header.

    :raises ImproperlyConfigured: not a whole number of seconds, 0 or more.
    """
    value = environ.get("PREISFIPSEN_HSTS_SECONDS", "").strip()
    if not value:
        return DEFAULT_HSTS_SECONDS
    if not value.isdigit():
        raise ImproperlyConfigured(
            f"PREISFIPSEN_HSTS_SECONDS must be a number of seconds such as 3600, not {value!r}"
        )
    return int(value)
