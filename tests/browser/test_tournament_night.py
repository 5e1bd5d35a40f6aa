"""The organiser's night through a real browser: 13 players registered and checked in, the
tables drawn, and the table cards made by a real Celery worker and downloaded (issue 3)."""

import re
from collections.abc import Callable
from pathlib import Path

from django.contrib.auth.models import AbstractBaseUser
from playwright.sync_api import Page, expect
from pytest_django import Settings

from tests.printing.pdf_reading import pdf_text
from tournaments.models import Registration, Table, Tournament
from tournaments.players.services import player_create

REGULARS = [
    "Anna Möller", "Bernd Schütt", "Carla Rehder", "Dieter Ötzel", "Erika Nuß",
    "Fritz Lange", "Gisela Straße", "Heinz Kuhn", "Inge Lang", "Jürgen Groß",
]  # fmt: skip
WALK_INS = ["Karl Maier", "Lotte Brandt", "Max Heuer"]
WORKER_SECONDS = 60


def test_from_an_empty_night_to_the_printed_table_cards(
    page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
    worker: Path,
    settings: Settings,
    tmp_path: Path,
) -> None:
    settings.MEDIA_ROOT = worker  # where the worker puts the file, and the download finds it
    for name in REGULARS:
        player_create(name=name, club="SC Prisdorf")
    log_in(page, organiser)

    page.goto("/")
    page.get_by_role("link", name="Neues Turnier").click()
    page.get_by_label("Name").fill("Herbstfipsen")
    page.get_by_label("Ort").fill("Prisdorf")
    page.get_by_role("button", name="Turnier anlegen").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Herbstfipsen")

    # The regulars are in the directory: find each and register him as present in one tap.
    for name in REGULARS:
        page.get_by_label("Spieler in der Kartei suchen").fill(name.split()[1])
        page.get_by_role("button", name="Suchen").click()
        # The list narrows to the search (htmx): every row left has the name searched for.
        expect(page.locator(".found li", has_not_text=name.split()[1])).to_have_count(0)
        page.locator(".found li", has_text=name).get_by_role(
            "button", name="Anmelden und einchecken"
        ).click()
        expect(page.locator(".registrations")).to_contain_text(name)
    # Walk-ins: new to the directory, registered and present at once.
    for name in WALK_INS:
        page.locator(".walk-in").get_by_label("Name").fill(name)
        page.locator(".walk-in").get_by_role("button", name="Anmelden und einchecken").click()
        expect(page.locator(".registrations")).to_contain_text(name)
    # One player steps out and back in: a tap each, and the count follows without a reload.
    row = page.locator(".registration", has_text="Anna Möller")
    row.get_by_role("button", name="Rückgängig").click()
    expect(page.locator("#split-summary")).to_contain_text("12 Spieler anwesend")
    page.locator(".registrations").get_by_role("button", name=re.compile("Anna Möller")).click()
    expect(page.locator("#split-summary")).to_contain_text(
        re.compile(r"13 Spieler anwesend\s*→\s*1 Vierertisch,\s*3 Dreiertische")
    )

    page.get_by_role("link", name="Tische auslosen").click()  # asks first (issue 9)
    expect(page.get_by_role("heading", level=1)).to_have_text("Tische auslosen?")
    page.get_by_role("button", name="Ja, Tische auslosen").click()
    expect(page.get_by_role("heading", level=2, name="Tisch 4")).to_be_visible()
    expect(page.locator(".draw-check")).to_contain_text("lässt sich jederzeit nachprüfen")

    page.get_by_role("button", name="Tischkarten drucken").click()
    download_link = page.get_by_role("link", name=re.compile("herunterladen", re.IGNORECASE))
    expect(download_link).to_be_visible(timeout=WORKER_SECONDS * 1000)
    with page.expect_download() as waiting:
        download_link.click()
    pdf = tmp_path / "tischkarten.pdf"
    waiting.value.save_as(pdf)

    tournament = Tournament.objects.get()
    assert (
        Registration.objects.filter(tournament=tournament, checked_in_at__isnull=False).count()
        == 13
    )
    text = pdf_text(pdf.read_bytes())
    for table in Table.objects.filter(tournament=tournament):
        assert f"Tisch {table.number}" in text
        assert table.token in text.replace("\n", "")  # the link under the QR code
    for name in REGULARS + WALK_INS:
        assert name in text
