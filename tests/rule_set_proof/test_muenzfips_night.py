"""The proof of issue 17 (item 6): Münzfips, a rule set that exists only in these tests (one
library module, ``muenzfips.py``, and one web module, ``muenzfips_pages.py``, registered by a
fixture), plays a whole night through the app's generic pages, as the organiser and a
captain's phone would: created on the new-tournament form, players registered and checked in
at the desk, the tables drawn and play started, every deal entered on the captain's link
through the one deal form, one corrected by the organiser, the night's other pages, the
standings, the night finished, the scoresheet PDF (made as the print button makes it, and
read back), and the night's file exported, the database emptied, and imported again with the
same deals. No file of the project names
Münzfips. Runs on SQLite and PostgreSQL."""

import json
import re
from collections.abc import Callable
from io import BytesIO
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from printing import tasks
from printing.models import GeneratedFile
from scoring import tasks as scoring_tasks
from scoring.models import Deal, NightImport
from scoring.printing_kinds import SCORESHEETS
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_text
from tests.rule_set_proof.muenzfips import MUENZFIPS, NAME
from tests.scoring.print_helpers import sheet_rows
from tournaments.models import Player, Table, Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),  # the database is emptied before the import
    pytest.mark.usefixtures("german", "muenzfips_registered"),
]

#: Seven players: a table of four and one of three, six deals each.
PLAYERS = [f"Münzer {number}" for number in range(1, 8)]
DEALS = 6
FORM = {
    "name": "Münzfips-Abend",
    "date": "2026-11-27",
    "place": "Prisdorf",
    "rule_set": NAME,
    "deals_at_four": str(DEALS),
    "deals_at_three": str(DEALS),
    "tie_break": "",
    "entry_fee": "0",
}


def _deal(number: int, size: int) -> tuple[int, str, str, int]:
    """The ``number``-th deal (from 1) at a table of ``size``: the declarer's seat, the tapped
    contract and result, and his points."""
    tricks = 1 + number % 3
    won = number % 2 == 1
    return number % size, str(tricks), "won" if won else "lost", tricks if won else -tricks


def _hidden(page: str) -> dict[str, str]:
    """The deal form's own hidden fields (the sequence expected, this entry's id)."""
    found = {}
    for name in ("sequence", "submission"):
        match = re.search(rf'name="{name}" value="([^"]+)"', page)
        assert match, f"no {name} on the page"
        found[name] = match.group(1)
    return found


def _created(organiser: Client) -> Tournament:
    form = organiser.get(reverse("tournaments:tournament_create")).content.decode()
    assert f'value="{NAME}"' in form
    assert "<strong>Münzfips</strong>" in form
    response = organiser.post(reverse("tournaments:tournament_create"), FORM)
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(name=FORM["name"])
    assert (tournament.rule_set, tournament.rule_options) == (NAME, {})
    return tournament


def _registered_and_checked_in(organiser: Client, tournament: Tournament) -> None:
    for name in PLAYERS:
        player = Player.objects.create(name=name, club="Münzclub", name_key=name.lower())
        url = reverse("tournaments:registration_add", args=[tournament.pk])
        assert organiser.post(url, {"player": player.pk, "check_in": "on"}).status_code == 302
    assert tournament.registrations.filter(checked_in_at__isnull=False).count() == len(PLAYERS)


def _drawn_and_started(organiser: Client, tournament: Tournament) -> list[Table]:
    confirmed = {"confirm": "yes"}
    draw = organiser.get(reverse("tournaments:draw", args=[tournament.pk])).content.decode()
    assert "1 Vierertisch" in draw
    assert "1 Dreiertisch" in draw
    assert organiser.post(reverse("tournaments:draw", args=[tournament.pk]), confirmed)
    assert organiser.post(reverse("tournaments:start", args=[tournament.pk]), confirmed)
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    assert [(table.seats.count(), table.deals) for table in tables] == [(4, DEALS), (3, DEALS)]
    return tables


def _entered_on_the_phone(table: Table) -> list[int]:
    """Every deal of ``table`` tapped on the captain's link; each seat's total."""
    phone = Client()
    size = table.seats.count()
    totals = [0] * size
    for number in range(1, DEALS + 1):
        page = phone.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
        assert f"Spiel {number} eintragen" in page
        declarer, contract, result, points = _deal(number, size)
        taps = {**_hidden(page), "declarer": declarer, "contract": contract, "result": result}
        preview = phone.post(reverse("scoring:table_preview", args=[table.token]), taps)
        word = "gewonnen" if result == "won" else "verloren"
        assert f"{contract} {word}" in preview.content.decode()
        saved = phone.post(reverse("scoring:table_entry", args=[table.token]), taps, follow=True)
        assert "Eingetragen:" in saved.content.decode()
        totals[declarer] += points
    deals = Deal.objects.filter(table=table).order_by("number")
    assert [deal.game for deal in deals] == [
        MUENZFIPS.format(MUENZFIPS.parse(f"{c} {'gewonnen' if r == 'won' else 'verloren'}"))
        for c, r in (_deal(n, size)[1:3] for n in range(1, DEALS + 1))
    ]
    return totals


