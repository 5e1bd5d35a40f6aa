"""Finding 5: the history is append-only, through the admin and in the database."""

import pytest
from django.db.models import ProtectedError
from django.test import Client
from django.urls import reverse

from fipsen_rules import Game
from scoring import services
from scoring.models import Deal, DealChange
from scoring.standings.selectors import standings
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tests.tournaments.night_helpers import night
from tournaments.draw.services import tournament_draw
from tournaments.models import Registration, Seat, Table, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def table() -> Table:
    """A table in play with two deals, one corrected by the organiser."""
    table = playing_table()
    enter(table, 0, "3 +")
    deal = enter(table, 1, "4 -")
    services.deal_correct(
        deal=deal, declarer=1, game=Game.parse("4 +"), user=UserFactory(is_staff=True)
    )
    return table


def _admin(model: type, action: str, *args: object) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{action}", args=args)


def _points(table: Table) -> dict[str, int]:
    return {row.name: row.points for row in standings(tournament=table.tournament)}


def test_deleting_a_seat_during_play_is_refused_and_his_points_stay(
    superuser: Client, table: Table
) -> None:
    seat = Seat.objects.get(table=table, position=0)
    before = _points(table)

    response = superuser.post(_admin(Seat, "delete", seat.pk), {"post": "yes"})

    assert response.status_code == 403
    assert Seat.objects.filter(pk=seat.pk).exists()
    assert _points(table) == before
    assert before[seat.registration.player.name] == 3


def test_deleting_seats_in_bulk_during_play_is_refused(superuser: Client, table: Table) -> None:
    seats = list(Seat.objects.filter(table=table).values_list("pk", flat=True))
    superuser.post(
        _admin(Seat, "changelist"),
        {"action": "delete_selected", "_selected_action": seats, "post": "yes"},
    )
    assert Seat.objects.filter(table=table).count() == len(seats)


def test_a_seat_cannot_be_changed_during_play(superuser: Client, table: Table) -> None:
    seat = Seat.objects.get(table=table, position=0)
    other = Seat.objects.get(table=table, position=1)
    data = {"table": table.pk, "position": 0, "registration": other.registration_id}
    assert superuser.post(_admin(Seat, "change", seat.pk), data).status_code == 403
    assert Seat.objects.get(pk=seat.pk).registration_id == seat.registration_id


@pytest.mark.parametrize("model", [DealChange, Deal])
def test_history_rows_and_deals_cannot_be_changed_or_deleted_in_the_admin(
    superuser: Client, table: Table, model: type
) -> None:
    where = {"deal__table": table} if model is DealChange else {"table": table}
    row = model.objects.filter(**where).first()
    assert superuser.get(_admin(model, "change", row.pk)).status_code == 200, "to look"
    assert superuser.post(_admin(model, "change", row.pk), {"after": "x"}).status_code == 403
    assert superuser.post(_admin(model, "delete", row.pk), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


def test_no_history_row_is_added_in_the_admin(superuser: Client, table: Table) -> None:
    assert superuser.get(_admin(DealChange, "add")).status_code == 403


@pytest.mark.parametrize("model", [Registration, Table, Tournament])
def test_the_night_cannot_be_deleted_in_the_admin_once_played(
    superuser: Client, table: Table, model: type
) -> None:
    row = {
        Registration: Registration.objects.filter(tournament=table.tournament).first(),
        Table: table,
        Tournament: table.tournament,
    }[model]
    response = superuser.post(_admin(model, "delete", row.pk), {"post": "yes"})
    assert response.status_code == 403
    assert model.objects.filter(pk=row.pk).exists()
    assert Deal.objects.filter(table=table).count() == 2


def test_a_registration_is_deleted_in_the_admin_before_the_draw(superuser: Client) -> None:
    registration = Registration.objects.filter(tournament=night(present=4)).first()
    superuser.post(_admin(Registration, "delete", registration.pk), {"post": "yes"})
    assert not Registration.objects.filter(pk=registration.pk).exists()


@pytest.mark.parametrize("what", ["deal", "table", "tournament", "registration", "user"])
def test_the_database_refuses_to_delete_what_the_history_refers_to(table: Table, what: str) -> None:
    row = {
        "deal": lambda: Deal.objects.filter(table=table).first(),
        "table": lambda: table,
        "tournament": lambda: table.tournament,
        "registration": lambda: Seat.objects.filter(table=table).first().registration,
        "user": lambda: DealChange.objects.exclude(user=None).get().user,
    }[what]()
    with pytest.raises(ProtectedError):
        row.delete()
    assert DealChange.objects.filter(deal__table=table).count() == 3


def test_the_orm_refuses_to_delete_a_seat_once_play_started(table: Table) -> None:
    seat = Seat.objects.get(table=table, position=0)
    with pytest.raises(ProtectedError):
        seat.delete()
    with pytest.raises(ProtectedError):
        Seat.objects.filter(table=table).delete()
    with pytest.raises(ProtectedError):
        table.seats.all().delete()
    assert Seat.objects.filter(table=table).count() == 4


def test_seats_are_deleted_freely_before_play() -> None:
    tournament = night(present=4)
    tournament_draw(tournament=tournament, seed=1)
    assert Seat.objects.filter(table__tournament=tournament).delete()[0] == 4
