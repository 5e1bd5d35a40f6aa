"""Großenaspe chosen on the tournament's form (SPEC C3): its kloppen option, its rules, and a
demo night of it."""

import pytest
from django.core.management import call_command
from django.test import Client

from fipsen_rules import Grossenaspe
from scoring.demo import demo_night_play
from scoring.models import Deal
from scoring.standings import selectors as standings_selectors
from tests.tournaments.test_rule_choice import created
from tournaments.models import Table
from tournaments.rule_choice import rules_of

pytestmark = pytest.mark.django_db


def test_the_organiser_chooses_grossenaspe_with_kloppen(client: Client) -> None:
    tournament = created(client, rule_set="grossenaspe", grossenaspe_kloppen="on")
    assert tournament.rule_set == "grossenaspe"
    assert rules_of(tournament) == Grossenaspe(kloppen=True)


def test_a_demo_night_of_grossenaspe_seats_fours_and_fives() -> None:
    night = demo_night_play(players=9, seed=3, deals=12, rule_set="grossenaspe")
    tables = Table.objects.filter(tournament=night.tournament).order_by("number")
    assert [table.seats.count() for table in tables] == [4, 5]
    five = tables[1]
    for deal in Deal.objects.filter(table=five, number__isnull=False):
        assert deal.declarer != deal.dealer  # the dealer of a five sits out
    standings = standings_selectors.standings(tournament=night.tournament)
    assert all(line.points >= 0 for line in standings)  # scores are never negative
    assert sum(line.points for line in standings) > 0


def test_the_demo_command_takes_grossenaspe_and_says_why_three_cannot_play() -> None:
    call_command("demo_night", "--rules", "grossenaspe", "--players", "4", "--deals", "3")
    with pytest.raises(Exception, match="Karo"):
        call_command("demo_night", "--rules", "grossenaspe", "--players", "3", "--deals", "3")
