"""Issue 21: the finish page said "Beenden Sie sie zuerst vorzeitig" (end the tables early
first) while its button "Ja, Turnier beenden" finished at once. The words now say what the
button does: the tables still playing stop where they are, their deals count."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.scoring.helpers import enter, playing_table
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def test_the_finish_page_says_that_its_button_stops_the_tables_still_playing(
    organiser: Client,
) -> None:
    table = playing_table(deals=4)
    enter(table, 0, "2 gewonnen")
    url = reverse("scoring:finish", args=[table.tournament_id])

    page = " ".join(organiser.get(url).content.decode().split())

    assert "zuerst vorzeitig" not in page
    assert "Tisch 1: 1 von 4 Spielen" in page
    assert "„Ja, Turnier beenden“ hält sie an, wo sie stehen" in page
    assert "Ja, Turnier beenden" in page

    organiser.post(url, {"confirm": "yes"})  # and so it does: at once, the deal played counts
    table.tournament.refresh_from_db()
    assert table.tournament.state == Tournament.State.FINISHED
    standings = organiser.get(reverse("scoring:standings", args=[table.tournament_id]))
    assert "Tisch 1 hat 1 von 4 Spielen gespielt." in standings.content.decode()
