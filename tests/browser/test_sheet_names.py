"""Issue 29.7: on a phone the table's sheet broke a name in the middle of a word ("Clauße n"):
the columns are a few letters wide in large type. A name now wraps at its spaces and hyphens
only and shows every word whole (upright on a phone), at 320 to 430 px and on the desk."""

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import PHONE, NewPage, open_in_font
from tests.scoring.helpers import aspe_night, enter, playing_table
from tournaments.models import Player, Table
from tournaments.players.names import player_name_key

NAMES = (
    "Hans-Jürgen Claußen",
    "Wilhelmine Schröder",
    "Karl-Heinz Hinrichsen",
    "Anna Brüggemann",
    "Friedrich Wilhelmsen",
)

#: Each word of the heading cell's text ("Hans-" and "Jürgen" apart: a line may end after a
#: hyphen): in how many pieces it is laid out (more than one: broken inside), and whether it
#: lies whole inside the cell (not cut off).
WORDS_OF = """(cell) => {
  const border = cell.getBoundingClientRect();
  const style = getComputedStyle(cell);
  const box = {  // inside the padding: where the text may stand
    left: border.left + parseFloat(style.paddingLeft),
    right: border.right - parseFloat(style.paddingRight),
    top: border.top + parseFloat(style.paddingTop),
    bottom: border.bottom - parseFloat(style.paddingBottom),
  };
  const words = [];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    for (const found of node.data.matchAll(/[^\\s-]+-?/g)) {
      const range = document.createRange();
      range.setStart(node, found.index);
      range.setEnd(node, found.index + found[0].length);
      const r = range.getBoundingClientRect();
      words.push({
        word: found[0],
        // the lines it stands on (an ellipsis adds a rectangle on the same line)
        pieces: new Set([...range.getClientRects()].map(
          (rect) => `${Math.round(rect.left)} ${Math.round(rect.top)}`)).size,
        whole: r.left >= box.left - 1 && r.right <= box.right + 1
          && r.top >= box.top - 1 && r.bottom <= box.bottom + 1,
      });
    }
  }
  return words;
}"""


def named_table(players: int) -> Table:
    """A table of ``players`` with long names; a table of four has four deals on its sheet."""
    if players == 5:
        table = Table.objects.get(tournament=aspe_night(5))
    else:
        table = playing_table(deals=10)
        for declarer in (0, 1, 2, 3):
            enter(table, declarer, "2 gewonnen")
    for seat, name in zip(table.seats.order_by("position"), NAMES, strict=False):
        Player.objects.filter(pk=seat.registration.player_id).update(
            name=name, name_key=player_name_key(name)
        )
    return table


@pytest.mark.parametrize(
    ("width", "players"), [(320, 4), (375, 4), (430, 4), (320, 5), (430, 5), (1280, 4)]
)
def test_the_sheet_shows_every_word_of_a_name_whole(
    new_page: NewPage, width: int, players: int
) -> None:
    table = named_table(players)
    options = PHONE if width < 1000 else {}
    page: Page = new_page(**{**options, "viewport": {"width": width, "height": 800}})
    # In the site's font (font-display: optional: on a busy machine the first paint may take
    # the fallback, where "Spiel" was once cut off at 320 px).
    open_in_font(page, f"/t/{table.token}/sheet/")

    headings = page.locator("table.sheet thead th:visible")
    assert headings.count() >= players + 2  # the deal, each player, the value (the receipt)
    seen = set()
    for index in range(headings.count()):
        for word in headings.nth(index).evaluate(WORDS_OF):
            assert word["pieces"] == 1, f"{word['word']!r} broken at {width} px"
            assert word["whole"], f"{word['word']!r} cut off at {width} px"
            seen.add(word["word"])
    assert {"Claußen", "Hinrichsen", "Hans-", "Jürgen"} <= seen
    assert page.evaluate("document.documentElement.scrollWidth") <= width
