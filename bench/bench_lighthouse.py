"""Lighthouse on a phone: the captain's page, the tournament's home and the standings (issue 9:
performance at least 95, accessibility 100, best practices 100 on each).

Run: ``make bench`` (it installs Lighthouse with ``npm ci`` in bench/) or, after that,
``.venv/bin/python bench/bench_lighthouse.py [--runs N]``. Needs Debian's Chromium at
/usr/bin/chromium (``scripts/sysdeps``); Lighthouse drives it through CHROME_PATH and never
downloads a browser of its own.

It builds a demo night (``scoring.demo.demo_night_play``, as ``manage.py demo_night``) in a
throwaway SQLite database in a temp folder, with table 1 still playing (its captain's page shows
the form for the next deal), collects the static files, and serves the app as ``make run`` does
(gunicorn, DEBUG off, WhiteNoise) on a free port of 127.0.0.1. Lighthouse then audits each page
with its default mobile settings (a mid-range phone, simulated slow 4G and a 4x slower CPU),
in German (Accept-Language), the organiser's pages with his session cookie (extraHeaders). Each
page is audited ``--runs`` times (default 3) and the run with the median performance score is
shown, with every audit of the three categories that did not pass, and any request that the
server answered with an error (4xx or 5xx).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import uuid
from dataclasses import dataclass
from pathlib import Path

import throwaway

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
LIGHTHOUSE = BENCH_DIR / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
# Headless, and nothing that reaches for the network (there is none beyond the package
# registries): the same flags as the browser tests (tests/browser/conftest.py).
CHROME_FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
    "--disable-background-networking --disable-component-update --disable-sync"
)
CATEGORIES = ("performance", "accessibility", "best-practices")
TARGETS = {"performance": 95, "accessibility": 100, "best-practices": 100}
PLAYERS = 13
SEED = 9
DEALS = 24  # per table in the demo; table 1 is then given more, so that it is still playing

os.environ.pop("DJANGO_DEBUG", None)
_VAR = throwaway.django_setup("lighthouse", DJANGO_ALLOWED_HOSTS="127.0.0.1")
logging.getLogger("axes").setLevel(logging.WARNING)  # one line per login otherwise

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connections  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from scoring.demo import demo_night_play  # noqa: E402
from tournaments.models import Table  # noqa: E402


@dataclass(frozen=True)
class Audited:
    """A page to audit: its name in the report, its path, and whether it needs the login."""

    name: str
    path: str
    organiser: bool


@dataclass(frozen=True)
class Run:
    scores: dict[str, int]
    failing: list[str]


def build_night() -> tuple[list[Audited], str]:
    """The demo night, the pages to audit and the organiser's session cookie."""
    call_command("migrate", verbosity=0, interactive=False)
    night = demo_night_play(players=PLAYERS, seed=SEED, deals=DEALS)
    table = Table.objects.filter(tournament=night.tournament).order_by("number").first()
    assert table is not None  # noqa: S101 (a demo night always has tables)
    Table.objects.filter(pk=table.pk).update(deals=DEALS + 76)
    organiser = get_user_model().objects.create_user(
        username="bench-organiser", password=uuid.uuid4().hex, is_staff=True, is_superuser=True
    )
    client = Client()
    client.force_login(organiser)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    connections.close_all()
    pk = night.tournament.pk
    pages = [
        Audited("captain", reverse("scoring:table_entry", args=[table.token]), organiser=False),
        Audited("tournament home", reverse("tournaments:night", args=[pk]), organiser=True),
        Audited("standings", reverse("scoring:standings", args=[pk]), organiser=True),
    ]
    return pages, f"{cookie.key}={cookie.value}"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, access_log: Path) -> subprocess.Popen[bytes]:
    """gunicorn as ``scripts/serve`` starts it; returns once it answers."""
    server = subprocess.Popen(  # noqa: S603 (fixed arguments)
        [
            str(Path(sys.executable).parent / "gunicorn"),
            "preisfipsen.wsgi",
            f"--bind=127.0.0.1:{port}",
            "--workers=2",
            "--threads=4",
            f"--access-logfile={access_log}",
            "--no-control-socket",
        ],
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return server
        except OSError:
            time.sleep(0.2)
    server.terminate()
    raise SystemExit("The app did not answer within 30 s.")


def lighthouse(url: str, headers: dict[str, str], report: Path) -> Run:
    """One audit; tried once more when Lighthouse fails (on a busy machine it sometimes loses
    the trace of the page load: NO_NAVSTART, "please run Lighthouse again")."""
    for attempt in (1, 2):
        done = _lighthouse_once(url, headers, report)
        if done or attempt == 2:
            break
    result = json.loads(report.read_text())
    categories = result["categories"]
    scores = {name: round(100 * (categories[name]["score"] or 0)) for name in CATEGORIES}
    return Run(scores=scores, failing=failing_audits(result))


def _lighthouse_once(url: str, headers: dict[str, str], report: Path) -> bool:
    finished = subprocess.run(  # noqa: S603 (fixed arguments)
        [
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            f"--output-path={report}",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={CHROME_FLAGS}",
            f"--extra-headers={json.dumps(headers)}",
        ],
        check=False,
        env={**os.environ, "CHROME_PATH": CHROMIUM},
    )
    if finished.returncode != 0:
        print(f"  (Lighthouse failed on {url}, exit status {finished.returncode})")
        report.unlink(missing_ok=True)
    return finished.returncode == 0


def failing_audits(result: dict) -> list[str]:  # type: ignore[type-arg]
    """Every audit of the three categories that counts and did not pass, as a line."""
    lines = []
    for name in CATEGORIES:
        for ref in result["categories"][name]["auditRefs"]:
            audit = result["audits"][ref["id"]]
            if audit["scoreDisplayMode"] in ("informative", "notApplicable", "manual"):
                continue
            if audit["score"] is None or audit["score"] >= 1:
                continue
            shown = f" ({audit['displayValue']})" if audit.get("displayValue") else ""
            weight = f"weight {ref['weight']}" if ref["weight"] else "not scored"
            lines.append(f"{name}: {audit['id']}{shown}, score {audit['score']:.2f}, {weight}")
    return lines


def errors_logged(access_log: Path, start: int) -> list[str]:
    """The requests (from ``start`` bytes into the log) that the server answered 4xx or 5xx."""
    with access_log.open() as log:
        log.seek(start)
        lines = log.readlines()
    # gunicorn's default format: ... "GET /path HTTP/1.1" 404 ...
    return sorted(
        {
            line.split('"')[1]
            for line in lines
            if len(line.split('"')) > 2 and line.split('"')[2].split()[0][:1] in ("4", "5")
        }
    )


def audit(
    page: Audited, port: int, headers: dict[str, str], runs: int, reports: Path, access_log: Path
) -> Run:
    """``runs`` audits of ``page``, the one with the median performance printed (with what
    failed and what the server answered with an error) and returned."""
    # Once unmeasured, as a server that has been up a while: templates compiled.
    url = f"http://127.0.0.1:{port}{page.path}"
    warm_up = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(warm_up, timeout=30):  # noqa: S310 (http, here)
        pass
    log_start = access_log.stat().st_size
    results = [
        lighthouse(url, headers, reports / f"{page.name}-{number}.json".replace(" ", "-"))
        for number in range(runs)
    ]
    results.sort(key=lambda run: run.scores["performance"])
    median = results[len(results) // 2]
    spread = statistics.pstdev([run.scores["performance"] for run in results])
    shown = ", ".join(f"{name} {median.scores[name]}" for name in CATEGORIES)
    print(f"\n{page.name} ({page.path}): {shown} (performance ±{spread:.1f})")
    for line in median.failing:
        print(f"  failing: {line}")
    for request in errors_logged(access_log, log_start):
        print(f"  server error answer: {request}")
    return median


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="Audits per page (default 3).")
    parser.add_argument("--reports", type=Path, help="Keep Lighthouse's JSON reports here.")
    arguments = parser.parse_args()
    runs = arguments.runs
    reports = arguments.reports or Path(_VAR.name)
    reports.mkdir(parents=True, exist_ok=True)
    for program in (str(LIGHTHOUSE), CHROMIUM):
        if not Path(program).exists():
            print(f"Missing: {program} (see this file's docstring)")
            return 1
    pages, cookie = build_night()
    call_command("collectstatic", verbosity=0, interactive=False)
    port = free_port()
    access_log = Path(_VAR.name) / "access.log"
    server = start_server(port, access_log)
    missed = []
    try:
        print(f"Lighthouse, mobile, median of {runs} runs by performance; targets {TARGETS}")
        for page in pages:
            headers = {"Accept-Language": "de-DE,de;q=0.9"}
            if page.organiser:
                headers["Cookie"] = cookie
            median = audit(page, port, headers, runs, reports, access_log)
            missed += [
                f"{page.name} {name}" for name in CATEGORIES if median.scores[name] < TARGETS[name]
            ]
    finally:
        server.terminate()
        server.wait(timeout=10)
    print("\nBelow target: " + (", ".join(missed) if missed else "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
