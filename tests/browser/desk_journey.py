"""The steps an organiser takes at the desk from an empty database, shared by the tests that
count their clicks (test_desk_thirteen.py, test_desk_thirteen_two_series.py): the first log-in
with the one-time password, the list of regulars imported from the tournament, the walk-ins."""

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.test_registration_desk import Counted

REGULARS = [
    "Anna Möller", "Bernd Schütt", "Carla Rehder", "Dieter Ötzel", "Erika Nuß",
    "Fritz Lange", "Gisela Straße", "Heinz Kuhn", "Inge Lang", "Jürgen Groß",
]  # fmt: skip
WALK_INS = ["Karl Maier", "Lotte Brandt", "Max Heuer"]
NEW_PASSWORD = "Herbst-Fipsen-2026"
WORKER_SECONDS = 60


def regulars_file(folder: Path) -> Path:
    """The club's list of regulars, as a CSV file the import takes."""
    path = folder / "spieler.csv"
    lines = ["Name;Verein", *(f"{name};SC Prisdorf" for name in REGULARS)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def first_log_in(page: Page, hands: Counted, username: str, one_time: str) -> None:
    """Log in with the one-time password, then choose one's own."""
    page.goto("/login/")
    expect(page.locator("input[name=username]")).to_be_focused()
    hands.type(username)
    hands.press("Tab")
    hands.type(one_time)
    hands.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Neues Passwort wählen")
    hands.click(page.locator("input[name=new_password1]"))
    hands.type(NEW_PASSWORD)
    hands.press("Tab")
    hands.type(NEW_PASSWORD)
    hands.press("Enter")


def regulars_imported(page: Page, hands: Counted, players_file: Path) -> None:
    """The list import, started from the tournament: it comes back to it with the players
    ticked, and registers them (five clicks)."""
    hands.click(page.locator("#desk-directory").get_by_role("link", name=re.compile("importieren")))
    with page.expect_file_chooser() as choosing:
        hands.click(page.get_by_label("CSV-Datei"))
    choosing.value.set_files(players_file)
    hands.click(page.get_by_role("button", name="Importieren"))
    offered = page.locator(".tick-list.offered")
    expect(offered.get_by_role("checkbox", checked=True)).to_have_count(len(REGULARS))
    hands.click(offered.get_by_role("button", name="Angekreuzte Spieler anmelden"))
    expect(page.locator("#registrations h2")).to_have_text(f"{len(REGULARS)} Anmeldungen")


def walk_ins_typed(page: Page, hands: Counted) -> None:
    """The walk-ins, typed once each into the focused field: registered, checked in and paid
    (one click, into the field)."""
    hands.click(page.locator("#walk-in").get_by_label("Name"))
    for name in WALK_INS:
        hands.type(name)
        hands.press("Enter")
        expect(page.locator("#registrations")).to_contain_text(name)
        expect(page.locator("#walk-in").get_by_label("Name")).to_be_focused()
    expect(page.locator("#split-summary")).to_contain_text("13 Spieler anwesend")
