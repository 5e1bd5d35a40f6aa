"""The desk's clicks for a night of two series (issue 29): from an empty database (the
organiser's account with its one-time password, as `make run` makes it) to the table cards,
through a real browser at 1280×720, every click and key counted. The tournament is typed with
its fee (5 €) and two series; 10 regulars come from a list imported from the tournament, 3
walk-ins are typed; one regular is here but pays later ("zahlt später", one tap like the
others) and pays at the desk once the cards are out. The issue measured 31 clicks and asks
for at most 25 up to the table cards of series 1. Series 2, drawn once series 1 is played,
and its table cards are counted on, and said apart."""

import re
from decimal import Decimal
from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django import Settings

from tests.browser.conftest import NewPage
from tests.browser.desk_journey import (
    REGULARS,
    WORKER_SECONDS,
    first_log_in,
    regulars_file,
    regulars_imported,
    walk_ins_typed,
)
from tests.browser.test_registration_desk import Counted
from tests.scoring.helpers import deals_played
from tournaments import services
from tournaments.models import Registration, Table, Tournament

PAYS_LATER = "Erika Nuß"
#: The issue's goal, up to the table cards of series 1 (it measured 31).
MAX_CLICKS = 25


def _cards(page: Page, hands: Counted, tmp_path: Path, series: int) -> None:
    """The table cards asked for, made by the worker and downloaded: two clicks."""
    hands.click(page.get_by_role("button", name="Tischkarten drucken"))
    link = page.get_by_role("link", name=re.compile("herunterladen", re.IGNORECASE))
    expect(link).to_be_visible(timeout=WORKER_SECONDS * 1000)
    with page.expect_download() as waiting:
        hands.click(link)
    waiting.value.save_as(tmp_path / f"tischkarten-{series}.pdf")


def test_thirteen_players_one_paying_later_two_series_in_at_most_25_clicks(
    new_page: NewPage, worker: Path, settings: Settings, tmp_path: Path
) -> None:
    settings.MEDIA_ROOT = worker  # where the worker puts the file, and the download finds it
    one_time = services.organiser_create(username="leitung", password=None).one_time_password
    assert one_time is not None
    players_file = regulars_file(tmp_path)
    page = new_page(viewport={"width": 1280, "height": 720}, accept_downloads=True)
    hands = Counted(page)

    first_log_in(page, hands, "leitung", one_time)

    # The tournament: its name, two series and the fee, each field clicked and typed.
    hands.click(page.get_by_role("link", name="Neues Turnier"))
    expect(page.get_by_label("Name")).to_be_focused()
    hands.press("Control+a")
    hands.type("Herbstfipsen")
    for label, value in (("^Serien", "2"), ("^Startgeld", "5")):
        hands.click(page.get_by_label(re.compile(label)))
        hands.press("Control+a")
        hands.type(value)
    hands.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Herbstfipsen")

    regulars_imported(page, hands, players_file)

    # Each regular arrives: one tap, on his name (here and paid) or on "zahlt später".
    registrations = page.locator("#registrations")
    for count, name in enumerate(REGULARS, start=1):
        row = registrations.locator(".registration", has_text=name)
        if name == PAYS_LATER:
            hands.click(row.get_by_role("button", name="zahlt später"))
            expect(row).to_contain_text("Startgeld offen")
        else:
            hands.click(row.get_by_role("button", name=re.compile(re.escape(name))))
            expect(row).to_contain_text("bezahlt ✓")
        expect(page.locator("#split-summary")).to_contain_text(f"{count} Spieler anwesend")

    walk_ins_typed(page, hands)
    expect(page.locator("#open-fees")).to_contain_text(PAYS_LATER)

    # The draw of series 1 (it asks first) and its table cards.
    hands.click(page.get_by_role("link", name="Tische auslosen"))
    hands.click(page.get_by_role("button", name=re.compile("^Ja, ")))
    _cards(page, hands, tmp_path, 1)

    # The late payer pays, at the desk.
    hands.click(page.get_by_role("link", name="Anmeldung"))
    hands.click(page.locator("#open-fees").get_by_role("button", name="Bezahlt"))
    expect(page.locator("#open-fees")).to_be_empty()

    tournament = Tournament.objects.get()
    entries = Registration.objects.filter(tournament=tournament)
    assert tournament.entry_fee == Decimal(5)
    assert tournament.series_count == 2
    assert sum(1 for entry in entries if entry.is_checked_in and entry.is_fee_paid) == 13
    assert {entry.fee_amount for entry in entries} == {Decimal("5.00")}
    up_to_series_1 = hands.clicks

    # Play starts (it asks first); series 1 is played at the tables (the captains' phones, not
    # counted here); series 2 is drawn (it asks first) and its table cards printed.
    hands.click(page.get_by_role("link", name="Spielbeginn"))  # beside the count at the desk
    hands.click(page.get_by_role("button", name="Ja, Spiel starten"))
    expect(page.get_by_text("Das Spiel hat begonnen")).to_be_visible()
    for table in Table.objects.filter(tournament=tournament, series=1):
        deals_played(table, table.deals)
    page.reload()
    hands.click(page.get_by_role("link", name="Serie 2 auslosen"))
    hands.click(page.get_by_role("button", name="Ja, Serie 2 auslosen"))
    expect(page.get_by_text("Serie 2 ist ausgelost")).to_be_visible()
    _cards(page, hands, tmp_path, 2)

    # Exact counts, so that any change shows. Up to series 1's cards: 1 password field, 1 new
    # tournament, 2 fields (series, fee), 3 for the import (link, file, button), 1 to register
    # the ticked, 10 arrivals (one of them "zahlt später"), 1 walk-in field, 2 for the draw,
    # 2 for the cards, 2 for the late payment (back to the desk, "Bezahlt").
    assert up_to_series_1 == 25
    assert up_to_series_1 <= MAX_CLICKS
    # Series 2: 2 to start play, 2 for its draw, 2 for its cards.
    assert hands.clicks - up_to_series_1 == 6
