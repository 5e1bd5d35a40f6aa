"""Paper sheets typed in: checked whole by scoring/paper/, then saved deal by deal through
deal_record in one transaction."""

import uuid

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from fipsen_rules.vocabulary import Spoken
from scoring import paper, selectors
from scoring.evaluation import scored_rules
from scoring.models import Deal
from scoring.services.entry import deal_record
from scoring.services.guards import require_next_free
from tournaments.draw.tables import seats_of, table_with_seats_locked
from tournaments.games import games_with_paper_sheets
from tournaments.models import Seat, Table
from tournaments.states import require_open_for_entry


def sheet_require_open(*, table: Table, upcoming: selectors.NextDeal) -> None:
    """A paper sheet can go on this table now.

    :raises ValidationError: the tournament is finished or not started, plays a rule set
        whose sheets the app cannot read (the race, Tippen: pages of their own), the table has
        played all its deals, or its last deal waits for a confirmation.
    """
    require_open_for_entry(table)
    sheet_rules(table)
    require_next_free(table, upcoming, await_confirmation=True)


def sheet_rules(table: Table) -> Spoken:
    """The rules a paper sheet of ``table`` is read by, as their vocabulary says the sheet is
    written (scoring/paper/notation.py): Prisdorf's, Großenaspe's (each opponent's gain, the
    dealer sitting out at a five), or Mecklenburg's (the club's points table, a line of its own
    when all passed).

    :raises ValidationError: another rule set, whose sheets the app cannot read.
    """
    try:
        rules: Spoken | None = scored_rules(table.tournament)
    except TypeError:  # a rule set without scored deals (the race, Tippen)
        rules = None
    if rules is None or rules.vocabulary.paper is None:
        raise ValidationError(
            _(
                "Paper sheets can be typed in for these games only: %(games)s. Enter this "
                "night's deals on the phone, or one by one on the table's page."
            ),
            code="paper_rules",
            params={"games": ", ".join(map(str, games_with_paper_sheets()))},
        )
    return rules


def sheet_check(*, table: Table, text: str) -> paper.Sheet:
    """Read and check a typed paper sheet against the table as it stands; saves nothing.

    :raises scoring.paper.SheetError: naming every wrong line.
    :raises ValidationError: the table takes no sheet now (see :func:`sheet_require_open`).
    """
    seats = seats_of(table=table)
    upcoming = selectors.next_deal(table=table, seats=seats)
    sheet_require_open(table=table, upcoming=upcoming)
    return _checked(text, table=table, seats=seats, upcoming=upcoming)


def _checked(
    text: str, *, table: Table, seats: list[Seat], upcoming: selectors.NextDeal
) -> paper.Sheet:
    """The sheet checked against the table as it stands (its rules take sheets)."""
    rules = sheet_rules(table)
    start = selectors.paper_start(table=table, seats=seats, upcoming=upcoming, rules=rules)
    return paper.check_sheet(text, start=start, rules=rules)


def sheet_import(
    *,
    table: Table,
    text: str,
    user: User | None,
    batch: uuid.UUID | None = None,
) -> list[Deal]:
    """Save a typed paper sheet: every row or none.

    The sheet is checked again as the table stands now (another phone may have entered a deal
    since the preview), then each row goes through :func:`deal_record`, so it is scored by the
    rules, gets its dealer, and is logged like any entry. ``batch`` is the preview's id: the
    same sheet posted twice (a double tap, a dropped connection) is saved once, and the second
    time returns the deals of the first.

    :raises scoring.paper.SheetError: naming every wrong line (nothing saved).
    :raises ValidationError: the table takes no sheet now (nothing saved).
    """
    batch = uuid.uuid4() if batch is None else batch
    with transaction.atomic():
        locked, seats = table_with_seats_locked(table_id=table.pk)
        submissions = [uuid.uuid5(batch, str(row)) for row in range(locked.deals)]
        saved = list(
            Deal.objects.filter(table=locked, submission__in=submissions).order_by("sequence")
        )
        if saved:
            return saved
        upcoming = selectors.next_deal(table=locked, seats=seats)
        sheet_require_open(table=locked, upcoming=upcoming)
        sheet = _checked(text, table=locked, seats=seats, upcoming=upcoming)
        return [
            deal_record(
                table=locked,
                sequence=upcoming.sequence + index,
                submission=submissions[index],
                declarer=row.declarer,
                game=row.game,
                written_value=row.written_value,
                user=user,
                await_confirmation=index == 0,
            )
            for index, row in enumerate(sheet.rows)
        ]
