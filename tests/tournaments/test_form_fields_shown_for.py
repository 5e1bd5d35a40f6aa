"""Issue 21: the new-tournament form showed Prisdorf's fields to a race or Tippen night ("Nur
dort kann Kontra vereinbart werden", "Bei Punktgleichheit"), and the choice was then ignored.
Each such field names the rule sets that read it; with JavaScript only theirs show it."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.rule_readers import kontra_readers, tie_break_readers

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _shown_for(page: str, name: str) -> set[str]:
    match = re.search(rf'<div class="field"([^>]*)>\s*<label for="id_{name}"', page)
    assert match, name
    readers = re.search(r'data-shown-for="([^"]*)"', match.group(1))
    assert readers, f"{name} is shown for every rule set"
    return set(readers.group(1).split())


def test_the_tie_break_and_the_preisfipsen_tick_name_the_rule_sets_that_read_them(
    organiser: Client,
) -> None:
    page = organiser.get(reverse("tournaments:tournament_create")).content.decode()
    assert _shown_for(page, "tie_break") == {
        "prisdorf",
        "grossenaspe",
        "ansegger",
        "duttfips",
        "preisskat",
    }
    assert _shown_for(page, "prize_tournament") == {"prisdorf", "preisskat"}


def test_the_race_and_tippen_read_neither() -> None:
    for name in ("thedinghausen", "tippen"):
        assert name not in tie_break_readers()
        assert name not in kontra_readers()
    assert "grossenaspe" not in kontra_readers()  # no Kontra to agree there
