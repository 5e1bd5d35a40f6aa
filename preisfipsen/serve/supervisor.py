"""The supervisor of `make run`: it starts the web server and the worker, starts again whichever
dies, and stops both on Ctrl-C, SIGTERM or SIGHUP (the terminal closed).

Each server runs in a process group of its own, so that a signal meant for `make run` reaches
this supervisor only, and it decides: first SIGTERM to the server, then, after
``STOP_GRACE`` seconds, SIGKILL to whatever is left of its group (a worker in "warm shutdown"
waits for its jobs without end).
"""

from __future__ import annotations

import contextlib
import signal
import time
from collections.abc import Mapping
from pathlib import Path
from types import FrameType
from typing import IO

from preisfipsen.rolling_backup import FAILURES as BACKUP_FAILURES
from preisfipsen.rolling_backup import RollingBackup
from preisfipsen.serve.servers import Server, answers
from preisfipsen.serve.start_up import Gettext

#: Seconds a server has to stop on SIGTERM before its whole group gets SIGKILL. gunicorn stops
#: its workers after --graceful-timeout=5; together well under the 10 s promised.
STOP_GRACE = 6.0
#: Seconds the web server has to answer at the start (migrations ran before, in `make prepare`).
START_TIMEOUT = 90.0


class Supervisor:
    """Starts the servers, restarts one that dies, stops all on a signal."""

    def __init__(
        self,
        web: Server,
        worker: Server,
        environment: Mapping[str, str],
        out: IO[str],
        backups: RollingBackup | None = None,
    ):
        self.web, self.worker = web, worker
        self.environment = environment
        self.out = out
        self.stop_signals: list[int] = []
        self.backups = backups

    def say(self, text: str) -> None:
        """Print to the terminal; after SIGHUP there may be none any more."""
        with contextlib.suppress(OSError, ValueError):
            self.out.write(text + "\n")
            self.out.flush()

    def on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.stop_signals.append(signum)

    def install_signal_handlers(self) -> None:
        for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, self.on_signal)

    def start(self, *, host: str, port: int, gettext: Gettext) -> bool:
        """Both servers, until the web server answers; False (all stopped) if it cannot."""
        _ = gettext
        self.worker.start(self.environment)
        self.web.start(self.environment)
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(host, port):
            status = self.web.exited()
            if status is not None or self.stop_signals or time.monotonic() > deadline:
                if not self.stop_signals:
                    self.say(
                        _("The web server did not start (exit status %(status)s). See %(log)s:")
                        % {"status": status, "log": self.web.log_path}
                    )
                    self.say(tail(self.web.log_path))
                self.stop()
                return False
            time.sleep(0.2)
        return True

    def watch(self, gettext: Gettext) -> None:
        """Until a stop signal: start again whichever server has died."""
        _ = gettext
        while not self.stop_signals:
            now = time.monotonic()
            self.back_up(now, gettext)
            for server in (self.worker, self.web):
                if server.restart_at is None:
                    status = server.exited()
                    if status is None:
                        continue
                    server.kill_group()  # its job processes, if any are left
                    server.schedule_restart(now)
                    self.say(self._died_message(server, status, gettext))
                elif now >= server.restart_at:
                    server.start(self.environment)
                    self.say(_("%(server)s started again.") % {"server": self._title(server, _)})
            time.sleep(0.25)

    def back_up(self, now: float | None, gettext: Gettext) -> None:
        """The rolling backup, when one is due (``now`` None: at once, as at the stop). A
        failure is told once, and play goes on."""
        if self.backups is None:
            return
        try:
            if now is None:
                self.backups.write_now()
            else:
                self.backups.tick(now)
        except BACKUP_FAILURES as error:
            if str(error) != self.backups.failed:
                self.backups.failed = str(error)
                self.say(gettext("The backup could not be written: %(error)s") % {"error": error})
        else:
            self.backups.failed = ""

    def _title(self, server: Server, gettext: Gettext) -> str:
        _ = gettext
        return _("The worker (PDFs)") if server is self.worker else _("The web server")

    def _died_message(self, server: Server, status: int, gettext: Gettext) -> str:
        _ = gettext
        if status < 0:  # killed by a signal (e.g. SIGKILL when memory ran out)
            how = _("killed by %(signal)s") % {"signal": signal.Signals(-status).name}
        else:
            how = _("exit status %(status)s") % {"status": status}
        message = _("%(server)s stopped (%(how)s); it starts again in %(pause)s s.") % {
            "server": self._title(server, _),
            "how": how,
            "pause": f"{server.pause:g}",
        }
        if server is self.worker:
            message += " " + _("The tables can go on entering deals.")
        return message + " " + _("Log: %(log)s") % {"log": server.log_path}

    def stop(self) -> None:
        """SIGTERM to both; after STOP_GRACE, or at a second stop signal, SIGKILL to what is
        left of their groups. Returns when nothing of either is left."""
        received = len(self.stop_signals)
        for server in (self.web, self.worker):
            server.restart_at = None
            server.terminate()
        deadline = time.monotonic() + STOP_GRACE
        killed = False
        while any(server.group_alive() for server in (self.web, self.worker)):
            if not killed and (time.monotonic() > deadline or len(self.stop_signals) > received):
                for server in (self.web, self.worker):
                    server.kill_group()
                killed = True
            time.sleep(0.1)


def tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""
