"""The club's points table of a Mecklenburg tournament (SPEC C5): the organiser creates the
tournament with Ansegger Fips or Duttfips, fills in the table (the app's example as the
starting point, labelled as such), sees it on the rules page with "Ändern", and cannot change
it from Spielbeginn. Bad input is said in German, and nothing is saved."""

import pytest
from django.test import Client
from django.urls import reverse

from fipsen_rules import Ansegger, ClubTable, Duttfips
from scoring.demo import demo_night_play
from tests.factories import UserFactory
from tests.tournaments.night_helpers import night
from tests.tournaments.test_rule_choice import FORM, created
from tournaments import services
from tournaments.club_points import POINTS, example_points
from tournaments.draw.services import tournament_draw
from tournaments.models import Tournament
from tournaments.rule_choice import playable, rules_of

pytestmark = pytest.mark.django_db


def _points_url(tournament: Tournament) -> str:
    return reverse("tournaments:tournament_points", args=[tournament.pk])


def _rows(rule_set: str, **changes: str) -> dict[str, str]:
    """The form as posted with the example's numbers, and ``changes`` (``won_0="5"``)."""
    data = {}
    for index, (won, lost) in enumerate(example_points(rule_set).values()):
        data[f"won_{index}"], data[f"lost_{index}"] = str(won), str(lost)
    return {**data, **changes}


def _text(response: object) -> str:
    return " ".join(response.content.decode().split())  # type: ignore[attr-defined]


def test_both_are_offered_and_creating_one_leads_to_its_points_table(client: Client) -> None:
    assert {"ansegger", "duttfips"} <= set(playable())
    client.force_login(UserFactory(is_staff=True))
    page = client.get(reverse("tournaments:tournament_create")).content.decode()
    assert "<strong>Ansegger Fips (Mecklenburg)</strong>" in page
    assert "<strong>Duttfips (Mecklenburg)</strong>" in page
    response = client.post(
        reverse("tournaments:tournament_create"),
        {**FORM, "rule_set": "duttfips", "prisdorf_min_bid": None} | {"prisdorf_min_bid": "2"},
    )
    tournament = Tournament.objects.get(name="Hausabend")
    assert response.status_code == 302
    assert response["Location"] == _points_url(tournament)
    assert POINTS not in tournament.rule_options  # none until the organiser saves one


def test_the_form_starts_from_the_example_labelled_as_the_apps(client: Client) -> None:
    tournament = created(client, rule_set="ansegger")
    text = _text(client.get(_points_url(tournament)))
    assert "Beispieltabelle der App" in text
    assert "weder aus der Quelle noch von einem Verein" in text
    for contract in ("1 Ruten", "4 Ruten", "Fips", "Rutenfips"):
        assert f">{contract}</th>" in text
    assert 'name="won_9" value="20"' in text  # Rutenfips, the example's


def test_the_clubs_table_is_saved_and_shown_read_only_with_change(client: Client) -> None:
    tournament = created(client, rule_set="ansegger")
    data = _rows("ansegger", won_8="15", lost_8="-30", won_0="", lost_0="")  # Fips; no 1
    response = client.post(_points_url(tournament), data)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.rule_options[POINTS]["Fips"] == [15, -30]
    assert "1" not in tournament.rule_options[POINTS]
    rules = rules_of(tournament)
    assert isinstance(rules, Ansegger)
    assert rules.points.lookup(rules.parse("5")) == (15, -30)
    assert not rules.points.example
    rules_page = _text(client.get(reverse("tournaments:tournament_rules", args=[tournament.pk])))
    assert "Die Punktetabelle des Vereins" in rules_page
    assert "nicht gespielt (kann nicht eingetragen werden)" in rules_page
    assert "nicht aus der Quelle" in rules_page
    assert _points_url(tournament) in rules_page  # Ändern
    again = _text(client.get(_points_url(tournament)))
    assert "Beispieltabelle" not in again  # the club's own now
    assert 'name="won_8" value="15"' in again


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"won_2": "x"}, "Bitte eine ganze Zahl eingeben"),
        ({"lost_2": ""}, "„2“ braucht Punkte für gewonnen und für verloren"),
        ({"won_3": "5000"}, "999"),
        ({f"{side}_{i}": "" for i in range(10) for side in ("won", "lost")}, "keine Punkte"),
    ],
)
def test_bad_input_is_said_and_nothing_saved(
    client: Client, changes: dict[str, str], message: str
) -> None:
    tournament = created(client, rule_set="ansegger")
    response = client.post(_points_url(tournament), _rows("ansegger", **changes))
    assert response.status_code == 200
    assert message in _text(response)
    tournament.refresh_from_db()
    assert POINTS not in tournament.rule_options


def test_editing_the_tournament_keeps_the_clubs_table(client: Client) -> None:
    tournament = created(client, rule_set="duttfips")
    client.post(_points_url(tournament), _rows("duttfips", won_0="3", lost_0="-3"))
    data = {**FORM, "rule_set": "duttfips", "name": "Hausabend", "place": "Krug"}
    response = client.post(reverse("tournaments:tournament_edit", args=[tournament.pk]), data)
    assert response.status_code == 302, response.content.decode()
    tournament.refresh_from_db()
    assert tournament.place == "Krug"
    assert tournament.rule_options[POINTS]["Dutt"] == [3, -3]


def test_the_table_is_fixed_from_spielbeginn(client: Client) -> None:
    client.force_login(UserFactory(is_staff=True))
    tournament = night(present=4, rule_set="duttfips")
    services.tournament_points_set(tournament=tournament, points=example_points("duttfips"))
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    page = _text(client.get(_points_url(tournament)))
    assert "Punktetabelle speichern" not in page
    assert "disabled" in page
    response = client.post(_points_url(tournament), _rows("duttfips", won_0="7"))
    assert response.status_code == 200
    tournament.refresh_from_db()
    assert tournament.rule_options[POINTS]["Dutt"] == [2, -2]
    rules_page = _text(client.get(reverse("tournaments:tournament_rules", args=[tournament.pk])))
    assert _points_url(tournament) not in rules_page


def test_a_stored_table_with_a_contract_of_the_other_game_is_refused() -> None:
    tournament = night(present=4, rule_set="ansegger")
    with pytest.raises(Exception, match="Dutt"):
        services.tournament_points_set(tournament=tournament, points={"Dutt": [1, -1]})
    tournament.refresh_from_db()
    assert POINTS not in tournament.rule_options


def test_demo_nights_of_both_save_the_example_as_the_clubs_table() -> None:
    for rule_set, kind in (("ansegger", Ansegger), ("duttfips", Duttfips)):
        demo = demo_night_play(players=8, seed=2, deals=10, rule_set=rule_set)
        rules = rules_of(demo.tournament)
        assert isinstance(rules, kind)
        assert rules.points == ClubTable(rules.points.points)  # the club's, not an example
        assert demo.deals == 20


def test_a_night_exported_as_a_file_keeps_the_clubs_table_and_its_deals() -> None:
    from scoring.night_file.transfer import night_export_bytes, night_import_bytes

    demo = demo_night_play(players=4, seed=5, deals=6, rule_set="duttfips")
    Tournament.objects.filter(pk=demo.tournament.pk).update(name="Original")
    copy = night_import_bytes(night_export_bytes(tournament=demo.tournament))
    assert copy.rule_set == "duttfips"
    assert copy.rule_options[POINTS] == demo.tournament.rule_options[POINTS]
    from scoring.standings.selectors import standings

    totals = [line.points for line in standings(tournament=copy)]
    assert totals == [line.points for line in standings(tournament=demo.tournament)]
