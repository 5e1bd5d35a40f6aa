"""The player directory: its selectors, the list with its search, adding and editing a player."""

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.factories import PlayerFactory, UserFactory
from tournaments.models import Player
from tournaments.players import services as players_services
from tournaments.players.selectors import player_directory, player_likely_duplicates

pytestmark = pytest.mark.django_db


def names(players: object) -> list[str]:
    return [player.name for player in players]  # type: ignore[attr-defined]


# The likely duplicates (selector)


@pytest.mark.parametrize(
    ("existing", "name"),
    [
        ("Hans Müller", "Hans Müller"),
        ("Hans Müller", "hans müller"),
        ("Hans Müller", "Hans Mueller"),
        ("Hans Müller", "  Hans   Müller "),
        ("Hans Müller", "Müller, Hans"),
        ("Hans Müller", "Müller Hans"),
        ("Hans Müller", "Hans Müler"),
        ("Hans Müller", "Müler, Hans"),
        ("Karl-Heinz Schröder", "Karl Heinz Schröder"),
        ("Renée Dubois", "Renee Dubois"),
        ("Gerd Strauß", "Gerd Strauss"),
    ],
)
def test_a_likely_duplicate_is_found(existing: str, name: str) -> None:
    player = players_services.player_create(name=existing)

    assert player_likely_duplicates(name=name) == [player]


@pytest.mark.parametrize(
    ("existing", "name"),
    [
        ("Hans Müller", "Hans Meier"),
        ("Hans Müller", "Helga Müller"),
        ("Hans Müller", "Hans"),
        ("Hans Müller", "Hans Müller-Lüdenscheidt"),
        ("Anna Schmidt", "Anna Schneider"),
    ],
)
def test_a_different_name_is_not_a_duplicate(existing: str, name: str) -> None:
    players_services.player_create(name=existing)

    assert player_likely_duplicates(name=name) == []


def test_the_most_similar_duplicates_come_first() -> None:
    close = players_services.player_create(name="Hans Müler")
    same = players_services.player_create(name="Hans Müller", club="TSV")

    assert player_likely_duplicates(name="Hans Mueller") == [same, close]


def test_the_player_being_edited_is_no_duplicate_of_himself() -> None:
    player = players_services.player_create(name="Hans Müller")

    assert player_likely_duplicates(name="Hans Müller", exclude_pk=player.pk) == []


@pytest.mark.parametrize("name", ["", "   ", ","])
def test_an_empty_name_has_no_duplicates(name: str) -> None:
    players_services.player_create(name="Hans Müller")

    assert player_likely_duplicates(name=name) == []


def test_likely_duplicates_cost_one_query(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    PlayerFactory.create_batch(30)

    with django_assert_num_queries(1):
        player_likely_duplicates(name="Spieler 010")


# The directory's search (selector)


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("", ["Hans Müller", "Erika Schmidt", "Jörg Strauß"]),  # by family name
        ("mueller", ["Hans Müller"]),
        ("MÜLLER", ["Hans Müller"]),
        ("müll", ["Hans Müller"]),
        ("hans mueller", ["Hans Müller"]),
        ("Müller, Hans", ["Hans Müller"]),
        ("strauss", ["Jörg Strauß"]),
        ("joerg", ["Jörg Strauß"]),
        ("luebeck", ["Jörg Strauß"]),
        ("LÜBECK", ["Jörg Strauß"]),
        ("prisdorf", ["Hans Müller", "Erika Schmidt"]),
        ("erika prisdorf", ["Erika Schmidt"]),
        ("meier", []),
    ],
)
def test_the_directory_search_folds_case_and_umlauts(query: str, found: list[str]) -> None:
    players_services.player_create(name="Hans Müller", club="Skatclub Prisdorf")
    players_services.player_create(name="Erika Schmidt", club="SC Prisdorf")
    players_services.player_create(name="Jörg Strauß", club="Skatfreunde Lübeck")

    assert names(player_directory(query=query)) == found


# The directory page


@pytest.mark.parametrize(
    "url",
    [
        "/players/",
        "/players/new/",
        "/players/import/",
        "/players/1/",
    ],
)
def test_the_directory_needs_the_organiser_login(client: Client, url: str) -> None:
    PlayerFactory(pk=1)

    response = client.get(url)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("tournaments:login"))


