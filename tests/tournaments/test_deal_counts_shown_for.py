"""The new-tournament form's deal counts say which rule sets read them (the walk's finding:
"Spiele am Dreiertisch" stood for Ansegger and Duttfips, played at tables of four only). With
JavaScript only the chosen rule set's are shown; without it both stay and are ignored where
the rule set does not seat that size."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.draw.rule_seating import deal_count_readers

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def test_each_deal_count_names_the_rule_sets_that_seat_its_tables(organiser: Client) -> None:
    page = organiser.get(reverse("tournaments:tournament_create")).content.decode()
    shown_for = {}
    for name in ("deals_at_four", "deals_at_three"):
        match = re.search(rf'data-shown-for="([^"]+)">\s*<label for="id_{name}"', page)
        assert match, name
        shown_for[name] = set(match.group(1).split())
    assert shown_for["deals_at_three"] == {"prisdorf", "preisskat"}
    assert shown_for["deals_at_four"] == {
        "prisdorf",
        "grossenaspe",
        "ansegger",
        "duttfips",
        "preisskat",
    }


def test_the_readers_follow_the_rule_sets_table_sizes() -> None:
    assert "ansegger" not in deal_count_readers(3)
    assert "duttfips" not in deal_count_readers(3)
    assert "grossenaspe" in deal_count_readers(4)  # its tables of five play by the count at four
    assert "tippen" not in deal_count_readers(4)  # plays until the night ends
