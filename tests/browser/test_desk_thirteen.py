"""The desk at one tap per arrival (issue 21), through a real browser at 1280×720: from an
empty database (only the organiser's account with its one-time password, as `make run` makes
it) to the downloaded table cards of 13 players, 10 regulars of a list imported from the
tournament and 3 walk-ins, every click and key counted. Each arrival is one tap, his fee
marked paid by it."""

import os
import re
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import expect
from pytest_django import Settings

from tests.browser.conftest import NewPage
from tests.browser.desk_journey import (
    REGULARS,
    WALK_INS,
    WORKER_SECONDS,
    first_log_in,
    regulars_file,
    regulars_imported,
    walk_ins_typed,
)
from tests.browser.test_registration_desk import Counted
from tests.printing.pdf_reading import pdf_text
from tournaments import services
from tournaments.models import Registration, Tournament

#: The issue's goal: at most 30 clicks from an empty database to the table cards.
MAX_CLICKS = 30


def test_thirteen_players_from_an_empty_database_to_the_table_cards_in_30_clicks(
    new_page: NewPage, worker: Path, settings: Settings, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = worker  # where the worker puts the file, and the download finds it
    one_time = services.organiser_create(username="leitung", password=None).one_time_password
    assert one_time is not None
    players_file = regulars_file(tmp_path)
    page = new_page(viewport={"width": 1280, "height": 720}, accept_downloads=True)
    hands = Counted(page)

    first_log_in(page, hands, "leitung", one_time)

    # The tournament: its name, and the fee (5 €), the rest as proposed.
    hands.click(page.get_by_role("link", name="Neues Turnier"))
    expect(page.get_by_label("Name")).to_be_focused()
    hands.press("Control+a")
    hands.type("Herbstfipsen")
    hands.click(page.get_by_label(re.compile("^Startgeld")))
    hands.press("Control+a")
    hands.type("5")
    hands.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Herbstfipsen")

    regulars_imported(page, hands, players_file)

    # Each regular arrives: one tap on his name, checked in and his fee paid.
    registrations = page.locator("#registrations")
    for count, name in enumerate(REGULARS, start=1):
        hands.click(registrations.get_by_role("button", name=re.compile(re.escape(name))))
        row = registrations.locator(".registration", has_text=name)
        expect(row).to_contain_text("bezahlt ✓")
        expect(page.locator("#split-summary")).to_contain_text(f"{count} Spieler anwesend")
        if count == 6 and os.environ.get("DESK_SCREENSHOT"):  # docs/img/desk.png, the docs'
            row = registrations.locator(".registration", has_text=REGULARS[4])
            row.evaluate("row => row.scrollIntoView({block: 'center', behavior: 'instant'})")
            page.screenshot(path=os.environ["DESK_SCREENSHOT"], caret="initial")
    # Undo is beside it: a wrong tap taken back and tapped again.
    row = registrations.locator(".registration", has_text=REGULARS[0])
    row.get_by_role("button", name="Rückgängig").click()
    expect(page.locator("#split-summary")).to_contain_text("9 Spieler anwesend")
    registrations.get_by_role("button", name=re.compile(REGULARS[0])).click()
    expect(page.locator("#split-summary")).to_contain_text("10 Spieler anwesend")

    walk_ins_typed(page, hands)
    expect(page.locator("#open-fees")).to_be_empty()

    # The draw (it asks first) and the table cards, made by the worker and downloaded.
    hands.click(page.get_by_role("link", name="Tische auslosen"))
    hands.click(page.get_by_role("button", name="Ja, Tische auslosen"))
    hands.click(page.get_by_role("button", name="Tischkarten drucken"))
    download_link = page.get_by_role("link", name=re.compile("herunterladen", re.IGNORECASE))
    expect(download_link).to_be_visible(timeout=WORKER_SECONDS * 1000)
    with page.expect_download() as waiting:
        hands.click(download_link)
    pdf = tmp_path / "tischkarten.pdf"
    waiting.value.save_as(pdf)

    text = pdf_text(pdf.read_bytes())
    assert all(name in text for name in REGULARS + WALK_INS)
    tournament = Tournament.objects.get()
    assert tournament.entry_fee == Decimal(5)
    entries = Registration.objects.filter(tournament=tournament)
    assert sum(1 for entry in entries if entry.is_checked_in and entry.is_fee_paid) == 13
    # Exact counts, so that any change shows; the issue asks for at most 30 clicks (the night
    # it reports took 41 clicks and 154 keys). The clicks: 1 password field, 1 new tournament,
    # 1 fee field, 3 for the import (link, file, button), 1 to register the ticked, 10 arrivals,
    # 1 walk-in field, 2 for the draw, 2 for the cards. The keys: 7 + 1 + 14 + 1 to log in
    # (the one-time password has 14), 18 + 1 + 18 + 1 for the new password, 1 + 12 for the
    # name, 1 + 1 + 1 for the fee, 11 + 13 + 10 for the walk-ins.
    assert (hands.clicks, hands.keystrokes) == (22, 111)
    assert hands.clicks <= MAX_CLICKS
