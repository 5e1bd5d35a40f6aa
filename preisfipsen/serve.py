"""`make run` (scripts/serve): the organiser account, the web server and the worker, watched.

Start-up ends with a short note in German (where to open the app, the address the phones use,
the one-time password if one was made); the servers' own output goes to ``var/log/``. A worker
that dies is started again while the web server goes on serving the tables; Ctrl-C, SIGTERM and
SIGHUP (the terminal closed) stop both, and everything they started, within seconds.

Each server runs in a process group of its own, so that a signal meant for `make run` reaches
this supervisor only, and it decides: first SIGTERM to the server, then, after
``STOP_GRACE`` seconds, SIGKILL to whatever is left of its group (a worker in "warm shutdown"
waits for its jobs without end).
"""

from __future__ import annotations

import contextlib
import ctypes
import ipaddress
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import IO
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_noop

from preisfipsen import config, tls
from preisfipsen.rolling_backup import FAILURES as BACKUP_FAILURES
from preisfipsen.rolling_backup import RollingBackup

Gettext = Callable[[str], str]

BASE_DIR = Path(__file__).resolve().parent.parent
#: Seconds a server has to stop on SIGTERM before its whole group gets SIGKILL. gunicorn stops
#: its workers after --graceful-timeout=5; together well under the 10 s promised.
STOP_GRACE = 6.0
#: Seconds the web server has to answer at the start (migrations ran before, in `make prepare`).
START_TIMEOUT = 90.0
#: A server that ran shorter than this before dying is started again only after a pause, which
#: doubles up to RESTART_PAUSE_MAX: a worker that cannot start does not spin the laptop's fans.
STEADY_RUN = 30.0
RESTART_PAUSE_MAX = 60.0
#: `make run` listens on all addresses by default: the phones at the club must reach it.
EVERY_ADDRESS = "0.0.0.0"  # noqa: S104
#: The line that ends the start-up note (tests read up to it).
RULE = "─" * 64

# Addresses of the private networks (RFC 1918) to "connect" a UDP socket to: connecting sends
# nothing, it only makes the kernel choose the source address its route would use.
PRIVATE_PROBES = ("192.168.255.255", "10.255.255.255", "172.31.255.255")


# Where phones reach the laptop


def lan_address(probes: tuple[str, ...] = PRIVATE_PROBES) -> str | None:
    """The laptop's address on the local network (the club's Wi-Fi), or None without one.

    No packet is sent: a UDP socket is only "connected" to a private address, which makes the
    kernel pick the source address of the route there.
    """
    for probe in probes:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
            try:
                probe_socket.connect((probe, 9))  # port 9: discard; nothing is sent anyway
            except OSError:
                continue  # no route at all (no network)
            address = ipaddress.ip_address(probe_socket.getsockname()[0])
        if not (address.is_loopback or address.is_unspecified or address.is_link_local):
            return str(address)
    return None


def url_host(host: str) -> str:
    """A host as it stands in a URL: IPv6 addresses in brackets.

    >>> url_host("192.168.1.20"), url_host("fe80::1"), url_host("fipsen.local")
    ('192.168.1.20', '[fe80::1]', 'fipsen.local')
    """
    return f"[{host}]" if ":" in host else host


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _is_every_address(host: str) -> bool:
    return host in ("", EVERY_ADDRESS, "::")


def phone_host(host: str, lan: str | None) -> str | None:
    """The host phones use, for a server listening on ``host``: None when phones cannot
    reach it (it listens on this computer only, or there is no network).

    >>> phone_host("0.0.0.0", "192.168.1.20"), phone_host("127.0.0.1", "192.168.1.20")
    ('192.168.1.20', None)
    >>> phone_host("192.168.1.30", "192.168.1.20"), phone_host("0.0.0.0", None)
    ('192.168.1.30', None)
    """
    if _is_loopback(host):
        return None
    if _is_every_address(host):
        return lan
    return host


def local_url(host: str, port: int, scheme: str = "http") -> str:
    """The address to open on the laptop itself."""
    shown = "127.0.0.1" if _is_every_address(host) or _is_loopback(host) else host
    return f"{scheme}://{url_host(shown)}:{port}/"


#: A message for the start-up note: an English msgid (translated when shown) and its values.
Note = tuple[str, dict[str, str]]


@dataclass
class Addresses:
    """Where the app is reached, and what the servers are told about it."""

    local: str
    phones: str | None  # None: phones cannot reach it
    #: Variables set for the servers (only those the user left unset).
    environment: dict[str, str] = field(default_factory=dict)
    #: Why phones cannot reach it, or what is wrong with the user's settings.
    warnings: list[Note] = field(default_factory=list)


