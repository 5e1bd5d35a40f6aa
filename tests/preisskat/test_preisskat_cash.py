"""A Preisskat evening's money (issue 28 item 5, PREISSKAT.md): each declarer's
Verlustspielgeld for his lost games of a list (0,50 € for each of the first three, 1,00 € from
the fourth: the club's two figures) and the fee for a deal all passed where the club asks one,
per table and in all, to the cent, in what stays with the club; and on the Spielliste's foot,
for the players to check against the cash box."""

import datetime
import uuid
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from fipsen_rules.preisskat import PREISSKAT
from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring import selectors, services
from scoring.printing_kinds import SCORESHEETS
from scoring.standings.cash import cash_report
from tests.printing.pdf_reading import pdf_text
from tournaments import services as tournament_services
from tournaments.desk.services import registration_add
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament
from tournaments.players.services import player_create
from tournaments.printing_kinds import owner_of_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

#: The list of a table of three: seat 0 loses five games, seat 1 one; two deals all passed.
GAMES = [
    (0, "Herz mit 1 verloren"),
    (1, "Kreuz mit 2 gewonnen"),
    (None, "eingepasst"),
    (0, "Pik ohne 1 verloren"),
    (1, "Grand mit 1 verloren"),
    (0, "Karo mit 1 verloren"),
    (None, "eingepasst"),
    (0, "Null verloren"),
    (2, "Herz ohne 2 gewonnen"),
    (0, "Kreuz mit 1 verloren"),
]


def _evening(**fees: int) -> Tournament:
    tournament = tournament_services.tournament_create(
        name="Preisskat", date=datetime.date(2026, 12, 7), rule_set="preisskat",
        rule_options={"kontra": False, **fees}, entry_fee=Decimal("10.00"),
    )  # fmt: skip
    for name in ("Anna", "Bernd", "Carla"):
        registration_add(tournament=tournament, player=player_create(name=name, club=""),
                         check_in=True, paid=True)  # fmt: skip
    tournament_draw(tournament=tournament, seed=1)
    tournament_services.tournament_start(tournament=tournament)
    table = Table.objects.get(tournament=tournament)
    positions = {s.registration.player.name: s.position for s in table.seats.all()}
    order = sorted(positions, key=positions.get)  # seat 0, 1, 2 by name of the draw
    for sequence, (seat, text) in enumerate(GAMES, start=1):
        services.deal_record(table=table, sequence=sequence, submission=uuid.uuid4(),
                             declarer=None if seat is None else positions[order[seat]],
                             game=PREISSKAT.parse(text))  # fmt: skip
    assert selectors.next_deal(table=table).number == len(GAMES) + 1
    return tournament


def test_the_verlustspielgeld_and_the_passed_deals_fee(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    tournament = _evening(loss_fee=50, later_loss_fee=100, passed_fee=20)
    # The fees, the ranking's seats, the prizes; the lost games, the passed deals, the tables
    # with their players.
    with django_assert_num_queries(7):
        report = cash_report(tournament=tournament)
    loss, passed = report.game_money
    assert loss.label == "Verlustspielgeld"
    (table,) = loss.tables
    assert sorted(cents for _line, cents in table.lines) == [50, 350]  # 3 × 0,50 + 2 × 1,00
    assert passed.total == Decimal("0.40")  # 2 × 0,20
    assert report.fees_in == Decimal("30.00")
    assert report.stays == Decimal("34.40") - report.prizes.money  # fees, 4,00 € and 0,40 €


def test_the_cash_page_says_it_in_german(organiser: Client) -> None:
    tournament = _evening(loss_fee=25, later_loss_fee=50)
    page = organiser.get(reverse("scoring:cash", args=[tournament.pk])).content.decode()
    assert "Verlustspielgeld" in page
    assert "5 verlorene Spiele" in page
    assert "1,75 €" in page  # 3 × 0,25 + 2 × 0,50
    assert "eingepasst" not in page  # the club asks no fee for a passed deal


def test_the_spielliste_s_foot_says_each_player_s_verlustspielgeld() -> None:
    tournament = _evening(loss_fee=50, later_loss_fee=100)
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind=SCORESHEETS))
    text = " ".join(pdf_text(kinds.kind_named(SCORESHEETS).renderer()(job)).split())
    assert "Verlustspielgeld" in text
    assert "3,50 €" in text
    assert "0,50 €" in text


def test_nothing_is_said_before_a_lost_game_and_the_rules_page_says_euros(
    organiser: Client,
) -> None:
    tournament = tournament_services.tournament_create(
        name="Preisskat", date=datetime.date(2026, 12, 7), rule_set="preisskat",
        rule_options={"kontra": False, "passed_fee": 20},
    )  # fmt: skip
    assert cash_report(tournament=tournament).game_money == ()
    page = organiser.get(reverse("tournaments:tournament_rules", args=[tournament.pk]))
    text = page.content.decode()
    assert "Verlustspielgeld bis zum dritten verlorenen Spiel: 0,50 €" in text
    assert "Gebühr für ein eingepasstes Spiel: 0,20 €" in text
