"""The night's cash report (issue 21.2): the entry fees in (the registrations marked paid ×
the fee), the fees still open (present, not paid), the prizes paid out (the money the ranking
awards, tied shares rounded down as they are paid; goods listed), what stays with the club,
on a page and in a PDF signed by two; for a night scored deal by deal and for Tippen."""

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring.models import Prize
from scoring.printing_kinds import CASH_REPORT
from scoring.standings.cash import cash_report
from scoring.standings.prizes import PrizesGiven, prizes_given
from scoring.standings.services import prizes_split_fees
from sitewide.money import euros
from tests.printing.pdf_reading import pdf_text
from tests.scoring.helpers import enter, playing_table
from tests.tippen.helpers import deals_entered, tippen_night
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.desk.services import registration_add, registration_mark_paid
from tournaments.draw.services import tournament_draw
from tournaments.models import Registration, Seat, Table, Tournament
from tournaments.players.services import player_create
from tournaments.printing_kinds import owner_of_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german", "media_root")]


def scored_night() -> Tournament:
    """One table of four at 15 € a head, and one registered who did not come but paid: three
    present and he paid (60 € in), one present owes 15 €. Seat 0 wins two deals, seat 1 one:
    first 30 €, second 15,55 €; the hamper of place 3 goes to seats 2 and 3, tied."""
    table = playing_table(players=4, deals=10, absent=1, entry_fee=Decimal("15.00"))
    for declarer in (0, 1, 0):
        enter(table, declarer, "2 gewonnen")
    registrations = Registration.objects.filter(tournament=table.tournament).order_by("pk")
    for registration in [*registrations[:3], registrations[4]]:  # the absent one is the 5th
        registration_mark_paid(registration=registration, paid=True)
    Prize.objects.create(tournament=table.tournament, place=1, money=Decimal("30.00"))
    Prize.objects.create(tournament=table.tournament, place=2, money=Decimal("15.55"))
    Prize.objects.create(tournament=table.tournament, place=3, name="Präsentkorb")
    return table.tournament


def _name(tournament: Tournament, table: int, position: int) -> str:
    seat = Seat.objects.select_related("registration__player").get(
        table__tournament=tournament, table__number=table, position=position
    )
    return seat.registration.player.name