def addresses(
    environ: Mapping[str, str],
    *,
    host: str,
    port: int,
    lan: str | None,
    https: config.HttpsMode = "off",
) -> Addresses:
    """Where to open the app, the phones' address, and the settings that make it work: with
    PREISFIPSEN_PUBLIC_URL unset the table cards carry the phones' address, and with
    DJANGO_ALLOWED_HOSTS unset Django answers to it. Behind a proxy (``https="proxy"``) only
    PREISFIPSEN_PUBLIC_URL knows the phones' address."""
    scheme = "https" if https == "self" else "http"
    found = Addresses(local=local_url(host, port, scheme), phones=None)
    public = config.public_url(environ)
    reachable = phone_host(host, lan)
    if https == "self" and public.startswith("http:"):
        found.warnings.append(
            (
                gettext_noop(
                    "PREISFIPSEN_PUBLIC_URL begins with http://, but this server speaks HTTPS "
                    "only: the QR codes on the table cards would not open."
                ),
                {},
            )
        )
    if https == "proxy":
        found.warnings += _proxy_warnings(host, public)
    if public:
        found.phones = public + "/"
    elif https == "proxy":
        pass  # the proxy's address, which only the proxy knows
    elif reachable:
        found.phones = f"{scheme}://{url_host(reachable)}:{port}/"
        found.environment["PREISFIPSEN_PUBLIC_URL"] = found.phones.rstrip("/")
    elif _is_loopback(host):
        found.warnings.append(
            (
                gettext_noop(
                    "Phones cannot reach it: it listens on this laptop only (HOST=%(host)s). "
                    "For phones: make run HOST=0.0.0.0"
                ),
                {"host": host},
            )
        )
    else:
        found.warnings.append(
            (
                gettext_noop(
                    "Phones cannot reach it: this laptop is in no network. Join the club's "
                    "Wi-Fi, then start make run again."
                ),
                {},
            )
        )
    if found.phones:
        phones_host = urlsplit(found.phones).netloc.rsplit(":", 1)[0]
        allowed = config.env_list(environ, "DJANGO_ALLOWED_HOSTS", [])
        if not allowed:
            found.environment["DJANGO_ALLOWED_HOSTS"] = ",".join(
                [*config.DEFAULT_ALLOWED_HOSTS, phones_host]
            )
        elif phones_host not in allowed and "*" not in allowed:
            found.warnings.append(
                (
                    gettext_noop(
                        "DJANGO_ALLOWED_HOSTS does not allow %(host)s: phones would get "
                        "“Bad Request”."
                    ),
                    {"host": phones_host},
                )
            )
    return found


def _proxy_warnings(host: str, public: str) -> list[Note]:
    warnings: list[Note] = []
    if not _is_loopback(host):
        warnings.append(
            (
                gettext_noop(
                    "Behind a proxy, listen on this laptop only, or phones could go round the "
                    "proxy unencrypted: make run HOST=127.0.0.1 PREISFIPSEN_HTTPS=proxy"
                ),
                {},
            )
        )
    if not public:
        warnings.append(
            (
                gettext_noop(
                    "Set PREISFIPSEN_PUBLIC_URL to the proxy's address (https://…): the QR "
                    "codes on the table cards lead there."
                ),
                {},
            )
        )
    return warnings


# The servers


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
            "--workers=2",
            "--threads=4",
            "--graceful-timeout=5",
            "--access-logfile=-",
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
    target = "127.0.0.1" if _is_every_address(host) else host
    try:
        with socket.create_connection((target, port), timeout=1):
            return True
    except OSError:
        return False


# The supervisor


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


# Start-up


def organiser_account(gettext: Gettext) -> list[str]:
    """Make the organiser account if there is none (asking on a terminal), and the lines
    that tell how to log in: the one-time password is shown here, once."""
    from django.core.management import call_command
    from django.db import connections

    from tournaments.management.commands.ensure_organiser import Command as EnsureOrganiser

    _ = gettext
    command = EnsureOrganiser(stdout=sys.stdout, stderr=sys.stderr)
    try:
        call_command(command, verbosity=0)
    finally:
        connections.close_all()  # the servers open their own
    created = command.created
    if created is None:
        return []
    username = created.user.get_username()
    if created.one_time_password is None:
        return [_("Organiser account “%(name)s” created, with your password.") % {"name": username}]
    return [
        _("Log in as organiser: user “%(name)s”, one-time password: %(password)s")
        % {"name": username, "password": created.one_time_password},
        "  " + _("It is shown only this once. At the first login you choose your own password."),
    ]


