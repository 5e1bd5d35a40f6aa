"""A table's scored deals from the night's file, checked as the captain's entries were
(:mod:`scoring.transfer` reads them): entries numbered from 1, deals numbered on without a gap
and within the table's deals, dealer and declarer at the table, and every deal's stored score
the one the rules give its game (the tournament's rule set, asked through the registry as the
captain's page asks it): a file cannot put a score on the sheet that no game gives.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from fipsen_rules import FipsenError
from scoring.evaluation import score_deal
from scoring.models import Deal
from scoring.selectors.entry import playing_seats
from tournaments.models import Seat, Table
from tournaments.rule_choice import rules_of
from tournaments.rules_errors import rules_error_text


class DealsChecked:
    """The deals of one table, checked one after the other in the file's order."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.rules: Any = rules_of(table.tournament)
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
            game = self.rules.parse(deal.game) if deal.game else None
            scored = score_deal(
                tournament=self.table.tournament,
                seats=playing_seats(self.seats, number),
                declarer=deal.declarer,
                game=game,
                written_value=deal.written_value,
                dealer=deal.dealer,
            )
        except FipsenError as error:
            raise ValidationError(rules_error_text(error)) from None
        except TypeError:
            raise ValidationError(_("these rules cannot score this deal.")) from None
        stored = (deal.game, deal.score, deal.opponents_score, deal.number is not None)
        if (scored.game, scored.score, scored.opponents_score, scored.counts_as_deal) != stored:
            raise ValidationError(
                _("“%(game)s” does not score %(score)s by these rules.")
                % {"game": deal.game or deal.written_value, "score": deal.score}
            )
