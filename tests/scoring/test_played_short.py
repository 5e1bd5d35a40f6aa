"""A night finished while tables still played (the walk's finding: the Endstand and the
ranking PDF ranked a table stopped at 9 of 100 deals against one at 20 of 125 without a word):
both name each table that did not play all its deals."""

import pytest
from django.test import Client
from django.urls import reverse

from scoring import renderers, selectors
from scoring.standings import selectors as standings_selectors
from tests.printing.pdf_reading import pdf_text
from tests.scoring.helpers import enter
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

SHORT = "Tisch 2 hat 2 von 5 Spielen gespielt."


def _play(table: Table, deals: int) -> None:
    for _ in range(deals):
        enter(table, selectors.next_deal(table=table).vorhand, "2 gewonnen")


@pytest.fixture
def finished_short() -> Tournament:
    """Table 1 (four, 4 deals) played all, table 2 (three, 5 deals) 2, table 3 none; then the
    organiser finished the night."""
    tournament = night(present=10, deals_at_four=4, deals_at_three=5)
    tournament_draw(tournament=tournament, seed=5)
    tournament_services.tournament_start(tournament=tournament)
    tables = {t.number: t for t in Table.objects.filter(tournament=tournament)}
    _play(tables[1], 4)
    _play(tables[2], 2)
    return tournament_services.tournament_finish(tournament=tournament)


def test_the_final_standings_name_the_tables_that_played_short(
    organiser: Client, finished_short: Tournament
) -> None:
    url = reverse("scoring:standings", args=[finished_short.pk])
    page = " ".join(organiser.get(url).content.decode().split())
    assert SHORT in page
    assert "Tisch 3 hat 0 von 5 Spielen gespielt." in page
    assert "Tisch 1 hat" not in page


def test_the_ranking_pdf_names_them_too(finished_short: Tournament) -> None:
    standings = standings_selectors.standings(tournament=finished_short)
    pdf = renderers.ranking_pdf(tournament=finished_short, standings=standings)
    text = " ".join(pdf_text(pdf).split())
    assert SHORT in text
    assert "Tisch 1 hat" not in text
