"""A player cannot leave a race table (the sources are silent on a race played short): the
tables page says so in plain German where it offers "… has to stop", the confirmation says it
again, the table is ended early, not played on, and the service refuses a leave."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from tests.thedinghausen.helpers import deals_entered, race_table
from tournaments.draw.seats import seat_leave
from tournaments.models import Seat

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

RACE_NO_LEAVING = (
    "Beim Thedinghäuser Stichrennen kann kein Spieler einen Tisch verlassen: Die Quellen sagen "
    "nicht, wie ein Rennen mit einem Spieler weniger weitergeht. Muss einer aufhören, endet der "
    "ganze Tisch vorzeitig"
)


def _text(client: Client, url: str) -> str:
    return " ".join(client.get(url).content.decode().split())


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_tables_page_explains_before_any_tap(organiser: Client, players: int) -> None:
    table = race_table(players)
    deals_entered(table, [2, 1, 1, 1] + [0] * (players - 4))
    seat = Seat.objects.get(table=table, position=1)

    page = _text(organiser, reverse("tournaments:tables", args=[table.tournament_id]))

    assert RACE_NO_LEAVING in page
    assert reverse("tournaments:leave", args=[table.tournament_id, seat.pk]) not in page
    end = reverse("scoring:table_end", args=[table.tournament_id, table.pk])
    assert f"{end}?player={seat.pk}" in page


def test_the_confirmation_says_it_and_ends_the_whole_table(organiser: Client) -> None:
    table = race_table()
    deals_entered(table, (2, 1, 1, 1, 0), (0, 2, 1, 1, 1))
    seat = Seat.objects.select_related("registration__player").get(table=table, position=1)
    end = reverse("scoring:table_end", args=[table.tournament_id, table.pk])

    page = _text(organiser, f"{end}?player={seat.pk}")

    assert RACE_NO_LEAVING in page
    assert "Dreiertisch" not in page
    assert f"{seat.registration.player.name} musste aufhören." in page
    table.refresh_from_db()
    assert not table.ended_early  # the page asks first


def test_the_service_refuses_a_leave_with_the_same_words() -> None:
    table = race_table()
    deals_entered(table, (2, 1, 1, 1, 0))
    seat = Seat.objects.get(table=table, position=1)
    with pytest.raises(ValidationError) as refused:
        seat_leave(seat=seat, after_deal=1)
    assert refused.value.messages[0].startswith(RACE_NO_LEAVING)
    seat.refresh_from_db()
    assert seat.left_after_deal is None
