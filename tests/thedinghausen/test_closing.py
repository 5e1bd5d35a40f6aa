"""The end of a race night and its figures: a race table has no count of deals to play (its
stored ``Table.deals`` is a placeholder, RACE_TABLE_DEALS), so finishing, ending a table early,
resuming it, the history, the tables page and the home's progress count the race's deals
entered and never read "of 1 deals"; the prizes follow the race's places (games won, then
money)."""

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from games.thedinghausen.models import RaceDeal, RaceDealChange
from scoring import services
from scoring.models import Prize
from tests.scoring.helpers import playing_table
from tests.thedinghausen.helpers import deals_entered, race_night
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

CONFIRMED = {"confirm": "yes", "reason": "Die Zeit ist um."}
#: A game won by seat 0 (four deals of 2 1 1 1 0 and then 2 more), the next one begun.
WON_AND_BEGUN = [(2, 1, 1, 1, 0)] * 4 + [(2, 0, 0, 0, 0), (1, 1, 1, 1, 1)]


def _text(client: Client, url: str, data: dict[str, str] | None = None) -> str:
    response = client.post(url, data, follow=True) if data else client.get(url)
    return " ".join(response.content.decode().split())


def _tables(tournament: Tournament) -> list[Table]:
    return list(Table.objects.filter(tournament=tournament).select_related("tournament"))


@pytest.fixture
def raced() -> Tournament:
    """Two race tables of five: the first has won a game and begun the next, the second has
    entered two deals."""
    tournament = race_night(5, 5)
    first, second = _tables(tournament)
    deals_entered(first, *WON_AND_BEGUN)
    deals_entered(second, (2, 1, 1, 1, 0), (0, 2, 1, 1, 1))
    return tournament


def test_finishing_names_the_tables_still_racing_with_their_deals(
    organiser: Client, raced: Tournament
) -> None:
    page = _text(organiser, reverse("scoring:finish", args=[raced.pk]))

    assert "An diesen Tischen läuft das Rennen noch" in page
    assert "Tisch 1: 6 Spiele eingetragen" in page
    assert "Tisch 2: 2 Spiele eingetragen" in page
    assert "von 1 Spiel" not in page


def test_a_race_table_ended_early_is_not_named_when_finishing(
    organiser: Client, raced: Tournament
) -> None:
    first, _second = _tables(raced)
    services.table_end_early(table=first, reason="Zeit", user=None)
    page = _text(organiser, reverse("scoring:finish", args=[raced.pk]))
    assert "Tisch 1:" not in page
    assert "Tisch 2: 2 Spiele eingetragen" in page


def test_ending_a_race_table_counts_its_deals_and_says_the_game_begun_has_no_winner(
    organiser: Client, raced: Tournament
) -> None:
    first, _second = _tables(raced)
    url = reverse("scoring:table_end", args=[raced.pk, first.pk])

    asked = _text(organiser, url)
    assert "Tisch 1 endet nach 6 Spielen; eine angefangene, nicht gewonnene Partie" in asked
    assert "von 1 Spiel" not in asked
    assert "noch kein einziges Spiel" not in asked

    done = _text(organiser, url, CONFIRMED)
    first.refresh_from_db()
    assert first.ended_early_after == 6  # the race's deals, not scoring's (none)
    assert "Tisch 1 vorzeitig beendet nach 6 Spielen: Die Zeit ist um." in done

    tables = _text(organiser, reverse("tournaments:tables", args=[raced.pk]))
    assert "Tisch 1 vorzeitig beendet nach 6 Spielen: Die Zeit ist um." in tables
    assert "Stichrennen bis zehn Stiche" in tables
    assert "1 Spiel<" not in tables  # the placeholder's "1 deal" is never shown

    history = _text(organiser, reverse("night:history", args=[raced.pk]))
    assert "nach 6 Spielen" in history
    assert "von 1 Spiel" not in history


