"""The files of the tournament night: table cards and the seating list (registered with
printing in printing_kinds.py).

Each renderer is two layers: one reads the database into plain values (:class:`TableCard`,
:class:`~tournaments.selectors.SeatingRow`), the other makes the PDF of those values and needs
no database (the benchmark and the layout tests call it directly).
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from printing.kinds import FileJob, Progress, no_progress
from printing.pdf import render_pdf
from tournaments import selectors
from tournaments.draw import tables as draw_tables
from tournaments.draw.series_selectors import last_series_drawn
from tournaments.links import qr_svg, table_entry_url
from tournaments.models import Table, Tournament
from tournaments.printing_kinds import tournament_of
from tournaments.rule_pages import pages_of


@dataclass(frozen=True)
class CardSeat:
    number: int  # 1 to 4, as printed ("Platz 1"); the model counts from 0
    name: str
    club: str
    deals_first: bool
    left_after_deal: int | None = None

    @property
    def name_size(self) -> str:
        """The CSS class of the name's type size: a long name gets smaller type, so that
        every card stays one page (pdf/table_cards.html)."""
        if len(self.name) > 32:
            return "longer"
        return "long" if len(self.name) > 20 else ""

    @property
    def club_size(self) -> str:
        return "longer" if len(self.club) > 36 else ""


@dataclass(frozen=True)
class TableCard:
    number: int
    deals: int
    seats: Sequence[CardSeat]
    #: The captain's private link, printed as text and as a QR code.
    link: str
    qr: SafeString
    #: The table's series at a night of several ("Serie 2" on the card), else None.
    series: int | None = None

    @property
    def first_dealer(self) -> CardSeat | None:
        return next((seat for seat in self.seats if seat.deals_first), None)


def table_card(table: Table, *, base_url: str, series: bool = False) -> TableCard:
    """The card of a table whose seats and players are prefetched (tables_with_seats); with
    its ``series`` named (a night of several)."""
    link = table_entry_url(base_url=base_url, token=table.token)
    seats = [
        CardSeat(
            number=seat.position + 1,
            name=seat.registration.player.name,
            club=seat.registration.player.club,
            deals_first=seat.position == table.first_dealer,
            left_after_deal=seat.left_after_deal,
        )
        for seat in table.seats.all()
    ]
    shown = table.series if series else None
    return TableCard(table.number, table.deals, seats, link, qr_svg(link), series=shown)


_NOT_DRAWN = _("There are no tables yet: draw the tables first.")


def not_drawn(series: int | None) -> ValidationError:
    """No table to print: none drawn yet, or none of the series chosen."""
    if series is not None and series > 1:
        return ValidationError(
            _("Series %(series)s is not drawn yet."),
            code="series_not_drawn",
            params={"series": series},
        )
    return ValidationError(_NOT_DRAWN, code="not_drawn")


def table_cards(
    *,
    tournament: Tournament,
    base_url: str,
    numbers: Collection[int] | None = None,
    series: int | None = None,
) -> list[TableCard]:
    """Every table's card (of ``series``, or of every series in order), or those of the
    tables ``numbers`` (three queries, whatever the number of tables).

    :raises ValidationError: the tables are not drawn yet, or none of ``numbers`` exists.
    """
    tables = series_tables(tournament, series)
    if numbers is not None:
        tables = tables.filter(number__in=numbers)
    several = tournament.series_count > 1
    cards = [table_card(table, base_url=base_url, series=several) for table in tables]
    if not cards and numbers is not None:
        raise ValidationError(_("None of the chosen tables exists."), code="no_such_table")
    if not cards:
        raise not_drawn(series)
    return cards


def series_tables(tournament: Tournament, series: int | None) -> QuerySet[Table]:
    """The tables with their seats and players (of ``series``, or of every series in order)."""
    tables = draw_tables.tables_with_seats(tournament=tournament)
    if series is None:
        return tables.order_by("series", "number")
    return tables.filter(series=series)


def chosen_series(job: FileJob, tournament: Tournament) -> int:
    """The option ``series`` ("2"): the series a job is for; without it the series drawn
    last (a night of one series: 1)."""
    chosen = job.options.get("series", "")
    if chosen.isascii() and chosen.isdecimal():
        return int(chosen)
    return last_series_drawn(tournament=tournament)


def chosen_tables(job: FileJob) -> set[int] | None:
    """The option ``tables`` ("1,3"): the tables a job is for, or None for all of them."""
    chosen = job.options.get("tables", "")
    if not chosen:
        return None
    return {int(number) for number in chosen.split(",") if number.strip().isdecimal()}


def table_cards_context(tournament: Tournament, cards: Sequence[TableCard]) -> dict[str, Any]:
    """What pdf/table_cards.html reads: the cards, and their facts and note as the tournament's
    rule set registered them (:mod:`tournaments.rule_pages`)."""
    pages = pages_of(tournament)
    return {
        **(pages.card_context(tournament) if pages.card_context else {}),
        "tournament": tournament,
        "cards": cards,
    }


def table_cards_pdf(
    *, tournament: Tournament, cards: Sequence[TableCard], progress: Progress = no_progress
) -> bytes:
    """One A4 page per table (no database needed)."""
    context = table_cards_context(tournament, cards)
    return render_pdf("pdf/table_cards.html", context, progress=progress)


def render_table_cards(job: FileJob) -> bytes:
    """The table cards, or only those in the option ``tables`` ("3": a table's new link); the
    links start with the job's ``base_url`` (else PUBLIC_URL)."""
    tournament = tournament_of(job)
    base_url = job.options.get("base_url") or settings.PUBLIC_URL
    if not base_url:
        raise ValueError("the table cards need a base_url (or settings.PUBLIC_URL) for the links")
    cards = table_cards(
        tournament=tournament,
        base_url=base_url,
        numbers=chosen_tables(job),
        series=chosen_series(job, tournament),
    )
    return table_cards_pdf(tournament=tournament, cards=cards, progress=job.progress)


def seating_list_context(
    tournament: Tournament, rows: Sequence[selectors.SeatingRow], series: int | None
) -> dict[str, Any]:
    """What pdf/seating_list.html reads: the rows, and their series named at a night of
    several."""
    shown = series if tournament.series_count > 1 else None
    return {"tournament": tournament, "rows": rows, "series": shown}


def seating_list_pdf(
    *,
    tournament: Tournament,
    rows: Sequence[selectors.SeatingRow],
    progress: Progress = no_progress,
    series: int | None = None,
) -> bytes:
    """Every seated player (of ``series``) by name, for the notice board (no database)."""
    context = seating_list_context(tournament, rows, series)
    return render_pdf("pdf/seating_list.html", context, progress=progress)


def render_seating_list(job: FileJob) -> bytes:
    """The seating list of the option ``series`` (else of the series drawn last)."""
    tournament = tournament_of(job)
    series = chosen_series(job, tournament)
    rows = selectors.seating_list(tournament=tournament, series=series)
    if not rows:
        raise not_drawn(series)
    return seating_list_pdf(tournament=tournament, rows=rows, progress=job.progress, series=series)
