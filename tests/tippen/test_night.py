"""A Tippen night around its deals: the doctests of the replay, the draw's tables, the
tournament's options, the demo night and the ledgers PDF (read back with pdftotext)."""

import doctest
import random

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games.tippen import replay, selectors
from games.tippen import rules as tippen_rules
from games.tippen.demo import pot_demo_play
from games.tippen.printing_kinds import POT_LEDGERS
from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.tippen.helpers import deals_entered, tippen_night
from tests.tournaments.night_helpers import night
from tournaments.draw.selectors import present_summary
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament


def test_the_examples_hold() -> None:
    assert doctest.testmod(replay).failed == 0
    assert doctest.testmod(tippen_rules).failed == 0


def drawn(present: int) -> Tournament:
    tournament = night(present=present)
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_set="tippen", rule_options=tippen_rules.tippen_options({})
    )
    tournament.refresh_from_db()
    return tournament


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("present", "sizes"),
    [(3, [3]), (6, [3, 3]), (7, [4, 3]), (9, [5, 4]), (13, [5, 4, 4]), (14, [5, 5, 4])],
)
def test_the_draw_seats_fours_as_far_as_possible(present: int, sizes: list[int]) -> None:
    tournament = drawn(present)
    tournament_draw(tournament=tournament, seed=3)
    tables = Table.objects.filter(tournament=tournament).order_by("number")
    assert sorted(table.seats.count() for table in tables) == sorted(sizes)


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
def test_two_players_cannot_be_seated_and_the_night_page_says_why(organiser: Client) -> None:
    tournament = drawn(2)
    summary = present_summary(tournament=tournament)
    assert not summary.seatable
    assert summary.more == 3
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "Tippen spielen 3 bis 6 Spieler, nicht 2." in page
    with pytest.raises(ValidationError):
        tournament_draw(tournament=tournament, seed=3)


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
def test_the_night_page_counts_the_tables(organiser: Client) -> None:
    tournament = drawn(13)
    page = organiser.get(reverse("tournaments:night", args=[tournament.pk])).content.decode()
    assert "1 Fünfertisch, 2 Vierertische" in " ".join(page.split())
    assert "Geber setzt aus" not in page


@pytest.mark.django_db
def test_a_tippen_tournament_is_created_with_its_options(organiser: Client) -> None:
    fields = {
        "name": "Dreiblatt",
        "date": "2026-11-21",
        "rule_set": "tippen",
        "tippen_stake": "3",
        "tippen_katira": "on",
        "tippen_max_bete": "12",
        "deals_at_four": "100",
        "deals_at_three": "120",
        "entry_fee": "0",
    }
    response = organiser.post(reverse("tournaments:tournament_create"), fields)
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get(name="Dreiblatt")
    assert tournament.rule_options == {"stake": 3, "katira": True, "max_bete": 12}
    refused = organiser.post(
        reverse("tournaments:tournament_create"),
        {**fields, "name": "Zu klein", "tippen_stake": "12", "tippen_max_bete": "9"},
    )
    assert refused.status_code == 200
    assert not Tournament.objects.filter(name="Zu klein").exists()


@pytest.mark.django_db
def test_the_demo_plays_every_kind_of_deal() -> None:
    tournament = tippen_night(4, 5, 3)
    entered = pot_demo_play(tournament, random.Random(7))  # noqa: S311 (a demo)
    pots = selectors.table_pots(tournament=tournament)
    assert entered == sum(len(pot.deals) for pot in pots) == 3 * (4 + 5 + 3)
    tapped = [sum(t is not None for t in deal.taps) for pot in pots for deal in pot.deals]
    assert 0 in tapped
    assert 1 in tapped
    assert max(tapped) >= 2
    for pot in pots:
        state = pot.ledger.current
        assert sum(state.chips) + state.pot + state.reserve == 0


@pytest.mark.django_db
def test_the_demo_night_command_plays_tippen() -> None:
    call_command("demo_night", "--rules", "tippen", "--players", "13", "--seed", "5")
    tournament = Tournament.objects.get()
    assert tournament.rule_set == "tippen"
    assert sorted(t.seats.count() for t in tournament.tables.all()) == [4, 4, 5]
    assert sum(len(pot.deals) for pot in selectors.table_pots(tournament=tournament)) == 39


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
def test_the_ledgers_pdf_has_the_standings_and_a_page_a_table() -> None:
    tournament = tippen_night(3, 4, katira=True, max_bete=9)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, "- - -", "- t -", "2 0 1")
    deals_entered(second, "- - - -", "0 0 0 3")
    job = FileJob(GeneratedFile(owner=owner_of(tournament), kind=POT_LEDGERS))
    pdf = kinds.kind_named(POT_LEDGERS).renderer()(job)
    assert pdf_pages(pdf) == 3
    ranking = " ".join(pdf_text(pdf, page=1).split())
    assert "Rangliste" in ranking
    assert "nach Marken" in ranking
    sheet = " ".join(pdf_text(pdf, page=2).split())
    assert "Tisch 1" in sheet
    assert "Bête: der Pott (Katira)" in sheet
    assert "höchste Bête 9" in sheet
    assert "alle gepasst" in sheet
    assert "Spieler 01 tippt allein und bekommt den Pott" in sheet
    assert "Spieler 01 zahlt 3 Bête" in sheet
    other = " ".join(pdf_text(pdf, page=3).split())
    assert "Tisch 2" in other
    assert "zurückgelegt" in other


def owner_of(tournament: Tournament) -> str:
    from tournaments.printing_kinds import owner_of_tournament

    return owner_of_tournament(tournament)


@pytest.mark.django_db
def test_the_ledgers_pdf_needs_tables() -> None:
    tournament = drawn(8)
    job = FileJob(GeneratedFile(owner=owner_of(tournament), kind=POT_LEDGERS))
    with pytest.raises(ValidationError):
        kinds.kind_named(POT_LEDGERS).renderer()(job)
