"""The print page offers what the night's rule set prints, and nothing that can only refuse:
a race its race scoresheets, ranking and table cards; Tippen its ledgers and ranking; a scored night
scoring's sheets. A kind the rule set cannot print, asked for directly, is refused on a page
that leads back to the print page, with no "try again" (printing.kinds.Kind.refusal)."""

import pytest
from django.test import Client
from django.urls import reverse

from printing.models import GeneratedFile
from tests.scoring.helpers import playing_table
from tests.thedinghausen.helpers import race_night
from tests.tippen.helpers import tippen_night
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

ALL_KINDS = (
    "table_cards",
    "seating_list",
    "blank_scoresheets",
    "scoresheets",
    "ranking",
    "night",
    "race_scoresheets",
    "pot_ledgers",
)


def offered(client: Client, tournament: Tournament, page: str = "night:print") -> set[str]:
    """The kinds whose button (a form posting to the kind's request) the page shows; the
    print page shows each once (the tables page has a table card's per table besides)."""
    html = client.get(reverse(page, args=[tournament.pk])).content.decode()
    kinds = set()
    for kind in ALL_KINDS:
        url = reverse("tournaments:file_request", args=[tournament.pk, kind])
        count = html.count(f'action="{url}"')
        assert count <= 1 or page != "night:print", kind
        if count:
            kinds.add(kind)
    return kinds


def test_a_race_night_offers_its_own_files_and_no_scored_sheets(organiser: Client) -> None:
    race = race_night(5, 4)
    assert offered(organiser, race) == {
        "table_cards",
        "seating_list",
        "ranking",
        "race_scoresheets",
    }
    html = organiser.get(reverse("night:print", args=[race.pk])).content.decode()
    assert "Spiellisten drucken" in html
    assert "Siegerliste drucken" in html
    for dead_end in ("Ausgefüllte Spielzettel drucken", "Leere Spielzettel", "Alles vom Abend"):
        assert dead_end not in html


def test_a_tippen_night_offers_its_ledgers_and_ranking_and_no_scored_sheets(
    organiser: Client,
) -> None:
    tippen = tippen_night(4, 3)
    assert offered(organiser, tippen) == {"table_cards", "seating_list", "pot_ledgers", "ranking"}


def test_a_scored_night_offers_scorings_files_and_not_the_others(organiser: Client) -> None:
    scored = playing_table(deals=10).tournament
    assert offered(organiser, scored) == {
        "table_cards",
        "seating_list",
        "blank_scoresheets",
        "scoresheets",
        "ranking",
        "night",
    }


def test_the_race_tables_page_offers_no_blank_scoresheets(organiser: Client) -> None:
    race = race_night(5)
    assert offered(organiser, race, "tournaments:tables") == {"table_cards", "seating_list"}


@pytest.mark.parametrize(
    ("night", "kind", "refusal"),
    [
        (lambda: race_night(5), "scoresheets", "Ein Thedinghäuser Stichrennen druckt"),
        (lambda: race_night(5), "night", "Ein Thedinghäuser Stichrennen druckt"),
        (lambda: race_night(5), "blank_scoresheets", "Ein Thedinghäuser Stichrennen druckt"),
        (lambda: tippen_night(4), "scoresheets", "Tippen"),
        (lambda: tippen_night(4), "night", "Tippen"),
        (lambda: playing_table(deals=10).tournament, "race_scoresheets", "Stichrennen"),
        (lambda: playing_table(deals=10).tournament, "pot_ledgers", "Tippen"),
    ],
)
def test_a_kind_the_rule_set_cannot_print_is_refused_with_the_way_back(
    organiser: Client, night: object, kind: str, refusal: str
) -> None:
    tournament = night()  # type: ignore[operator]
    url = reverse("tournaments:file_request", args=[tournament.pk, kind])
    response = organiser.post(url, {"next": reverse("tournaments:tables", args=[tournament.pk])})
    html = response.content.decode()
    assert response.status_code == 400
    assert refusal in html
    print_page = reverse("night:print", args=[tournament.pk])
    assert f'href="{print_page}">Zurück zum Drucken</a>' in html
    assert "Noch einmal versuchen" not in html
    assert f'action="{url}"' not in html  # no form that asks again
    assert not GeneratedFile.objects.exists()


@pytest.mark.parametrize(
    ("night", "kind"),
    [
        (lambda: race_night(5), "race_scoresheets"),
        (lambda: tippen_night(4), "ranking"),  # by chips (tests/tippen/test_prizes.py)
    ],
)
def test_a_kind_the_rule_set_prints_is_made(organiser: Client, night: object, kind: str) -> None:
    tournament = night()  # type: ignore[operator]
    url = reverse("tournaments:file_request", args=[tournament.pk, kind])
    response = organiser.post(url)
    assert response.status_code == 302
    assert GeneratedFile.objects.filter(kind=kind).count() == 1
