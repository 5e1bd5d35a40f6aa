"""The scoring PDFs: scoresheets filled and blank, the ranking, the whole night; read back with
pdftotext. Also their jobs (progress per table), their buttons, the chart on the sheet page, the
selectors' queries, and one PDF made by a real Celery worker through Redis."""

import copy
import dataclasses
import datetime
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from unittest import mock

import pytest
from celery import Celery
from django.core.exceptions import ValidationError
from django.db import transaction
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation
from pytest_django import DjangoAssertNumQueries, DjangoDbBlocker, Settings

from fipsen_rules import dealer_of_deal
from fipsen_rules.signs import signed_score, signed_total
from preisfipsen.celery import app as celery_app
from preisfipsen.config import celery_config
from printing import kinds, tasks
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring import renderers, selectors
from scoring.printing_kinds import BLANK_SCORESHEETS, NIGHT, RANKING, SCORESHEETS
from scoring.scoresheets import scoresheet
from scoring.selectors import TableSheet
from scoring.standings import ranking
from scoring.standings import selectors as standings_selectors
from scoring.standings.selectors import Standing
from scoring.standings.services import prizes_set
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_fonts, pdf_pages, pdf_text
from tests.scoring.helpers import enter, playing_table
from tests.scoring.print_helpers import MM, PrintedRow, played, sheet_of, sheet_rows, words
from tests.tournaments.pdf_helpers import BASE_URL, drawn_night, file_request
from tests.waiting import wait_until
from tests.workers import worker_database_url, worker_process
from tournaments import services as tournament_services
from tournaments.draw.seats import seat_leave
from tournaments.ledger.entries import entry_models
from tournaments.models import Player, Registration, Seat, Table, Tournament
from tournaments.printing_kinds import owner_of_tournament

pytestmark = pytest.mark.usefixtures("german", "media_root")

#: The night's players: markup in a name, umlauts, ß, latin-ext letters, a very long name.
NAMES = (
    '<b>&"Müller"',
    "Jürgen Müßig",
    "Anna Zander",
    "Östen Berg",
    "Bernd ackermann",
    "Carla Öhrling",
    "Dieter Übel",
    "Erika Nuß",
    "Łukasz Wójcik",
    "Gisela Straße",
    "Maximilian-Alexander von Hohenzollern-Sigmaringen",
    "Inge Lang",
    "Karl Maier",
)
#: Games entered in turn (the rules score them), with a passed deal now and then.
GAMES = ("3 gewonnen", "2 verloren", "3 Hand verloren", "Kieker gewonnen", "4 Ruten gewonnen",
         "passed", "2 gewonnen", "Siebener Fips", "Kieker aufgegeben", "5 gewonnen")  # fmt: skip
#: Table 1 (four players): a player leaves after deal LEFT_AFTER, play stops after PLAYED.
LEFT_AFTER, PLAYED = 64, 70
#: Table 2 (three players): PLAYED_AT_THREE deals.
PLAYED_AT_THREE = 58


def play(table: Table, deals: int, *, leave: tuple[int, int] | None = None) -> None:
    """Enter ``deals`` completed deals at a table; ``leave`` = (seat, after deal)."""
    number = 0
    turn = 0
    while number < deals:
        if leave and number == leave[1]:
            seat = Seat.objects.get(table=table, position=leave[0])
            if seat.left_after_deal is None:
                seat_leave(seat=seat, after_deal=leave[1])
        upcoming = selectors.next_deal(table=table)
        game = GAMES[turn % len(GAMES)]
        declarer = None if game == "passed" else upcoming.seats[turn % len(upcoming.seats)]
        enter(table, declarer, game)
        number += game != "passed"
        turn += 1


@dataclass
class Printed:
    """The night and what the renderers made of it, kept after its data is rolled back."""

    tournament: Tournament
    sheets: list[TableSheet]
    standings: list[Standing]
    pdfs: dict[str, bytes] = field(default_factory=dict)
    progress: dict[str, list[tuple[int, int]]] = field(default_factory=dict)