def _corrected(organiser: Client, table: Table, totals: list[int]) -> None:
    """The organiser makes the table's first deal a 3 won by the same declarer."""
    deal = Deal.objects.get(table=table, number=1)
    declarer, _, _, points = _deal(1, table.seats.count())
    url = reverse("scoring:organiser_correct", args=[table.tournament_id, deal.pk])
    page = organiser.get(url).content.decode()
    taps = {"declarer": declarer, "contract": "3", "result": "won", "reason": "Zettel"}
    organiser.post(url, {**_hidden(page), **taps}, follow=True)
    deal.refresh_from_db()
    assert (deal.game, deal.score, deal.corrected_at is not None) == ("3 gewonnen", 3, True)
    totals[declarer] += 3 - points


def _every_page_answers(organiser: Client, tournament: Tournament, tables: list[Table]) -> None:
    """The night's other generic pages show a Münzfips night too."""
    pk = tournament.pk
    urls = [
        reverse(name, args=[pk])
        for name in ("night:home", "night:print", "night:history", "tournaments:night")
    ]
    urls += [reverse("tournaments:tables", args=[pk]), reverse("scoring:dashboard", args=[pk])]
    for table in tables:
        urls.append(reverse("scoring:organiser_sheet", args=[pk, table.pk]))
        urls.append(reverse("scoring:table_sheet", args=[table.token]))
    # A player's page: his place as Münzfips ranks, no kinds of game it does not count.
    player = tables[0].seats.get(position=0).registration.player_id
    urls.append(reverse("night:player", args=[player]))
    for url in urls:
        assert organiser.get(url).status_code == 200, url


def _scoresheet_pdf(
    organiser: Client, tournament: Tournament, sent: mock.MagicMock, commit: Callable[..., Any]
) -> bytes:
    """The scoresheets as the print button asks for them, made by the job, read back."""
    with commit(execute=True):
        organiser.post(reverse("tournaments:file_request", args=[tournament.pk, SCORESHEETS]))
    file = GeneratedFile.objects.get()
    tasks.generate_file.apply(args=(str(file.pk),), kwargs=sent.call_args.kwargs["kwargs"])
    download = organiser.get(reverse("printing:file_download", args=[file.pk]))
    return b"".join(download.streaming_content)


def _signed(score: int) -> str:
    return f"+{score}" if score > 0 else f"−{-score}"


def _deals_of(tournament: Tournament) -> list[tuple[int, int | None, int | None, str, int]]:
    return list(
        Deal.objects.filter(table__tournament=tournament)
        .order_by("table__number", "number")
        .values_list("table__number", "number", "declarer", "game", "score")
    )


def test_a_muenzfips_night_through_the_generic_pages(
    organiser: Client,
    sent: mock.MagicMock,
    django_capture_on_commit_callbacks: Callable[..., Any],
    media_root: object,
) -> None:
    tournament = _created(organiser)
    _registered_and_checked_in(organiser, tournament)
    tables = _drawn_and_started(organiser, tournament)
    totals = {table.number: _entered_on_the_phone(table) for table in tables}
    _corrected(organiser, tables[0], totals[1])
    _every_page_answers(organiser, tournament, tables)

    standings = organiser.get(reverse("scoring:standings", args=[tournament.pk])).content.decode()
    for table in tables:
        for seat in table.seats.select_related("registration__player"):
            points = totals[table.number][seat.position]
            row = standings.split(seat.registration.player.name, 1)[1].split("</tr>", 1)[0]
            assert re.search(rf">\s*{str(points).replace('-', '[-−]')}\s*<", row), row

    organiser.post(reverse("scoring:finish", args=[tournament.pk]), {"confirm": "yes"})
    tournament.refresh_from_db()
    assert tournament.is_finished

    pdf = _scoresheet_pdf(organiser, tournament, sent, django_capture_on_commit_callbacks)
    text = " ".join(pdf_text(pdf).split())
    assert "Münzfips-Abend" in text
    assert all(name in text for name in PLAYERS)
    values = []
    # Each table's sheet takes two pages (rows of 6 mm to write in by hand).
    for index, table in enumerate(Table.objects.filter(tournament=tournament).order_by("number")):
        rows = sheet_rows(pdf, page=2 * index + 1, players=table.seats.count(), deals=table.deals)
        values += [rows[number].value for number in sorted(rows) if rows[number].value]
    assert values == [_signed(score) for *_, score in _deals_of(tournament)]

    exported = organiser.get(reverse("night:export", args=[tournament.pk]))
    content = b"".join(exported.streaming_content)
    assert json.loads(content)["tournament"]["rule_set"] == NAME
    deals = _deals_of(tournament)
    call_command("flush", interactive=False, verbosity=0)
    assert not Tournament.objects.exists()
    organiser.force_login(UserFactory(is_staff=True, is_superuser=True))
    upload = BytesIO(content)
    upload.name = "muenzfips.json"
    imported = organiser.post(reverse("night:import"), {"file": upload})
    assert imported.status_code == 302, imported.content.decode()
    scoring_tasks.import_night(str(NightImport.objects.get().pk))  # as the worker runs the job
    again = Tournament.objects.get(name=FORM["name"])
    assert (again.rule_set, _deals_of(again)) == (NAME, deals)
