"""The directory's housekeeping pages (tournaments/players/directory_views.py): merging two entries
(a confirmation page saying it cannot be undone; refused with the reason), retiring a player
(hidden from the desk, the lists to tick and the import's matches, shown apart) and taking
him back."""

import datetime

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.factories import PlayerFactory
from tournaments import services
from tournaments.desk.selectors import players_offered, players_to_register, previous_night
from tournaments.desk.services import registration_add
from tournaments.models import Player, PlayerMerge, Registration
from tournaments.players.directory import player_merge, player_retire
from tournaments.players.duplicates import player_duplicate_pairs
from tournaments.players.selectors import player_directory, players_named
from tournaments.players.services import player_create
from tournaments.views.confirm import CONFIRM_FIELD, CONFIRM_VALUE

pytestmark = pytest.mark.django_db


def tournament(name: str = "Preisfipsen", day: int = 21) -> object:
    return services.tournament_create(name=name, date=datetime.date(2026, 11, day))


# Merging


def test_the_player_page_offers_the_merge_of_a_likely_duplicate(organiser: Client) -> None:
    keep = player_create(name="Hans Müller")
    other = player_create(name="Hans Mueller")

    page = organiser.get(f"/players/{keep.pk}/").content.decode()

    assert f'href="/players/{keep.pk}/merge/{other.pk}/"' in page


def test_the_merge_page_asks_first_and_says_it_cannot_be_undone(
    organiser: Client, german: None
) -> None:
    keep = player_create(name="Hans Müller", club="TSV")
    other = player_create(name="Hans Mueller")

    page = organiser.get(f"/players/{keep.pk}/merge/{other.pk}/").content.decode()
    organiser.post(f"/players/{keep.pk}/merge/{other.pk}/")  # no confirmation: nothing happens

    assert "kann nicht rückgängig gemacht werden" in page
    assert f'href="/players/{other.pk}/merge/{keep.pk}/?as_asked=1"' in page  # the other name
    assert Player.objects.filter(pk=other.pk).exists()


def test_the_merge_keeps_the_entry_that_played_unless_the_other_is_chosen(
    organiser: Client,
) -> None:
    """A newcomer's walk: the link from a misspelt copy kept the copy, with no night and no
    club, and would have deleted the real entry."""
    played = player_create(name="Hans Meier", club="SV Prisdorf")
    registration_add(tournament=tournament(), player=played, check_in=True)
    copy = player_create(name="Hans Maier")

    asked = organiser.get(f"/players/{copy.pk}/merge/{played.pk}/")
    chosen = organiser.get(f"/players/{copy.pk}/merge/{played.pk}/?as_asked=1")

    assert asked.status_code == 302
    assert asked["Location"] == f"/players/{played.pk}/merge/{copy.pk}/?as_asked=1"
    assert chosen.status_code == 200
    assert chosen.context["keep"] == copy


def test_the_confirmed_merge_moves_the_nights_and_goes_to_the_kept_entry(
    organiser: Client,
) -> None:
    keep = player_create(name="Hans Müller")
    other = player_create(name="Hans Mueller")
    night = tournament()
    registration_add(tournament=night, player=other, check_in=True)

    response = organiser.post(f"/players/{keep.pk}/merge/{other.pk}/", {"confirm": "yes"})

    assert response.status_code == 302
    assert response["Location"] == f"/players/{keep.pk}/"
    assert Registration.objects.get(tournament=night).player == keep
    assert PlayerMerge.objects.get().user is not None
    page = organiser.get(f"/players/{keep.pk}/").content.decode()
    assert "Hans Mueller" in page  # in the history of merges
    # A second tap on the same button: back to the kept entry, nothing else happens.
    again = organiser.post(f"/players/{keep.pk}/merge/{other.pk}/", {"confirm": "yes"})
    assert again["Location"] == f"/players/{keep.pk}/"


def test_a_merge_of_two_at_the_same_night_is_refused_with_the_reason(
    organiser: Client, german: None
) -> None:
    keep = player_create(name="Hans Müller")
    other = player_create(name="Hans Mueller")
    night = tournament("Herbstfipsen")
    for player in (keep, other):
        registration_add(tournament=night, player=player, check_in=True)

    page = organiser.post(f"/players/{keep.pk}/merge/{other.pk}/", {"confirm": "yes"})

    assert page.status_code == 200
    assert "Herbstfipsen" in page.content.decode()
    assert 'name="confirm"' not in page.content.decode()
    assert Player.objects.filter(pk=other.pk).exists()