def https_note(
    mode: config.HttpsMode, certificate: tls.Certificate | None, gettext: Gettext
) -> list[str]:
    """Whether the network can read along, and how to stop it; with the laptop's own
    certificate, its fingerprint to compare with the phone's warning."""
    _ = gettext
    if mode == "proxy":
        return [_("Encrypted (HTTPS) by the proxy in front of this server.")]
    if certificate is None:
        return [
            _("Unencrypted (HTTP): anyone in the club's Wi-Fi could read the passwords."),
            "  " + _("Encrypted (HTTPS): make run PREISFIPSEN_HTTPS=1"),
        ]
    half = len(certificate.fingerprint) // 2 + 1  # "AB:" is three characters
    lines = [
        _("Encrypted (HTTPS), with this laptop's own certificate."),
        "  " + _("Phones and browsers warn once that it is not trusted. There, compare"),
        "  " + _("its fingerprint (SHA-256) with this one, then go on:"),
        "  " + certificate.fingerprint[:half].rstrip(":"),
        "  " + certificate.fingerprint[half:],
    ]
    if certificate.made:
        lines.append(
            "  "
            + _("The certificate was made just now, into %(folder)s.")
            % {"folder": certificate.cert_path.parent}
        )
    return lines


def start_up_note(
    found: Addresses,
    organiser: list[str],
    log_dir: Path,
    gettext: Gettext,
    encryption: Sequence[str] = (),
    backups: RollingBackup | None = None,
) -> list[str]:
    """The German block that ends the start-up."""
    _ = gettext
    lines = [RULE, _("Preisfipsen is running.")]
    lines.append(_("On this laptop open: %(url)s") % {"url": found.local})
    if found.phones:
        lines.append(_("Phones in the club's network open: %(url)s") % {"url": found.phones})
        lines.append("  " + _("(the QR codes on the table cards lead there)"))
    lines += encryption
    lines += [_(message) % values for message, values in found.warnings]
    lines += organiser
    lines.append(_("What the servers write: %(folder)s") % {"folder": log_dir})
    if backups is not None:
        lines.append(
            _("Backups every %(minutes)s minutes (the last %(keep)s are kept): %(folder)s")
            % {"minutes": f"{backups.every / 60:g}", "keep": backups.keep, "folder": backups.folder}
        )
    lines.append(_("Ctrl-C stops the web server and the worker."))
    lines.append(RULE)
    return lines


def rolling_backup(environ: Mapping[str, str], folder: Path) -> RollingBackup | None:
    """The rolling backup of the SQLite database (none on PostgreSQL, or when turned off)."""
    from django.db import connection

    from preisfipsen import backup, rolling_backup

    if connection.vendor != "sqlite":
        return None

    def write(path: Path) -> None:
        backup.backup_write(path, format=backup.SQLITE)

    return rolling_backup.from_environment(environ, folder, write)


def main(environ: MutableMapping[str, str] | None = None, out: IO[str] = sys.stdout) -> int:
    environ = os.environ if environ is None else environ
    host = environ.get("HOST", EVERY_ADDRESS)
    port = int(environ.get("PORT", "8000"))
    log_dir = config.var_dir(environ, BASE_DIR) / "log"
    log_dir.mkdir(exist_ok=True)
    try:
        https = config.https_mode(environ)
    except ImproperlyConfigured as error:
        out.write(f"{error}\n")
        return 1

    # Before Django reads its settings: the servers' (and this process's) follow from them.
    lan = lan_address()
    found = addresses(environ, host=host, port=port, lan=lan, https=https)
    environ.update(found.environment)
    certificate = None
    if https == "self":
        extra = [urlsplit(found.phones).hostname or ""] if found.phones else []
        names = tls.laptop_names(lan, extra)
        certificate = tls.ensure_certificate(config.var_dir(environ, BASE_DIR) / "tls", names)
    environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")
    import django
    from django.utils.translation import gettext

    django.setup()
    if port_taken(host, port):
        message = gettext(
            "Port %(port)s is taken: is Preisfipsen running already, in another window? "
            "Otherwise: make run PORT=%(other)s"
        )
        out.write(message % {"port": port, "other": port + 1} + "\n")
        return 1
    organiser = organiser_account(gettext)

    web, worker = servers(host=host, port=port, log_dir=log_dir, certificate=certificate)
    backups = rolling_backup(environ, log_dir.parent / "backups")
    supervisor = Supervisor(web, worker, environ, out, backups)
    supervisor.install_signal_handlers()
    if not supervisor.start(host=host, port=port, gettext=gettext):
        return 0 if supervisor.stop_signals else 1
    encryption = https_note(https, certificate, gettext)
    for line in start_up_note(found, organiser, log_dir, gettext, encryption, backups):
        supervisor.say(line)
    supervisor.watch(gettext)
    supervisor.say(gettext("Stopping the web server and the worker …"))
    supervisor.stop()
    supervisor.back_up(None, gettext)  # the night as it ended
    supervisor.say(gettext("Stopped."))
    return 0


if __name__ == "__main__":
    sys.exit(main())
