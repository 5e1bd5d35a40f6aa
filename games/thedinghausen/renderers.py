"""The race's PDF: every table's scoresheet, deal by deal (registered in printing_kinds.py).

A selector reads the tables and deals (three queries), :mod:`races.sheets` makes the rows
without the database, and one page a table is laid out by printing's engine.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.thedinghausen.selectors import TableRace, table_races
from games.thedinghausen.sheets import SheetRow, sheet_rows
from printing.kinds import FileJob
from printing.pdf import render_pdf
from tournaments.ledger.receipts import last_codes_by_series
from tournaments.printing_kinds import tournament_of


def render_race_scoresheets(job: FileJob) -> bytes:
    """One page a table: its players, and every deal with the tricks and the tallies."""
    tournament = tournament_of(job)
    races = table_races(tournament=tournament)
    if not races:
        raise ValidationError(
            _("There are no tables yet: draw the tables first."), code="not_drawn"
        )
    codes = last_codes_by_series(tournament)  # a table's number repeats in every series
    sheets = [
        {**_sheet(race), "receipt": codes.get(race.table.series, {}).get(race.table.number, "")}
        for race in races
    ]
    context = {"tournament": tournament, "sheets": sheets}
    return render_pdf("pdf/race_scoresheets.html", context, progress=job.progress)


def _sheet(race: TableRace) -> dict[str, object]:
    rows: list[SheetRow] = sheet_rows(len(race.seats), [deal.counts for deal in race.deals])
    names = [seat.registration.player.name for seat in race.seats]
    return {
        "table": race.table,
        "names": names,
        "rows": [
            {
                "row": row,
                "cells": list(zip(row.counts, row.tallies, strict=True)),
                "sweeper": names[row.sweeper] if row.sweeper is not None else "",
                "winner": names[row.winner] if row.winner is not None else "",
            }
            for row in rows
        ],
        "won": list(zip(names, race.evening.games_won, strict=True)),
    }
