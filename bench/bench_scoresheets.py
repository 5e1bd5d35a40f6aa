"""How long all scoresheets of a 10-table night take as one PDF, and the memory it needs.

Run: ``make bench`` or ``.venv/bin/python bench/bench_scoresheets.py`` (``--out sheets.pdf``
also keeps the PDF, ``--tables``/``--deals`` change the night). The issue asks for under 10 s
on one core and a peak under 300 MB.

The night is made as the app makes it, in a throwaway SQLite database in a temporary folder:
40 players registered and drawn to 10 tables by ``tournaments.services``, then 100 deals a
table entered one by one through ``scoring.services.deal_record`` (random games of the rules,
a few passed deals). What is timed is what the job does: the selector (three queries), the
sheets as values, each table laid out on its own, and the pages written as one PDF. The whole
night's file (table cards, seating list, sheets, charts, ranking) is timed once, for the record.

The baseline, in the same run: WeasyPrint on bare HTML of the same rows (one <table> of 100
rows a page, no stylesheet, no web font, laid out as one document), so the ratio says what our
layout costs on top of WeasyPrint itself, on any machine. Peak memory is the process's peak
resident set (``ru_maxrss``) right after the scoresheets, before the baseline runs: Django,
the data and WeasyPrint together, as in a worker.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import resource
import time
import uuid
from collections.abc import Callable

import throwaway

_VAR = throwaway.django_setup("scoresheets")

from django.core.management import call_command  # noqa: E402
from django.utils import translation  # noqa: E402
from weasyprint import HTML  # noqa: E402

from fipsen_rules import Game  # noqa: E402
from scoring import selectors  # noqa: E402
from scoring import services as scoring_services  # noqa: E402
from scoring.renderers import night, night_pdf, scoresheets_pdf  # noqa: E402
from scoring.scoresheets import Scoresheet, scoresheet  # noqa: E402
from tournaments import services  # noqa: E402
from tournaments.desk.services import registration_add  # noqa: E402
from tournaments.draw.services import tournament_draw  # noqa: E402
from tournaments.models import Tournament  # noqa: E402
from tournaments.players.services import player_create  # noqa: E402

ROUNDS = 3
TARGET_SECONDS = 10.0
TARGET_MB = 300
FIRST_NAMES = ("Jürgen", "Ute", "Hans-Peter", "Gisela", "Łukasz", "Anna", "Dieter", "Erika")
LAST_NAMES = ("Müßig", "Öhrling", "Zander", "Straße", "Wójcik", "Übel", "Kuhn", "Lang")
#: Games the tables play, as a captain enters them (the rules score each one).
GAMES = (
    "2 gewonnen",
    "2 verloren",
    "3 gewonnen",
    "3 Hand gewonnen",
    "3 Hand verloren",
    "4 Ruten gewonnen",
    "4 verloren",
    "5 gewonnen",
    "Kieker gewonnen",
    "Kieker aufgegeben",
    "Siebener Fips",
)


def build_night(*, tables: int, deals: int, seed: int = 2026) -> Tournament:
    """A night of ``tables`` tables of four, each with ``deals`` deals played, via the services."""
    call_command("migrate", verbosity=0)
    rng = random.Random(seed)  # noqa: S311 (made-up games for a benchmark, no secret)
    tournament = services.tournament_create(
        name="Herbstpreis des Skatclubs Prisdorf",
        date=datetime.date(2026, 11, 21),
        place="Gasthof Zur Linde, Prisdorf",
        deals_at_four=deals,
    )
    for number in range(tables * 4):
        name = f"{FIRST_NAMES[number % 8]} {LAST_NAMES[number // 8 % 8]} {number}"
        player = player_create(name=name, club="SC Prisdorf")
        registration_add(tournament=tournament, player=player, check_in=True)
    tournament_draw(tournament=tournament, seed=seed)
    services.tournament_start(tournament=tournament)
    for table in tournament.tables.select_related("tournament"):
        sequence = 0
        played = 0
        while played < deals:
            sequence += 1
            passed = rng.random() < 0.04
            scoring_services.deal_record(
                table=table,
                sequence=sequence,
                submission=uuid.uuid4(),
                declarer=None if passed else rng.randrange(4),
                game=Game.passed() if passed else Game.parse(rng.choice(GAMES)),
            )
            played += not passed
    return tournament


def read_sheets(tournament: Tournament) -> list[Scoresheet]:
    return [scoresheet(sheet) for sheet in selectors.table_sheets(tournament=tournament)]


def bare_html(sheets: list[Scoresheet]) -> str:
    pages = "".join(
        f'<section style="break-after: page"><h1>Tisch {sheet.table}</h1><table>'
        + "".join(
            f"<tr><td>{line.number}</td>"
            + "".join(
                f"<td>{cell.total if cell.total is not None else ''}</td>" for cell in line.cells
            )
            + f"<td>{line.value if line.value is not None else ''}</td></tr>"
            for line in sheet.lines
        )
        + "</table></section>"
        for sheet in sheets
    )
    return f"<!doctype html><html><body>{pages}</body></html>"


def best_seconds(work: Callable[[], object], rounds: int = ROUNDS) -> tuple[float, float]:
    """The fastest of ``rounds`` runs, in seconds of the clock and of CPU time: the least
    disturbed by other load on the machine (CPU time shows what a busy machine hides)."""
    clock, cpu = [], []
    for _ in range(rounds):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        clock.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return min(clock), min(cpu)


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def time_sheets(tournament: Tournament) -> tuple[bytes, float, float]:
    """The scoresheets' PDF of the night as the job makes it (read and rendered), after a warm-up:
    the PDF, and the best seconds of the clock and of CPU time."""
    pdf = b""

    def job() -> None:
        nonlocal pdf
        tournament.refresh_from_db()
        pdf = scoresheets_pdf(tournament=tournament, sheets=read_sheets(tournament))

    job()  # warm up: templates, the font, the first import of WeasyPrint's parts
    sheets_s, sheets_cpu = best_seconds(job)
    return pdf, sheets_s, sheets_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--out", help="keep the scoresheets' PDF in this file")
    arguments = parser.parse_args()
    translation.activate("de")
    os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core, as the issue says

    start = time.perf_counter()
    tournament = build_night(tables=arguments.tables, deals=arguments.deals)
    print(
        f"night: {arguments.tables} tables x {arguments.deals} deals entered through "
        f"deal_record in {time.perf_counter() - start:.1f} s"
    )
    before_mb = peak_mb()
    pdf, sheets_s, sheets_cpu = time_sheets(tournament)
    sheets_mb = peak_mb()
    if arguments.out:
        with open(arguments.out, "wb") as out:
            out.write(pdf)
    html = bare_html(read_sheets(tournament))
    base_s, base_cpu = best_seconds(lambda: HTML(string=html).write_pdf())
    night_s, night_cpu = best_seconds(
        lambda: night_pdf(night(tournament=tournament, base_url="http://192.168.1.20:8000")),
        rounds=1,
    )

    verdict = "ok" if sheets_s < TARGET_SECONDS and sheets_mb < TARGET_MB else "TOO SLOW OR BIG"
    print(
        f"scoresheets, {arguments.tables} tables in one PDF ({len(pdf) // 1024} KiB): "
        f"{sheets_s:.2f} s ({sheets_s / arguments.tables * 1000:.0f} ms a table; CPU "
        f"{sheets_cpu:.2f} s), peak RSS {sheets_mb:.0f} MB (before rendering {before_mb:.0f} MB)"
        f" [{verdict}: < {TARGET_SECONDS:.0f} s, < {TARGET_MB} MB]"
    )
    print(f"baseline (WeasyPrint, bare HTML, same rows): {base_s:.2f} s (CPU {base_cpu:.2f} s)")
    print(
        f"the whole night (cards, seating list, sheets, charts, ranking): {night_s:.2f} s "
        f"(CPU {night_cpu:.2f} s, one run), peak RSS by then {peak_mb():.0f} MB"
    )
    print(
        f"ratio scoresheets/baseline: {sheets_s / base_s:.2f}x (CPU {sheets_cpu / base_cpu:.2f}x)"
    )


if __name__ == "__main__":
    main()
