"""The printed scoresheet of a table, in the Prisdorf layout, as plain values (no database).

Prisdorf's six columns (SPEC A16.1; five at a table of three): the deal number, each player's
running total, and the value of the game (the declarer's signed score). A passed deal gets no
row. Every row marks its dealer. The sheet has a row for each of the table's deals (100 at a
table of four, 120 at a table of three):

- **filled**: the deals played, each with the totals after it and its value, then empty rows
  for the deals still to play;
- **blank**: only the rows, for a table that keeps score on paper.

The dealer of a played row is the one stored with the deal. The dealer of a row still to play
follows from the last deal (the same dealer after all passed, else the next playing seat
clockwise) or, on a blank sheet, from the table's first dealer; a player who left deals no
more, so the table of three then turns over the seats still there (as ``next_deal`` does).
"""

from dataclasses import dataclass

from fipsen_rules.seats import Seating
from fipsen_rules.signs import signed_score, signed_total
from scoring.selectors import TableSheet, table_seating
from tournaments.rule_pages import pages_of

#: The legend of a deal-scored sheet's columns (tournaments.rule_pages.RulePages.pdf_legend).
PDF_LEGEND = "scoring/rules/pdf_legend.html"


@dataclass(frozen=True)
class Column:
    """A player's column: his seat as printed (1 to 4), name and club, and his total."""

    number: int
    name: str
    club: str
    left_after_deal: int | None
    #: The total after the deals played; None on a blank sheet.
    total: int | None
    deals_first: bool


@dataclass(frozen=True)
class Cell:
    #: The player's running total after the deal; None while not played (or on a blank sheet).
    total: int | None
    dealer: bool
    #: False for a player who left before this deal: the cell stays empty, shaded.
    playing: bool = True


@dataclass(frozen=True)
class Line:
    number: int
    cells: tuple[Cell, ...]
    #: The value of the game (the declarer's score); None while not played.
    value: int | None = None
    #: The declarer's column (counted from 0), for a played deal.
    declarer: int | None = None

    @property
    def dealer(self) -> int:
        """The dealer's column, counted from 0."""
        return next(i for i, cell in enumerate(self.cells) if cell.dealer)


#: The height of a row on the page, in mm, by the number of players: at least 6 mm, for older
#: players who write in them by hand (issue 19), so a sheet takes two A4 pages.
ROW_HEIGHT = {4: 6.2, 3: 6.2, 5: 6.2}
#: The pages of a table's sheet, each with two blocks of rows side by side.
PAGES = 2
#: A mark for the dealer: before his total, or alone in an empty row.
DEALER_MARK = "•"


@dataclass(frozen=True)
class BlockColumn:
    """One column of a block of rows, as text with a row per line (laid out much faster than
    a table cell per number: the PDF of 10 tables needs 6,000 numbers).

    ``text`` has the rows played ("• −34" for the dealer), ``marks`` the dealer's mark of the
    rows still to play, from row ``marks_from`` of the block on. A player who left has no
    more rows from ``out_from`` on (that part of his column is shaded).
    """

    text: str
    marks: str = ""
    marks_from: int = 0
    out_from: int | None = None


@dataclass(frozen=True)
class Block:
    """A quarter of the sheet's rows: two blocks stand side by side on each of two pages."""

    lines: tuple[Line, ...]
    numbers: str
    players: tuple[BlockColumn, ...]
    values: str
    row_height: float

    def offset(self, rows: int) -> str:
        """How far down ``rows`` rows reach, in mm, for the page's CSS (never localised)."""
        return f"{rows * self.row_height:.2f}mm"

    @property
    def height(self) -> str:
        return self.offset(len(self.lines))

    @property
    def columns(self) -> list[tuple[int, BlockColumn, str, str | None]]:
        """Each player's column with where its marks and its shading start, for the template."""
        return [
            (
                index,
                column,
                self.offset(column.marks_from),
                None if column.out_from is None else self.offset(column.out_from),
            )
            for index, column in enumerate(self.players)
        ]


