"""The table, its tournament, seats and players in one locked statement (issue 22.3): the same
objects and values the ORM reads, in one query, by a table's id or its link."""

import pytest
from django.forms.models import model_to_dict
from pytest_django import DjangoAssertNumQueries

from tests.scoring.helpers import playing_table
from tests.tournaments.night_helpers import night
from tournaments.draw.seats import seat_leave
from tournaments.draw.tables import table_with_seats_locked
from tournaments.models import Player, Registration, Seat, Table, Tournament

pytestmark = pytest.mark.django_db


def values(instance: object) -> dict[str, object]:
    """Every concrete field's value, as an instance holds it (dates, decimals, JSON, flags)."""
    model = type(instance)
    return {f.attname: getattr(instance, f.attname) for f in model._meta.concrete_fields}  # type: ignore[attr-defined]


@pytest.mark.parametrize("by", ["id", "token"])
def test_one_query_reads_what_the_orm_reads(
    django_assert_num_queries: DjangoAssertNumQueries, by: str
) -> None:
    table = playing_table(players=4, played=3)
    seat = Seat.objects.get(table=table, position=3)
    seat_leave(seat=seat, after_deal=3)
    key = {"table_id": table.pk} if by == "id" else {"token": table.token}
    with django_assert_num_queries(1):
        locked, seats = table_with_seats_locked(**key)
        # Everything the save reads of them is there: no query more.
        names = [s.registration.player.name for s in seats]
        assert all(s.table is locked for s in seats)
        assert locked.tournament.name
    expected = list(
        Seat.objects.filter(table=table).select_related("registration__player").order_by("position")
    )
    assert names == [s.registration.player.name for s in expected]
    assert [values(s) for s in seats] == [values(s) for s in expected]
    assert seats[3].left_after_deal == 3
    assert [values(s.registration) for s in seats] == [
        values(Registration.objects.get(pk=s.registration_id)) for s in expected
    ]
    assert [values(s.registration.player) for s in seats] == [
        values(Player.objects.get(pk=s.registration.player_id)) for s in expected
    ]
    assert values(locked) == values(Table.objects.get(pk=table.pk))
    assert values(locked.tournament) == values(Tournament.objects.get(pk=table.tournament_id))
    assert model_to_dict(locked.tournament) == model_to_dict(
        Tournament.objects.get(pk=table.tournament_id)
    )
    assert not locked._state.adding
    assert locked._state.db == "default"


def test_an_unknown_link_or_table_opens_nothing() -> None:
    table = playing_table(players=4)
    for key in ({"token": "no-such-link"}, {"token": "bad\x00"}, {"table_id": table.pk + 999}):
        with pytest.raises(Table.DoesNotExist):
            table_with_seats_locked(**key)  # type: ignore[arg-type]
    with pytest.raises(Table.DoesNotExist):
        table_with_seats_locked()


def test_a_table_without_seats_by_its_id_and_not_by_a_link() -> None:
    tournament = night(present=4)
    table = Table.objects.create(
        tournament=tournament, number=9, deals=10, first_dealer=0, token="undrawn"
    )
    locked, seats = table_with_seats_locked(table_id=table.pk)
    assert (locked.pk, seats) == (table.pk, [])
    with pytest.raises(Table.DoesNotExist):
        table_with_seats_locked(token=table.token)
