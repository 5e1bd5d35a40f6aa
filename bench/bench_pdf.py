"""How long the table cards of 10 tables (40 players) take to render, against bare WeasyPrint.

Run: ``make bench`` or ``.venv/bin/python bench/bench_pdf.py``. It renders what the job renders
(the template, the shipped font, a QR code per table; no database: the cards are built in
memory), and the seating list of the same 40 players. The baseline, measured in the same run,
is WeasyPrint on bare HTML: the same ten pages of names with no stylesheet, no web font and
no SVG, so the ratio says what our layout costs on top of WeasyPrint itself, on any machine.
"""

import datetime
import os
import time
from collections.abc import Callable

import django
from weasyprint import HTML
from weasyprint.text.ffi import harfbuzz_subset

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "preisfipsen.settings")
django.setup()

# The models and templates need django.setup() first.
from django.utils import translation  # noqa: E402

from tournaments.links import qr_svg, table_entry_url  # noqa: E402
from tournaments.models import Tournament  # noqa: E402
from tournaments.renderers import (  # noqa: E402
    CardSeat,
    TableCard,
    seating_list_pdf,
    table_cards_pdf,
)
from tournaments.selectors import SeatingRow  # noqa: E402

TABLES = 10
ROUNDS = 5
BASE_URL = "http://192.168.1.20:8000"
FIRST_NAMES = ("Jürgen", "Ute", "Hans-Peter", "Gisela", "Łukasz", "Anna", "Dieter", "Erika")
LAST_NAMES = ("Müßig", "Öhrling", "Zander", "Straße", "Wójcik", "Übel", "Kuhn", "Lang")


def night() -> tuple[Tournament, list[TableCard], list[SeatingRow]]:
    tournament = Tournament(
        name="Herbstpreis des Skatclubs Prisdorf",
        date=datetime.date(2026, 11, 21),
        place="Gasthof Zur Linde, Prisdorf",
    )
    cards, rows = [], []
    for number in range(1, TABLES + 1):
        link = table_entry_url(base_url=BASE_URL, token=f"token-of-table-{number:02d}-xxxxxx")
        seats = []
        for position in range(4):
            player = number * 4 + position
            name = f"{FIRST_NAMES[player % 8]} {LAST_NAMES[player // 8 % 8]}"
            club = "SC Prisdorf" if player % 3 else "Skatfreunde Pinneberg"
            seats.append(CardSeat(position + 1, name, club, deals_first=position == number % 4))
            rows.append(SeatingRow(name, club, number, position + 1))
        cards.append(TableCard(number, 100, seats, link, qr_svg(link)))
    return tournament, cards, sorted(rows, key=lambda row: row.name)


def bare_html(cards: list[TableCard]) -> str:
    pages = "".join(
        f'<section style="break-after: page"><h1>Tisch {card.number}</h1>'
        + "".join(f"<p>Platz {seat.number}: {seat.name}, {seat.club}</p>" for seat in card.seats)
        + f"<p>{card.link}</p></section>"
        for card in cards
    )
    return f"<!doctype html><html><body>{pages}</body></html>"


def best_seconds(work: Callable[[], bytes]) -> float:
    """The fastest of ROUNDS runs (after one to warm up): the least disturbed by other load."""
    work()
    timings = []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return min(timings)


def main() -> None:
    translation.activate("de")
    tournament, cards, rows = night()
    html = bare_html(cards)
    cards_s = best_seconds(lambda: table_cards_pdf(tournament=tournament, cards=cards))
    list_s = best_seconds(lambda: seating_list_pdf(tournament=tournament, rows=rows))
    base_s = best_seconds(lambda: HTML(string=html).write_pdf())
    subset = (
        "found" if harfbuzz_subset is not None else "MISSING (apt-get install libharfbuzz-subset0)"
    )
    print(f"libharfbuzz-subset: {subset}")
    each_ms = cards_s / TABLES * 1000
    print(f"table cards, {TABLES} tables: {cards_s * 1000:.0f} ms ({each_ms:.0f} ms a table)")
    print(f"seating list, {len(rows)} players: {list_s * 1000:.0f} ms")
    print(f"baseline (WeasyPrint, bare HTML, {TABLES} pages): {base_s * 1000:.0f} ms")
    print(f"ratio table cards/baseline: {cards_s / base_s:.1f}x")


if __name__ == "__main__":
    main()
