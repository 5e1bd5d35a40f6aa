"""`make run`'s launcher (scripts/serve → preisfipsen/serve/).

The addresses are worked out by plain functions; the launcher itself is started for real, on a
free port with a var/ folder of its own (SQLite, the filesystem job queue: no Redis, no shared
database), and watched from outside: its note, its pages, its processes in /proc.
"""

import doctest
import importlib
import os
import pkgutil
import shutil
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from preisfipsen import serve
from preisfipsen.serve import EVERY_ADDRESS, addresses, lan_address
from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[2]
#: Upper bounds for waiting loops only (the machine may be busy): never asserted as durations.
PATIENCE = 180.0


# Where phones reach the laptop


#: The launcher's modules, but not ``__main__``: importing it starts the launcher.
SERVE_MODULES = [
    module.name
    for module in pkgutil.iter_modules(serve.__path__, "preisfipsen.serve.")
    if module.name != "preisfipsen.serve.__main__"
]


@pytest.mark.parametrize("module", SERVE_MODULES)
def test_the_module_examples_hold(module: str) -> None:
    assert doctest.testmod(importlib.import_module(module)).failed == 0


def test_on_every_address_the_phones_use_the_network_address_and_django_allows_it() -> None:
    found = addresses({}, host=EVERY_ADDRESS, port=8000, lan="192.168.1.20")
    assert found.local == "http://127.0.0.1:8000/"
    assert found.phones == "http://192.168.1.20:8000/"
    assert found.environment == {
        "PREISFIPSEN_PUBLIC_URL": "http://192.168.1.20:8000",
        "DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1,[::1],192.168.1.20",
    }
    assert found.warnings == []


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_listening_on_the_laptop_only_tells_how_phones_get_in(host: str) -> None:
    found = addresses({}, host=host, port=8000, lan="192.168.1.20")
    assert found.phones is None
    assert found.environment == {}
    [(message, values)] = found.warnings
    assert "HOST=0.0.0.0" in message % values
    assert f"HOST={host}" in message % values


def test_without_a_network_the_note_says_to_join_the_wifi() -> None:
    found = addresses({}, host=EVERY_ADDRESS, port=8000, lan=None)
    assert found.phones is None
    assert found.environment == {}
    [(message, _values)] = found.warnings
    assert "Wi-Fi" in message


def test_a_public_url_that_is_set_is_kept_and_allowed() -> None:
    environ = {"PREISFIPSEN_PUBLIC_URL": "http://fipsen.local:8000"}
    found = addresses(environ, host=EVERY_ADDRESS, port=8000, lan="192.168.1.20")
    assert found.phones == "http://fipsen.local:8000/"
    assert found.environment == {"DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1,[::1],fipsen.local"}


@pytest.mark.parametrize(
    ("allowed", "warned"), [("192.168.1.20", False), ("*", False), ("localhost", True)]
)
def test_allowed_hosts_that_are_set_are_kept_and_checked(allowed: str, warned: bool) -> None:
    environ = {"DJANGO_ALLOWED_HOSTS": allowed}
    found = addresses(environ, host=EVERY_ADDRESS, port=8000, lan="192.168.1.20")
    assert "DJANGO_ALLOWED_HOSTS" not in found.environment
    assert bool(found.warnings) is warned


def test_the_network_address_is_never_the_loopback() -> None:
    assert lan_address(probes=("127.0.0.1",)) is None
    found = lan_address()
    assert found is None or not found.startswith("127.")