def test_the_cash_report_adds_up_to_the_cent(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    tournament = scored_night()
    # The registrations, the ranking's seats with their running totals, the prizes.
    with django_assert_num_queries(3):
        report = cash_report(tournament=tournament)

    assert len(report.paid) == 4
    assert report.fees_in == Decimal("60.00")
    assert [entry.player.name for entry in report.open] == [_name(tournament, 1, 3)]
    assert report.fees_open == Decimal("15.00")
    assert report.prizes.money == Decimal("45.55")
    assert report.stays == Decimal("14.45")
    assert report.prizes.goods == ("Präsentkorb",)  # once, to the two tied for third


def test_the_report_pays_out_the_prize_allocations_own_figures() -> None:
    """One reading of what the prizes give (no copy of it in the cash report)."""
    tournament = scored_night()
    report = cash_report(tournament=tournament)
    assert type(report.prizes) is PrizesGiven
    assert report.prizes == prizes_given(tournament=tournament)


def test_an_open_fee_paid_late_moves_to_the_fees_in() -> None:
    tournament = scored_night()
    late = Registration.objects.get(tournament=tournament, checked_in_at__isnull=False,
                                    fee_paid_at__isnull=True)  # fmt: skip
    registration_mark_paid(registration=late, paid=True)
    report = cash_report(tournament=tournament)
    assert report.open == []
    assert report.fees_in == Decimal("75.00")
    assert report.stays == Decimal("29.45")


def test_a_tippen_night_pays_its_prizes_by_chips_and_tied_shares(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    """As tests/tippen/test_prizes.py ranks it: 30 €, 20 €, and two tied for third and fourth
    (10 € + 6 €) / 2 each; the hamper to the three at −3 chips. No fee: nothing in."""
    tournament = tippen_night(4, 3)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, "- - - -", "2 1 - 0", "- t - -")
    deals_entered(second, "- 2 1")
    for place, money in ((1, "30.00"), (2, "20.00"), (3, "10.00"), (4, "6.00")):
        Prize.objects.create(tournament=tournament, place=place, money=Decimal(money))
    Prize.objects.create(tournament=tournament, place=5, name="Präsentkorb")

    # The registrations, Tippen's seats with their running totals and places, the prize list.
    with django_assert_num_queries(4):
        report = cash_report(tournament=tournament)

    assert report.prizes.money == Decimal("66.00")
    assert report.fees_in == 0
    assert report.stays == Decimal("-66.00")
    assert report.prizes.goods == ("Präsentkorb",)  # once, to the three at −3 chips


def test_a_tied_first_place_is_paid_out_in_shares_rounded_down() -> None:
    """Three players tied on the only prize, 10 €: 3,33 € each, 9,99 € paid out."""
    tournament = tippen_night(3)
    Prize.objects.create(tournament=tournament, place=1, money=Decimal("10.00"))
    assert cash_report(tournament=tournament).prizes.money == Decimal("9.99")


def test_the_cash_page_shows_the_figures_and_the_open_fee(organiser: Client) -> None:
    tournament = scored_night()
    page = organiser.get(reverse("scoring:cash", args=[tournament.pk])).content.decode()
    text = " ".join(page.split())
    assert "<h1>Kassenbericht: Preisfipsen</h1>" in text
    assert "4 Spieler × 15,00 €" in text
    assert "60,00 €" in text
    assert "−45,55 €" in text
    assert "14,45 €" in text
    assert f"{_name(tournament, 1, 3)} (SC Prisdorf): 15,00 €" in text
    assert "<li>Präsentkorb</li>" in text
    assert "Vorläufig" in text  # the ranking may still change
    assert 'aria-current="page">Kassenbericht</a>' in text  # in the navigation
    assert "Kassenbericht drucken" in text


def _money_cells(page: str) -> list[str]:
    """The amounts of the cash report's figures, as the page writes them."""
    return re.findall(r'<td class="money">([^<]*)</td>', page)


def test_every_amount_of_the_cash_report_has_one_format_and_one_minus_sign(
    organiser: Client,
) -> None:
    """Issue 29.7: the prizes paid out read "− 70,00 €" and the club's share "-10,00 €", two
    minus signs for one report. Each is now "−70,00 €", "−10,00 €": the true minus sign right
    before the number, as on the PDF and the race's cash box."""
    table = playing_table(players=4, deals=10, entry_fee=Decimal("15.00"))
    for declarer in (0, 1, 0):  # seat 0 first, seat 1 second
        enter(table, declarer, "2 gewonnen")
    for registration in Registration.objects.filter(tournament=table.tournament):
        registration_mark_paid(registration=registration, paid=True)
    Prize.objects.create(tournament=table.tournament, place=1, money=Decimal("40.00"))
    Prize.objects.create(tournament=table.tournament, place=2, money=Decimal("30.00"))

    page = organiser.get(reverse("scoring:cash", args=[table.tournament_id])).content.decode()

    assert _money_cells(page) == ["60,00 €", "−70,00 €", "−10,00 €"]


@pytest.mark.parametrize(
    ("amount", "written"),
    [("-10", "−10,00 €"), ("70", "70,00 €"), ("0.5", "0,50 €"), ("-0", "0,00 €")],
)
def test_money_is_written_one_way(amount: str, written: str) -> None:
    assert euros(Decimal(amount)) == written


def test_the_cash_report_pdf_is_signed_by_two() -> None:
    tournament = scored_night()
    services.tournament_finish(tournament=tournament)
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind=CASH_REPORT))

    text = " ".join(pdf_text(kinds.kind_named(CASH_REPORT).renderer()(job)).split())

    assert "Kassenbericht" in text
    assert "Startgeld eingenommen 4 Spieler × 15,00 € 60,00 €" in text
    assert "Preisgeld ausgezahlt" in text
    assert "45,55 €" in text
    assert "Bleibt beim Verein" in text
    assert "14,45 €" in text
    assert "1 Spieler × 15,00 € 15,00 €" in text  # still open
    assert "Spieler 03 (SC Prisdorf): 15,00 €" in text
    assert "Präsentkorb" in text
    assert "Unterschrift Kassenwart" in text
    assert "Unterschrift zweite Person" in text
    assert "Vorläufig" not in text


