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
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from printing.kinds import FileJob, Progress, no_progress
from printing.pdf import render_pdf
from tournaments import selectors
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

    @property
    def first_dealer(self) -> CardSeat | None:
        return next((seat for seat in self.seats if seat.deals_first), None)


def table_card(table: Table, *, base_url: str) -> TableCard:
    """The card of a table whose seats and players are prefetched (tables_with_seats)."""
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
    return TableCard(table.number, table.deals, seats, link, qr_svg(link))


_NOT_DRAWN = _("There are no tables yet: draw the tables first.")


def table_cards(
    *, tournament: Tournament, base_url: str, numbers: Collection[int] | None = None
) -> list[TableCard]:
    """Every table's card, or those of the tables ``numbers`` (three queries, whatever the
    number of tables).

    :raises ValidationError: the tables are not drawn yet, or none of ``numbers`` exists.
    """
    tables = selectors.tables_with_seats(tournament=tournament)
    if numbers is not None:
        tables = tables.filter(number__in=numbers)
    cards = [table_card(table, base_url=base_url) for table in tables]
    if not cards and numbers is not None:
        raise ValidationError(_("None of the chosen tables exists."), code="no_such_table")
    if not cards:
        raise ValidationError(_NOT_DRAWN, code="not_drawn")
    return cards


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
    cards = table_cards(tournament=tournament, base_url=base_url, numbers=chosen_tables(job))
    return table_cards_pdf(tournament=tournament, cards=cards, progress=job.progress)


def seating_list_pdf(
    *,
    tournament: Tournament,
    rows: Sequence[selectors.SeatingRow],
    progress: Progress = no_progress,
) -> bytes:
    """Every seated player by name, for the notice board (no database needed)."""
    context = {"tournament": tournament, "rows": rows}
    return render_pdf("pdf/seating_list.html", context, progress=progress)


def render_seating_list(job: FileJob) -> bytes:
    tournament = tournament_of(job)
    rows = selectors.seating_list(tournament=tournament)
    if not rows:
        raise ValidationError(_NOT_DRAWN, code="not_drawn")
    return seating_list_pdf(tournament=tournament, rows=rows, progress=job.progress)
