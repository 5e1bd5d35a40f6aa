"""Sheets made in memory, and reading the printed scoresheets back from the PDF.

``sheet_of`` builds a :class:`TableSheet` of unsaved model instances, as the selector would
return it, for the tests of the pure layer (chart, scoresheet values).

``sheet_rows`` reads a table's scoresheet back from its two pages: pdftotext's word boxes, each
put into its block (page 1: rows 1–25 and 26–50, page 2: 51–75 and 76–100) and column (the
deal, each player, the value) by where it stands. The geometry is the one of
templates/pdf/scoresheets.html.
"""

import html
import re
import subprocess
from dataclasses import dataclass

from scoring.models import Deal, declarer_only
from scoring.scoresheets import PAGES, ROW_HEIGHT
from scoring.selectors import SheetRow, TableSheet
from tests.printing.pdf_reading import poppler
from tournaments.models import Player, Registration, Seat, Table

NAMES = ('<b>&"Müller"', "Anna Möller", "Bernd Zander", "Dora Übel")


def sheet_of(
    deals: list[tuple[int | None, int, int | None, int]],
    *,
    names: tuple[str, ...] = NAMES,
    left_after: dict[int, int] | None = None,
    table_deals: int = 100,
    first_dealer: int = 0,
) -> TableSheet:
    """A sheet of (number, dealer, declarer, score) deals, as the selector makes it."""
    table = Table(number=3, deals=table_deals, first_dealer=first_dealer)
    seats = [
        Seat(
            table=table,
            position=position,
            registration=Registration(player=Player(name=name, club="SC Prisdorf")),
            left_after_deal=(left_after or {}).get(position),
        )
        for position, name in enumerate(names)
    ]
    totals = [0] * len(seats)
    rows = []
    for sequence, (number, dealer, declarer, score) in enumerate(deals, start=1):
        deal = Deal(
            table=table, sequence=sequence, number=number, dealer=dealer, declarer=declarer,
            score=score, **declarer_only(declarer, score),
        )  # fmt: skip
        if declarer is not None:
            totals[declarer] += score
        rows.append(SheetRow(deal, tuple(totals)))
    return TableSheet(table=table, seats=seats, rows=rows, totals=tuple(totals))


def played(scores: list[tuple[int, int]], players: int = 4) -> list[tuple[int, int, int, int]]:
    """Deals 1, 2, … of (declarer, score), dealt in turn from seat 0."""
    return [
        (number, (number - 1) % players, declarer, score)
        for number, (declarer, score) in enumerate(scores, start=1)
    ]


@dataclass(frozen=True)
class Word:
    text: str
    x_min: float
    y_min: float
    x_max: float


_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">(.*?)</word>'
)


def words(pdf: bytes, *, page: int) -> list[Word]:
    """Every word of a page with its box, in points (pdftotext -bbox)."""
    out = subprocess.run(
        [poppler("pdftotext"), "-bbox", "-f", str(page), "-l", str(page), "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    ).stdout.decode()
    return [
        Word(html.unescape(text), float(x1), float(y1), float(x2))
        for x1, y1, x2, text in _WORD.findall(out)
    ]


#: The page's geometry in mm (templates/pdf/scoresheets.html): where each block starts, the
#: deal column's width, a player's column by the number of players, where the value starts.
MM = 72 / 25.4
BLOCK_LEFT = (9.0, 109.0)
NUMBER_WIDTH = 10.0
PLAYER_WIDTH = {4: 16.5, 3: 22.0}
VALUE_LEFT = 76.0


@dataclass(frozen=True)
class PrintedRow:
    number: int
    #: What each player's cell shows, e.g. "• −34", "12", "•" or "".
    cells: tuple[str, ...]
    value: str


def sheet_rows(pdf: bytes, *, page: int, players: int, deals: int) -> dict[int, PrintedRow]:
    """The rows of a table's scoresheet by deal number, each cell as printed; ``page`` is the
    first of the sheet's pages (each has two blocks of a quarter of the rows)."""
    quarter = max(1, -(-deals // (2 * PAGES)))
    rows: dict[int, PrintedRow] = {}
    for sheet_page in range(PAGES):
        first = sheet_page * 2 * quarter + 1
        if first <= deals:
            rows |= _page_rows(words(pdf, page=page + sheet_page), first, quarter, players)
    return rows


def _page_rows(found: list[Word], first: int, quarter: int, players: int) -> dict[int, PrintedRow]:
    # The page's first row is the lowest ``first`` of the deal column (the seat numbers above
    # stand there too).
    first_row = max(
        w.y_min for w in found if w.text == str(first) and _column(w, players) == (0, "number")
    )
    last_row = first_row + (quarter - 0.5) * ROW_HEIGHT[players] * MM
    rows: dict[int, PrintedRow] = {}
    numbers = [
        w
        for w in found
        if first_row - 1 <= w.y_min <= last_row
        and _column(w, players)[1] == "number"
        and w.text.isdigit()
    ]
    for number_word in numbers:
        block = _column(number_word, players)[0]
        line = sorted(
            (
                w
                for w in found
                if abs(w.y_min - number_word.y_min) < 1.5 and _column(w, players)[0] == block
            ),
            key=lambda w: w.x_min,
        )
        cells = [
            " ".join(w.text for w in line if _column(w, players)[1] == index)
            for index in range(players)
        ]
        value = " ".join(w.text for w in line if _column(w, players)[1] == "value")
        rows[int(number_word.text)] = PrintedRow(int(number_word.text), tuple(cells), value)
    return rows


def _column(word: Word, players: int) -> tuple[int, int | str]:
    """(block, column) of a word: column "number", "value", or a player's index."""
    x = word.x_min / MM
    block = 0 if x < BLOCK_LEFT[1] - 2 else 1
    inside = x - BLOCK_LEFT[block]
    if inside < NUMBER_WIDTH:
        return block, "number"
    if inside >= VALUE_LEFT:
        return block, "value"
    return block, min(int((inside - NUMBER_WIDTH) // PLAYER_WIDTH[players]), players - 1)