@pytest.fixture(scope="module")
def printed(django_db_setup: None, django_db_blocker: DjangoDbBlocker) -> Printed:
    """One night, played at two tables, and every PDF of it, made once for the module.

    The data is made in a transaction that is rolled back: the values and the PDFs stay.
    """
    with django_db_blocker.unblock(), translation.override("de"), transaction.atomic():
        tournament = drawn_night(names=NAMES)
        tournament_services.tournament_start(tournament=tournament)
        prizes_set(
            tournament=tournament,
            prizes=[
                ranking.Prize(1, Decimal(50), ""),
                ranking.Prize(2, Decimal(30), "Präsentkorb"),
                ranking.Prize(3, Decimal(20), ""),
            ],
        )
        tables = list(Table.objects.filter(tournament=tournament).select_related("tournament"))
        assert [table.seats.count() for table in tables] == [4, 3, 3, 3]
        play(tables[0], PLAYED, leave=(1, LEFT_AFTER))
        play(tables[1], PLAYED_AT_THREE)
        play(tables[2], 5)
        tournament.refresh_from_db()
        result = Printed(
            tournament,
            selectors.table_sheets(tournament=tournament),
            standings_selectors.standings(tournament=tournament),
        )
        for kind in (
            SCORESHEETS,
            BLANK_SCORESHEETS,
            RANKING,
            NIGHT,
        ):
            steps: list[tuple[int, int]] = []
            job = FileJob(
                GeneratedFile(owner=owner_of_tournament(tournament), kind=kind),
                {"base_url": BASE_URL},
                progress=lambda done, total, steps=steps: steps.append((done, total)),
            )
            result.pdfs[kind] = kinds.kind_named(kind).renderer()(job)
            result.progress[kind] = steps
        for kind in ("table_cards", "seating_list"):  # the tournaments app's, for comparison
            job = FileJob(
                GeneratedFile(owner=owner_of_tournament(tournament), kind=kind),
                {"base_url": BASE_URL},
            )
            result.pdfs[kind] = kinds.kind_named(kind).renderer()(job)
        transaction.set_rollback(True)
    return result


def expected_row(sheet: TableSheet, number: int) -> PrintedRow:
    """A played row as it must be printed: "•" before the dealer's total, the value."""
    row = next(row for row in sheet.rows if row.deal.number == number)
    cells = []
    for seat, total in zip(sheet.seats, row.totals, strict=True):
        if seat.left_after_deal is not None and number > seat.left_after_deal:
            cells.append("")
        else:
            cells.append(("• " if seat.position == row.deal.dealer else "") + signed_total(total))
    return PrintedRow(number, tuple(cells), signed_score(row.deal.score))


def dealers_in_turn(first: int, seats: int, deals: int, left: dict[int, int]) -> list[int]:
    """The dealer of each deal 1…deals: clockwise, skipping a player who has left."""
    dealers = []
    dealer = first
    for number in range(1, deals + 1):
        while dealer in left and number > left[dealer]:
            dealer = (dealer + 1) % seats
        dealers.append(dealer)
        dealer = (dealer + 1) % seats
    return dealers


# The filled scoresheets


def test_two_pages_per_table_whatever_the_names(printed: Printed) -> None:
    """Rows of 6 mm to write in by hand (issue 19) take two pages (test_sheet_rows.py)."""
    assert pdf_pages(printed.pdfs[SCORESHEETS]) == 8


def _ended_early(sheet: TableSheet, reason: str) -> TableSheet:
    """The sheet of the same table as if the organiser had ended it early (no database)."""
    table = copy.copy(sheet.table)
    table.ended_early_at = datetime.datetime(2026, 11, 21, 22, tzinfo=datetime.UTC)
    table.ended_early_after = sheet.played
    table.ended_early_reason = reason
    return dataclasses.replace(sheet, table=table)


@pytest.mark.parametrize("reason", ["Die Zeit war um", ("Die Zeit war um, " * 12)[:200]])
def test_a_table_ended_early_says_so_on_its_sheet_still_two_pages(
    printed: Printed, reason: str
) -> None:
    """At four and at three players, up to the longest reason the form takes (cut to one
    line): one line more, and still two pages per table, the line on each."""
    sheets = [_ended_early(sheet, reason) for sheet in printed.sheets]
    assert sorted({len(sheet.seats) for sheet in sheets}) == [3, 4]
    with translation.override("de"):
        pdf = renderers.scoresheets_pdf(
            tournament=printed.tournament, sheets=[scoresheet(sheet) for sheet in sheets]
        )
    assert pdf_pages(pdf) == 2 * len(sheets)
    for page, sheet in enumerate((s for s in sheets for _ in range(2)), start=1):
        text = " ".join(pdf_text(pdf, page=page).split())
        number, played = sheet.table.number, sheet.played
        deals = sheet.table.deals
        assert f"Tisch {number} vorzeitig beendet nach {played} von {deals} Spielen" in text