def test_the_print_page_offers_the_cash_report(organiser: Client) -> None:
    tournament = scored_night()
    page = organiser.get(reverse("night:print", args=[tournament.pk])).content.decode()
    assert "Kassenbericht drucken" in page
    assert reverse("tournaments:file_request", args=[tournament.pk, CASH_REPORT]) in page


def test_the_cash_page_costs_the_same_queries_for_one_table_and_three(
    organiser: Client,
) -> None:
    counts = []
    for players in (4, 12):
        tournament = night(present=players, entry_fee=Decimal("5.00"))
        tournament_draw(tournament=tournament, seed=3)
        services.tournament_start(tournament=tournament)
        for registration in Registration.objects.filter(tournament=tournament):
            registration_mark_paid(registration=registration, paid=True)
        url = reverse("scoring:cash", args=[tournament.pk])
        organiser.get(url)  # the session's first reads
        with CaptureQueriesContext(connection) as queries:
            assert organiser.get(url).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def _paid_night(players: int, fee: str) -> Tournament:
    tournament = night(present=players, entry_fee=Decimal(fee))
    for entry in Registration.objects.filter(tournament=tournament).select_related("tournament"):
        registration_mark_paid(registration=entry, paid=True)
    return tournament


def test_a_fee_changed_during_play_leaves_the_fees_paid_as_they_were(
    organiser: Client,
) -> None:
    """Issue 30.6: 17 × 5 € paid, the fee then set to 8 €: 85 € in, not 136 €; who pays from
    then on pays 8 €."""
    tournament = _paid_night(17, "5")
    late = player_create(name="Zacharias Spät", club="SC Prisdorf")
    registration_add(tournament=tournament, player=late, check_in=True)
    Tournament.objects.filter(pk=tournament.pk).update(entry_fee=Decimal(8))
    tournament.refresh_from_db()

    report = cash_report(tournament=tournament)
    assert report.fees_in == Decimal("85.00")
    assert report.fees_open == Decimal("8.00")  # the one present and not paid: the fee now

    late_entry = Registration.objects.select_related("tournament").get(player=late)
    registration_mark_paid(registration=late_entry, paid=True)
    assert Registration.objects.get(player=late).fee_amount == Decimal("8.00")
    assert cash_report(tournament=tournament).fees_in == Decimal("93.00")
    page = " ".join(
        organiser.get(reverse("scoring:cash", args=[tournament.pk])).content.decode().split()
    )
    assert "17 × 5,00 € + 1 × 8,00 €" in page
    assert "93,00 €" in page
    assert "136,00 €" not in page


def test_the_prize_page_and_the_cash_report_say_the_same_fees_in(organiser: Client) -> None:
    """Issue 29.2: 13 present at 5 €, one not paid: the cash report has 60 € in, and the prize
    page said '13 Spieler × 5,00 € = 65,00 €'. Both read the one selector now: 60 €, and the
    fee still open is named apart."""
    tournament = _paid_night(13, "5")
    tournament_draw(tournament=tournament, seed=3)
    registration_mark_paid(
        registration=Registration.objects.select_related("tournament", "player").filter(
            tournament=tournament
        )[0],
        paid=False,
    )
    cash = " ".join(
        organiser.get(reverse("scoring:cash", args=[tournament.pk])).content.decode().split()
    )
    prizes = " ".join(
        organiser.get(reverse("scoring:prizes", args=[tournament.pk])).content.decode().split()
    )

    assert "12 Spieler × 5,00 €" in cash
    assert "60,00 €" in cash
    assert "Startgeld eingenommen: 12 Spieler × 5,00 € = 60,00 €" in prizes
    assert "1 Startgeld noch offen (5,00 €)" in prizes
    assert "65,00" not in prizes

    prizes_split_fees(tournament=tournament, percentages=[Decimal(100)])
    assert Prize.objects.get(tournament=tournament, place=1).money == Decimal("60.00")
