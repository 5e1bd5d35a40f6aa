"""The organiser corrects a Großenaspe deal (SPEC C3.2): the opponents' gains follow the
corrected game, and so do the running totals, the sheet, the standings and the history; at a
table of five the dealer of the corrected deal still sits out."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from fipsen_rules import GrossenaspeGame
from scoring import selectors, services
from scoring.models import Deal, DealChange
from scoring.standings import selectors as standings_selectors
from tests.factories import UserFactory
from tests.scoring.helpers import aspe_night
from tests.scoring.test_grossenaspe_night import _enter
from tournaments.draw.tables import seats_of
from tournaments.models import Table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _correct_url(table: Table, deal: Deal) -> str:
    return reverse("scoring:organiser_correct", args=[table.tournament_id, deal.pk])


def _post(organiser: Client, table: Table, deal: Deal, **taps: str) -> str:
    """The organiser's correction page, posted with ``taps`` (the form's own hidden fields)."""
    page = organiser.get(_correct_url(table, deal)).content.decode()
    hidden = {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }
    response = organiser.post(_correct_url(table, deal), {**hidden, **taps}, follow=True)
    return " ".join(response.content.decode().split())


def _every_total(table: Table) -> tuple[int, ...]:
    """The totals as the captain's screen, the sheet and the standings each sum them: the
    same, or the test fails here."""
    seats = seats_of(table=table)
    captain = selectors.seat_totals(table=table, seats=seats)
    assert selectors.table_sheet(table=table).totals == captain
    points = {
        s.seat.position: s.points
        for s in standings_selectors.standings(tournament=table.tournament)
    }
    assert tuple(points[p] for p in range(len(seats))) == captain
    return captain


def test_a_won_game_corrected_to_beet_scores_each_opponent_instead(organiser: Client) -> None:
    table = Table.objects.get(tournament=aspe_night(4))
    first = _enter(table, 0, "3 gewonnen")  # seat 0 +3
    _enter(table, 1, "2 Gute gewonnen")  # seat 1 +4
    assert _every_total(table) == (3, 4, 0, 0)

    page = _post(
        organiser, table, first,
        declarer="0", contract="3", gute="on", result="beet", reason="Zettel falsch gelesen",
    )  # fmt: skip

    first.refresh_from_db()
    assert (first.game, first.score, first.opponents_score) == ("3 Gute beet", 0, 6)
    assert _every_total(table) == (0, 10, 6, 6)
    sheet = selectors.table_sheet(table=table)
    assert [row.totals for row in sheet.rows] == [(0, 6, 6, 6), (0, 10, 6, 6)]
    change = DealChange.objects.get(deal=first, action=DealChange.Action.CORRECTED)
    assert change.before.endswith("3 gewonnen +3")
    assert change.after.endswith("3 Gute beet – die Gegner je +6")
    assert change.reason == "Zettel falsch gelesen"
    assert "Korrigiert" in page


def test_a_failed_game_corrected_to_won_takes_the_opponents_gain_back() -> None:
    table = Table.objects.get(tournament=aspe_night(4))
    failed = _enter(table, 2, "Kieker Kreuz verloren")  # seats 0, 1, 3 +20
    _enter(table, 3, "Fips gewonnen")  # seat 3 +20
    assert _every_total(table) == (20, 20, 0, 40)

    services.deal_correct(
        deal=failed,
        declarer=2,
        game=GrossenaspeGame.parse("Kieker gewonnen"),
        user=_organiser(),
        reason="Kieker war gewonnen",
    )

    failed.refresh_from_db()
    assert (failed.score, failed.opponents_score) == (10, 0)
    assert _every_total(table) == (0, 0, 10, 20)


def test_a_surrendered_kieker_corrected_to_pott_beet_of_another_declarer() -> None:
    table = Table.objects.get(tournament=aspe_night(4))
    deal = _enter(table, 1, "Kieker aufgegeben")  # seats 0, 2, 3 +5
    _enter(table, 0, "4 gewonnen")  # seat 0 +4
    services.deal_correct(
        deal=deal,
        declarer=3,
        game=GrossenaspeGame.parse("4 Gute pott beet"),
        user=_organiser(),
        reason="anderer Spieler",
    )
    # 4 Gute pott beet: each opponent of seat 3 gains 5, doubled for clubs.
    assert _every_total(table) == (14, 10, 10, 0)


def _organiser() -> User:
    return UserFactory(is_staff=True, is_superuser=True)  # type: ignore[no-any-return]


def test_at_a_table_of_five_the_corrected_deal_s_dealer_still_sits_out(organiser: Client) -> None:
    table = Table.objects.get(tournament=aspe_night(5))
    dealers = []
    deals = []
    for game in ("3 gewonnen", "2 gewonnen", "Fips gewonnen"):
        upcoming = selectors.next_deal(table=table)
        dealers.append(upcoming.dealer)
        deals.append(_enter(table, upcoming.declarers[0], game))
    first, dealer = deals[0], dealers[0]
    before = _every_total(table)

    # The correction page does not offer the dealer of that deal, who sat out.
    page = organiser.get(_correct_url(table, first)).content.decode()
    offered = re.findall(r'name="declarer" id="[^"]+" value="(\d)"', page)
    assert len(offered) == 4
    assert str(dealer) not in offered

    # Posted anyway (an old page, a crafted post): refused in German, nothing saved.
    refused = _post(organiser, table, first, declarer=str(dealer), contract="3", result="beet",
                    reason="falsch")  # fmt: skip
    first.refresh_from_db()
    assert first.game == "3 gewonnen"
    assert _every_total(table) == before
    assert "Korrigiert" not in refused
    assert f"Platz {dealer + 1} (" in refused
    assert "hat gegeben und setzt" in refused

    declarer = first.declarer
    assert declarer is not None
    _post(organiser, table, first, declarer=str(declarer), contract="3", result="beet",
          reason="war beet")  # fmt: skip
    first.refresh_from_db()
    assert (first.score, first.opponents_score) == (0, 3)
    after = _every_total(table)
    for seat in range(5):
        change = after[seat] - before[seat]
        if seat == dealer:
            assert change == 0  # sat out deal 1: gains nothing from its correction
        elif seat == declarer:
            assert change == -3  # his +3 is gone
        else:
            assert change == 3  # each of his three opponents gains 3