def test_a_race_table_without_a_deal_warns_that_its_players_get_no_game(
    organiser: Client,
) -> None:
    tournament = race_night(5)
    [table] = _tables(tournament)
    page = _text(organiser, reverse("scoring:table_end", args=[tournament.pk, table.pk]))
    assert "Tisch 1 hat noch kein einziges Spiel eingetragen" in page
    assert "ohne eine Partie von diesem Tisch" in page


def test_resuming_a_race_table_says_the_deal_it_goes_on_from(
    organiser: Client, raced: Tournament
) -> None:
    first, _second = _tables(raced)
    services.table_end_early(table=first, reason="Zeit", user=None)
    page = _text(organiser, reverse("scoring:table_resume", args=[raced.pk, first.pk]))
    assert "Tisch 1 spielt das Rennen ab Spiel 7 weiter." in page
    assert "von 1" not in page


def test_the_home_counts_the_race_deals_entered(organiser: Client, raced: Tournament) -> None:
    page = _text(organiser, reverse("night:home", args=[raced.pk]))
    assert f"{RaceDeal.objects.count()} Spiele eingetragen" in page
    assert "von 2 Spielen gespielt" not in page


# Prizes: the race's places


@pytest.fixture
def ranked() -> Tournament:
    """Two tables of five: seat 0 of each table wins a game; seat 1 of table 1 swept once,
    so he is third by money; prizes for the first three places."""
    tournament = race_night(5, 5)
    first, second = _tables(tournament)
    deals_entered(first, (0, 5, 0, 0, 0), *[(2, 1, 1, 1, 0)] * 4, (2, 0, 0, 0, 0))
    deals_entered(second, *[(2, 1, 1, 1, 0)] * 4, (2, 0, 0, 0, 0))
    Prize.objects.create(tournament=tournament, place=1, money=Decimal("30.00"))
    Prize.objects.create(tournament=tournament, place=2, money=Decimal("20.00"))
    Prize.objects.create(tournament=tournament, place=3, name="Präsentkorb")
    return tournament


def _row(page: str, name: str) -> str:
    """The standings row of ``name``: from his name to the end of the row."""
    start = page.index(f"<td>{name}</td>")
    return page[start : page.index("</tr>", start)]


def test_the_race_standings_give_the_prizes_by_games_won_then_money(
    organiser: Client, ranked: Tournament
) -> None:
    page = _text(organiser, reverse("races:standings", args=[ranked.pk]))
    winners = [p.registration.player.name for p in _seated(ranked, position=0)]
    sweeper = _seated(ranked, position=1)[0].registration.player.name

    # The two winners are equal on games and money (the sweep cost the first winner 1 €,
    # so the second has more): ranked by money after games.
    assert "25,00 €" not in page
    first_row, second_row = _row(page, winners[1]), _row(page, winners[0])
    assert "30,00 €" in first_row
    assert "20,00 €" in second_row
    assert "Präsentkorb" in _row(page, sweeper)


def test_the_prize_page_says_who_gets_what_in_the_race_order(
    organiser: Client, ranked: Tournament
) -> None:
    page = _text(organiser, reverse("scoring:prizes", args=[ranked.pk]))
    winners = [p.registration.player.name for p in _seated(ranked, position=0)]
    assert "Wer was bekommt" in page
    assert "Nach gewonnenen Partien, dann nach dem Geld der Hedewig-Kasse." in page
    assert page.index(winners[1]) < page.index(winners[0])
    assert "30,00 €" in _row(page, winners[1])


def test_tied_race_players_share_the_money_of_their_places(organiser: Client) -> None:
    tournament = race_night(5, 5)
    for table in _tables(tournament):  # the same game at both tables: seat 0 wins
        deals_entered(table, *[(2, 1, 1, 1, 0)] * 4, (2, 0, 0, 0, 0))
    Prize.objects.create(tournament=tournament, place=1, money=Decimal("30.00"))
    Prize.objects.create(tournament=tournament, place=2, money=Decimal("20.00"))
    page = _text(organiser, reverse("races:standings", args=[tournament.pk]))
    for seat in _seated(tournament, position=0):
        row = _row(page, seat.registration.player.name)
        assert "25,00 € (geteilt)" in row


