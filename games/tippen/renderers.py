"""Tippen's PDF: every table's ledger, deal by deal (registered in printing_kinds.py).

A selector reads the tables and deals (three queries), the ledger is replayed without the
database, and one page a table is laid out by printing's engine.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from games.tippen.selectors import TablePot, ranked_players, table_pots
from games.tippen.words import deal_words
from printing.kinds import FileJob
from printing.pdf import render_pdf
from tournaments.ledger.receipts import last_codes_by_series
from tournaments.printing_kinds import tournament_of


def render_pot_ledgers(job: FileJob) -> bytes:
    """The standings by chips, then one page a table: every deal, each player's entry and
    chips after it, and the deal in words."""
    tournament = tournament_of(job)
    pots = table_pots(tournament=tournament)
    if not pots:
        raise ValidationError(
            _("There are no tables yet: draw the tables first."), code="not_drawn"
        )
    codes = last_codes_by_series(tournament)  # a table's number repeats in every series
    context = {
        "tournament": tournament,
        "players": ranked_players(pots),
        "sheets": [
            {**_sheet(pot), "receipt": codes.get(pot.table.series, {}).get(pot.table.number, "")}
            for pot in pots
        ],
    }
    return render_pdf("pdf/pot_ledgers.html", context, progress=job.progress)


def _sheet(pot: TablePot) -> dict[str, object]:
    ledger = pot.ledger
    rows = []
    for index, taps in enumerate(ledger.deals):
        lone = sum(1 for tricks in taps if tricks is not None) == 1
        entries = ["–" if t is None else "t" if lone else str(t) for t in taps]
        rows.append(
            {
                "number": index + 1,
                "dealer": pot.names[ledger.before(index).dealer],
                "stakes": ledger.stakes(index),
                "cells": list(zip(entries, ledger.states[index].chips, strict=True)),
                "words": deal_words(pot.names, ledger, index).split(": ", 1)[-1],
            }
        )
    return {"table": pot.table, "names": pot.names, "rows": rows, "pot": ledger.current}
