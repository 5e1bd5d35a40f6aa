"""Preisskat's printed scoresheet is the Spielliste (:mod:`games.preisskat.spielliste`): made
from scoring's sheet of a table (its seats and deals, read by scoring's selector), printed by
scoring's scoresheet files in the template :data:`TEMPLATE`."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from django.utils.translation import gettext as _

from fipsen_rules.preisskat import Preisskat
from fipsen_rules.signs import signed_total
from games.preisskat.spielliste import DealLine, Spielliste, spielliste
from sitewide.money import euros
from tournaments.rule_choice import rules_of
from tournaments.rule_pages import SheetLayout

TEMPLATE = "preisskat/pdf_spielliste.html"


@dataclass(frozen=True)
class FootRow:
    """A row of the list's foot: its words, and each player's figure ("" on a blank list)."""

    label: str
    cells: tuple[str, ...]
    leistung: bool = False


@dataclass(frozen=True)
class PrintedList:
    """A table's Spielliste as the template prints it: the list, and its foot's rows."""

    sheet: Spielliste
    foot: tuple[FootRow, ...]

    @property
    def table(self) -> int:
        return self.sheet.table

    @property
    def filled(self) -> bool:
        return self.sheet.filled


def _foot(sheet: Spielliste, rules: Preisskat) -> tuple[FootRow, ...]:
    gain = sheet.others_gain
    rows = (
        (_("Game points"), "points"),
        (_("Won games"), "won"),
        (_("Lost games"), "lost"),
        (_("± 50 for the games won and lost"), "bonus"),
        (_("%(gain)s for each game the others lost") % {"gain": gain}, "others"),
        (_("Leistung"), "leistung"),
    )
    blank = ("",) * len(sheet.names)
    figures = tuple(
        FootRow(
            label,
            tuple(signed_total(getattr(f, name)) for f in sheet.foot) or blank,
            name == "leistung",
        )
        for label, name in rows
    )
    # What each pays the club for his lost games (PREISSKAT.md), checked against the cash box.
    fees = tuple(euros(Decimal(rules.loss_money(f.lost)) / 100) for f in sheet.foot) or blank
    return (*figures, FootRow(_("Verlustspielgeld"), fees))


def spielliste_of(sheet: Any, blank: bool) -> PrintedList:
    """The list of scoring's ``TableSheet``: filled from its deals that count, or blank."""
    table = sheet.table
    column = {seat.position: index for index, seat in enumerate(sheet.seats)}
    deals = [
        DealLine(
            row.deal.number,
            column[row.deal.dealer],
            None if row.deal.declarer is None else column[row.deal.declarer],
            row.deal.game,
        )
        for row in sheet.rows
        if row.deal.counts
    ]
    several = table.tournament.series_count > 1
    made = spielliste(
        table=table.number,
        names=tuple(seat.registration.player.name for seat in sheet.seats),
        deals=deals,
        rows=table.deals,
        first_dealer=column.get(table.first_dealer, 0),
        blank=blank,
        series=table.series if several else None,
    )
    return PrintedList(made, _foot(made, cast("Preisskat", rules_of(table.tournament))))


LAYOUT = SheetLayout(TEMPLATE, spielliste_of)