# Retiring


def test_retiring_asks_first_and_keeps_what_he_played(organiser: Client) -> None:
    player = player_create(name="Hans Müller")
    night = tournament()
    registration_add(tournament=night, player=player, check_in=True)

    organiser.post(f"/players/{player.pk}/retire/")  # not confirmed
    player.refresh_from_db()
    assert player.retired_at is None

    response = organiser.post(f"/players/{player.pk}/retire/", {"confirm": "yes"})

    player.refresh_from_db()
    assert response.status_code == 302
    assert player.retired_at is not None
    assert Registration.objects.filter(player=player).count() == 1


def test_a_retired_player_is_hidden_from_the_desk_and_the_lists() -> None:
    retired = player_create(name="Hans Müller")
    stays = player_create(name="Erika Schmidt")
    last_time = tournament("Letztes Mal", day=14)
    for player in (retired, stays):
        registration_add(tournament=last_time, player=player, check_in=True)
    player_retire(player=retired)
    tonight = tournament("Heute", day=21)

    assert players_to_register(tournament=tonight) == [stays]
    assert players_to_register(tournament=tonight, query="müller") == []
    previous = previous_night(tournament=tonight)
    assert previous is not None
    assert previous.players == [stays]
    ids = [retired.pk, stays.pk]
    assert players_offered(tournament=tonight, ids=ids) == [stays]
    assert players_named(names=[("Hans Müller", ""), ("Erika Schmidt", "")]) == [stays]
    assert list(player_directory()) == [stays]
    assert list(player_directory(retired=True)) == [retired]


def test_the_directory_shows_the_retired_apart_and_takes_them_back(
    organiser: Client, german: None
) -> None:
    retired = player_retire(player=player_create(name="Hans Müller"))
    PlayerFactory(name="Erika Schmidt")

    page = organiser.get("/players/").content.decode()

    assert "Ausgeschieden" in page
    assert f'action="/players/{retired.pk}/reinstate/"' in page
    assert "1 Spieler in der Kartei" in page
    response = organiser.post(f"/players/{retired.pk}/reinstate/")
    retired.refresh_from_db()
    assert response.status_code == 302
    assert retired.retired_at is None


def test_reinstating_takes_a_post_only(organiser: Client) -> None:
    player = player_retire(player=player_create(name="Hans Müller"))

    assert organiser.get(f"/players/{player.pk}/reinstate/").status_code == 405


def test_a_retired_player_registered_is_back_in_the_directory() -> None:
    player = player_retire(player=player_create(name="Hans Müller"))

    registration_add(tournament=tournament(), player=player, check_in=True)

    player.refresh_from_db()
    assert player.retired_at is None


def entry_with_history(nights: int) -> tuple[Player, Player]:
    """An entry of ``nights`` nights with as many merges behind it, and a likely duplicate."""
    keep = player_create(name="Hans Müller")
    for number in range(nights):
        night = tournament(f"Nacht {number}", day=number + 1)
        other = player_create(name=f"H. Müller {number}")
        registration_add(tournament=night, player=other, check_in=True)
        player_merge(keep=keep, merge=other)
    return keep, player_create(name="Hans Mueller")


@pytest.mark.parametrize("nights", [1, 6])
def test_the_player_page_costs_the_same_queries_for_any_history(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, nights: int
) -> None:
    keep, _other = entry_with_history(nights)

    # Session, user, the password check; the player, his likely duplicates, his merges.
    with django_assert_num_queries(6):
        response = organiser.get(f"/players/{keep.pk}/")

    assert response.status_code == 200


def test_two_entries_of_one_name_are_told_apart_on_the_merge_page_and_in_its_message(
    organiser: Client, german: None
) -> None:
    keep = player_create(name="Hans Müller", club="TSV Nord")
    other = player_create(name="Hans Müller")
    Player.objects.filter(pk=other.pk).update(
        created_at=datetime.datetime(2025, 3, 4, tzinfo=datetime.UTC)
    )
    for day in (14, 21):
        registration_add(tournament=tournament(day=day), player=keep)

    page = organiser.get(f"/players/{keep.pk}/merge/{other.pk}/").content.decode()
    done = organiser.post(
        f"/players/{keep.pk}/merge/{other.pk}/", {CONFIRM_FIELD: CONFIRM_VALUE}, follow=True
    )

    keep_side = page.split("merge-side merge-keep")[1].split("merge-side merge-away")[0]
    away_side = page.split("merge-side merge-away")[1]
    assert "Letzter Abend" in keep_side
    assert "21.11.2026" in keep_side
    assert "Im Verzeichnis seit" in away_side
    assert "04.03.2025" in away_side
    message = done.content.decode()
    assert (
        "Hans Müller (eingetragen am 04.03.2025) ist mit Hans Müller (TSV Nord, eingetragen"
        in message
    )


