"""The desk at one tap per arrival (issue 21): a tap on a registered player's name checks him
in and marks his fee paid (undone beside it); a walk-in and a tap in the directory land paid
too; open fees are listed at the desk and on the home page; a list import started from the
tournament comes back to it with its players offered."""

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from tests.tournaments.night_helpers import night, registration
from tournaments import services
from tournaments.desk import fees as desk_fees
from tournaments.desk.services import (
    registration_arrive,
    registration_mark_paid,
    registration_withdraw,
)
from tournaments.draw.services import tournament_draw
from tournaments.models import Player, Registration, Tournament, TournamentEvent
from tournaments.players.directory import player_retire
from tournaments.players.selectors import players_named
from tournaments.players.services import player_create

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _fee_night(*, present: int = 0, absent: int = 0) -> Tournament:
    return night(present=present, absent=absent, entry_fee=Decimal(5))


def _text(response: object) -> str:
    return " ".join(response.content.decode().split())  # type: ignore[attr-defined]


def test_one_tap_on_the_name_checks_in_and_marks_paid_and_undo_takes_both_back(
    organiser: Client,
) -> None:
    tournament = _fee_night(absent=1)
    entry = registration(tournament, "Spieler 00")
    url = reverse("tournaments:arrive", args=[tournament.pk, entry.pk])

    answer = _text(organiser.post(url, {"present": "1"}, **HTMX))  # type: ignore[arg-type]

    entry.refresh_from_db()
    assert entry.is_checked_in
    assert entry.is_fee_paid
    assert "bezahlt ✓" in answer
    assert ">Rückgängig</button>" in answer
    assert "1 Spieler anwesend" in answer  # the count beside it
    assert TournamentEvent.objects.get().kind == TournamentEvent.Kind.FEE_PAID

    organiser.post(url, {"present": "0"}, **HTMX)  # type: ignore[arg-type]
    entry.refresh_from_db()
    assert not entry.is_checked_in
    assert not entry.is_fee_paid


def test_a_walk_in_and_a_tap_in_the_directory_land_registered_checked_in_and_paid(
    organiser: Client,
) -> None:
    tournament = _fee_night()
    regular = player_create(name="Anna Möller")
    organiser.post(
        reverse("tournaments:registration_add", args=[tournament.pk]),
        {"player": regular.pk, "check_in": "1"},
    )
    response = organiser.post(
        reverse("tournaments:walk_in", args=[tournament.pk]), {"name": "Uwe Rehder"}, follow=True
    )
    assert "Uwe Rehder ist angemeldet, eingecheckt und hat bezahlt." in _text(response)
    entries = Registration.objects.filter(tournament=tournament)
    assert [(e.player.name, e.is_checked_in, e.is_fee_paid) for e in entries] == [
        ("Anna Möller", True, True),
        ("Uwe Rehder", True, True),
    ]


def test_an_open_fee_is_listed_at_the_desk_and_on_the_home_and_a_late_payer_marked_later(
    organiser: Client,
) -> None:
    tournament = _fee_night(present=2, absent=1)  # checked in by the services: fees open
    late = registration(tournament, "Spieler 01")
    registration_mark_paid(registration=registration(tournament, "Spieler 00"), paid=True)

    desk = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    open_fees = desk.split('id="open-fees"')[1].split("</section>")[0]
    assert "1 Startgeld offen" in open_fees
    assert "Spieler 01" in open_fees
    assert "Spieler 00" not in open_fees
    assert "Spieler 02" not in open_fees  # not here yet: owes nothing yet
    home = _text(organiser.get(reverse("night:home", args=[tournament.pk])))
    assert "1 Startgeld offen" in home
    assert "Spieler 01" in home

    # Play has begun: a late payer is still marked.
    Tournament.objects.filter(pk=tournament.pk).update(state=Tournament.State.PLAYING)
    answer = _text(
        organiser.post(
            reverse("tournaments:fee", args=[tournament.pk, late.pk]),
            {"paid": "1"},
            **HTMX,  # type: ignore[arg-type]
        )
    )
    assert "Spieler 01 hat bezahlt." in answer
    assert registration(tournament, "Spieler 01").is_fee_paid
    assert "Startgeld offen" not in _text(
        organiser.get(reverse("night:home", args=[tournament.pk]))
    )