def test_a_blank_sheet_and_a_table_not_ended_carry_no_such_line(printed: Printed) -> None:
    ended = _ended_early(printed.sheets[0], "Die Zeit war um")
    assert scoresheet(ended, blank=True).ended_early_note == ""
    assert scoresheet(printed.sheets[1]).ended_early_note == ""
    assert "vorzeitig" not in pdf_text(printed.pdfs[SCORESHEETS])


@pytest.mark.parametrize("kind", [SCORESHEETS, BLANK_SCORESHEETS])
def test_every_player_is_named_as_typed(printed: Printed, kind: str) -> None:
    text = pdf_text(printed.pdfs[kind])
    for name in NAMES[:10]:
        assert name in text
    assert "Maximilian-" in text, "a long name is shortened, not left out"


def test_the_markup_in_a_name_is_escaped(printed: Printed) -> None:
    sheet = next(s for s in printed.sheets if NAMES[0] in [p.name for p in players(s)])
    html = render_to_string(
        "pdf/scoresheets.html", {"tournament": printed.tournament, "sheets": [scoresheet(sheet)]}
    )
    assert "&lt;b&gt;&amp;&quot;Müller&quot;" in html
    assert '<b>&"Müller"' not in html


def players(sheet: TableSheet) -> list[Player]:
    return [seat.registration.player for seat in sheet.seats]


def test_each_sheet_heads_its_table_and_the_night(printed: Printed) -> None:
    pdf = printed.pdfs[SCORESHEETS]
    for page in range(1, 9):
        text = pdf_text(pdf, page=page)
        assert f"Tisch {(page + 1) // 2}" in text
        assert "Herbstpreis & <Co>" in text
        assert "21. November 2026" in text
        assert "Spiel" in text
        assert "Wert" in text


def test_deal_57_shows_the_totals_after_it_and_its_value(printed: Printed) -> None:
    sheet = printed.sheets[0]
    rows = sheet_rows(printed.pdfs[SCORESHEETS], page=1, players=4, deals=100)
    assert rows[57] == expected_row(sheet, 57)
    totals = next(row.totals for row in sheet.rows if row.deal.number == 57)
    assert [cell.removeprefix("• ") for cell in rows[57].cells] == [signed_total(t) for t in totals]


def test_every_played_row_is_printed_with_its_dealer_marked(printed: Printed) -> None:
    sheet = printed.sheets[0]
    rows = sheet_rows(printed.pdfs[SCORESHEETS], page=1, players=4, deals=100)
    for number in range(1, PLAYED + 1):
        assert rows[number] == expected_row(sheet, number)
        assert sum(cell.startswith("•") for cell in rows[number].cells) == 1


def test_a_table_of_three_prints_its_rows_in_two_blocks_of_60(printed: Printed) -> None:
    sheet = printed.sheets[1]
    rows = sheet_rows(printed.pdfs[SCORESHEETS], page=3, players=3, deals=120)
    assert sorted(rows) == list(range(1, 121))
    for number in (1, 57, PLAYED_AT_THREE):
        assert rows[number] == expected_row(sheet, number)
    assert rows[PLAYED_AT_THREE + 1].value == ""


def test_a_passed_deal_gets_no_row(printed: Printed) -> None:
    sheet = printed.sheets[0]
    passed = [row for row in sheet.rows if row.deal.is_passed]
    assert passed, "the night has passed deals"
    rows = sheet_rows(printed.pdfs[SCORESHEETS], page=1, players=4, deals=100)
    assert sorted(rows) == list(range(1, 101))


def test_after_a_player_left_his_column_stays_empty(printed: Printed) -> None:
    rows = sheet_rows(printed.pdfs[SCORESHEETS], page=1, players=4, deals=100)
    assert rows[LEFT_AFTER].cells[1] != ""
    assert all(rows[number].cells[1] == "" for number in range(LEFT_AFTER + 1, 101))
    text = pdf_text(printed.pdfs[SCORESHEETS], page=1)
    assert f"ausgeschieden nach Spiel {LEFT_AFTER}" in text


def test_rows_still_to_play_are_empty_but_for_their_dealer(printed: Printed) -> None:
    sheet = printed.sheets[0]
    seats = len(sheet.seats)
    rows = sheet_rows(printed.pdfs[SCORESHEETS], page=1, players=4, deals=100)
    left = {seat.position: seat.left_after_deal for seat in sheet.seats if seat.left_after_deal}
    last_dealer = sheet.rows[-1].deal.dealer
    dealer = last_dealer
    for number in range(PLAYED + 1, 101):
        dealer = (dealer + 1) % seats
        while dealer in left:
            dealer = (dealer + 1) % seats
        assert rows[number].value == ""
        assert rows[number].cells == tuple("•" if i == dealer else "" for i in range(seats))