@pytest.mark.parametrize("nights", [1, 6])
def test_the_merge_page_costs_the_same_queries_for_any_history(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, nights: int
) -> None:
    keep, other = entry_with_history(nights)

    # Session, user, the password check; both entries, the check, the nights of each.
    with django_assert_num_queries(8):
        response = organiser.get(f"/players/{keep.pk}/merge/{other.pk}/")

    assert response.status_code == 200


# The directory's likely duplicates, all pairs


def test_the_duplicates_page_pairs_likely_names_with_their_merge(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    mueller = player_create(name="Hans Müller")
    mueller_too = player_create(name="Mueller, Hans")
    schmidt = player_create(name="Erika Schmidt")
    schmit = player_create(name="Erika Schmit")
    player_create(name="Jörg Strauß")

    # Session, user, the password check; the directory, the nights of the pairs.
    with django_assert_num_queries(5):
        page = organiser.get("/players/duplicates/").content.decode()

    pairs = player_duplicate_pairs()
    assert pairs is not None
    assert [(p.first, p.second) for p in pairs] == [(mueller, mueller_too), (schmidt, schmit)]
    assert f'href="/players/{mueller.pk}/merge/{mueller_too.pk}/"' in page


@pytest.mark.parametrize(
    ("name", "other"),
    [
        ("Hans Maier", "Hans Meier"),
        ("Meyer, Hans", "Hans Meier"),
        ("Erika Schmidt", "Erika Schmitt"),
        ("Hans Müller", "Hans Mueller"),
        ("Karl Meyer", "Carl Maier"),
    ],
)
def test_names_that_sound_alike_are_a_pair(name: str, other: str) -> None:
    first, second = player_create(name=name), player_create(name=other)

    pairs = player_duplicate_pairs()

    assert pairs is not None
    assert [{pair.first, pair.second} for pair in pairs] == [{first, second}]


def test_a_family_sharing_a_name_is_no_pair() -> None:
    player_create(name="Anna Schulz")
    player_create(name="Bernd Schulz")

    assert player_duplicate_pairs() == []


def test_the_look_alikes_come_before_the_sound_alikes() -> None:
    player_create(name="Hans Müller")
    player_create(name="Mueller, Hans")
    player_create(name="Karl Meyer")
    player_create(name="Carl Maier")

    pairs = player_duplicate_pairs()

    assert pairs is not None
    assert [pair.first.name for pair in pairs] == ["Hans Müller", "Carl Maier"]


@pytest.mark.parametrize("players", [2, 40])
def test_the_duplicates_page_costs_the_same_queries_however_large_the_directory(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, players: int
) -> None:
    for number in range(players // 2):
        player_create(name=f"Hans Maier{number:03}")
        player_create(name=f"Hans Meier{number:03}")

    # Session, user, the password check; the directory, the nights of the pairs.
    with django_assert_num_queries(5):
        organiser.get("/players/duplicates/")


def test_a_directory_too_large_is_not_compared_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tournaments.players.duplicates.MAX_SCANNED", 2)
    PlayerFactory.create_batch(3)

    assert player_duplicate_pairs() is None


def test_a_pair_at_one_night_is_marked_two_people(organiser: Client, german: None) -> None:
    night = tournament()
    for name in ("Hans Müller", "Hans Mueller"):
        registration_add(tournament=night, player=player_create(name=name), check_in=True)

    page = organiser.get("/players/duplicates/").content.decode()

    pairs = player_duplicate_pairs()
    assert pairs is not None
    assert [pair.same_night for pair in pairs] == [True]
    assert "/merge/" not in page


def test_a_list_imported_for_a_night_names_its_retired_players(
    organiser: Client, german: None
) -> None:
    night = tournament()
    player_retire(player=player_create(name="Bernd Schütt"))
    url = f"/players/import/?tournament={night.pk}"

    response = organiser.post(url, {"text": "Name\nAnna Möller\nBernd Schütt\n"}, follow=True)

    page = response.content.decode()
    offered = page.split('class="tick-list offered"')[1].split("</form>")[0]
    assert "Anna Möller" in offered
    assert "Bernd Schütt" not in offered
    assert "Ausgeschieden, daher nicht angeboten: Bernd Schütt" in page
