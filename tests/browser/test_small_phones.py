"""Every captain's page on the small phones (issue 19): 360×640 (many Android phones) and
320×568 (the smallest still in use). A tester found the save button's label cut ("Spiel 17
eintragen": 188 px in 180) and the sticky bar at the foot half over the last tiles.

For each rule set's captain page (the four scored ones, the race, Tippen), at both sizes and in
the page's own font and the phone's wider fallback:
- nothing is wider than the screen (no sideways scrolling, no element past its right edge);
- no button's or tile's text runs out of its box, nor is a word of it broken (a label with the
  table's last deal number, the widest it gets, included);
- every tile and every row can be brought into view as the browser does for a focused control
  (``scrollIntoView({block: "nearest"})``) and is then itself at its centre: nothing, the
  sticky bar least of all, lies over it.
"""

from collections.abc import Callable

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from tests.browser.conftest import FALLBACK_FONT, PHONE, SITE_FONT, NewPage, open_in_font
from tests.scoring.helpers import aspe_night, enter, meck_night, playing_table
from tests.scoring.test_grossenaspe_night import _enter as aspe_enter
from tests.scoring.test_mecklenburg_night import _enter as meck_enter
from tests.thedinghausen.helpers import race_table
from tests.tippen.helpers import tippen_table
from tournaments.models import Player, Table

SIZES = pytest.mark.parametrize(
    "size", [(360, 640), (320, 568)], ids=lambda size: f"{size[0]}x{size[1]}"
)
FONTS = pytest.mark.parametrize("font", [SITE_FONT, FALLBACK_FONT])
#: A name as long as names at a club get, with a hyphen; Tippen and the race get it too.
LONG_NAME = "Karl-Heinz Böttcher"


def _prisdorf() -> Table:
    table = playing_table()
    Player.objects.filter(name="Spieler 00").update(name=LONG_NAME)
    enter(table, 0, "3 Hand Ruten +")
    return table


def _grossenaspe() -> Table:
    table = Table.objects.get(tournament=aspe_night(5, kloppen=True))
    aspe_enter(table, 1, "4 Gute pott beet geklopft")
    return table


def _mecklenburg(rule_set: str) -> Callable[[], Table]:
    def table() -> Table:
        made = Table.objects.filter(tournament=meck_night(rule_set)).get()
        meck_enter(made, 0, "Fips gewonnen")
        return made

    return table


def _named(table: Table) -> Table:
    first = table.seats.order_by("position").first()
    assert first is not None
    Player.objects.filter(pk=first.registration.player_id).update(name=LONG_NAME)
    return table


#: Each captain's page: its table in play, a deal entered where the page shows the last one.
PAGES: dict[str, Callable[[], Table]] = {
    "prisdorf": _prisdorf,
    "grossenaspe": _grossenaspe,
    "ansegger": _mecklenburg("ansegger"),
    "duttfips": _mecklenburg("duttfips"),
    "race": lambda: _named(race_table(5)),
    "tippen": lambda: _named(tippen_table(5)),
}

#: The controls whose text must fit: every button, link button, tile and summary on the page.
_CONTROLS = "#table-screen :is(button, .button, .tile, summary)"

#: Each control whose text runs out of it, or one of whose words is broken over two lines (a
#: word's letters drawn in more than one box; a hyphen may end a line), as "text: needed/has".
_TEXT_RUNS_OUT = """selector => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length)
  .flatMap(e => {
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    let broken = false;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/[^\\s\\-\u2010]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        broken ||= lines.size > 1;
      }
    }
    return e.scrollWidth > e.clientWidth || broken
      ? [`${e.textContent.trim()}: ${e.scrollWidth}/${e.clientWidth}${broken ? ' broken' : ''}`]
      : [];
  })"""

#: The elements that reach past the screen's right edge (tagName.class), the innermost last.
_TOO_WIDE = """() => [...document.querySelectorAll('body *')]
  .filter(e => e.getClientRects().length
               && e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .map(e => `${e.tagName}.${e.className}`)"""

#: Each tile and row, scrolled into view from the top as for a focused control: those not
#: themselves (or inside them) at their centre, with what is there instead.
_COVERED = """selector => [...document.querySelectorAll(selector)]
  .filter(e => e.getClientRects().length)
  .flatMap(e => {
    window.scrollTo(0, 0);
    e.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const box = e.getBoundingClientRect();
    const there = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const what = there ? `${there.tagName}.${there.className}` : 'nothing';
    return there && e.contains(there) ? [] : [`${e.textContent.trim().slice(0, 30)} under ${what}`];
  })"""

#: The tiles and the rows they stand in: the scored page's tile groups and its written value,
#: the race's players, Tippen's players' rows.
_TILES_AND_ROWS = (
    "#table-screen :is(.tile, .tiles, .field-paper, .pot-seat, .kieker-note,"
    " .entry-buttons, .pot-actions)"
)

#: The save button's number made the table's last deal's: its label is then the widest.
_LAST_DEAL_LABEL = """deals => document.querySelectorAll('#table-screen button').forEach(b => {
    if (/^Spiel \\d+ (eintragen|speichern)$/.test(b.textContent.trim()))
        b.textContent = b.textContent.replace(/\\d+/, deals);
})"""


def _captain_page(new_page: NewPage, kind: str, size: tuple[int, int], font: str) -> Page:
    page = new_page(**{**PHONE, "viewport": {"width": size[0], "height": size[1]}})
    table = PAGES[kind]()
    url = reverse("scoring:table_entry", args=[table.token])
    open_in_font(page, url, font)
    page.wait_for_load_state("networkidle")
    return page


@FONTS
@SIZES
@pytest.mark.parametrize("kind", PAGES)
def test_nothing_is_cut_or_covered(
    new_page: NewPage, kind: str, size: tuple[int, int], font: str
) -> None:
    page = _captain_page(new_page, kind, size, font)

    widths = page.evaluate(
        "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert widths == [size[0], size[0]], (widths, page.evaluate(_TOO_WIDE)[-3:])
    assert page.evaluate(_TOO_WIDE) == []
    assert page.evaluate(_TEXT_RUNS_OUT, _CONTROLS) == []
    assert page.evaluate(_COVERED, _TILES_AND_ROWS) == []

    page.evaluate(_LAST_DEAL_LABEL, 125)
    assert page.evaluate(_TEXT_RUNS_OUT, _CONTROLS) == []
