"""A tournament's rule set (issue 12): chosen on the form from the rule sets the app can play,
its options built from the rules library's, checked by the library, fixed from "Spielbeginn"."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from fipsen_rules import Prisdorf, Race
from scoring import evaluation
from scoring.evaluation import scored_rules
from tests.factories import UserFactory
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.draw.rule_seating import table_deals
from tournaments.draw.services import tournament_draw
from tournaments.forms import TournamentForm
from tournaments.models import Tournament
from tournaments.rule_choice import playable, rules_of

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Hausabend",
    "date": "2026-11-21",
    "rule_set": "prisdorf",
    "prisdorf_min_bid": "3",
    "deals_at_four": "10",
    "deals_at_three": "12",
    "tie_break": "",
    "entry_fee": "0",
}


def created(client: Client, **changes: str) -> Tournament:
    client.force_login(UserFactory(is_staff=True))
    data = {key: value for key, value in {**FORM, **changes}.items() if value is not None}
    response = client.post(reverse("tournaments:tournament_create"), data)
    assert response.status_code == 302, response.content.decode()
    return Tournament.objects.get(name="Hausabend")


def test_the_form_offers_the_playable_rule_sets_each_with_a_line(client: Client) -> None:
    client.force_login(UserFactory(is_staff=True))
    page = client.get(reverse("tournaments:tournament_create")).content.decode()
    assert playable()[:3] == ("prisdorf", "thedinghausen", "grossenaspe")
    assert {"tippen", "ansegger", "duttfips"} <= set(playable())
    assert page.count('name="rule_set"') == len(playable())
    assert "<strong>Prisdorf Fipsen</strong> Der Preisfipsen, wie Senst ihn aufgeschrieben" in page
    assert "<strong>Großenaspe Fipsen</strong> 32 Karten" in page
    assert "<strong>Duttfips (Mecklenburg)</strong> Vorhand nimmt den Dutt" in page
    assert 'name="prisdorf_min_bid"' in page
    assert "Preisturnier (mit Preisen)" in page


def test_the_options_chosen_are_the_tournaments_rules(client: Client) -> None:
    tournament = created(client)
    assert tournament.rule_set == "prisdorf"
    assert tournament.rule_options["min_bid"] == 3
    assert rules_of(tournament) == Prisdorf(min_bid=3)
    assert scored_rules(tournament) == Prisdorf(min_bid=3)


def test_an_option_not_sent_keeps_its_default(client: Client) -> None:
    tournament = created(client, prisdorf_min_bid=None)  # type: ignore[arg-type]
    assert rules_of(tournament) == Prisdorf()


def test_a_rule_set_the_app_cannot_play_is_refused(client: Client) -> None:
    client.force_login(UserFactory(is_staff=True))
    response = client.post(reverse("tournaments:tournament_create"), {**FORM, "rule_set": "skat"})
    assert response.status_code == 200
    assert not Tournament.objects.exists()


def test_the_service_says_which_rule_sets_the_app_plays() -> None:
    with pytest.raises(ValidationError) as error:
        services.tournament_create(name="X", date=datetime.date(2026, 11, 21), rule_set="skat")
    (message,) = error.value.message_dict["rule_set"]
    offered = ", ".join(playable())
    assert message == f"Die App kann die Regeln „skat“ nicht spielen; sie kann: {offered}."


def test_an_option_the_library_refuses_is_said_in_german() -> None:
    with pytest.raises(ValidationError) as error:
        services.tournament_create(
            name="X", date=datetime.date(2026, 11, 21), rule_options={"min_bid": 4}
        )
    assert error.value.message_dict["rule_set"] == ["Das Mindestgebot ist 2 oder 3, nicht 4."]


def test_the_registry_not_the_database_holds_a_tournament_to_a_playable_rule_set() -> None:
    tournament = night(present=0)
    tournament.rule_set = "skat"
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    assert [e.code for e in error.value.error_dict["rule_set"]] == ["rule_set"]
    # The database lists no rule sets (migration 0020): a rule set registered later is stored.
    Tournament.objects.filter(pk=tournament.pk).update(rule_set="skat")


def test_the_options_are_stored_whole_and_compared_by_value() -> None:
    tournament = night(present=4)
    assert tournament.rule_options == dict(Prisdorf().options)
    # Stored as an old tournament has them (its min_bid only): the same rules, no change.
    Tournament.objects.filter(pk=tournament.pk).update(rule_options={"min_bid": 2})
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    tournament.refresh_from_db()
    services.tournament_update(
        tournament=tournament, name="Neu", rule_options=dict(Prisdorf().options)
    )
    with pytest.raises(ValidationError) as error:
        services.tournament_update(tournament=tournament, rule_options={"min_bid": 3})
    assert error.value.code == "rules_fixed"


def test_the_rules_page_names_the_rule_set_and_its_options(client: Client) -> None:
    tournament = created(client, prize_tournament="on")
    page = client.get(reverse("tournaments:tournament_edit", args=[tournament.pk])).content
    assert "Gespielt wird nach diesen Regeln:" in page.decode()
    assert '<span class="rules-line">Prisdorf Fipsen</span>' in page.decode()
    assert '<span class="rules-line">Mindestgebot: 3</span>' in page.decode()
    assert '<span class="rules-line">Preisturnier (mit Preisen)</span>' in page.decode()


def test_the_option_fields_are_named_by_rule_set_and_option() -> None:
    form = TournamentForm()
    assert next(n for n in form.fields if n.startswith("prisdorf_")) == "prisdorf_min_bid"
    names = list(form.fields)
    assert names.index("rule_set") < names.index("prisdorf_min_bid") < names.index("deals_at_four")


# The migration: every tournament so far plays Prisdorf with its minimum bid.

BEFORE = [("tournaments", "0011_generated_files_to_printing")]
AFTER = [("tournaments", "0012_tournament_rule_set")]


@pytest.mark.django_db(transaction=True)
def test_existing_tournaments_become_prisdorf_with_their_minimum_bid() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps.get_model("tournaments", "Tournament")
    for min_bid in (2, 3):
        old.objects.create(
            name=f"Nacht {min_bid}", date=datetime.date(2026, 11, 21), min_bid=min_bid
        )

    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("tournaments", "Tournament")
    rows = sorted(new.objects.values_list("name", "rule_set", "rule_options", "prize_tournament"))
    assert rows == [
        ("Nacht 2", "prisdorf", {"min_bid": 2}, True),
        ("Nacht 3", "prisdorf", {"min_bid": 3}, True),
    ]
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back: the minimum bid is kept
    old = executor.loader.project_state(BEFORE).apps.get_model("tournaments", "Tournament")
    assert sorted(old.objects.values_list("name", "min_bid")) == [("Nacht 2", 2), ("Nacht 3", 3)]
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_kontra_is_refused_at_a_preisfipsen_on_its_field(client: Client) -> None:
    client.force_login(UserFactory(is_staff=True))
    data = {**FORM, "prize_tournament": "on", "prisdorf_kontra": "on"}
    response = client.post(reverse("tournaments:tournament_create"), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors == {
        "prisdorf_kontra": [
            "Ein Preisfipsen wird ohne Kontra und Rekontra gespielt. Nehmen Sie den Haken bei "
            "„Preisfipsen“ heraus, wenn es ein privater Abend ist."
        ]
    }
    assert not Tournament.objects.exists()


def test_kontra_and_a_biddable_durch_at_a_private_evening(client: Client) -> None:
    tournament = created(client, prisdorf_kontra="on", prisdorf_durch_biddable="on")
    assert not tournament.prize_tournament
    assert rules_of(tournament) == Prisdorf(min_bid=3, kontra=True, durch_biddable=True)
    page = client.get(reverse("tournaments:tournament_edit", args=[tournament.pk])).content
    assert '<span class="rules-line">Kontra und Rekontra: ja</span>' in page.decode()
    assert '<span class="rules-line">privater Abend</span>' in page.decode()


def test_the_service_refuses_kontra_at_a_preisfipsen() -> None:
    with pytest.raises(ValidationError) as error:
        services.tournament_create(
            name="X", date=datetime.date(2026, 11, 21), rule_options={"kontra": True}
        )
    assert [e.code for e in error.value.error_dict["rule_set"]] == ["kontra_prize"]


def test_the_draw_asks_the_rule_set_for_its_tables_and_the_tournament_for_their_deals() -> None:
    tournament = night(present=7, deals_at_four=30, deals_at_three=36)
    assert table_deals(tournament) == {3: 36, 4: 30}
    tournament_draw(tournament=tournament, seed=5)
    assert sorted(tournament.tables.values_list("deals", flat=True)) == [30, 36]


def test_scoring_refuses_a_rule_set_it_has_no_screens_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A rule set without a vocabulary (the race: no scored deals) has no deal form."""
    tournament = Tournament(rule_set="grossenaspe", rule_options={})
    assert scored_rules(tournament).name == "grossenaspe"
    monkeypatch.setattr(evaluation, "rules_of", lambda _tournament: Race())
    with pytest.raises(TypeError, match="no screens for the rule set"):
        scored_rules(tournament)