def test_a_night_without_a_fee_shows_no_fee(organiser: Client) -> None:
    tournament = night(present=2)
    desk = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert "Startgeld offen" not in desk
    assert "bezahlt" not in desk
    assert desk_fees.fees(tournament=tournament).open == []


def test_the_fees_cost_one_query_however_many(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    small, large = _fee_night(present=2), _fee_night(present=20)
    for tournament, count in ((small, 2), (large, 20)):
        with django_assert_num_queries(1):
            fees = desk_fees.fees(tournament=tournament).open
            assert [entry.player.name for entry in fees][:1] == ["Spieler 00"]
        assert len(fees) == count


def test_a_list_imported_from_the_tournament_comes_back_with_its_players_offered(
    organiser: Client,
) -> None:
    tournament = _fee_night()
    player_create(name="Jürgen Groß")  # in the directory, not on the list
    player_create(name="Bernd Schütt")  # on the list, in the directory already
    import_url = f"/players/import/?tournament={tournament.pk}"
    desk = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert f'href="{import_url}"' in desk

    response = organiser.post(
        import_url, {"text": "Name;Verein\nAnna Möller;SC Prisdorf\nBernd Schütt;\n"}, follow=True
    )

    night_url = reverse("tournaments:night", args=[tournament.pk])
    assert response.redirect_chain[-1][0] == f"{night_url}?offered=1#register"
    page = _text(response)
    offered = page.split('class="tick-list offered"')[1].split("</form>")[0]
    assert "Anna Möller" in offered
    assert "Bernd Schütt" in offered  # skipped by the import, offered all the same
    assert "Jürgen Groß" not in offered
    assert Player.objects.filter(name="Bernd Schütt").count() == 1
    ids = list(Player.objects.exclude(name="Jürgen Groß").values_list("pk", flat=True))
    organiser.post(
        reverse("tournaments:registrations_add_ticked", args=[tournament.pk]), {"player": ids}
    )
    assert tournament.registrations.count() == 2
    # Offered again, the registered ones are left out.
    again = _text(organiser.get(f"{night_url}?offered=1"))
    assert 'class="tick-list offered"' not in again


def test_a_night_desk_imports_3000_players_and_offers_them_without_ids_in_the_address(
    organiser: Client,
) -> None:
    """Issue 30, 7: every id went into ``?offer=``; 3,000 made an address the server refused
    (400). The players offered are kept in the organiser's session instead."""
    tournament = _fee_night()
    lines = "Name;Verein\n" + "".join(f"Spieler Nr {n:04};SC Prisdorf\n" for n in range(3000))

    response = organiser.post(f"/players/import/?tournament={tournament.pk}", {"text": lines})

    night_url = reverse("tournaments:night", args=[tournament.pk])
    assert response.status_code == 302
    assert response["Location"] == f"{night_url}?offered=1#register"
    page = organiser.get(response["Location"]).content.decode()
    offered = page.split('class="tick-list offered"')[1].split("</form>")[0]
    assert offered.count('name="player"') == 3000
    # Another night's desk offers none of them.
    other = _fee_night()
    elsewhere = organiser.get(reverse("tournaments:night", args=[other.pk]) + "?offered=1")
    assert 'class="tick-list offered"' not in elsewhere.content.decode()


def test_the_players_of_a_list_are_found_folded_in_one_query(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    mueller = player_create(name="Hans Müller", club="SC Prisdorf")
    player_create(name="Hans Müller", club="TSV Pinneberg")  # another club: not him
    with django_assert_num_queries(1):
        found = players_named(names=[("hans mueller", "sc prisdorf"), ("Nobody", "")])
    assert found == [mueller]


def _row(answer: str, entry: Registration) -> str:
    return answer.split(f'id="registration-{entry.pk}"')[1].split("</li>")[0]


def test_one_tap_on_pays_later_checks_in_with_the_fee_open(organiser: Client) -> None:
    """Issue 29.2: "here, fee not paid yet" is one tap ("zahlt später"), beside the name."""
    tournament = _fee_night(absent=1)
    entry = registration(tournament, "Spieler 00")
    desk = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert ">zahlt später</button>" in _row(desk, entry)

    answer = _text(
        organiser.post(
            reverse("tournaments:arrive", args=[tournament.pk, entry.pk]),
            {"present": "1", "paid": "0"},
            **HTMX,  # type: ignore[arg-type]
        )
    )

    entry.refresh_from_db()
    assert (entry.is_checked_in, entry.is_fee_paid) == (True, False)
    assert "Spieler 00 ist da, das Startgeld offen." in answer
    row = _row(answer, entry)
    assert "Anwesend ✓" in row
    assert "Startgeld offen" in row
    assert ">5,00 € bezahlt</button>" in row
    assert "1 Startgeld offen" in answer  # the open fees beside it, swapped in


def test_marking_a_paid_fee_open_keeps_the_player_here(organiser: Client) -> None:
    """Issue 29.2: "Startgeld offen" undoes the payment alone; "Rückgängig" checked him out."""
    tournament = _fee_night(absent=1)
    entry = registration(tournament, "Spieler 00")
    registration_arrive(registration=entry)
    desk = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    assert ">Startgeld offen</button>" in _row(desk, entry)

    answer = _text(
        organiser.post(
            reverse("tournaments:fee", args=[tournament.pk, entry.pk]),
            {"paid": "0"},
            **HTMX,  # type: ignore[arg-type]
        )
    )

    entry.refresh_from_db()
    assert (entry.is_checked_in, entry.is_fee_paid) == (True, False)
    assert "Spieler 00: Das Startgeld ist wieder offen." in answer
    assert ">5,00 € bezahlt</button>" in _row(answer, entry)


def test_a_withdrawn_players_fee_is_not_marked_paid(organiser: Client) -> None:
    """Issue 30.10: refused with a German message; nothing changes, no line in the history."""
    tournament = _fee_night(absent=1)
    entry = registration(tournament, "Spieler 00")
    registration_withdraw(registration=entry)

    answer = _text(
        organiser.post(
            reverse("tournaments:fee", args=[tournament.pk, entry.pk]),
            {"paid": "1"},
            **HTMX,  # type: ignore[arg-type]
        )
    )

    assert (
        "Spieler 00 ist ausgetragen: Sein Startgeld kann nicht als bezahlt markiert werden. "
        "Bitte zuerst wieder anmelden." in answer
    )
    assert "hat bezahlt" not in answer
    entry.refresh_from_db()
    assert not entry.is_fee_paid
    assert entry.fee_amount is None
    assert not TournamentEvent.objects.exists()


def test_a_player_retired_during_a_running_night_is_off_the_desk(organiser: Client) -> None:
    """Issue 30.10: retired, he is not coming: the desk no longer offers his check-in. One
    retired who is here (he plays tonight) stays listed."""
    tournament = _fee_night(present=4, absent=1)
    tournament_draw(tournament=tournament, seed=3)
    services.tournament_start(tournament=tournament)
    player_retire(player=Player.objects.get(name="Spieler 04"))  # registered, absent
    player_retire(player=Player.objects.get(name="Spieler 00"))  # here, playing

    desk = _text(organiser.get(reverse("tournaments:night", args=[tournament.pk])))
    registrations = desk.split('id="registrations"')[1]

    assert "Spieler 04" not in registrations
    assert "Spieler 00" in registrations
    assert "4 Anmeldungen" in registrations
