"""The printed sheets that players write in by hand (issue 19): every sheet kind's deal rows are
at least 6 mm high at 100 and at 120 deals (a sheet takes two pages, the players' names above
the rows on each), and the header shows each player's full name, wrapped between words, never
cut. Measured in WeasyPrint's own layout boxes (CSS px, 96 an inch), not in the PDF's text.
"""

import datetime
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from weasyprint import Document
from weasyprint.formatting_structure.boxes import InlineBox, LineBox, TextBox

from printing.pdf import Pages
from scoring.scoresheets import scoresheet
from tests.scoring.print_helpers import played, sheet_of
from tournaments.models import Tournament

#: 6 mm in CSS px.
SIX_MM = 6 * 96 / 25.4
PX_PER_MM = 96 / 25.4
LONG = "Bernd Schröder von Ahrensburg"
NAMES = {
    3: (LONG, "Anna Möller", "Dora Übel"),
    4: (LONG, "Anna Möller", "Carl Zander", "Dora Übel"),
}
#: The deals and the players of a table: 100 at a table of four, 120 at a table of three.
SIZES = [(100, 4), (120, 3)]


def _tournament() -> Tournament:
    return Tournament(
        name="Preisfipsen Prisdorf",
        date=datetime.date(2026, 11, 27),
        place="Prisdorf",
        rule_options={"stake": 1, "katira": False},
    )


def _boxes(box: Any) -> Iterator[Any]:
    yield box
    for child in getattr(box, "children", ()):
        yield from _boxes(child)


def _page_boxes(page: Any) -> list[Any]:
    """A page's boxes, each once (a table's boxes are reached twice through its wrapper)."""
    seen, found = set(), []
    for box in _boxes(page._page_box):
        key = (type(box), id(getattr(box, "element", None)), box.position_x, box.position_y)
        if key not in seen:
            seen.add(key)
            found.append(box)
    return found


def _classes(box: Any) -> set[str]:
    """An element's own box's classes (its lines and texts carry its element too: not them)."""
    element = getattr(box, "element", None)
    if element is None or isinstance(box, (LineBox, InlineBox, TextBox)):
        return set()
    return set((element.get("class") or "").split())


def _text(box: Any) -> list[str]:
    """The words laid out inside a box, line fragment by line fragment."""
    return " ".join(b.text for b in _boxes(box) if hasattr(b, "text")).split()


def _holds_whole(box: Any, name: str) -> bool:
    """The name's words, in order and each whole, inside the box and not cut at its edge."""
    words, wanted = _text(box), name.split()
    found = any(words[i : i + len(wanted)] == wanted for i in range(len(words)))
    right = box.position_x + box.border_width() + 0.5
    inside = all(
        b.position_x + b.width <= right
        for b in _boxes(box)
        if hasattr(b, "text") and b.text.strip()
    )
    return found and inside and box.style["text_overflow"] != "ellipsis"


def _no_ellipsis(document: Document) -> None:
    for page in document.pages:
        for box in _boxes(page._page_box):
            assert "…" not in getattr(box, "text", ""), "a name is shortened"


# The scored rule sets' scoresheets: each row is a line of the deal column's text