def _block(lines: tuple[Line, ...], size: int) -> Block:
    played = sum(1 for line in lines if line.value is not None)
    players = []
    for index in range(size):
        cells = [line.cells[index] for line in lines]
        text = "\n".join(
            (f"{DEALER_MARK}\u2002" if cell.dealer else "") + signed_total(cell.total)
            for cell in cells[:played]
        )
        marks = "\n".join(DEALER_MARK if cell.dealer else "" for cell in cells[played:])
        out = next((row for row, cell in enumerate(cells) if not cell.playing), None)
        players.append(BlockColumn(text, marks.rstrip("\n"), played, out))
    return Block(
        lines=lines,
        numbers="\n".join(str(line.number) for line in lines),
        players=tuple(players),
        values="\n".join(signed_score(line.value) for line in lines[:played]),
        row_height=ROW_HEIGHT.get(size, ROW_HEIGHT[4]),
    )


@dataclass(frozen=True)
class Scoresheet:
    table: int
    deals: int
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]
    filled: bool
    played: int
    #: "Table 3 ended early after 57 of 120 deals: …" on a filled sheet, else empty.
    ended_early_note: str = ""
    #: The legend of the columns, as the rule set registered it (Großenaspe's: a failed game's
    #: value goes to each opponent, and at a table of five the dealer sits out).
    legend: str = PDF_LEGEND
    #: The table's series at a night of several ("Serie 2 · Tisch 3"), else None.
    series: int | None = None

    @property
    def blocks(self) -> tuple[Block, ...]:
        """The rows in four blocks, two side by side on each page: 25 each (30 at 120)."""
        quarter = max(1, -(-len(self.lines) // (2 * PAGES)))
        size = len(self.columns)
        return tuple(
            _block(self.lines[start : start + quarter], size)
            for start in range(0, quarter * 2 * PAGES, quarter)
        )

    @property
    def pages(self) -> list[tuple[Block, ...]]:
        """The blocks by page: the names' header repeats on each."""
        blocks = self.blocks
        return [blocks[start : start + 2] for start in range(0, len(blocks), 2)]


def scoresheet(sheet: TableSheet, *, blank: bool = False) -> Scoresheet:
    """The printed sheet of a table: filled from its deals, or ``blank`` for paper."""
    seats = sheet.seats
    table = sheet.table
    # A table built without its tournament (the layout's own tests) is seated as it is.
    with_rules = table.tournament_id is not None
    seating = table_seating(table, seats) if with_rules else Seating.of(seats, (len(seats),))
    index = {seat.position: i for i, seat in enumerate(seats)}
    lines: list[Line] = []
    # Where the rows still to play go on from: the dealer, and whether he deals again.
    dealer, completed = table.first_dealer, False
    if not blank:
        for row in sheet.rows:
            dealer, completed = row.deal.dealer, row.deal.counts
            if row.deal.number is None:
                continue
            playing = seating.playing(row.deal.number)
            cells = tuple(
                Cell(
                    total if seat.position in playing else None,
                    dealer=seat.position == row.deal.dealer,
                    playing=seat.position in playing,
                )
                for seat, total in zip(seats, row.totals, strict=True)
            )
            declarer = index.get(row.deal.declarer) if row.deal.declarer is not None else None
            lines.append(Line(row.deal.number, cells, row.deal.value, declarer))
    played = len(lines)
    for number in range(played + 1, max(table.deals, played) + 1):
        playing = seating.playing(number)
        dealer = seating.next_dealer(dealer, number, completed=completed)
        completed = True
        cells = tuple(
            Cell(None, dealer=seat.position == dealer, playing=seat.position in playing)
            for seat in seats
        )
        lines.append(Line(number, cells))
    columns = _columns(sheet, blank=blank)
    note = "" if blank else table.ended_early_note
    # A table built without its tournament (the layout's own tests) is Prisdorf's.
    pages = pages_of(table.tournament) if table.tournament_id is not None else None
    legend = (pages.pdf_legend if pages else None) or PDF_LEGEND
    several = pages is not None and table.tournament.series_count > 1
    return Scoresheet(table.number, table.deals, columns, tuple(lines), not blank, played, note,
                      legend, series=table.series if several else None)  # fmt: skip


def _columns(sheet: TableSheet, *, blank: bool) -> tuple[Column, ...]:
    """A column per seat: its player, and his total on a filled sheet."""
    return tuple(
        Column(
            number=seat.position + 1,
            name=seat.registration.player.name,
            club=seat.registration.player.club,
            left_after_deal=seat.left_after_deal,
            total=None if blank else total,
            deals_first=seat.position == sheet.table.first_dealer,
        )
        for seat, total in zip(sheet.seats, sheet.totals, strict=True)
    )