def test_the_urls_are_where_the_issue_says() -> None:
    assert reverse("tournaments:player_list") == "/players/"
    assert reverse("tournaments:player_create") == "/players/new/"
    assert reverse("tournaments:player_edit", args=[7]) == "/players/7/"
    assert reverse("tournaments:players_import") == "/players/import/"


def test_the_menu_shows_players_to_the_organiser_only(client: Client) -> None:
    assert 'href="/players/"' not in client.get("/").content.decode()

    client.force_login(UserFactory(is_staff=True))

    assert 'href="/players/"' in client.get("/").content.decode()


def test_the_directory_lists_players_with_links_to_edit(organiser: Client) -> None:
    player = players_services.player_create(name="Hans Müller", club="Skatclub Prisdorf")

    page = organiser.get("/players/").content.decode()

    assert "Spieler" in page
    assert "1 Spieler in der Kartei" in page
    assert f'href="/players/{player.pk}/"' in page
    assert "Skatclub Prisdorf" in page
    assert 'name="q"' in page


def test_the_search_form_works_without_javascript(organiser: Client) -> None:
    players_services.player_create(name="Hans Müller")
    players_services.player_create(name="Erika Schmidt")

    page = organiser.get("/players/", {"q": "mueller"}).content.decode()

    assert "Hans Müller" in page
    assert "Erika Schmidt" not in page
    assert "1 Spieler gefunden für „mueller“" in page
    assert "<html" in page


def test_the_live_search_gets_only_the_results(organiser: Client) -> None:
    players_services.player_create(name="Hans Müller")

    response = organiser.get("/players/", {"q": "müller"}, headers={"HX-Request": "true"})
    page = response.content.decode()

    assert "Hans Müller" in page
    assert "<html" not in page
    assert 'id="player-search"' not in page


def test_an_empty_search_offers_to_add_the_name(organiser: Client) -> None:
    page = organiser.get("/players/", {"q": "Olga Neu"}).content.decode()

    assert "0 Spieler gefunden" in page
    assert 'href="/players/new/?name=Olga%20Neu"' in page
    assert 'value="Olga Neu"' in organiser.get("/players/new/?name=Olga%20Neu").content.decode()


def test_the_directory_is_paged(organiser: Client) -> None:
    PlayerFactory.reset_sequence()
    PlayerFactory.create_batch(51)

    first = organiser.get("/players/").content.decode()
    second = organiser.get("/players/", {"page": 2}).content.decode()

    assert "Spieler 049" in first
    assert "Spieler 050" not in first
    assert "Seite 1 von 2" in first
    assert 'href="?page=2"' in first
    assert "Spieler 050" in second
    assert "Seite 2 von 2" in second


def test_a_page_link_keeps_the_search(organiser: Client) -> None:
    PlayerFactory.create_batch(51)

    page = organiser.get("/players/", {"q": "spieler"}).content.decode()

    assert 'href="?q=spieler&amp;page=2"' in page


@pytest.mark.parametrize("players", [1, 20, 120])
@pytest.mark.parametrize("query", ["", "prisdorf spieler"])
def test_the_directory_costs_the_same_queries_for_any_number_of_players(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, players: int, query: str
) -> None:
    PlayerFactory.create_batch(players)

    # Session, user, the password check; the count and the page, the retired apart; with a
    # search also the clubs (for each list).
    with django_assert_num_queries(8 if query else 6):
        response = organiser.get("/players/", {"q": query})

    assert response.status_code == 200


# Adding and editing a player


def test_adding_a_player(organiser: Client) -> None:
    response = organiser.post(
        "/players/new/", {"name": " Hans  Müller ", "club": "TSV", "contact": "0170 1"}
    )

    assert response.status_code == 302
    assert response["Location"] == "/players/"
    player = Player.objects.get()
    assert (player.name, player.club, player.contact) == ("Hans Müller", "TSV", "0170 1")
    assert player.name_key == "hans mueller"
    assert "Hans Müller ist angelegt." in organiser.get("/players/").content.decode()


def test_a_name_is_required(organiser: Client) -> None:
    response = organiser.post("/players/new/", {"name": "  ", "club": "TSV"})

    assert response.status_code == 200
    assert response.context["form"].errors["name"] == ["Dieses Feld ist zwingend erforderlich."]
    assert not Player.objects.exists()