def test_each_players_total_stands_in_his_box_above_the_rows(printed: Printed) -> None:
    found = words(printed.pdfs[SCORESHEETS], page=1)
    top = next(w.y_min for w in found if w.text == "Tisch")
    head = next(w.y_min for w in found if w.text == "Spiel")
    sheet = printed.sheets[0]
    width = (210 - 18) / len(sheet.seats)  # the boxes share the page's width
    for index, (seat, total) in enumerate(sheet.standing):
        box = [
            w.text
            for w in found
            if top < w.y_min < head and 9 + index * width <= w.x_min / MM < 9 + (index + 1) * width
        ]
        assert str(seat.position + 1) in box
        assert seat.registration.player.name[:8] in " ".join(box)
        assert signed_total(total) in box


# Blank scoresheets


@pytest.mark.parametrize("table", [0, 1, 3])
def test_blank_sheets_have_the_names_and_the_dealers_but_no_totals(
    printed: Printed, table: int
) -> None:
    sheet = printed.sheets[table]
    players, deals = len(sheet.seats), sheet.table.deals
    pdf = printed.pdfs[BLANK_SCORESHEETS]
    rows = sheet_rows(pdf, page=2 * table + 1, players=players, deals=deals)
    left = {s.position: s.left_after_deal for s in sheet.seats if s.left_after_deal is not None}
    dealers = dealers_in_turn(sheet.table.first_dealer, players, deals, left)
    assert sorted(rows) == list(range(1, deals + 1))
    for number, dealer in enumerate(dealers, start=1):
        assert rows[number].cells == tuple("•" if i == dealer else "" for i in range(players))
        assert rows[number].value == ""
    text = " ".join(pdf_text(pdf, page=2 * table + 1).split())
    for seat in sheet.seats:
        assert seat.registration.player.name[:12] in text


def test_blank_dealers_are_the_rules_dealers_when_nobody_left() -> None:
    for players, first in ((4, 2), (3, 1)):
        sheet = sheet_of([], names=("A", "B", "C", "D")[:players], first_dealer=first)
        printed_sheet = scoresheet(sheet, blank=True)
        assert [line.dealer for line in printed_sheet.lines] == [
            dealer_of_deal(n, first_dealer=first, players=players) for n in range(1, 101)
        ]
        assert all(line.value is None for line in printed_sheet.lines)
        assert all(c.total is None for line in printed_sheet.lines for c in line.cells)


def test_a_blank_sheet_ignores_the_deals_played() -> None:
    sheet = sheet_of(played([(0, 12), (1, -6)]))
    blank = scoresheet(sheet, blank=True)
    assert not blank.filled
    assert all(column.total is None for column in blank.columns)
    assert [line.dealer for line in blank.lines[:3]] == [0, 1, 2]


def test_after_a_passed_deal_the_same_player_deals_the_next_row() -> None:
    sheet = sheet_of([(1, 0, 1, 6), (None, 1, None, 0)])
    lines = scoresheet(sheet).lines
    assert (lines[0].dealer, lines[1].dealer, lines[2].dealer) == (0, 1, 2)


# The ranking


def test_the_ranking_shows_places_points_prizes_and_a_signature_line(printed: Printed) -> None:
    pdf = printed.pdfs[RANKING]
    text = pdf_text(pdf, layout=True)
    assert "Siegerliste" in text
    assert "Herbstpreis & <Co> · 21. November 2026 · Gasthof Zur Linde" in text
    assert "Vorläufig" in text, "not finished yet"
    lines = text.splitlines()
    for standing in printed.standings:
        line = next(line for line in lines if standing.name[:11] in line)
        place = f"{standing.place}." + (" =" if standing.shared else "")
        assert line.split()[0] == place.split()[0]
        assert signed_total(standing.points) in line.split()
    first, second, third = printed.standings[:3]
    assert "50,00 €" in next(line for line in lines if first.name[:11] in line)
    assert "30,00 € +" in next(line for line in lines if second.name[:11] in line)
    assert "Präsentkorb" in text
    assert "20,00 €" in next(line for line in lines if third.name[:11] in line)
    assert "Ort, Datum" in text
    assert "Unterschrift der Turnierleitung" in text
    assert "Gasthof Zur Linde, 21. November 2026" in text
    assert "Gleichplatzierte teilen" in text


