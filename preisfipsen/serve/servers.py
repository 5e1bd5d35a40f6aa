"""The two servers `make run` starts (gunicorn and the Celery worker), each in a process group of
its own, and the checks on the web server's port."""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from preisfipsen import tls
from preisfipsen.serve.network import EVERY_ADDRESS, is_every_address, url_host

BASE_DIR = Path(__file__).resolve().parent.parent.parent
#: A server that ran shorter than this before dying is started again only after a pause, which
#: doubles up to RESTART_PAUSE_MAX: a worker that cannot start does not spin the laptop's fans.
STEADY_RUN = 30.0
RESTART_PAUSE_MAX = 60.0


def _die_with_parent(sig: int) -> Callable[[], None]:
    """For a child: a new process group (a terminal's signals are the supervisor's to handle),
    and ``sig`` when the supervisor itself dies (e.g. SIGKILL), so nothing is left behind."""
    libc = ctypes.CDLL(None, use_errno=True)
    pr_set_pdeathsig = 1
    parent = os.getpid()

    def in_child() -> None:
        os.setpgid(0, 0)
        libc.prctl(pr_set_pdeathsig, sig)
        if os.getppid() != parent:  # the supervisor died before prctl
            os.kill(os.getpid(), sig)

    return in_child


@dataclass
class Server:
    """One server (web or worker) that the supervisor starts, watches and stops."""

    name: str
    command: list[str]
    log_path: Path
    #: The signal a server gets when the supervisor dies without stopping it.
    orphan_signal: int = signal.SIGTERM
    process: subprocess.Popen[bytes] | None = None
    started_at: float = 0.0
    pause: float = 0.5
    restart_at: float | None = None

    def start(self, environment: Mapping[str, str]) -> None:
        log = self.log_path.open("ab")
        log.write(f"\n==== {time.strftime('%Y-%m-%d %H:%M:%S')} start\n".encode())
        log.flush()
        with log:
            self.process = subprocess.Popen(  # noqa: S603 (our own programs, no shell)
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=dict(environment),
                cwd=BASE_DIR,
                preexec_fn=_die_with_parent(self.orphan_signal),
            )
        self.started_at = time.monotonic()
        self.restart_at = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def exited(self) -> int | None:
        """The exit status once the server's main process has ended, else None."""
        return self.process.poll() if self.process else None

    def terminate(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)

    def kill_group(self) -> None:
        """SIGKILL to everything left in the server's process group (its own children, e.g.
        the worker's job processes, after the main process has gone)."""
        if self.process:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)

    def group_alive(self) -> bool:
        """Is any process of the server's group still running (not a zombie)?"""
        if not self.process:
            return False
        self.process.poll()  # reaps the main process once it has ended
        return bool(living_in_group(self.process.pid))

    def schedule_restart(self, now: float) -> None:
        """Start again after a pause, which grows while the server keeps dying young."""
        ran = now - self.started_at
        self.pause = 1.0 if ran >= STEADY_RUN else min(self.pause * 2, RESTART_PAUSE_MAX)
        self.restart_at = now + self.pause


def living_in_group(pgid: int) -> list[int]:
    """The processes of process group ``pgid`` that are not zombies (from /proc)."""
    living = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended meanwhile
        # "pid (comm) state ppid pgrp …": comm may hold spaces and brackets.
        state, _ppid, pgrp = stat.rsplit(")", 1)[1].split()[:3]
        if int(pgrp) == pgid and state not in ("Z", "X"):
            living.append(int(entry.name))
    return living


def servers(
    *, host: str, port: int, log_dir: Path, certificate: tls.Certificate | None = None
) -> tuple[Server, Server]:
    """The web server and the worker, as `make run` starts them; with a certificate the web
    server speaks HTTPS only."""
    bin_dir = Path(sys.executable).parent
    https = (
        [f"--certfile={certificate.cert_path}", f"--keyfile={certificate.key_path}"]
        if certificate
        else []
    )
    web = Server(
        name="web",
        # gunicorn rather than runserver: people's phones use it over the club's network all
        # evening.
        command=[
            str(bin_dir / "gunicorn"),
            "preisfipsen.wsgi",
            f"--bind={url_host(host)}:{port}",
            # Measured (bench/bench_load.py, docs/performance.md "Under load"): two processes
            # use both cores of a 2-core laptop (a burst of reloads needs both); four threads
            # each keep a save from waiting behind a board made afresh.
            "--workers=2",
            "--threads=4",
            "--graceful-timeout=5",
            "--access-logfile=-",
            # Whoever reads the log must not get a table's link from it (issue 18).
            "--logger-class=preisfipsen.serve.access_log.AccessLog",
            "--no-control-socket",
            *https,
        ],
        log_path=log_dir / "web.log",
    )
    worker = Server(
        name="worker",
        # Two processes: one long PDF job does not hold up the next.
        command=[
            str(bin_dir / "celery"),
            "-A",
            "preisfipsen",
            "worker",
            "--loglevel=INFO",
            "--concurrency=2",
            f"--hostname=preisfipsen-{os.getpid()}@%h",
        ],
        log_path=log_dir / "worker.log",
        # Its job processes die with it (celery sets that); in warm shutdown it would wait.
        orphan_signal=signal.SIGKILL,
    )
    return web, worker


def port_taken(host: str, port: int) -> bool:
    """Does another program listen on the port already (e.g. a second `make run`)? Checked by
    binding as gunicorn will, with SO_REUSEADDR: a port that only lingers after the last stop
    counts as free."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host or EVERY_ADDRESS, port))
        except OSError:
            return True
    return False


def answers(host: str, port: int) -> bool:
    """Does something accept connections at the web server's address?"""
    target = "127.0.0.1" if is_every_address(host) else host
    try:
        with socket.create_connection((target, port), timeout=1):
            return True
    except OSError:
        return False
