"""Small faults the walk found at the desk and on the error page: the walk-in question left
the last message standing, an empty directory was said to be all registered, and the stale
form's "Back to the page" led a captain to the organiser's home."""

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from tests.scoring.helpers import playing_table
from tests.tournaments.night_helpers import night
from tournaments.players.services import player_create

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

HTMX = {"HX-Request": "true", "HX-Target": "walk-in"}


def test_the_walk_in_question_clears_the_last_message(organiser: Client) -> None:
    tournament = night(present=0)
    player_create(name="Hans Müller", club="")
    url = reverse("tournaments:walk_in", args=[tournament.pk])
    saved = organiser.post(url, {"name": "Otto Neu", "club": ""}, headers=HTMX)
    assert "Otto Neu ist angemeldet und eingecheckt." in saved.content.decode()

    asked = organiser.post(url, {"name": "Hans Mueller", "club": ""}, headers=HTMX)

    page = " ".join(asked.content.decode().split())
    assert "Ist es einer dieser Spieler?" in page
    assert '<div id="desk-messages" class="desk-messages" role="status" aria-live="polite" ' \
        'hx-swap-oob="true"> </div>' in page  # fmt: skip
    assert "angemeldet und eingecheckt" not in page


def test_an_empty_directory_says_so_and_how_to_fill_it(organiser: Client) -> None:
    tournament = night(present=0)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "Die Kartei hat noch keine Spieler." in page
    assert reverse("tournaments:players_import") in page
    assert "Alle Spieler der Kartei sind angemeldet" not in page


def test_a_full_registration_still_says_everyone_is_registered(organiser: Client) -> None:
    tournament = night(present=2)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "Alle Spieler der Kartei sind angemeldet" in page
    assert "Die Kartei hat noch keine Spieler." not in page


def test_a_captains_stale_form_leads_back_to_the_tables_page_not_home() -> None:
    table = playing_table(players=3, deals=10)
    client = Client(enforce_csrf_checks=True)
    client.get(reverse("scoring:table_entry", args=[table.token]))
    assert settings.CSRF_COOKIE_NAME in client.cookies

    response = client.post(reverse("scoring:table_preview", args=[table.token]), {})

    assert response.status_code == 403
    back = reverse("scoring:table_entry", args=[table.token])
    assert f'href="{back}">Zurück zur Seite</a>' in response.content.decode()


def test_the_tables_page_before_the_draw_leads_to_the_draw(organiser: Client) -> None:
    tournament = night(present=4)
    page = organiser.get(reverse("tournaments:tables", args=[tournament.pk])).content.decode()
    assert "Die Tische sind noch nicht ausgelost." in page
    night_url = reverse("tournaments:night", args=[tournament.pk])
    assert f'<a href="{night_url}">Ausgelost wird auf der Seite „Anmeldung“.</a>' in page
