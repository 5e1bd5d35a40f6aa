"""The scoresheets of a night of several series (scoring/renderers.py, scoresheets.py,
selectors/sheets.py): filled and blank, for a chosen series (by default the series drawn
last), each headed "Serie 2 · Tisch 1"; the whole night prints every series in order."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation
from pytest_django import DjangoAssertNumQueries

from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring import renderers, selectors
from scoring.printing_kinds import BLANK_SCORESHEETS, NIGHT, SCORESHEETS
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.scoring.helpers import enter
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tests.tournaments.pdf_helpers import BASE_URL
from tournaments.draw.services import tournament_draw
from tournaments.models import Table, Tournament
from tournaments.printing_kinds import owner_of_tournament

pytestmark = [pytest.mark.usefixtures("german"), pytest.mark.django_db]


@pytest.fixture
def two_series() -> Tournament:
    """Eight players, two tables a series: two deals at table 1 of series 1, one at series 2's."""
    tournament = two_series_night(night(present=8, deals_at_four=8))
    first = Table.objects.get(tournament=tournament, series=1, number=1)
    enter(first, 0, "3 gewonnen")
    enter(first, 1, "2 Hand verloren")
    enter(Table.objects.get(tournament=tournament, series=2, number=1), 2, "4 gewonnen")
    return tournament


def render(tournament: Tournament, kind: str, **options: str) -> bytes:
    file = GeneratedFile(owner=owner_of_tournament(tournament), kind=kind)
    job = FileJob(file, {"base_url": BASE_URL, **options})
    with translation.override("de"):
        return {
            SCORESHEETS: renderers.render_scoresheets,
            BLANK_SCORESHEETS: renderers.render_blank_scoresheets,
            NIGHT: renderers.render_night,
        }[kind](job)


def test_the_filled_sheets_are_of_the_series_drawn_last(two_series: Tournament) -> None:
    text = pdf_text(render(two_series, SCORESHEETS))
    assert "Serie 2 · Tisch 1" in text
    assert "Serie 2 · Tisch 2" in text
    assert "Serie 1" not in text


@pytest.mark.parametrize(("series", "deals"), [(1, 2), (2, 1)])
def test_the_sheets_of_a_chosen_series_hold_its_deals(
    two_series: Tournament, series: int, deals: int
) -> None:
    sheets = selectors.table_sheets(tournament=two_series, series=series)
    assert [(s.table.series, s.table.number) for s in sheets] == [(series, 1), (series, 2)]
    assert [len(sheet.rows) for sheet in sheets] == [deals, 0]
    text = pdf_text(render(two_series, SCORESHEETS, series=str(series)))
    assert f"Serie {series} · Tisch 1" in text


def test_blank_sheets_of_a_series_and_its_tables(two_series: Tournament) -> None:
    pdf = render(two_series, BLANK_SCORESHEETS, series="1", tables="2")
    text = pdf_text(pdf)
    assert "Serie 1 · Tisch 2" in text
    assert "Tisch 1" not in text


def test_a_series_not_drawn_has_no_sheets_and_says_so(two_series: Tournament) -> None:
    with pytest.raises(ValidationError) as refused:
        render(two_series, SCORESHEETS, series="3")
    assert refused.value.code == "series_not_drawn"


def test_the_whole_night_prints_every_series_in_order(two_series: Tournament) -> None:
    text = pdf_text(render(two_series, NIGHT))
    order = [
        text.index(heading)
        for heading in (
            "Sitzliste · Serie 1",
            "Sitzliste · Serie 2",
            "Serie 1 · Tisch 1",
            "Serie 1 · Tisch 2",
            "Serie 2 · Tisch 1",
            "Serie 2 · Tisch 2",
        )
    ]
    assert order == sorted(order)
    assert text.count("Serie 2 · Tisch 1") >= 2  # its sheet and its chart (and the ranking)


def test_a_night_of_one_series_heads_its_sheets_as_before() -> None:
    tournament = night(present=4, deals_at_four=8)
    tournament_draw(tournament=tournament, seed=3)
    pdf = render(tournament, BLANK_SCORESHEETS)
    assert "Serie" not in pdf_text(pdf)
    assert pdf_pages(pdf) >= 1


@pytest.mark.parametrize("players", [8, 24])
def test_the_sheets_of_a_series_read_three_queries(
    django_assert_num_queries: DjangoAssertNumQueries, players: int
) -> None:
    tournament = two_series_night(night(present=players, deals_at_four=8))
    with django_assert_num_queries(3):
        sheets = selectors.table_sheets(tournament=tournament, series=2)
    assert len(sheets) == players // 4
