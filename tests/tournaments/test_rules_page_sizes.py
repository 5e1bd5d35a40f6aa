"""The rules page names the deals by the table sizes the rule set seats (the walk's finding:
a Großenaspe night showed "deals at a table of three 120", though it seats no table of three
and its tables of five play 125)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.night_helpers import night

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _rules(organiser: Client, **options: object) -> str:
    tournament = night(present=0, **options)
    page = organiser.get(reverse("tournaments:tournament_rules", args=[tournament.pk]))
    return " ".join(page.content.decode().split())


def test_grossenaspe_shows_its_fours_and_fives(organiser: Client) -> None:
    page = _rules(organiser, rule_set="grossenaspe")
    assert "<dt>Spiele am Vierertisch</dt> <dd>100</dd>" in page
    assert "<dt>Spiele am Fünfertisch</dt> <dd>125</dd>" in page
    assert "Dreiertisch" not in page


def test_prisdorf_shows_its_fours_and_threes(organiser: Client) -> None:
    page = _rules(organiser, deals_at_four=40, deals_at_three=48)
    assert "<dt>Spiele am Vierertisch</dt> <dd>40</dd>" in page
    assert "<dt>Spiele am Dreiertisch</dt> <dd>48</dd>" in page
    assert "Fünfertisch" not in page
