"""The new-tournament form shows each rule set's own deal counts and tie-break (issue 28: a
Skat list is 48 deals at four and 36 at three, ranked on equal Leistung by more games won,
then fewer lost): a form posted as it was shown for Prisdorf but with Preisskat chosen (no
JavaScript to change the fields) plays Preisskat's; what the organiser changed stays."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _shown(organiser: Client) -> dict[str, str]:
    """The form as a browser without JavaScript shows it and would post it untouched."""
    page = organiser.get(reverse("tournaments:tournament_create")).content.decode()
    values = dict(
        re.findall(r'<input type="(?:hidden|text|number|date)" name="(\w+)" value="([^"]*)"', page)
    )
    tie_break = re.search(r'<option value="([^"]*)" selected>', page)
    assert tie_break is not None
    return {**values, "tie_break": tie_break.group(1), "rule_set": "prisdorf", "entry_fee": "0"}


def _created(organiser: Client, **changes: str) -> Tournament:
    response = organiser.post(
        reverse("tournaments:tournament_create"), {**_shown(organiser), **changes}
    )
    assert response.status_code == 302, response.content.decode()
    return Tournament.objects.get()


def test_preisskat_chosen_on_a_form_shown_for_prisdorf_plays_its_own(organiser: Client) -> None:
    shown = _shown(organiser)
    assert (shown["deals_at_four"], shown["deals_at_three"]) == ("100", "120")
    assert (shown["defaults_of"], shown["tie_break"]) == ("prisdorf", "fewer_lost,best_game")
    tournament = _created(organiser, rule_set="preisskat")
    assert (tournament.deals_at_four, tournament.deals_at_three) == (None, None)
    assert tournament.tie_break == "more_won,fewer_lost"


def test_what_the_organiser_changed_stays(organiser: Client) -> None:
    tournament = _created(organiser, rule_set="preisskat", defaults_of="preisskat",
                          deals_at_four="32", deals_at_three="24",
                          tie_break="fewer_lost,best_game")  # fmt: skip
    assert (tournament.deals_at_four, tournament.deals_at_three) == (32, 24)
    assert tournament.tie_break == "fewer_lost,best_game"


def test_prisdorf_as_shown_keeps_its_own(organiser: Client) -> None:
    tournament = _created(organiser)
    assert (tournament.deals_at_four, tournament.deals_at_three) == (None, None)
    assert tournament.tie_break == "fewer_lost,best_game"
    assert not Table.objects.exists()