def test_the_ranking_lists_every_player_in_order(printed: Printed) -> None:
    text = pdf_text(printed.pdfs[RANKING])
    positions = [text.index(standing.name[:10]) for standing in printed.standings]
    assert positions == sorted(positions)
    assert len(printed.standings) == len(NAMES)


def test_the_ranking_of_a_finished_night_is_final(printed: Printed) -> None:
    finished = copy.copy(printed.tournament)
    finished.state = Tournament.State.FINISHED
    text = pdf_text(renderers.ranking_pdf(tournament=finished, standings=printed.standings))
    assert "Vorläufig" not in text
    assert "Siegerliste" in text


def _standings_of(count: int, *, ended_early: int = 0) -> list[Standing]:
    """``count`` lines of a ranking, without the database; the first ``ended_early`` tables
    ended early (each a line under the ranking)."""
    tables = [Table(pk=number, number=number, deals=120) for number in range(1, count // 4 + 2)]
    for table in tables[:ended_early]:
        table.ended_early_at = datetime.datetime(2026, 11, 21, 22, tzinfo=datetime.UTC)
        table.ended_early_after = 57
        table.ended_early_reason = "Die Zeit war um"
    return [
        Standing(
            place=index + 1,
            shared=False,
            seat=Seat(
                table=tables[index // 4],
                position=index % 4,
                registration=Registration(
                    player=Player(name=f"Spielerin Nummer {index}", club="SC Prisdorf von 1920")
                ),
            ),
            deals=100,
            points=200 - index,
            declared=20,
            won=12,
            lost=8,
            best=12,
        )
        for index in range(count)
    ]


def test_the_signature_never_stands_alone_on_the_last_page(printed: Printed) -> None:
    """However many players, the last page carries at least the last place as well: a page
    with only the signature would look like nobody's."""
    pages_seen = set()
    # Around the first two page breaks (about 19 and 45 players).
    for count in [*range(16, 24), *range(42, 50)]:
        pdf = renderers.ranking_pdf(tournament=printed.tournament, standings=_standings_of(count))
        last = pdf_pages(pdf)
        pages_seen.add(last)
        text = pdf_text(pdf, page=last)
        assert "Unterschrift der Turnierleitung" in text, count
        assert f"{count}. Spielerin Nummer {count - 1}" in " ".join(text.split()), count
    assert len(pages_seen) >= 3  # the counts cover several page breaks


@pytest.mark.parametrize(("players", "pages"), [(13, 1), (16, 1), (30, 2), (40, 2)])
def test_the_usual_night_fits_as_few_pages_as_it_needs(
    printed: Printed, players: int, pages: int
) -> None:
    """Up to ~40 players with clubs, four tables ended early (a line each): the last place,
    the notes and the signature share the pages the rows need (74_pdf-2.png: 13 players took
    a second page for one line and the signature)."""
    standings = _standings_of(players, ended_early=4)
    pdf = renderers.ranking_pdf(tournament=printed.tournament, standings=standings)
    assert pdf_pages(pdf) == pages
    text = " ".join(pdf_text(pdf, page=pages).split())
    assert "Unterschrift der Turnierleitung" in text
    assert "Tisch 4 vorzeitig beendet nach 57 von 120 Spielen: Die Zeit war um" in text


# The whole night


def section_of(text: str) -> str:
    """Which part of the night's file a page belongs to."""
    if "Siegerliste" in text or "Unterschrift der Turnierleitung" in text:
        return "ranking"
    if "Zwischenstände" in text or "Punkte" in text:
        return "charts"
    if "Sitzliste" in text:
        return "seating list"
    if "Wert" in text:
        return "scoresheets"
    return "table cards"


def test_the_night_file_has_everything_in_order(printed: Printed) -> None:
    pdf = printed.pdfs[NIGHT]
    parts = {
        "table cards": pdf_pages(printed.pdfs["table_cards"]),
        "seating list": pdf_pages(printed.pdfs["seating_list"]),
        "scoresheets": 8,
        "charts": 2,
        "ranking": pdf_pages(printed.pdfs[RANKING]),
    }
    sections = [section_of(pdf_text(pdf, page=page)) for page in range(1, pdf_pages(pdf) + 1)]
    assert sections == [name for name, pages in parts.items() for _ in range(pages)]
    text = pdf_text(pdf)
    assert text.count(f"{BASE_URL}/t/") == 4, "a card for each table"
    sheets = [page for page, name in enumerate(sections, start=1) if name == "scoresheets"]
    for index, page in enumerate(sheets):
        assert f"Tisch {index // 2 + 1}" in pdf_text(pdf, page=page)
    charts = [pdf_text(pdf, page=page) for page, name in enumerate(sections, 1) if name == "charts"]
    assert all(f"Tisch {number}" in charts[(number - 1) // 2] for number in range(1, 5))


def test_the_night_file_charts_every_players_total(printed: Printed) -> None:
    pdf = printed.pdfs[NIGHT]
    page = next(
        page
        for page in range(1, pdf_pages(pdf) + 1)
        if "Zwischenstände" in pdf_text(pdf, page=page)
    )
    text = pdf_text(pdf, page=page)
    for seat, total in printed.sheets[0].standing:
        assert f"{signed_total(total)} {seat.registration.player.name[:10]}" in text


@pytest.mark.parametrize("kind", [SCORESHEETS, RANKING, NIGHT])
def test_the_pdfs_use_the_shipped_font_only(printed: Printed, kind: str) -> None:
    fonts = pdf_fonts(printed.pdfs[kind])
    assert fonts
    assert all(font.startswith("Atkinson") for font in fonts), fonts


@pytest.mark.parametrize(
    ("kind", "steps"),
    [
        (SCORESHEETS, 5),
        (BLANK_SCORESHEETS, 5),
        (RANKING, 2),
        (NIGHT, 9),
    ],
)
def test_each_job_reports_its_progress_table_by_table(
    printed: Printed, kind: str, steps: int
) -> None:
    assert printed.progress[kind] == [(done, steps) for done in range(steps + 1)]


# Through the file jobs and the pages


def organiser(client: Client) -> Client:
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "filename"),
    [
        (SCORESHEETS, "Spielzettel_Preisfipsen_2026-11-21.pdf"),
        (BLANK_SCORESHEETS, "Leere_Spielzettel_Preisfipsen_2026-11-21.pdf"),
        (RANKING, "Siegerliste_Preisfipsen_2026-11-21.pdf"),
        (NIGHT, "Der_ganze_Abend_Preisfipsen_2026-11-21.pdf"),
    ],
)
def test_the_organiser_requests_a_pdf_and_downloads_it(
    client: Client,
    sent: mock.MagicMock,
    django_capture_on_commit_callbacks: Callable,
    kind: str,
    filename: str,
) -> None:
    table = playing_table(deals=10)
    enter(table, 0, "3 Hand verloren")
    organiser(client)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("tournaments:file_request", args=[table.tournament_id, kind])
        )
    file = GeneratedFile.objects.get()
    status = reverse("printing:file_status", args=[file.pk])
    assert response["Location"].startswith(f"{status}?next=")
    assert sent.call_args.kwargs["kwargs"]["options"]["base_url"] == "http://testserver"

    with mock.patch.object(tasks.generate_file, "update_state") as update_state:
        tasks.generate_file.apply(args=(str(file.pk),), kwargs=sent.call_args.kwargs["kwargs"])
    reported = [call.kwargs["meta"] for call in update_state.call_args_list]
    assert reported[-1]["done"] == reported[-1]["total"] > 1

    download = client.get(reverse("printing:file_download", args=[file.pk]))
    assert download["Content-Disposition"] == f'attachment; filename="{filename}"'
    text = pdf_text(b"".join(download.streaming_content))
    assert "Spieler 00" in text


@pytest.mark.django_db
def test_blank_scoresheets_for_the_tables_that_keep_paper(
    client: Client, sent: mock.MagicMock, django_capture_on_commit_callbacks: Callable
) -> None:
    tournament = drawn_night()  # 13 players: tables 1 to 4
    organiser(client)
    tables_page = client.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    assert tables_page.count('type="checkbox" name="table"') == 4
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("tournaments:file_request", args=[tournament.pk, BLANK_SCORESHEETS]),
            {"tables_chosen": "1", "table": ["2", "4"]},
        )
    file = GeneratedFile.objects.get()
    assert sent.call_args.kwargs["kwargs"]["options"]["tables"] == "2,4"

    tasks.generate_file.apply(args=(str(file.pk),), kwargs=sent.call_args.kwargs["kwargs"])

    download = client.get(reverse("printing:file_download", args=[file.pk]))
    pdf = b"".join(download.streaming_content)
    assert pdf_pages(pdf) == 4
    assert ["Tisch 2" in pdf_text(pdf, page=2), "Tisch 4" in pdf_text(pdf, page=3)] == [True, True]
    assert "Tisch 1" not in pdf_text(pdf)


@pytest.mark.django_db
@pytest.mark.parametrize("ticked", [[], ["x"], ["²"], ["2", ""]], ids=["none", "x", "²", "empty"])
def test_blank_scoresheets_without_a_table_rightly_ticked_make_nothing(
    client: Client, sent: mock.MagicMock, ticked: list[str]
) -> None:
    tournament = drawn_night()
    organiser(client)
    url = reverse("tournaments:file_request", args=[tournament.pk, BLANK_SCORESHEETS])

    response = client.post(url, {"tables_chosen": "1", "table": ticked}, follow=True)

    assert "Kreuzen Sie mindestens einen Tisch an." in response.content.decode()
    assert not GeneratedFile.objects.exists()
    assert not sent.called


@pytest.mark.django_db
def test_blank_scoresheets_of_tables_that_do_not_exist_say_so() -> None:
    tournament = drawn_night()
    file = GeneratedFile(owner=owner_of_tournament(tournament), kind=BLANK_SCORESHEETS)
    with pytest.raises(ValidationError) as error:
        renderers.render_blank_scoresheets(FileJob(file, {"tables": "7,9"}))
    assert error.value.code == "no_such_table"


@pytest.mark.django_db
@pytest.mark.parametrize("kind", [SCORESHEETS, RANKING, NIGHT])
def test_without_tables_the_job_says_to_draw_first(kind: str) -> None:
    tournament = tournament_services.tournament_create(name="Leer", date=datetime.date.today())
    job = FileJob(
        GeneratedFile(owner=owner_of_tournament(tournament), kind=kind), {"base_url": BASE_URL}
    )
    with pytest.raises(ValidationError) as refused:
        kinds.kind_named(kind).renderer()(job)
    assert refused.value.code == "not_drawn"


@pytest.mark.django_db
def test_the_print_page_offers_every_pdf_of_the_night_once(client: Client) -> None:
    table = playing_table(deals=10)
    page = organiser(client).get(reverse("night:print", args=[table.tournament_id]))
    html = page.content.decode()
    every = ("table_cards", "seating_list", "blank_scoresheets", "scoresheets", "ranking", "night")
    for kind in every:
        url = reverse("tournaments:file_request", args=[table.tournament_id, kind])
        assert html.count(f'action="{url}"') == 1, kind


@pytest.mark.django_db
def test_the_organisers_sheet_page_shows_the_chart_with_names_escaped(client: Client) -> None:
    table = playing_table(deals=10)
    seat = table.seats.get(position=0)
    seat.registration.player.name = '<b>&"Müller"'
    seat.registration.player.save()
    enter(table, 0, "3 Hand verloren")
    enter(table, 1, "2 gewonnen")
    url = reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk])
    html = organiser(client).get(url).content.decode()
    assert '<svg class="chart"' in html
    assert html.count('class="series"') == 4
    assert "&lt;b&gt;&amp;&quot;Müller&quot;" in html
    assert '<b>&"Müller"' not in html