def _scored(deals: int, players: int, *, blank: bool) -> Document:
    scores = [] if blank else [(number % players, 12) for number in range(deals // 2)]
    sheet = sheet_of(played(scores, players), names=NAMES[players], table_deals=deals)
    context = {"tournament": _tournament(), "sheets": [scoresheet(sheet, blank=blank)]}
    return Pages().add("pdf/scoresheets.html", context)


@pytest.mark.parametrize("blank", [False, True])
@pytest.mark.parametrize(("deals", "players"), SIZES)
def test_a_scoresheet_s_rows_are_6_mm_and_its_names_whole(
    deals: int, players: int, blank: bool
) -> None:
    document = _scored(deals, players, blank=blank)
    assert len(document.pages) == 2
    numbers: list[int] = []
    for page in document.pages:
        boxes = _page_boxes(page)
        columns = [b for b in boxes if {"col", "number"} <= _classes(b)]
        lines = [line for column in columns for line in column.children]
        assert min(line.height for line in lines) >= SIX_MM
        numbers += [int(word) for column in columns for word in _text(column)]
        names = [b for b in boxes if "name-line" in _classes(b)]
        # Above each block's columns the seats' numbers, which the names' header explains.
        heads = [b for b in boxes if "seat-number" in _classes(b)]
        assert [_holds_whole(box, LONG) for box in names].count(True) == 1
        assert [_text(box) for box in heads] == [[str(n)] for n in range(1, players + 1)] * 2
    assert numbers == list(range(1, deals + 1)), "every deal has its row, once"
    _no_ellipsis(document)


# The race's and Tippen's sheets: a table row a deal, the names in its head row


def _rows_and_heads(document: Document) -> tuple[list[Any], list[list[Any]]]:
    """The body rows of the sheets' tables, and the head cells of each page with such rows
    (Tippen's standings page before them has none)."""
    rows, heads = [], []
    for page in document.pages:
        boxes = _page_boxes(page)
        found = [
            b for b in boxes
            if b.element_tag == "tr" and any(c.element_tag == "td" for c in b.children)
        ]  # fmt: skip
        if found:
            rows += found
            heads.append([b for b in boxes if b.element_tag == "th"])
    return rows, heads


def _race(deals: int, players: int) -> Document:
    names = NAMES[players]
    rows = [
        {
            "row": SimpleNamespace(deal=number, game=1 + number // 10),
            "cells": [(2, 2 * (number % 5))] * players,
            "sweeper": "",
            "winner": names[0] if number % 10 == 0 else "",
        }
        for number in range(1, deals + 1)
    ]
    sheet = {"table": "Tisch 3", "names": names, "rows": rows, "won": [], "receipt": ""}
    context = {"tournament": _tournament(), "sheets": [sheet]}
    return Pages().add("pdf/race_scoresheets.html", context)


def _tippen(deals: int, players: int) -> Document:
    names = NAMES[players]
    rows = [
        {
            "number": number,
            "dealer": names[number % players],
            "stakes": 3,
            "cells": [("2", 10)] * players,
            "words": f"{names[0]} macht 3 Stiche",
        }
        for number in range(1, deals + 1)
    ]
    sheet = {
        "table": "Tisch 3", "names": names, "rows": rows, "receipt": "",
        "pot": SimpleNamespace(pot=4, reserve=0),
    }  # fmt: skip
    context = {"tournament": _tournament(), "players": [], "sheets": [sheet]}
    return Pages().add("pdf/pot_ledgers.html", context)


@pytest.mark.parametrize("render", [_race, _tippen], ids=["race", "tippen"])
@pytest.mark.parametrize(("deals", "players"), SIZES)
def test_a_table_sheet_s_rows_are_6_mm_and_its_names_whole_on_every_page(
    render: Any, deals: int, players: int
) -> None:
    document = render(deals, players)
    rows, heads = _rows_and_heads(document)
    numbers = [_text(row.children[0]) for row in rows]
    assert sorted(int(words[0]) for words in numbers if words) == list(range(1, deals + 1))
    assert min(row.height for row in rows) >= SIX_MM
    assert len(heads) >= 2
    for cells in heads:
        assert [_holds_whole(cell, LONG) for cell in cells].count(True) == 1
    _no_ellipsis(document)


def row_heights_mm() -> dict[str, float]:
    """The lowest row of each kind in mm (for the report: python -c ...)."""
    found = {}
    for deals, players in SIZES:
        for name, render in (("race", _race), ("tippen", _tippen)):
            rows, _ = _rows_and_heads(render(deals, players))
            found[f"{name} {deals}"] = min(row.height for row in rows) / PX_PER_MM
        columns = [
            b
            for page in _scored(deals, players, blank=True).pages
            for b in _boxes(page._page_box)
            if {"col", "number"} <= _classes(b)
        ]
        lines = [line.height for column in columns for line in column.children]
        found[f"scored {deals}"] = min(lines) / PX_PER_MM
    return found
