"""The new-tournament form shows each rule set's options under its name (the walk's finding:
every option stood in one list, and Kontra could be ticked for Großenaspe and was silently
dropped). Without JavaScript all groups are shown and only the chosen rule set's options are
read; a browser shows the chosen one's only."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.test_rule_choice import created
from tournaments.rule_choice import CHOICES

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def test_each_rule_sets_options_stand_under_its_name(organiser: Client) -> None:
    page = " ".join(
        organiser.get(reverse("tournaments:tournament_create")).content.decode().split()
    )
    for name in ("prisdorf", "grossenaspe", "thedinghausen"):
        start = page.index(f'<fieldset class="rule-options" data-rules="{name}">')
        group = page[start : page.index("</fieldset>", start)]
        assert f"<legend>Optionen für {CHOICES[name].label}</legend>" in group
        for option, _text in CHOICES[name].offered():
            assert f'name="{name}_{option.name}"' in group
    assert page.count('<fieldset class="rule-options"') == sum(
        1 for choice in CHOICES.values() if choice.offered()
    )


def test_an_option_of_a_rule_set_not_chosen_is_not_read(client: Client) -> None:
    tournament = created(
        client, rule_set="grossenaspe", grossenaspe_kloppen="on", prisdorf_kontra="on"
    )
    assert tournament.rule_set == "grossenaspe"
    assert "kontra" not in tournament.rule_options
    assert tournament.rule_options.get("kloppen") is True