@pytest.mark.django_db
def test_a_sheet_without_deals_shows_no_chart(client: Client) -> None:
    table = playing_table(deals=10)
    url = reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk])
    assert '<svg class="chart"' not in organiser(client).get(url).content.decode()


# Queries: the same few, however many deals


@pytest.mark.django_db
@pytest.mark.parametrize("deals", [1, 40])
def test_the_renderers_selectors_read_a_fixed_number_of_queries(
    django_assert_num_queries: DjangoAssertNumQueries, deals: int
) -> None:
    table = playing_table(deals=50)
    for number in range(deals):
        enter(table, number % 4, "3 gewonnen")
    tournament = Tournament.objects.get(pk=table.tournament_id)
    with django_assert_num_queries(3):
        sheets = selectors.table_sheets(tournament=tournament)
    assert len(sheets[0].rows) == deals
    with django_assert_num_queries(2):  # the seats with their running totals, the prizes
        standings_selectors.standings(tournament=tournament)
    # sheets, cards, seating list, standings, receipts (the tables, one query a kind of entry)
    with django_assert_num_queries(3 + 2 + 1 + 2 + 1 + len(entry_models())):
        renderers.night(tournament=tournament, base_url=BASE_URL)


# A real worker, through Redis

REDIS_HOST, REDIS_PORT = "127.0.0.1", 6379
REDIS_URL = f"redis://{REDIS_HOST}:{REDIS_PORT}/15"  # a database of its own: never a developer's
WORKER_TIMEOUT = 90