def test_too_long_a_club_is_refused_on_its_field(organiser: Client) -> None:
    response = organiser.post("/players/new/", {"name": "Hans", "club": "x" * 101})

    assert response.status_code == 200
    assert "club" in response.context["form"].errors
    assert not Player.objects.exists()


def test_a_likely_duplicate_is_not_saved_at_first(organiser: Client) -> None:
    existing = players_services.player_create(name="Hans Müller", club="Skatclub Prisdorf")

    response = organiser.post("/players/new/", {"name": "Müller, Hans", "club": ""})

    assert response.status_code == 200
    assert Player.objects.count() == 1
    assert response.context["form"].has_error("name", code="likely_duplicate")
    page = response.content.decode()
    assert "Ist es einer dieser Spieler?" in page
    assert f'href="/players/{existing.pk}/"' in page
    assert "Skatclub Prisdorf" in page
    assert 'name="confirm_name" value="mueller hans"' in page
    assert "Trotzdem anlegen" in page


def test_confirming_a_likely_duplicate_saves_him(organiser: Client) -> None:
    players_services.player_create(name="Hans Müller", club="Skatclub Prisdorf")

    response = organiser.post(
        "/players/new/", {"name": "Müller, Hans", "club": "", "confirm_name": "mueller hans"}
    )

    assert response.status_code == 302
    assert Player.objects.filter(name="Müller, Hans").exists()


def test_a_name_changed_after_the_warning_is_checked_again(organiser: Client) -> None:
    players_services.player_create(name="Hans Müller")
    players_services.player_create(name="Erika Schmidt")

    response = organiser.post(
        "/players/new/", {"name": "Erika Schmitt", "confirm_name": "hans mueller"}
    )

    assert response.status_code == 200
    assert names(response.context["form"].duplicates) == ["Erika Schmidt"]
    assert Player.objects.count() == 2


def test_editing_a_player(organiser: Client) -> None:
    player = players_services.player_create(name="Hans Müller", club="TSV")

    form = organiser.get(f"/players/{player.pk}/").content.decode()
    response = organiser.post(
        f"/players/{player.pk}/", {"name": "Hans Möller", "club": "SC", "contact": "x@y.de"}
    )

    assert 'value="Hans Müller"' in form
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.name, player.club, player.contact, player.name_key) == (
        "Hans Möller",
        "SC",
        "x@y.de",
        "hans moeller",
    )


def test_editing_warns_when_the_new_name_is_like_another_player(organiser: Client) -> None:
    players_services.player_create(name="Hans Müller")
    player = players_services.player_create(name="Erika Schmidt")

    response = organiser.post(f"/players/{player.pk}/", {"name": "Hans Mueller"})

    assert response.status_code == 200
    assert "Trotzdem speichern" in response.content.decode()
    player.refresh_from_db()
    assert player.name == "Erika Schmidt"


def test_editing_a_namesake_without_changing_the_name_needs_no_confirmation(
    organiser: Client,
) -> None:
    players_services.player_create(name="Hans Müller", club="TSV")
    namesake = players_services.player_create(name="Hans Müller", club="SC")

    response = organiser.post(f"/players/{namesake.pk}/", {"name": "Hans Müller", "club": "SV"})

    assert response.status_code == 302
    namesake.refresh_from_db()
    assert namesake.club == "SV"


def test_an_unknown_player_is_not_found(organiser: Client) -> None:
    assert organiser.get("/players/999/").status_code == 404


@pytest.mark.parametrize(
    ("next_url", "location"),
    [
        ("/tournaments/3/", "/tournaments/3/"),
        ("https://elsewhere.example/", "/players/"),
        ("", "/players/"),
    ],
)
def test_after_saving_the_page_that_sent_the_organiser_here_opens(
    organiser: Client, next_url: str, location: str
) -> None:
    response = organiser.post("/players/new/", {"name": "Hans Müller", "next": next_url})

    assert response.status_code == 302
    assert response["Location"] == location


def test_the_pages_speak_english_too(organiser: Client) -> None:
    organiser.post("/i18n/setlang/", {"language": "en", "next": "/"})
    players_services.player_create(name="Hans Müller")

    listing = organiser.get("/players/").content.decode()
    warning = organiser.post("/players/new/", {"name": "Hans Mueller"}).content.decode()

    assert "1 player in the directory" in listing
    assert "Add anyway" in warning