# The launcher, for real


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def proc_stat(pid: int) -> tuple[str, int, int] | None:
    """(state, parent, start time) of a process, None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1]), int(fields[19])


def is_running(pid: int, started: int | None = None) -> bool:
    """Is ``pid`` running (and, with ``started``, still the process that started then)?"""
    stat = proc_stat(pid)
    return (
        stat is not None and stat[0] not in ("Z", "X") and (started is None or stat[2] == started)
    )


def all_pids() -> list[int]:
    return [int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()]


def descendants(root: int) -> set[int]:
    """Every running process below ``root``."""
    parents: dict[int, list[int]] = {}
    for pid in all_pids():
        stat = proc_stat(pid)
        if stat and stat[0] not in ("Z", "X"):
            parents.setdefault(stat[1], []).append(pid)
    found: set[int] = set()
    todo = [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def wait_for(condition: Callable[[], object], what: str) -> None:
    """Poll until ``condition()`` holds (PATIENCE is only a bound for a hung launcher)."""
    wait_until(condition, what, timeout=PATIENCE, interval=0.2)


def get(url: str, host: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})  # noqa: S310
    with urllib.request.urlopen(request, timeout=30) as response:  # noqa: S310 (our server)
        return int(response.status)


class Launcher:
    """scripts/serve in a session of its own (as `make run` in a terminal), its output read
    line by line; ``settings`` are added to its environment."""

    def __init__(self, var_dir: Path, port: int, **settings: str) -> None:
        self.port = port
        self.var_dir = var_dir
        environment = {
            name: value
            for name, value in os.environ.items()
            if name
            not in {
                "DATABASE_URL",
                "CELERY_BROKER_URL",
                "CELERY_RESULT_BACKEND",
                "DJANGO_ALLOWED_HOSTS",
                "PREISFIPSEN_PUBLIC_URL",
                "ORGANISER_PASSWORD",
                "PREISFIPSEN_HTTPS",
            }
        }
        environment.update(
            PREISFIPSEN_VAR_DIR=str(var_dir),
            XDG_DATA_HOME=str(var_dir / "data"),
            HOST=EVERY_ADDRESS,  # as `make run` does
            PORT=str(port),
        )
        environment.update(settings)
        self.process = subprocess.Popen(
            [str(ROOT / "scripts" / "serve")],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            encoding="utf-8",
            env=environment,
            start_new_session=True,
        )
        self.lines: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))

    def output(self) -> str:
        return "\n".join(self.lines)

    def note(self) -> list[str]:
        """The note that ends the start-up, once it is complete."""

        def complete() -> bool:
            assert self.process.poll() is None, f"the launcher stopped:\n{self.output()}"
            return self.lines.count(serve.RULE) >= 2

        wait_for(complete, "the start-up note")
        first = self.lines.index(serve.RULE)
        return self.lines[first : self.lines.index(serve.RULE, first + 1) + 1]

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def servers(self, program: str) -> list[int]:
        """The launcher's children running ``program`` (the servers' main processes)."""
        return [
            pid
            for pid in descendants(self.process.pid)
            if (stat := proc_stat(pid))
            and stat[1] == self.process.pid
            and f"/{program} " in command_line(pid)
        ]

    def worker_ready(self) -> bool:
        """The worker's main process and both its job processes are running."""
        workers = [pid for pid in descendants(self.process.pid) if "celery" in command_line(pid)]
        return len(workers) >= 3

    def wait(self) -> int:
        """The launcher's exit status, once it has ended and all its output is read."""
        status = self.process.wait(timeout=PATIENCE)
        self._reader.join(timeout=PATIENCE)
        return status

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
        self._reader.join(timeout=PATIENCE)


def manage(var_dir: Path, *command: str) -> str:
    """`manage.py command` on the var/ folder ``var_dir`` (its SQLite database), as the
    launcher would run it there; its output."""
    environment = {**os.environ, "PREISFIPSEN_VAR_DIR": str(var_dir)}
    environment.update(XDG_DATA_HOME=str(var_dir / "data"))
    environment.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", *command],
        cwd=ROOT,
        env=environment,
        check=True,
        stdout=subprocess.PIPE,  # its errors show in the test's output
        text=True,
    )
    return done.stdout


