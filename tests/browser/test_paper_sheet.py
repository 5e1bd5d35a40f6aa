"""The paper sheet's page on a phone (390×844): the preview of a checked sheet is read whole,
no word broken inside (newcomer's night: "Spie l", "Anna Möll er")."""

from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.scoring.test_paper_views import named_table

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
