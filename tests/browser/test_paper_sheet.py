"""The paper sheet's page on a phone (390×844): the preview of a checked sheet is read whole,
no word broken inside (newcomer's night: "Spie l", "Anna Möll er"); a Großenaspe sheet of a
table of five too, its dealers marked as sitting out."""

from django.urls import reverse
from playwright.sync_api import Page, expect

from scoring import selectors
from scoring.models import Deal
from tests.scoring.helpers import aspe_night
from tests.scoring.test_grossenaspe_paper import GAMES, _lines
from tests.scoring.test_paper_views import named_table
from tournaments.draw.tables import seats_of
from tournaments.models import Table

#: Each word of the preview's cells that a line break cuts in two (a word laid out on more than
#: one line gives more than one rectangle).
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll(".paper-preview th, .paper-preview td")) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
  }
  return broken;
}"""


def test_the_preview_breaks_no_word_on_a_phone(phone_page: Page) -> None:
    table = named_table(players=3)
    phone_page.goto(reverse("scoring:table_paper", args=[table.token]))
    phone_page.get_by_role("textbox").fill(
        "1. Anna 3 Hand verloren | -12 0 0\n2. 2 2 gewonnen\n3. Jürgen Kieker aufgegeben"
    )
    phone_page.get_by_role("button", name="Prüfen").tap()
    expect(phone_page.locator(".paper-preview")).to_contain_text("Noch ist nichts gespeichert.")
    assert phone_page.evaluate(BROKEN_WORDS) == []
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(phone_page.locator(".paper-preview")).to_contain_text("−12")  # a true minus


def test_a_grossenaspe_sheet_of_a_five_on_a_phone(phone_page: Page) -> None:
    table = Table.objects.get(tournament=aspe_night(5))
    text, totals = _lines(table, GAMES[:3])
    phone_page.goto(reverse("scoring:table_paper", args=[table.token]))
    expect(phone_page.locator(".paper-example")).to_contain_text("3 Gute beet")
    phone_page.get_by_role("textbox").fill(text)
    phone_page.get_by_role("button", name="Prüfen").tap()
    preview = phone_page.locator(".paper-preview")
    expect(preview).to_contain_text("Noch ist nichts gespeichert.")
    expect(preview).to_contain_text("3 Gute beet")
    expect(preview.get_by_text("(setzt aus)")).to_have_count(3)  # a dealer in each deal
    assert phone_page.evaluate(BROKEN_WORDS) == []
    assert phone_page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    phone_page.get_by_role("button", name="3 Spiele speichern").tap()
    expect(phone_page.get_by_text("3 Spiele eingetragen, bis Spiel 3.")).to_be_visible()
    assert Deal.objects.filter(table=table).count() == 3
    assert selectors.seat_totals(table=table, seats=seats_of(table=table)) == totals
