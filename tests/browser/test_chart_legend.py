"""Issue 29.7: the chart's legend was tiny: the names and totals drawn in the chart shrank with
it to a few pixels on a phone. The players are named once, in the key above the chart in the
page's large type; the drawing keeps the lines, and its numbers are larger."""

import pytest
from playwright.sync_api import Page

from tests.browser.conftest import PHONE, NewPage
from tests.browser.test_sheet_names import NAMES, named_table

#: Every text of the chart's section that names a player, with the size it is shown at (an
#: SVG text's font size times the drawing's scale on the screen).
PLAYER_TEXTS = """(names) => {
  const found = [];
  const section = document.querySelector('.chart-section');
  const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const element = node.parentElement;
    if (!names.some((name) => node.data.includes(name.slice(0, 8)))) continue;
    if (element.closest('title')) continue;  // a tooltip, not shown
    let size = parseFloat(getComputedStyle(element).fontSize);
    const svg = element.closest('svg');
    if (svg) size *= svg.getScreenCTM().a;
    found.push({text: node.data, size: size});
  }
  return found;
}"""


@pytest.mark.parametrize("width", [320, 390, 430, 1280])
def test_the_chart_names_its_players_in_large_type(new_page: NewPage, width: int) -> None:
    table = named_table(4)
    options = PHONE if width < 1000 else {}
    page: Page = new_page(**{**options, "viewport": {"width": width, "height": 800}})
    page.goto(f"/t/{table.token}/sheet/")

    shown = page.locator(".chart-section").evaluate(
        f"(section) => ({PLAYER_TEXTS})({list(NAMES[:4])!r})"
    )
    assert {entry["text"].strip() for entry in shown} >= set(NAMES[:4])  # each named, whole
    small = [entry for entry in shown if entry["size"] < 18]
    assert not small, f"at {width} px: {small}"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
