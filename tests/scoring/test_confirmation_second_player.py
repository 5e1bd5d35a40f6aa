"""Finding 6: a deal is confirmed by a second player, only the last one, only during play; a
finished tournament's table links enter and confirm nothing, its read-only sheet links stay."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from scoring import services
from scoring.models import Deal, DealChange
from tests.factories import UserFactory
from tests.scoring.helpers import enter, playing_table
from tournaments import services as tournament_services
from tournaments.models import Seat, Table

pytestmark = pytest.mark.django_db


def _confirm_on_the_page(table: Table, deal: Deal, seat: int) -> str:
    url = reverse("scoring:table_confirm", args=[table.token, deal.pk])
    return Client().post(url, {"seat": seat}, follow=True).content.decode()


def _names(table: Table) -> dict[int, str]:
    seats = Seat.objects.filter(table=table).select_related("registration__player")
    return {seat.position: seat.registration.player.name for seat in seats}


def test_the_declarer_cannot_confirm_his_own_deal() -> None:
    table = playing_table(confirmation_required=True)
    deal = enter(table, 1, "3 +")

    page = _confirm_on_the_page(table, deal, seat=1)

    deal.refresh_from_db()
    assert deal.confirmed_by is None
    assert "kann es nicht selbst bestätigen" in page
    assert not DealChange.objects.filter(action=DealChange.Action.CONFIRMED).exists()


def test_the_captains_page_offers_the_other_players_by_name() -> None:
    table = playing_table(confirmation_required=True)
    enter(table, 1, "3 +")
    names = _names(table)

    page = Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()

    offered = [n for position, n in names.items() if f"{n} bestätigt" in page]
    assert offered == [names[0], names[2], names[3]]


def test_another_player_confirms_and_the_history_names_him() -> None:
    table = playing_table(confirmation_required=True)
    deal = enter(table, 1, "3 +")
    _confirm_on_the_page(table, deal, seat=3)
    deal.refresh_from_db()
    assert deal.confirmed_by == 3
    change = DealChange.objects.get(action=DealChange.Action.CONFIRMED)
    assert change.reason == _names(table)[3]


def test_only_the_last_deal_can_be_confirmed() -> None:
    table = playing_table()  # no confirmation asked: deals follow unconfirmed
    older = enter(table, 1, "3 +")
    enter(table, 2, "3 +")

    with pytest.raises(ValidationError) as refused:
        services.deal_confirm(deal=older, seat=0)

    assert refused.value.code == "only_last"
    older.refresh_from_db()
    assert older.confirmed_by is None
    assert "dieses ist älter" in _confirm_on_the_page(table, older, seat=0)


def test_a_finished_tournament_confirms_nothing() -> None:
    table = playing_table(confirmation_required=True)
    deal = enter(table, 1, "3 +")
    tournament_services.tournament_finish(tournament=table.tournament)

    with pytest.raises(ValidationError) as refused:
        services.deal_confirm(deal=deal, seat=2)

    assert refused.value.code == "locked"
    deal.refresh_from_db()
    assert deal.confirmed_by is None


@pytest.mark.parametrize("route", ["table_entry", "table_sheet", "table_confirm"])
def test_a_finished_tournaments_table_links_take_nothing(route: str) -> None:
    table = playing_table(confirmation_required=True)
    deal = enter(table, 1, "3 +")
    old = table.token
    tournament_services.tournament_finish(tournament=table.tournament)

    args = [old, deal.pk] if route == "table_confirm" else [old]
    response = Client().post(reverse(f"scoring:{route}", args=args), {"seat": 2})

    assert response.status_code == 410  # the final totals, read only
    deal.refresh_from_db()
    assert deal.confirmed_by is None
    table.refresh_from_db()
    assert table.token == old  # the same printed link, read only now


def test_the_read_only_sheet_link_outlives_the_night() -> None:
    table = playing_table()
    enter(table, 1, "3 +")
    organiser = Client()
    organiser.force_login(UserFactory(is_staff=True))
    sheet = reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk])
    shared = reverse("scoring:shared_sheet", args=[table.sheet_token])
    assert shared in organiser.get(sheet).content.decode(), "the organiser finds it to share"
    tournament_services.tournament_finish(tournament=table.tournament)

    page = Client().get(shared).content.decode()

    assert _names(table)[1] in page
    assert "<form" not in page.split("<main", 1)[-1], "read only: nothing to post"
    assert Client().get(reverse("scoring:shared_sheet", args=["guess"])).status_code == 404
