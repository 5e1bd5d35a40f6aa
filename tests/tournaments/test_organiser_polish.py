"""What a newcomer stumbled over as the organiser: the login's words, Django's admin out of
the main menu, no error box before anyone is checked in, the player who stops as a button,
no header links that the tournament's navigation repeats."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.scoring.helpers import playing_table
from tests.tournaments.night_helpers import night
from tournaments.models import OrganiserProfile, Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

PASSWORD = "Pik-Sieben-fipst-2"


@pytest.fixture
def organiser(client: Client) -> Client:
    client.force_login(UserFactory(is_staff=True))
    return client


def test_a_wrong_password_says_it_is_wrong_not_that_fields_are_empty(client: Client) -> None:
    user = UserFactory(is_staff=True, username="leitung")
    user.set_password(PASSWORD)
    user.save()
    page = client.post(
        reverse("tournaments:login"),
        {"username": "leitung", "password": "falsch"},
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "Benutzername oder Passwort stimmt nicht." in page
    assert "Bitte Benutzername und Passwort eingeben" not in page


def test_the_first_password_change_names_the_one_time_password(client: Client) -> None:
    user = UserFactory(is_staff=True)
    OrganiserProfile.objects.create(user=user, must_change_password=True)
    client.force_login(user)
    page = client.get(reverse("tournaments:password_change")).content.decode()
    assert "Einmalpasswort" in page
    assert "make run" in page


def test_a_later_password_change_asks_for_the_old_password(organiser: Client) -> None:
    page = organiser.get(reverse("tournaments:password_change")).content.decode()
    assert "make run" not in page


def test_the_main_menu_has_no_admin_and_the_player_directory_a_labelled_link(
    organiser: Client,
) -> None:
    admin = reverse("admin:index")
    home = organiser.get(reverse("tournaments:home")).content.decode()
    assert f'href="{admin}"' not in home
    directory = organiser.get(reverse("tournaments:player_list")).content.decode()
    assert f'href="{admin}"' in directory
    assert "Technische Verwaltung (für Fachleute)" in directory


def test_a_new_tournament_shows_a_neutral_hint_not_an_error(organiser: Client) -> None:
    tournament = night(present=0, absent=2)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "Noch niemand ist als anwesend abgehakt." in page
    assert "summary summary-neutral" in page
    assert "summary summary-problem" not in page
    assert "lassen sich nicht an Vierer- und Dreiertische setzen" not in page


def test_players_that_cannot_be_seated_still_get_the_error_box(organiser: Client) -> None:
    tournament = night(present=2)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "summary summary-problem" in page
    assert "Noch niemand ist als anwesend abgehakt." not in page


def test_a_player_who_stops_is_a_button_to_the_confirmation(organiser: Client) -> None:
    table = playing_table(players=4)
    page = organiser.get(reverse("tournaments:tables", args=[table.tournament_id])).content.decode()
    seat = Seat.objects.select_related("registration__player").get(table=table, position=1)
    url = reverse("tournaments:leave", args=[table.tournament_id, seat.pk])
    assert (
        f'<a class="button button-secondary button-small leave" href="{url}">'
        f"{seat.registration.player.name} muss aufhören…</a>"
    ) in page
    assert ">scheidet aus<" not in page


def test_a_player_of_a_table_of_four_leaves_only_once_confirmed(organiser: Client) -> None:
    table = playing_table(players=4, deals=10, played=2)
    seat = Seat.objects.select_related("registration__player").get(table=table, position=1)
    url = reverse("tournaments:leave", args=[table.tournament_id, seat.pk])

    page = organiser.get(url).content.decode()
    assert f"{seat.registration.player.name} muss aufhören?" in page
    assert "Tisch 1 spielt ab dem nächsten Spiel zu dritt weiter." in page
    organiser.post(url, {"after_deal": "2"})  # without the confirm button: nothing
    seat.refresh_from_db()
    assert seat.left_after_deal is None

    response = organiser.post(url, {"after_deal": "2", "confirm": "yes"})

    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.left_after_deal == 2


def test_leaving_without_the_deal_says_so_and_changes_nothing(organiser: Client) -> None:
    table = playing_table(players=4, deals=10)
    seat = Seat.objects.get(table=table, position=1)
    url = reverse("tournaments:leave", args=[table.tournament_id, seat.pk])
    response = organiser.post(url, {"after_deal": "", "confirm": "yes"})
    assert response.status_code == 200
    seat.refresh_from_db()
    assert seat.left_after_deal is None


def test_a_player_of_a_table_of_three_is_sent_to_ending_the_table(organiser: Client) -> None:
    table = playing_table(players=3)
    seat = Seat.objects.get(table=table, position=1)
    page = organiser.get(reverse("tournaments:tables", args=[table.tournament_id])).content.decode()
    end = reverse("scoring:table_end", args=[table.tournament_id, table.pk])
    assert f'href="{end}?player={seat.pk}"' in page
    confirmation = organiser.get(f"{end}?player={seat.pk}").content.decode()
    assert "Ein Dreiertisch kann ohne einen Spieler nicht weiterspielen" in confirmation
    leave = organiser.get(reverse("tournaments:leave", args=[table.tournament_id, seat.pk]))
    assert "Ein Dreiertisch kann ohne einen Spieler nicht weiterspielen" in leave.content.decode()


@pytest.mark.parametrize("page", ["tournaments:night", "tournaments:tables"])
def test_the_page_links_each_tournament_page_once_in_its_navigation(
    organiser: Client, page: str
) -> None:
    tournament = playing_table().tournament
    html = organiser.get(reverse(page, args=[tournament.pk])).content.decode()
    for other in ("tournaments:tables", "scoring:dashboard", "tournaments:tournament_rules"):
        assert html.count(f'href="{reverse(other, args=[tournament.pk])}"') == 1, other
