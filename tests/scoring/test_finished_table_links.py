"""A table keeps one printed link for the whole night (the walk's finding: finishing swapped
every link, so the archive's PDFs carried links that died on reopening). Once the tournament is
finished the link shows the table's final totals, read only, and takes nothing; reopening
makes it enter deals again; no link changes on the way."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Deal
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments import services as tournament_services
from tournaments.draw.seats import table_token_reissue
from tournaments.draw.tables import seats_of
from tournaments.models import Table, TournamentEvent

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

FINISHED = "Das Turnier ist beendet. Es kann nichts mehr eingetragen werden."


def finished_table() -> tuple[Table, str]:
    """A table with one deal lost by seat 1 (−12), its tournament finished; and the token
    printed on its card."""
    table = playing_table(players=3, deals=10)
    enter(table, 1, "3 Hand -")
    printed = table.token
    tournament_services.tournament_finish(tournament=table.tournament)
    return table, printed


def test_the_printed_card_shows_that_the_tournament_is_finished_and_the_final_totals() -> None:
    table, printed = finished_table()

    response = Client().get(reverse("scoring:table_entry", args=[printed]))

    assert response.status_code == 410
    page = response.content.decode()
    assert FINISHED in page
    assert "Endstand" in page
    assert "\N{MINUS SIGN}12" in page  # the true minus sign, as on the sheets and PDFs
    for seat in seats_of(table=table):
        assert seat.registration.player.name in page
    assert "<form" not in page.split("<main", 1)[-1], "read only: nothing to post"
    assert 'class="site-header' in page or "<header" in page, "in the site's layout"
    assert reverse("scoring:shared_sheet", args=[table.sheet_token]) in page


@pytest.mark.parametrize("route", ["table_entry", "table_preview", "table_paper"])
def test_a_printed_card_of_a_finished_tournament_accepts_no_write(route: str) -> None:
    table, printed = finished_table()
    page = Client().get(reverse("scoring:table_entry", args=[printed])).content.decode()
    assert "Spiel 2 eintragen" not in page

    response = Client().post(
        reverse(f"scoring:{route}", args=[printed]),
        {"sequence": 2, "submission": "9c1f0b1e-4f5a-4d47-9d41-0c9d8a3f7a10", "declarer": 1,
         "contract": "3", "result": "won", "text": "1 3 +"},
    )  # fmt: skip

    assert response.status_code == 410
    assert FINISHED in response.content.decode()
    assert Deal.objects.filter(table=table).count() == 1


def test_a_phone_open_with_htmx_reloads_to_the_finished_page() -> None:
    _, printed = finished_table()
    response = Client().post(
        reverse("scoring:table_entry", args=[printed]), {"contract": "3"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 410
    assert response["HX-Refresh"] == "true"


def test_reopening_makes_the_printed_cards_work_again() -> None:
    table, printed = finished_table()

    tournament_services.tournament_reopen(tournament=table.tournament)

    table.refresh_from_db()
    assert table.token == printed
    response = Client().get(reverse("scoring:table_entry", args=[printed]))
    assert response.status_code == 200
    assert "Spiel 2 eintragen" in response.content.decode()


def test_finishing_again_after_reopening_keeps_the_same_card() -> None:
    table, printed = finished_table()
    tournament_services.tournament_reopen(tournament=table.tournament)
    tournament_services.tournament_finish(tournament=table.tournament)
    table.refresh_from_db()
    assert table.token == printed
    assert Client().get(reverse("scoring:table_entry", args=[printed])).status_code == 410


def test_finishing_changes_no_link_the_tables_page_and_new_cards_show() -> None:
    table, printed = finished_table()
    table.refresh_from_db()
    assert table.token == printed, "cards printed after finishing carry the printed link"
    organiser = Client()
    organiser.force_login(UserFactory(is_staff=True))

    page = organiser.get(reverse("tournaments:tables", args=[table.tournament_id]))

    assert f"/t/{printed}/" in page.content.decode()
    assert not TournamentEvent.objects.filter(kind=TournamentEvent.Kind.LINK_RENEWED).exists()


def test_the_organisers_new_link_still_replaces_the_printed_one() -> None:
    table = playing_table(players=3, deals=10)
    printed = table.token
    table_token_reissue(table=table)
    tournament_services.tournament_finish(tournament=table.tournament)
    tournament_services.tournament_reopen(tournament=table.tournament)
    table.refresh_from_db()
    assert table.token != printed
    assert Client().get(reverse("scoring:table_entry", args=[printed])).status_code == 404
    assert Client().get(reverse("scoring:table_entry", args=[table.token])).status_code == 200
    assert TournamentEvent.objects.filter(kind=TournamentEvent.Kind.LINK_RENEWED).count() == 1


def test_an_unknown_link_still_says_it_is_not_valid() -> None:
    finished_table()
    assert Client().get(reverse("scoring:table_entry", args=["guessed"])).status_code == 404
