"""The race's pages: the captain taps the winner of each trick (undo before saving) or types
the counts; the organiser's standings, cash box and corrections."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.thedinghausen.models import RaceDeal
from tests.thedinghausen.helpers import deals_entered, race_night, race_table
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

EVEN = [2, 1, 1, 1, 0]


def tap(client: Client, table: Table, taps: str, action: str) -> str:
    response = client.post(
        reverse("races:entry", args=[table.token]),
        {"taps": taps, "action": action, "sequence": RaceDeal.objects.count() + 1},
        follow=True,
    )
    assert response.status_code in (200, 422)
    return visible(response.content.decode())


def visible(page: str) -> str:
    """The page without its data attributes: the texts static/js/race-taps.js shows while
    tapping (a sweep, a tenth trick) are there for every page, said or not."""
    return re.sub(r' data-[\w-]+="[^"]*"', "", page)


def test_five_taps_make_a_deal_and_an_undo_takes_one_back(client: Client) -> None:
    table = race_table()
    page = tap(client, table, "", "tap-2")
    assert 'name="taps" value="2"' in page
    assert "Stich 2" in page
    page = tap(client, table, "2,3", "undo")
    assert 'name="taps" value="2"' in page
    tap(client, table, "2,3,2,2,1", "save_taps")
    assert RaceDeal.objects.get().counts == [0, 1, 3, 1, 0]


def test_a_sweep_is_said_and_its_tricks_do_not_count(client: Client) -> None:
    table = race_table()
    page = tap(client, table, "1,1,1,1", "tap-1")
    assert "5 Hedewigs" in page
    page = tap(client, table, "1,1,1,1,1", "save_taps")
    assert "5 Hedewigs" in page  # the last entry in words
    assert "Spiel 2" in page or "Spiel 1" in page


def test_a_tenth_trick_ends_the_game_at_once(client: Client) -> None:
    table = race_table()
    deals_entered(table, *[EVEN] * 4)
    page = tap(client, table, "0", "tap-0")
    assert "zehnten Stich" in page
    assert 'value="tap-0" disabled' in page
    page = tap(client, table, "0,0", "save_taps")
    assert "Partie 2" in page
    assert RaceDeal.objects.last().counts == [2, 0, 0, 0, 0]  # type: ignore[union-attr]


def test_typed_counts_are_checked_by_the_rules(client: Client) -> None:
    table = race_table()
    url = reverse("races:entry", args=[table.token])
    counts = {f"count-{seat}": count for seat, count in enumerate([1, 1, 1, 1, 0])}
    response = client.post(url, {"action": "save_counts", "sequence": 1, **counts})
    assert response.status_code == 422
    assert "nicht 4" in response.content.decode()
    counts["count-4"] = 1
    client.post(url, {"action": "save_counts", "sequence": 1, **counts})
    assert RaceDeal.objects.get().counts == [1, 1, 1, 1, 1]


def test_a_link_that_is_not_a_table_s_opens_nothing(client: Client) -> None:
    assert client.get(reverse("races:entry", args=["nichtda"])).status_code == 404


def test_the_organiser_sees_standings_and_cash_box(organiser: Client) -> None:
    tournament = race_night(5)
    table = Table.objects.get(tournament=tournament)
    deals_entered(table, *[EVEN] * 4, [2, 0, 0, 0, 0], [0, 5, 0, 0, 0])
    page = organiser.get(reverse("races:standings", args=[tournament.pk])).content.decode()
    assert "Spieler 00" in page
    cash = organiser.get(reverse("races:cash_box", args=[tournament.pk])).content.decode()
    assert "1,40 €" in cash  # the winner: 3,20 € won, 80 ct stake and 1 € for the sweep
    assert "2,60 €" in cash  # in the column "Zahlt": without a minus
    assert "5 Brötchen" in cash


def test_the_organiser_corrects_a_deal(organiser: Client) -> None:
    tournament = race_night(5)
    table = Table.objects.get(tournament=tournament)
    (deal,) = deals_entered(table, EVEN)
    url = reverse("races:table_deals", args=[tournament.pk, table.pk])
    counts = {f"count-{seat}": count for seat, count in enumerate([0, 1, 2, 1, 1])}
    response = organiser.post(url, {"deal": deal.pk, **counts}, follow=True)
    assert "korrigiert" in response.content.decode()
    deal.refresh_from_db()
    assert deal.counts == [0, 1, 2, 1, 1]
    bad = {**counts, "count-0": 3}
    assert organiser.post(url, {"deal": deal.pk, **bad}).status_code == 422


def test_the_table_s_link_opens_the_race_page(client: Client) -> None:
    table = race_table()
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert "Wer hat Stich 1 gemacht?" in page


def test_the_race_page_is_not_a_deal_scored_table_s(client: Client) -> None:
    from tests.scoring.helpers import playing_table

    table = playing_table()
    assert client.get(reverse("races:entry", args=[table.token])).status_code == 404


def test_the_board_ranks_by_games_won() -> None:
    tournament = race_night(5)
    deals_entered(Table.objects.get(tournament=tournament), *[EVEN] * 4, [2, 0, 0, 0, 0])
    page = Client().get(reverse("scoring:board", args=[tournament.board_token])).content.decode()
    assert "Gewonnene Partien" in page
    assert page.index("Spieler 00") < page.index("Spieler 01")


def test_a_finished_race_s_link_shows_the_games_read_only(client: Client) -> None:
    table = race_table()
    deals_entered(table, *[EVEN] * 4, [2, 0, 0, 0, 0])
    from tournaments import services as tournament_services

    tournament_services.tournament_finish(tournament=table.tournament)
    response = client.get(reverse("scoring:table_entry", args=[table.token]))
    assert response.status_code == 410
    page = response.content.decode()
    assert "Das Turnier ist beendet." in page or "beendet" in page
    assert "Spieler 00: 1" in page
    assert 'name="action"' not in page


def test_the_organiser_s_sheet_of_a_race_table_is_its_deals(organiser: Client) -> None:
    table = race_table()
    url = reverse("scoring:organiser_sheet", args=[table.tournament_id, table.pk])
    response = organiser.get(url)
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "races:table_deals", args=[table.tournament_id, table.pk]
    )


def test_the_board_shows_the_money_that_orders_equal_games_won() -> None:
    tournament = race_night(5)
    deals_entered(Table.objects.get(tournament=tournament), [0, 5, 0, 0, 0])
    page = Client().get(reverse("scoring:board", args=[tournament.board_token])).content.decode()
    assert "Geld" in page
    assert "3,20 €" in page  # the sweeper: 4 € from the others, less his 80 ct
    assert page.index("Spieler 01") < page.index("Spieler 00")
    assert "2. =" in page  # the other four share place 2


def test_the_cash_box_says_what_is_paid_without_a_double_minus(organiser: Client) -> None:
    tournament = race_night(5)
    deals_entered(Table.objects.get(tournament=tournament), [0, 5, 0, 0, 0])
    page = organiser.get(reverse("races:cash_box", args=[tournament.pk])).content.decode()
    assert "1,80 €" in page
    assert "−1,80" not in page
    assert "Alle fünf Stiche" in page
    standings = organiser.get(reverse("races:standings", args=[tournament.pk])).content.decode()
    assert "2. =" in standings
