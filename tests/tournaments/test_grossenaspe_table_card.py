"""The table card of a Großenaspe night names its rules, says whether Kloppen is played, and at a
table of five that the dealer sits out each deal (as a race's card names the race)."""

import datetime

import pytest
from django.db.models import Count

from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.scoring.helpers import aspe_night
from tests.tournaments.test_pdf import LONGEST_CLUB, LONGEST_NAME
from tournaments import renderers
from tournaments.links import qr_svg
from tournaments.models import Table, Tournament
from tournaments.printing_kinds import owner_of_tournament

pytestmark = pytest.mark.usefixtures("german")

FIVE_SITS_OUT = "An diesem Fünfertisch setzt der Geber jedes Spiel aus"


def _cards_text(tournament: Tournament) -> list[str]:
    """Each card's text, in the order of the tables."""
    job = FileJob(
        GeneratedFile(owner=owner_of_tournament(tournament), kind="table_cards"),
        {"base_url": "http://pf.local"},
    )
    pdf = kinds.kind_named("table_cards").renderer()(job)
    return [" ".join(pdf_text(pdf, page=page).split()) for page in range(1, pdf_pages(pdf) + 1)]


@pytest.mark.django_db
def test_a_night_of_nine_names_the_rules_and_the_five_s_sitting_out() -> None:
    tournament = aspe_night(9)
    sizes = dict(
        Table.objects.filter(tournament=tournament)
        .annotate(players=Count("seats"))
        .values_list("number", "players")
    )
    four, five = _cards_text(tournament)
    assert [sizes[1], sizes[2]] == [4, 5]
    assert "Großenaspe Fipsen · 100 Spiele" in four
    assert "Großenaspe Fipsen · 125 Spiele" in five
    for card in (four, five):
        assert "Ohne Kloppen" in card
    assert FIVE_SITS_OUT in five
    assert FIVE_SITS_OUT not in four


@pytest.mark.django_db
def test_a_night_with_kloppen_says_so() -> None:
    (card,) = _cards_text(aspe_night(4, kloppen=True))
    assert "Mit Kloppen: Ein Gegenspieler darf vor dem ersten Stich klopfen" in card
    assert "Ohne Kloppen" not in card


def test_five_of_the_longest_names_and_the_rules_keep_the_card_on_one_page() -> None:
    tournament = Tournament(
        name="Herbstpreis des Skatclubs Großenaspe von 1920 e. V. im Gasthof",
        date=datetime.date(2026, 11, 21),
        place="Gasthof Zur Linde, Großenaspe",
        rule_set="grossenaspe",
        rule_options={"kloppen": True},
    )
    link = f"http://pf.local/t/{'x' * 24}/"
    seats = [
        renderers.CardSeat(number, LONGEST_NAME, LONGEST_CLUB, number == 1)
        for number in range(1, 6)
    ]
    card = renderers.TableCard(2, 125, seats, link, qr_svg(link))
    pdf = renderers.table_cards_pdf(tournament=tournament, cards=[card])
    assert pdf_pages(pdf) == 1
    text = " ".join(pdf_text(pdf).split())
    assert FIVE_SITS_OUT in text
    assert "Mit Kloppen" in text
