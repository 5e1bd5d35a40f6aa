"""Checks of the night's file beyond a row's fields: a table's end, its series, its receipts,
its seats, tables that fit the night's state and series drawn in order (the frame,
:mod:`scoring.night_file.transfer`); and a table's scored deals,
checked as the captain's entries were (:mod:`scoring.night_file.deals` reads them): entries numbered
from 1, deals numbered on without a gap and within the table's deals, dealer and declarer at
the table, and every deal's stored score the one the rules give its game (the tournament's
rule set, asked through the registry as the captain's page asks it): a file cannot put a
score on the sheet that no game gives.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from fipsen_rules import FipsenError
from scoring.evaluation import score_deal, scored_rules
from scoring.models import Deal
from scoring.selectors.entry import playing_seats
from tournaments.ledger.receipts import SCHEMES
from tournaments.models import Seat, Table, Tournament
from tournaments.rule_choice import rules_of
from tournaments.rules_errors import rules_error_text
from tournaments.states import TournamentState


def ended_early_checked(table: Table) -> None:
    """A table ended early has its time, deals played and reason; one that was not, none."""
    ended = table.ended_early_at is not None
    if (table.ended_early_after is not None) != ended or bool(table.ended_early_reason) != ended:
        raise ValidationError(
            _(
                "a table ended early needs the time, the deals played and the reason, a table "
                "not ended early none of them."
            )
        )


def receipts_checked(table: Table) -> None:
    """A table's receipts are made by a scheme there is (the field is not editable, so Django's
    check of its choices leaves it out)."""
    if table.receipt_scheme not in SCHEMES:
        raise ValidationError(
            _("this table's receipts name a way of making them that there is not: %(scheme)s.")
            % {"scheme": table.receipt_scheme}
        )


def series_checked(tournament: Tournament, table: Table) -> None:
    """A table plays in one of the night's series."""
    if not 1 <= table.series <= tournament.series_count:
        raise ValidationError(
            _("the night plays %(count)s series; this table is in series %(series)s.")
            % {"count": tournament.series_count, "series": table.series}
        )


def tables_fit_state(tournament: Tournament) -> None:
    """A night drawn has its tables, a night before the draw none: the pages of a night
    ask its tables only when it has them."""
    drawn = tournament.state != TournamentState.REGISTRATION
    series = set(Table.objects.filter(tournament=tournament).values_list("series", flat=True))
    if bool(series) != drawn:
        raise ValidationError(
            _("a night drawn has tables, a night before the draw none; this one is “%(state)s”.")
            % {"state": tournament.get_state_display()}
        )
    if series and series != set(range(1, max(series) + 1)):
        raise ValidationError(
            _("series %(series)s has tables, but a series before it has none.")
            % {"series": max(series)}
        )
    _numbered_from_one(tournament)


def _numbered_from_one(tournament: Tournament) -> None:
    """A series' tables are numbered 1, 2, … as its draw numbered them: a table of another
    series relabelled (series 1's table 3 said to be series 3's) leaves a gap in one series
    or a series that does not start at 1."""
    numbers: dict[int, set[int]] = {}
    for series, number in Table.objects.filter(tournament=tournament).values_list(
        "series", "number"
    ):
        numbers.setdefault(series, set()).add(number)
    for series, found in sorted(numbers.items()):
        if found != set(range(1, len(found) + 1)):
            raise ValidationError(
                _(
                    "series %(series)s has the tables %(numbers)s, but a series' tables are "
                    "numbered from 1 without a gap (a table of another series?)."
                )
                % {"series": series, "numbers": ", ".join(map(str, sorted(found)))}
            )


def seats_checked(tournament: Tournament, table: Table, seats: list[Any]) -> None:
    """A table has as many seats as a table of its rules has players, each place once, and
    its first dealer among them."""
    sizes = rules_of(tournament).table_sizes
    positions = [seat.get("position") for seat in seats if isinstance(seat, Mapping)]
    if len(seats) not in sizes or positions.count(None) or set(positions) != set(range(len(seats))):
        raise ValidationError(
            _(
                "a table of these rules has %(sizes)s seats, numbered from 0; this one has "
                "%(count)s."
            )
            % {"sizes": " / ".join(str(size) for size in sizes), "count": len(seats)}
        )
    if table.first_dealer is not None and table.first_dealer >= len(seats):
        raise ValidationError(_("the first dealer has no seat at the table."))


class DealsChecked:
    """The deals of one table, checked one after the other in the file's order."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.rules = rules_of(table.tournament)
        self.seats = list(Seat.objects.filter(table=table).order_by("position"))
        self.last_number = 0

    def check(self, deal: Deal, index: int) -> None:
        """:raises ValidationError: the deal is not the table's next, or not what its game
        scores (the message says why; the caller names the table and the deal)."""
        if not self.rules.scores_deals:
            raise ValidationError(_("these rules keep no scored deals."))
        if deal.sequence != index:
            raise ValidationError(
                _("this entry is not the one after %(before)s.") % {"before": index - 1}
            )
        number = self.last_number + 1
        if deal.number is not None and (deal.number != number or number > self.table.deals):
            raise ValidationError(
                _("deal %(number)s is not the table's next deal.") % {"number": deal.number}
            )
        players = len(self.seats)
        if deal.dealer >= players or (deal.declarer is not None and deal.declarer >= players):
            raise ValidationError(_("the dealer or the declarer has no seat at the table."))
        self._score_checked(deal, number)
        if deal.number is not None:
            self.last_number = deal.number

    def _score_checked(self, deal: Deal, number: int) -> None:
        try:
            game = scored_rules(self.table.tournament).parse(deal.game) if deal.game else None
            scored = score_deal(
                tournament=self.table.tournament,
                seats=playing_seats(self.table, self.seats, number),
                declarer=deal.declarer,
                game=game,
                written_value=deal.written_value,
                dealer=deal.dealer,
            )
        except FipsenError as error:
            raise ValidationError(rules_error_text(error)) from None
        except TypeError:
            raise ValidationError(_("these rules cannot score this deal.")) from None
        deal.seat_changes = scored.seat_changes  # a file of before has none: as the rules score it
        stored = (deal.game, deal.score, deal.opponents_score, deal.number is not None)
        if (scored.game, scored.score, scored.opponents_score, scored.counts_as_deal) != stored:
            raise ValidationError(
                _("“%(game)s” does not score %(score)s by these rules.")
                % {"game": deal.game or deal.written_value, "score": deal.score}
            )