@pytest.fixture
def redis_worker(
    transactional_db: None, tmp_path: Path, require_service: Callable[[str, int, str], None]
) -> Iterator[tuple[Celery, Path]]:
    """A real `celery -A preisfipsen worker` on Redis (database 15) and the test database.

    Yields a client app that sends to the worker's own queue, and the worker's media folder.
    """
    require_service(REDIS_HOST, REDIS_PORT, "Redis")
    queue = f"test-pdfs-{uuid.uuid4().hex}"
    env = {
        "PREISFIPSEN_VAR_DIR": str(tmp_path),
        "DATABASE_URL": worker_database_url(),
        "CELERY_BROKER_URL": REDIS_URL,
    }
    client = Celery("test-pdfs-client", set_as_current=False)
    client.conf.update(celery_config(broker_url=REDIS_URL, result_backend=None, var_dir=tmp_path))
    client.conf.task_default_queue = queue
    args = [f"--queues={queue}", f"--hostname=test-pdfs-{queue}@%h"]
    with worker_process(env=env, log=tmp_path / "worker.log", args=args):
        yield client, tmp_path / "media"
    client.close()


def test_a_real_worker_on_redis_makes_the_scoresheets_and_reports_each_table(
    redis_worker: tuple[Celery, Path],
    settings: Settings,
    client: Client,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    worker, media = redis_worker
    settings.MEDIA_ROOT = media
    tournament = drawn_night(names=NAMES)
    tournament_services.tournament_start(tournament=tournament)
    table = Table.objects.select_related("tournament").get(tournament=tournament, number=1)
    play(table, 12)
    with mock.patch.object(tasks.generate_file, "apply_async"):
        file = file_request(tournament=tournament, kind=SCORESHEETS, options={"base_url": BASE_URL})
    # The status page reads the job's state from the worker's Redis.
    monkeypatch.setattr(celery_app._local, "backend", worker.backend, raising=False)
    organiser(client)
    status = reverse("printing:file_status", args=[file.pk])
    download = reverse("printing:file_download", args=[file.pk])

    result = worker.send_task(
        tasks.generate_file.name,
        args=(str(file.pk),),
        kwargs={"options": {"language": "de", "base_url": BASE_URL}},
        task_id=file.task_id,
    )
    seen = set()
    last = [""]

    def downloadable() -> bool:
        last[0] = part = client.get(status, headers={"hx-request": "true"}).content.decode()
        if 'max="5"' in part:
            seen.add(part.split('value="')[1].split('"')[0])
        return download in part

    wait_until(
        downloadable,
        lambda: f"the download; the status said: {last[0]}",
        timeout=WORKER_TIMEOUT,
        interval=0.05,
    )

    assert result.get(timeout=WORKER_TIMEOUT) is None
    assert result.state == "SUCCESS"
    assert seen, "the page showed the progress bar of the 4 tables and the writing"
    assert seen <= {"0", "1", "2", "3", "4", "5"}
    pdf = b"".join(client.get(download).streaming_content)
    assert pdf_pages(pdf) == 8
    rows = sheet_rows(pdf, page=1, players=4, deals=100)
    sheet = selectors.table_sheets(tournament=tournament)[0]
    assert rows[12] == expected_row(sheet, 12)
    assert '<b>&"Müller"' in pdf_text(pdf)
    file.refresh_from_db()
    assert Path(file.file.path).is_relative_to(media)


# The values alone


def test_the_blocks_split_the_rows_in_four_quarters_two_a_page() -> None:
    sheet = scoresheet(sheet_of(played([(0, 12), (1, -6)])))
    blocks = sheet.blocks
    assert [len(block.lines) for block in blocks] == [25, 25, 25, 25]
    assert [block.numbers.splitlines()[0] for block in blocks] == ["1", "26", "51", "76"]
    assert [len(page) for page in sheet.pages] == [2, 2]
    assert blocks[0].players[0].text.splitlines() == ["•\u200212", "12"]
    assert blocks[0].players[1].text.splitlines() == ["0", "•\u2002\N{MINUS SIGN}6"]
    assert blocks[0].values.splitlines() == ["+12", "\N{MINUS SIGN}6"]
    assert blocks[0].players[2].marks.splitlines()[0] == "•", "deal 3 is dealt by seat 2"
    assert blocks[0].players[2].marks_from == 2
