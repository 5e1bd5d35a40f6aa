"""The organiser's pages for the night, through Django's test client."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.factories import UserFactory
from tests.tournaments.night_helpers import night, registration
from tournaments import services
from tournaments.desk import services as desk_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Player, Seat, Table, Tournament
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["tournaments:night", "tournaments:tables"])
def test_the_night_pages_need_the_organiser_login(client: Client, name: str) -> None:
    tournament = night(present=4)
    response = client.get(reverse(name, args=[tournament.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("tournaments:login"))


#: The confirmation pages act only on a POST with this field (tournaments.views.confirm).
CONFIRMED = {"confirm": "yes"}


def test_a_player_account_is_not_an_organiser(client: Client) -> None:
    tournament = night(present=4)
    client.force_login(UserFactory())
    response = client.get(reverse("tournaments:night", args=[tournament.pk]))
    assert response.status_code == 403  # not a redirect to the login page, which would loop


def test_creating_a_tournament_leads_to_its_night_page(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:tournament_create"),
        {
            "name": "Herbstfipsen",
            "date": "2026-11-21",
            "place": "Prisdorf",
            "rule_set": "prisdorf",
            "prisdorf_min_bid": 2,
            "deals_at_four": 100,
            "deals_at_three": 120,
            "tie_break": "fewer_lost,best_game",
            "entry_fee": "5.00",
        },
    )
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("tournaments:night", args=[tournament.pk])
    assert tournament.name == "Herbstfipsen"


def test_an_invalid_tournament_form_says_where(organiser: Client) -> None:
    response = organiser.post(
        reverse("tournaments:tournament_create"), {"name": "", "date": "2026-11-21"}
    )
    assert response.status_code == 200
    assert "name" in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_the_form_proposes_today(organiser: Client) -> None:
    response = organiser.get(reverse("tournaments:tournament_create"))
    assert response.context["form"].initial["date"] == datetime.date.today()


def test_the_night_page_shows_the_count_and_its_tables_in_german(organiser: Client) -> None:
    tournament = night(present=13, absent=1)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "13 Spieler anwesend → 1 Vierertisch, 3 Dreiertische" in " ".join(page.split())
    assert "Spieler 13" in page


def test_an_unseatable_count_shows_the_choices(organiser: Client) -> None:
    tournament = night(present=5)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    text = " ".join(page.split())
    assert "5 Spieler anwesend" in text
    assert "6 Spieler" in text
    assert "4 Spieler" in text


def test_registering_a_player_from_the_directory(organiser: Client) -> None:
    tournament = night(present=0)
    player = player_create(name="Gerda Schütt")
    organiser.post(
        reverse("tournaments:registration_add", args=[tournament.pk]),
        {"player": player.pk, "check_in": "1"},
    )
    assert tournament.registrations.get().is_checked_in


def test_registering_twice_says_so_and_adds_nothing(organiser: Client) -> None:
    tournament = night(present=1)
    entry = registration(tournament, "Spieler 00")
    response = organiser.post(
        reverse("tournaments:registration_add", args=[tournament.pk]),
        {"player": entry.player_id},
        follow=True,
    )
    assert "ist schon angemeldet" in response.content.decode()
    assert tournament.registrations.count() == 1


def test_a_walk_in_on_the_night(organiser: Client) -> None:
    tournament = night(present=0)
    organiser.post(
        reverse("tournaments:walk_in", args=[tournament.pk]), {"name": "Uwe Rehder", "club": ""}
    )
    entry = tournament.registrations.get()
    assert entry.player.name == "Uwe Rehder"
    assert entry.is_checked_in


def test_a_walk_in_like_a_player_in_the_directory_is_asked_about_first(organiser: Client) -> None:
    tournament = night(present=0)
    known = Player.objects.create(name="Hans Müller", club="SC Prisdorf", name_key="hans muller")
    url = reverse("tournaments:walk_in", args=[tournament.pk])

    response = organiser.post(url, {"name": "Hans Mueller", "club": ""})

    page = " ".join(response.content.decode().split())
    assert response.status_code == 200
    assert "Ist es einer dieser Spieler?" in page
    assert "Hans Müller" in page
    assert "SC Prisdorf" in page
    assert Player.objects.count() == 1  # nothing saved yet
    assert not tournament.registrations.exists()
    # It is him: one tap registers the player of the directory, present.
    organiser.post(
        reverse("tournaments:registration_add", args=[tournament.pk]),
        {"player": known.pk, "check_in": "1"},
    )
    entry = tournament.registrations.get()
    assert (entry.player, entry.is_checked_in) == (known, True)
    assert Player.objects.count() == 1


def test_a_walk_in_like_a_player_in_the_directory_can_be_added_anyway(organiser: Client) -> None:
    tournament = night(present=0)
    Player.objects.create(name="Hans Müller", name_key="hans muller")
    url = reverse("tournaments:walk_in", args=[tournament.pk])
    asked = organiser.post(url, {"name": "Hans Mueller", "club": "TuS Pinneberg"})
    confirm = re.search(r'name="confirm_name" value="([^"]+)"', asked.content.decode())
    assert confirm is not None

    organiser.post(
        url, {"name": "Hans Mueller", "club": "TuS Pinneberg", "confirm_name": confirm[1]}
    )

    entry = tournament.registrations.get()
    assert (entry.player.name, entry.player.club, entry.walk_in) == (
        "Hans Mueller",
        "TuS Pinneberg",
        True,
    )
    assert entry.is_checked_in
    assert Player.objects.count() == 2


def test_a_walk_in_like_a_registered_player_offers_his_check_in(organiser: Client) -> None:
    """Overlooked in the list and typed again at the door: he is checked in, not doubled."""
    tournament = night(present=0)
    known = Player.objects.create(name="Hans Müller", name_key="hans muller")
    entry = desk_services.registration_add(tournament=tournament, player=known)
    url = reverse("tournaments:walk_in", args=[tournament.pk])

    page = organiser.post(url, {"name": "Hans Mueller", "club": ""}).content.decode()

    check_in = reverse("tournaments:check_in", args=[tournament.pk, entry.pk])
    assert f'action="{check_in}"' in page
    assert "Hans Müller einchecken" in page
    organiser.post(check_in, {"present": "1"})
    entry.refresh_from_db()
    assert entry.is_checked_in
    page = organiser.post(url, {"name": "Hans Mueller", "club": ""}).content.decode()
    assert "angemeldet und da" in page
    assert f'action="{check_in}"' not in page
    assert Player.objects.count() == 1


def test_a_walk_in_with_another_error_is_told_that_first(organiser: Client) -> None:
    tournament = night(present=0)
    Player.objects.create(name="Hans Müller", name_key="hans muller")
    url = reverse("tournaments:walk_in", args=[tournament.pk])

    response = organiser.post(url, {"name": "Hans Mueller", "club": "x" * 101}, follow=True)

    page = response.content.decode()
    assert "Ist es einer dieser Spieler?" not in page
    assert "höchstens 100 Zeichen" in page
    assert not tournament.registrations.exists()


def test_check_in_with_one_tap_returns_the_row_and_the_new_count(organiser: Client) -> None:
    tournament = night(present=3, absent=1)
    entry = registration(tournament, "Spieler 03")
    response = organiser.post(
        reverse("tournaments:check_in", args=[tournament.pk, entry.pk]),
        {"present": "1"},
        headers={"HX-Request": "true"},
    )
    body = " ".join(response.content.decode().split())
    assert f'id="registration-{entry.pk}"' in body
    assert 'hx-swap-oob="true"' in body
    assert "4 Spieler anwesend → 1 Vierertisch" in body
    entry.refresh_from_db()
    assert entry.is_checked_in


def test_check_out_without_javascript_redirects_back(organiser: Client) -> None:
    tournament = night(present=1)
    entry = registration(tournament, "Spieler 00")
    response = organiser.post(
        reverse("tournaments:check_in", args=[tournament.pk, entry.pk]), {"present": "0"}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert not entry.is_checked_in


def _text(response: object) -> str:
    return " ".join(response.content.decode().split())  # type: ignore[attr-defined]


def test_the_directory_is_a_list_to_tap_through_without_searching(organiser: Client) -> None:
    tournament = night(present=1)
    player_create(name="Gerda Schütt", club="SC Prisdorf")
    page = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    directory = page.split('id="desk-directory"')[1].split('id="walk-in"')[0]
    assert "Gerda Schütt" in directory
    assert "Spieler 00" not in directory  # registered already
    assert "Anmelden und einchecken" in directory


def test_the_live_search_answers_with_the_list_alone(organiser: Client) -> None:
    tournament = night(present=0)
    player_create(name="Gerda Schütt")
    player_create(name="Hans Müller")
    response = organiser.get(
        reverse("tournaments:night", args=[tournament.pk]),
        {"q": "schuett"},
        headers={"HX-Request": "true", "HX-Target": "desk-directory"},
    )
    page = _text(response)
    assert "Gerda Schütt" in page
    assert "Hans Müller" not in page
    assert "<html" not in page
    assert 'name="q" value="schuett"' in page  # a tap keeps the search


def test_a_tap_in_the_list_answers_with_the_list_the_registrations_and_the_count(
    organiser: Client,
) -> None:
    tournament = night(present=3)
    player = player_create(name="Gerda Schütt")
    player_create(name="Gerd Schulz")
    response = organiser.post(
        reverse("tournaments:registration_add", args=[tournament.pk]),
        {"player": player.pk, "check_in": "1", "q": "gerd"},
        headers={"HX-Request": "true", "HX-Target": "desk-directory"},
    )
    page = _text(response)
    directory = page.split('id="registrations"')[0]
    assert "Gerd Schulz" in directory  # the list for the same search, without him
    assert "Gerda Schütt" not in directory
    assert 'id="registrations" class="registrations-section" hx-swap-oob="true"' in page
    assert "4 Anmeldungen" in page
    assert "4 Spieler anwesend → 1 Vierertisch" in page
    assert "Gerda Schütt ist angemeldet und eingecheckt." in page
    assert tournament.registrations.get(player=player).is_checked_in
    # The message was said beside the list: it does not come again on the next page.
    later = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert "ist angemeldet und eingecheckt" not in later


def test_a_tap_in_the_list_without_javascript_comes_back_to_the_same_search(
    organiser: Client,
) -> None:
    tournament = night(present=0)
    player = player_create(name="Gerda Schütt")
    response = organiser.post(
        reverse("tournaments:registration_add", args=[tournament.pk]),
        {"player": player.pk, "q": "gerd sch"},
    )
    night_url = reverse("tournaments:night", args=[tournament.pk])
    assert response["Location"] == f"{night_url}?q=gerd+sch#register"
    assert not tournament.registrations.get().is_checked_in  # "register only"


def test_the_players_of_last_time_are_a_list_to_tick(organiser: Client) -> None:
    earlier = night(present=3)
    earlier.date -= datetime.timedelta(days=7)
    earlier.save(update_fields=["date"])
    tonight = services.tournament_create(name="Winterfipsen", date=datetime.date(2026, 11, 21))
    night_url = reverse("tournaments:night", args=[tonight.pk])

    page = _text(organiser.get(night_url))
    assert "Alle vom letzten Mal" in page
    assert "„Preisfipsen“ am 14. November 2026" in page
    ticked = page.split('class="tick-list previous-night"')[1].split("</form>")[0]
    assert ticked.count('type="checkbox" name="player"') == 3
    assert ticked.count("checked") == 3  # all ticked: untick who is not coming
    # Spieler 01 is not coming: unticked.
    ids = [registration(earlier, f"Spieler {n:02d}").player_id for n in (0, 2)]
    response = organiser.post(
        reverse("tournaments:registrations_add_ticked", args=[tonight.pk]),
        {"player": ids},
        follow=True,
    )

    page = _text(response)
    assert "2 Spieler sind angemeldet" in page
    names = tonight.registrations.values_list("player__name", flat=True)
    assert sorted(names) == ["Spieler 00", "Spieler 02"]
    assert not any(entry.is_checked_in for entry in tonight.registrations.all())
    # The one left unticked is still offered.
    still = page.split('class="tick-list previous-night"')[1].split("</form>")[0]
    assert still.count('type="checkbox" name="player"') == 1


def test_ticking_nobody_registers_nobody_and_says_so(organiser: Client) -> None:
    tonight = night(present=0)
    response = organiser.post(
        reverse("tournaments:registrations_add_ticked", args=[tonight.pk]), follow=True
    )
    assert "Niemand ist angekreuzt" in _text(response)
    assert not tonight.registrations.exists()


def test_a_walk_in_with_htmx_comes_back_as_an_empty_form_ready_for_the_next(
    organiser: Client,
) -> None:
    tournament = night(present=12)
    response = organiser.post(
        reverse("tournaments:walk_in", args=[tournament.pk]),
        {"name": "Uwe Rehder", "club": "TuS"},
        headers={"HX-Request": "true", "HX-Target": "walk-in"},
    )
    page = _text(response)
    form = page.split('id="registrations"')[0]
    assert 'id="walk-in"' in form
    assert "Uwe Rehder" not in form  # empty again
    assert "autofocus" in form
    assert "Uwe Rehder" in page  # in the registrations, swapped in beside
    assert "13 Spieler anwesend → 1 Vierertisch, 3 Dreiertische" in page
    assert tournament.registrations.get(player__name="Uwe Rehder").is_checked_in


def test_a_walk_in_with_htmx_and_a_bad_field_keeps_what_was_typed(organiser: Client) -> None:
    tournament = night(present=0)
    response = organiser.post(
        reverse("tournaments:walk_in", args=[tournament.pk]),
        {"name": "Uwe Rehder", "club": "x" * 101},
        headers={"HX-Request": "true", "HX-Target": "walk-in"},
    )
    page = _text(response)
    assert 'value="Uwe Rehder"' in page
    assert "höchstens 100 Zeichen" in page
    assert not tournament.registrations.exists()


def test_a_walk_in_with_htmx_like_a_known_player_is_asked_about_in_place(
    organiser: Client,
) -> None:
    tournament = night(present=0)
    Player.objects.create(name="Hans Müller", name_key="hans muller")
    response = organiser.post(
        reverse("tournaments:walk_in", args=[tournament.pk]),
        {"name": "Hans Mueller", "club": ""},
        headers={"HX-Request": "true", "HX-Target": "walk-in"},
    )
    page = _text(response)
    assert page.startswith('<section id="walk-in"')
    assert "Ist es einer dieser Spieler?" in page
    assert "Hans Müller anmelden und einchecken" in page
    assert Player.objects.count() == 1


def test_a_walk_in_without_javascript_comes_back_to_the_form_focused(organiser: Client) -> None:
    tournament = night(present=0)
    response = organiser.post(
        reverse("tournaments:walk_in", args=[tournament.pk]),
        {"name": "Uwe Rehder", "club": ""},
        follow=True,
    )
    page = _text(response)
    # Without a fragment: at one the browser would not focus the field (the browser test).
    assert response.redirect_chain[-1][0].endswith("?walk_in=1")
    assert "Uwe Rehder ist angemeldet und eingecheckt." in page
    assert re.search(r'<input[^>]*name="name"[^>]*autofocus', page)


def test_the_words_of_a_row_say_the_state_and_what_a_button_does(organiser: Client) -> None:
    tournament = night(present=1, absent=1)
    page = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    present = page.split(f'id="registration-{registration(tournament, "Spieler 00").pk}"')[1]
    present = present.split("</li>")[0]
    absent = page.split(f'id="registration-{registration(tournament, "Spieler 01").pk}"')[1]
    absent = absent.split("</li>")[0]
    assert "Anwesend ✓" in present
    assert ">Rückgängig</button>" in present
    assert "noch nicht da" in absent
    # His name is the button: one tap checks him in (and marks his fee paid).
    assert re.search(r"<button[^>]*>Spieler 01 <small>SC Prisdorf</small></button>", absent)
    assert "Austragen…" in absent
    # "Abmelden" is the header's log out, and nothing else.
    assert page.count("Abmelden") == 1


def test_withdrawing_asks_first_and_changes_nothing_until_confirmed(organiser: Client) -> None:
    tournament = night(present=4)
    entry = registration(tournament, "Spieler 00")
    url = reverse("tournaments:withdraw", args=[tournament.pk, entry.pk])
    assert url in organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()

    response = organiser.get(url)

    page = _text(response)
    assert response.status_code == 200
    assert "<h1>Spieler 00 austragen?</h1>" in page
    assert "wird nicht mitgezählt und keinem Tisch zugelost" in page
    assert "kann später wieder angemeldet werden" in page
    assert "Ja, Spieler 00 austragen" in page
    assert "Die Tische sind schon ausgelost" not in page
    assert 'class="site-header"' in page  # in the site's layout
    entry.refresh_from_db()
    assert entry.withdrawn_at is None
    assert entry.is_checked_in

    organiser.post(url)  # a POST without the confirmation shows the page again
    entry.refresh_from_db()
    assert entry.withdrawn_at is None

    response = organiser.post(url, {"confirm": "yes"})

    assert response["Location"] == reverse("tournaments:night", args=[tournament.pk]) + (
        "#registrations"
    )
    entry.refresh_from_db()
    assert entry.withdrawn_at is not None
    assert not entry.is_checked_in


def test_withdrawing_after_the_draw_says_the_tables_must_be_drawn_again(
    organiser: Client,
) -> None:
    tournament = night(present=4)
    tournament_draw(tournament=tournament, seed=1)
    entry = registration(tournament, "Spieler 00")
    page = _text(organiser.get(reverse("tournaments:withdraw", args=[tournament.pk, entry.pk])))
    assert "Die Tische sind schon ausgelost: vor dem Spielbeginn müssen sie neu" in page


def test_withdrawing_after_the_start_offers_no_button(organiser: Client) -> None:
    tournament = night(present=4)
    tournament_draw(tournament=tournament, seed=1)
    services.tournament_start(tournament=tournament)
    entry = registration(tournament, "Spieler 00")
    url = reverse("tournaments:withdraw", args=[tournament.pk, entry.pk])
    page = _text(organiser.get(url))
    assert "Das Austragen ist jetzt nicht möglich" in page
    assert "Ja, Spieler 00 austragen" not in page
    response = organiser.post(url, {"confirm": "yes"}, follow=True)
    assert "nicht möglich" in _text(response)
    entry.refresh_from_db()
    assert entry.withdrawn_at is None


def test_drawing_leads_to_the_tables(organiser: Client) -> None:
    tournament = night(present=13)
    response = organiser.post(
        reverse("tournaments:draw", args=[tournament.pk]), CONFIRMED, follow=True
    )
    assert response.redirect_chain[-1][0] == reverse("tournaments:tables", args=[tournament.pk])
    page = response.content.decode()
    assert Table.objects.filter(tournament=tournament).count() == 4
    assert "Tisch 4" in page
    assert "Die Auslosung ist gespeichert und lässt sich jederzeit nachprüfen." in page


def test_the_draw_note_is_plain_words_with_the_seed_in_small_print(organiser: Client) -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=3687169554513914536)
    page = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    note = page[page.index('class="draw-check"') :]
    assert "Die Auslosung ist gespeichert und lässt sich jederzeit nachprüfen." in note
    plain = note[: note.index("<details")]
    assert "3687169554513914536" not in plain
    assert "Startwert" not in plain
    details = note[note.index("<details") : note.index("</details>")]
    assert "<small>Startwert der Auslosung: 3687169554513914536; Tausche seit" in details


def test_the_draw_note_says_plainly_when_the_seats_do_not_match(organiser: Client) -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=9)
    # Behind the app's back: another first dealer than the draw chose.
    Table.objects.filter(number=1).update(
        first_dealer=(Table.objects.get(number=1).first_dealer + 1) % 4
    )
    page = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    assert "Die Plätze passen NICHT zur gespeicherten Auslosung." in page
    assert "lässt sich jederzeit nachprüfen" not in page


def test_drawing_an_unseatable_count_says_why_and_draws_nothing(organiser: Client) -> None:
    tournament = night(present=5)
    response = organiser.post(reverse("tournaments:draw", args=[tournament.pk]), CONFIRMED)
    assert "5 Spieler" in response.content.decode()
    assert not Table.objects.exists()


def test_swapping_two_players_on_the_tables_page(organiser: Client) -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=9)
    first, second = (
        Seat.objects.get(table__number=1, position=0),
        Seat.objects.get(table__number=2, position=0),
    )
    organiser.post(
        reverse("tournaments:swap", args=[tournament.pk]),
        {"first": first.pk, "second": second.pk},
    )
    assert Seat.objects.get(table__number=1, position=0).registration_id == second.registration_id


def test_a_swap_after_the_start_is_refused_with_a_message(organiser: Client) -> None:
    tournament = night(present=8)
    tournament_draw(tournament=tournament, seed=9)
    services.tournament_start(tournament=tournament)
    first, second = Seat.objects.all()[:2]
    response = organiser.post(
        reverse("tournaments:swap", args=[tournament.pk]),
        {"first": first.pk, "second": second.pk},
        follow=True,
    )
    assert "nicht möglich" in response.content.decode()
    assert Seat.objects.get(pk=first.pk).registration_id == first.registration_id


def test_a_new_table_link(organiser: Client) -> None:
    tournament = night(present=4)
    tournament_draw(tournament=tournament, seed=9)
    table = Table.objects.get()
    organiser.post(reverse("tournaments:reissue_link", args=[tournament.pk, table.pk]), CONFIRMED)
    assert Table.objects.get().token != table.token


def test_start_and_finish(organiser: Client) -> None:
    tournament = night(present=4)
    tournament_draw(tournament=tournament, seed=9)
    organiser.post(reverse("tournaments:start", args=[tournament.pk]), CONFIRMED)
    tournament.refresh_from_db()
    assert tournament.state == Tournament.State.PLAYING
    organiser.post(reverse("scoring:finish", args=[tournament.pk]), CONFIRMED)
    tournament.refresh_from_db()
    assert tournament.is_finished


def test_the_start_page_lists_the_tournaments_for_the_organiser(organiser: Client) -> None:
    night(present=3)
    page = organiser.get(reverse("tournaments:home")).content.decode()
    assert "Preisfipsen" in page
    assert "3 anwesend" in page


def _queries_for(
    client: Client, name: str, present: int, assert_num: DjangoAssertNumQueries
) -> None:
    tournament = night(present=present)
    tournament_draw(tournament=tournament, seed=1)
    url = reverse(name, args=[tournament.pk])
    client.get(url)  # sessions and caches warm
    with assert_num(_EXPECTED_QUERIES[name]):
        assert client.get(url).status_code == 200


# The night page: the directory to tap through and the search for a tournament before are two
# more than before (a third, its players, when there was one); the night's fees are read whole
# (tournaments.desk.fees: paid and open), a night without a fee too.
_EXPECTED_QUERIES = {"tournaments:night": 11, "tournaments:tables": 12}


@pytest.mark.parametrize("name", list(_EXPECTED_QUERIES))
@pytest.mark.parametrize("present", [4, 40])
def test_the_night_pages_cost_the_same_queries_for_4_and_40_players(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries, name: str, present: int
) -> None:
    _queries_for(organiser, name, present, django_assert_num_queries)