def migrated_var(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A var/ folder with the database migrated (as `make prepare` leaves it)."""
    var_dir = tmp_path_factory.mktemp("migrated")
    manage(var_dir, "migrate", "--noinput", "-v0")
    return var_dir


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return migrated_var(tmp_path_factory)


@pytest.fixture
def launch(migrated: Path, tmp_path: Path) -> Iterator[Callable[..., Launcher]]:
    started: list[Launcher] = []

    def start(port: int | None = None, **settings: str) -> Launcher:
        var_dir = tmp_path / f"var{len(started)}"
        shutil.copytree(migrated, var_dir)
        started.append(Launcher(var_dir, port or free_port(), **settings))
        return started[-1]

    yield start
    for launcher in started:
        launcher.stop()


@pytest.fixture(scope="module")
def running(migrated: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Launcher]:
    """One launcher for the tests that only look (and kill its worker)."""
    var_dir = tmp_path_factory.mktemp("running") / "var"
    shutil.copytree(migrated, var_dir)
    launcher = Launcher(var_dir, free_port())
    yield launcher
    launcher.stop()


def test_the_start_up_ends_with_a_german_note_of_where_to_open_it(running: Launcher) -> None:
    note = running.note()
    text = "\n".join(note)
    assert "Preisfipsen läuft." in text
    assert f"Auf diesem Laptop öffnen: {running.url()}" in text
    assert "Einmalpasswort: " in text
    assert running.output().count("Einmalpasswort") == 1  # in the note only
    assert "Strg+C beendet Webserver und Hintergrunddienst." in text
    lan = lan_address()
    if lan is None:
        assert "Dieser Laptop ist in keinem Netzwerk" in text
    else:
        assert f"Handys im Netz des Vereins öffnen: http://{lan}:{running.port}/" in text
    # The servers' banners went to their logs, not above or below the note.
    assert running.lines[-1] == serve.RULE
    assert not any("celery@" in line or "Booting worker" in line for line in running.lines)
    wait_for(lambda: "Booting worker" in (running.var_dir / "log/web.log").read_text(), "log")


def test_the_pages_answer_on_the_laptop_and_on_the_phones_address(running: Launcher) -> None:
    running.note()
    assert get(running.url()) == 200
    lan = lan_address()
    if lan is not None:  # the table cards' address is allowed as a host name
        assert get(running.url(), host=f"{lan}:{running.port}") == 200


def test_a_killed_worker_is_started_again_while_the_web_server_serves(
    running: Launcher,
) -> None:
    running.note()
    wait_for(lambda: len(running.servers("celery")) == 1, "the worker")
    [worker] = running.servers("celery")
    [web] = running.servers("gunicorn")
    os.kill(worker, signal.SIGKILL)

    answered = 0

    def worker_back() -> bool:
        nonlocal answered
        assert get(running.url()) == 200  # the tables go on while the worker is away
        answered += 1
        return bool(running.servers("celery")) and running.servers("celery") != [worker]

    wait_for(worker_back, "the worker to come back")
    assert answered >= 1
    assert running.servers("gunicorn") == [web]
    wait_for(lambda: "läuft wieder" in running.output(), "the restart message")
    assert "Der Hintergrunddienst (PDFs) ist ausgefallen (beendet durch SIGKILL)" in (
        running.output()
    )
    assert not is_running(worker)
    assert get(running.url()) == 200


@pytest.mark.parametrize(
    "signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP], ids=["ctrl-c", "term", "hangup"]
)
def test_a_stop_signal_leaves_nothing_running(
    launch: Callable[..., Launcher], signum: signal.Signals
) -> None:
    launcher = launch()
    launcher.note()
    wait_for(launcher.worker_ready, "the worker and its job processes")
    family = {pid: proc_stat(pid)[2] for pid in descendants(launcher.process.pid)}  # type: ignore[index]
    programs = " ".join(command_line(pid) for pid in family)
    assert "gunicorn" in programs
    assert "celery" in programs
    assert len(family) >= 6  # gunicorn and its 2 workers, celery and its 2 job processes

    # As a terminal does: to the whole foreground process group (`make` and the launcher).
    os.killpg(launcher.process.pid, signum)
    assert launcher.wait() == 0
    assert [pid for pid, started in family.items() if is_running(pid, started)] == []
    assert launcher.output().endswith("Beendet.")


def test_a_port_in_use_stops_the_start_with_a_word_and_starts_nothing(
    launch: Callable[..., Launcher],
) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        launcher = launch(port=other.getsockname()[1])
        assert launcher.wait() == 1
    assert "ist schon belegt: Läuft Preisfipsen schon" in launcher.output()
    assert not (launcher.var_dir / "log" / "web.log").exists()


def test_the_running_launcher_keeps_a_backup_and_says_where(running: Launcher) -> None:
    text = "\n".join(running.note())
    folder = running.var_dir.resolve() / "backups"
    assert (
        f"Sicherungen jede Minute (die letzten 15 bleiben, ältere eine je Viertelstunde): {folder}"
        in text
    )
    # The first backup is made at once; the next ones each minute (tests/project/
    # test_rolling_backup.py drives those with a fake clock), so a launcher shared by a slow
    # run of this file may have made more by now.
    wait_for(lambda: any(folder.glob("db-*.sqlite3")), "the first backup")
    backup = min(folder.glob("db-*.sqlite3"))
    assert backup.read_bytes().startswith(b"SQLite format 3\x00")
