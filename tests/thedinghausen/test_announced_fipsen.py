"""The Kreiszeitung's announced Fipsen at a race night (SPEC C4.2 [KZ], the option
``announced_fipsen``): the captain says who announced, the page says what it costs, the money
follows, the organiser can correct it, and a night without the option offers nothing of it."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from games.thedinghausen import selectors, services
from games.thedinghausen.models import RaceDeal
from tests.thedinghausen.helpers import race_table
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

EVEN = [2, 1, 1, 1, 0]


def announcing_table() -> Table:
    table = race_table()
    Tournament.objects.filter(pk=table.tournament_id).update(
        rule_options={"filler": 4, "must_trump": False, "announced_fipsen": True}
    )
    table.tournament.refresh_from_db()
    return table


def money(table: Table) -> tuple[int, ...]:
    seats = list(table.seats.order_by("position"))
    return selectors.table_race(table=table, seats=seats).evening.cents


def post(client: Client, table: Table, **data: object) -> str:
    url = reverse("races:entry", args=[table.token])
    response = client.post(url, {"sequence": RaceDeal.objects.count() + 1, **data}, follow=True)
    assert response.status_code in (200, 422)
    return response.content.decode()


def test_a_failed_announcement_costs_its_announcer_one_euro_to_each_other() -> None:
    table = announcing_table()
    services.race_deal_record(table=table, sequence=1, counts=[4, 1, 0, 0, 0], announcer=0)
    assert money(table) == (-480, 20, 20, 20, 20)
    services.race_deal_record(table=table, sequence=2, taps=[1] * 5, announcer=1)
    assert RaceDeal.objects.get(sequence=2).announcer == 1
    assert money(table) == (-580, 420, -80, -80, -80)  # made: the sweep's 5 Hedewigs


def test_an_announcement_is_refused_where_the_night_plays_without_it() -> None:
    table = race_table()
    with pytest.raises(ValidationError) as refused:
        services.race_deal_record(table=table, sequence=1, counts=EVEN, announcer=0)
    assert refused.value.code == "race_announced_off"
    assert not RaceDeal.objects.exists()


def test_the_captain_chooses_the_announcer_and_sees_what_it_costs(client: Client) -> None:
    table = announcing_table()
    page = post(client, table, taps="0", action="tap-1", announcer="1")
    assert "Fipsen angesagt von" in page
    assert '<option value="1" selected>' in page  # the choice travels with every tap
    assert "zahlt 1 € an jeden" in page
    page = post(client, table, taps="0,1,0,0,2", action="save_taps", announcer="1")
    deal = RaceDeal.objects.get()
    assert (deal.counts, deal.announcer) == ([3, 1, 1, 0, 0], 0)
    assert "verloren" in page  # the last entries say what it came to
    assert money(table)[0] == -480


def test_a_night_without_the_option_shows_no_choice_and_ignores_one_posted(
    client: Client,
) -> None:
    table = race_table()
    page = post(client, table, taps="", action="tap-0")
    assert "Fipsen angesagt von" not in page
    post(client, table, taps="0,0,1,2,3", action="save_taps", announcer="1")
    assert RaceDeal.objects.get().announcer is None


def test_typed_counts_stay_in_their_fields_when_refused(client: Client) -> None:
    table = announcing_table()
    counts = {f"count-{seat}": count for seat, count in enumerate([2, 1, 1, 0, 0])}
    page = post(client, table, action="save_counts", announcer="2", **counts)
    assert (
        'name="count-0" type="number" inputmode="numeric" min="0" max="5" required value="2"'
        in page
    )
    assert not RaceDeal.objects.exists()


def test_the_organiser_corrects_the_announcer(organiser: Client) -> None:
    table = announcing_table()
    services.race_deal_record(table=table, sequence=1, counts=[4, 1, 0, 0, 0], announcer=0)
    deal = RaceDeal.objects.get()
    url = reverse("races:table_deals", args=[table.tournament_id, table.pk])
    assert "Fipsen angesagt von" in organiser.get(url).content.decode()
    counts = {f"count-{seat}": count for seat, count in enumerate([4, 1, 0, 0, 0])}
    organiser.post(url, {"deal": deal.pk, "announcer": "0", **counts})
    deal.refresh_from_db()
    assert deal.announcer is None
    assert money(table) == (-80,) * 5
