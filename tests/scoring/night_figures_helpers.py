"""Every figure of a scored night that its deals make, as plain values: each table's totals
(the captain's), its sheet (each row's value and running totals, the PDF's lines) and the
standings. Written against selectors that the code before issue 27 had too, so that
``nights_before_changes/make.py`` ran it there and the tests run it now."""

from typing import Any

from scoring import selectors
from scoring.scoresheets import scoresheet
from scoring.standings import selectors as standings_selectors
from tournaments.draw.tables import seats_of
from tournaments.models import Tournament


def night_figures(tournament: Tournament) -> dict[str, Any]:
    tables = {}
    for sheet in selectors.table_sheets(tournament=tournament):
        table = sheet.table
        seats = seats_of(table=table)
        printed = scoresheet(sheet)
        tables[str(table.number)] = {
            "totals": list(selectors.seat_totals(table=table, seats=seats)),
            "sheet": [[row.deal.value, list(row.totals)] for row in sheet.rows],
            "sheet_totals": list(sheet.totals),
            "pdf": [
                [line.value, [cell.total for cell in line.cells]]
                for line in printed.lines
                if line.value is not None
            ],
        }
    standings = [
        [s.seat.registration.player.name, s.place, s.points, s.declared, s.won, s.lost, s.best]
        for s in standings_selectors.standings(tournament=tournament)
    ]
    return {"tables": tables, "standings": standings}