def _seated(tournament: Tournament, *, position: int) -> list:  # type: ignore[type-arg]
    from tournaments.models import Seat

    return list(
        Seat.objects.filter(table__tournament=tournament, position=position)
        .select_related("registration__player")
        .order_by("table__number")
    )


def test_the_prize_page_of_a_night_scored_by_a_game_has_no_race_section(
    organiser: Client,
) -> None:
    from tests.scoring.helpers import playing_table

    table = playing_table()
    page = _text(organiser, reverse("scoring:prizes", args=[table.tournament_id]))
    assert "Wer was bekommt" not in page


def test_the_history_keeps_who_corrected_a_race_deal_when_and_what_it_said_before(
    organiser: Client, raced: Tournament
) -> None:
    from games.thedinghausen import services as race_services

    _first, second = _tables(raced)
    deal = RaceDeal.objects.get(table=second, sequence=2)
    url = reverse("races:table_deals", args=[raced.pk, second.pk])
    counts = {f"count-{seat}": count for seat, count in enumerate([1, 1, 1, 1, 1])}
    organiser.post(url, {"deal": deal.pk, **counts})  # the organiser, logged in
    deal.refresh_from_db()
    race_services.race_deal_correct(deal=deal, counts=[0, 1, 2, 1, 1])  # the captain's phone
    history = reverse("night:history", args=[raced.pk])

    corrections = _text(organiser, history)
    everything = _text(organiser, history + "?all=1")

    username = RaceDealChange.objects.get(before_counts=[0, 2, 1, 1, 1]).user.get_username()
    assert (
        f"Tisch 2, Spiel 2:</strong> korrigiert 0 2 1 1 1 → 1 1 1 1 1 <small>{username}</small>"
        in corrections
    )
    assert "Tisch 2, Spiel 2:</strong> korrigiert 1 1 1 1 1 → 0 1 2 1 1 <small>Tisch</small>" in (
        corrections
    )
    assert corrections.index("→ 0 1 2 1 1") < corrections.index("→ 1 1 1 1 1")  # latest first
    assert corrections.count('class="race-deal"') == 2
    assert "Noch kein Spiel wurde korrigiert" not in corrections
    assert everything.count('class="race-deal"') == 2 + RaceDeal.objects.count()
    assert "Tisch 1, Spiel 6:</strong> eingetragen 1 1 1 1 1" in everything


def test_a_race_night_without_corrections_says_so(organiser: Client, raced: Tournament) -> None:
    page = _text(organiser, reverse("night:history", args=[raced.pk]))
    assert "Noch kein Spiel wurde korrigiert oder bestätigt." in page


def test_a_corrected_race_deal_cannot_be_deleted(raced: Tournament) -> None:
    from django.db.models import ProtectedError

    from games.thedinghausen import services as race_services

    deal = RaceDeal.objects.get(table__number=2, sequence=1)
    race_services.race_deal_correct(deal=deal, counts=[1, 2, 1, 1, 0])
    with pytest.raises(ProtectedError):
        deal.delete()
    assert RaceDealChange.objects.filter(deal=deal).count() == 1


@pytest.mark.parametrize("path", ["race/standings/", "race/cash/", "tippen/standings/"])
def test_another_rule_sets_night_has_no_race_or_tippen_pages(organiser: Client, path: str) -> None:
    """Issue 18: a Prisdorf night's /race/standings/ answered 500 (SeatingError) or a
    meaningless page; a page of the race or Tippen for another night is not found."""
    table = playing_table()
    response = organiser.get(f"/tournaments/{table.tournament.pk}/{path}")
    assert response.status_code == 404
    app = "races" if path.startswith("race") else "pots"
    deals = reverse(f"{app}:table_deals", args=[table.tournament.pk, table.pk])
    assert organiser.get(deals).status_code == 404
