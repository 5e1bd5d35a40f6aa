"""The table cards and the seating list of a night of several series (tournaments/renderers.py,
printing_kinds.py): each for a chosen series, by default the series drawn last, each card
and list naming its series; a night of one series prints as it always did."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation
from pytest_django import DjangoAssertNumQueries

from printing.kinds import FileJob
from printing.models import GeneratedFile
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tests.tournaments.pdf_helpers import BASE_URL, drawn_night
from tournaments import renderers, selectors
from tournaments.draw.series_selectors import current_series, last_series_drawn
from tournaments.links import qr_svg
from tournaments.models import Table, Tournament
from tournaments.printing_kinds import (
    SEATING_LIST,
    TABLE_CARDS,
    ChosenTablesForm,
    SeriesForm,
    owner_of_tournament,
)

pytestmark = [pytest.mark.usefixtures("german"), pytest.mark.django_db]

NAMES = tuple(f"Spieler {number:02d}" for number in range(8))


def two_series() -> Tournament:
    return two_series_night(drawn_night(names=NAMES), seed=7)


def job(tournament: Tournament, kind: str, **options: str) -> FileJob:
    file = GeneratedFile(owner=owner_of_tournament(tournament), kind=kind)
    return FileJob(file, {"base_url": BASE_URL, **options})


def cards_pdf(tournament: Tournament, **options: str) -> bytes:
    with translation.override("de"):
        return renderers.render_table_cards(job(tournament, TABLE_CARDS, **options))


def seating_pdf(tournament: Tournament, **options: str) -> bytes:
    with translation.override("de"):
        return renderers.render_seating_list(job(tournament, SEATING_LIST, **options))


def test_the_cards_are_of_the_series_drawn_last_by_default() -> None:
    tournament = two_series()
    pdf = cards_pdf(tournament)

    assert pdf_pages(pdf) == 2
    text = "".join(pdf_text(pdf).split())
    for table in Table.objects.filter(tournament=tournament):
        assert (table.token in text) == (table.series == 2)
    assert pdf_text(pdf, page=1).count("Serie 2") == 1


@pytest.mark.parametrize("series", [1, 2])
def test_the_cards_of_a_chosen_series(series: int) -> None:
    tournament = two_series()
    cards = renderers.table_cards(tournament=tournament, base_url=BASE_URL, series=series)

    tables = Table.objects.filter(tournament=tournament, series=series).order_by("number")
    assert [card.link.rsplit("/", 2)[-2] for card in cards] == [t.token for t in tables]
    assert {card.series for card in cards} == {series}


def test_a_series_not_drawn_yet_is_refused_in_words() -> None:
    tournament = two_series()
    with pytest.raises(ValidationError) as refused, translation.override("de"):
        renderers.render_table_cards(job(tournament, TABLE_CARDS, series="3"))
    assert refused.value.code == "series_not_drawn"
    assert "Serie 3 ist noch nicht ausgelost" in str(refused.value.message) % refused.value.params


def test_a_night_of_one_series_names_no_series() -> None:
    tournament = drawn_night(names=NAMES)
    text = pdf_text(cards_pdf(tournament)) + pdf_text(seating_pdf(tournament))
    assert "Serie" not in text


def test_a_card_of_a_series_with_long_names_stays_one_page() -> None:
    tournament = Tournament(
        name="Herbstpreis des Skatclubs Prisdorf von 1920 e. V. im Gasthof",
        date=datetime.date(2026, 11, 21),
        place="Gasthof Zur Linde, Prisdorf",
        series_count=2,
    )
    link = f"{BASE_URL}/t/{'x' * 24}/"
    name = ("Maximilian-Alexander von Hohenzollern-Sigmaringen " * 2)[:100]
    seats = [renderers.CardSeat(n, name, name, n == 1, 64) for n in range(1, 5)]
    cards = [renderers.TableCard(n, 48, seats, link, qr_svg(link), series=2) for n in (1, 88)]
    with translation.override("de"):
        pdf = renderers.table_cards_pdf(tournament=tournament, cards=cards)
    assert pdf_pages(pdf) == 2
    assert "Serie 2" in pdf_text(pdf, page=2)


@pytest.mark.parametrize("series", [1, 2])
def test_the_seating_list_of_a_series(series: int) -> None:
    tournament = two_series()
    text = pdf_text(seating_pdf(tournament, series=str(series)), layout=True)

    assert f"Sitzliste · Serie {series}" in text
    seats = selectors.seating_list(tournament=tournament, series=series)
    assert sorted(row.name for row in seats) == sorted(NAMES)
    for row in seats:
        line = next(line for line in text.splitlines() if row.name in line)
        assert line.split()[-2:] == [str(row.table), str(row.seat)]


def test_the_seating_lists_differ_between_the_series() -> None:
    tournament = two_series()
    first = selectors.seating_list(tournament=tournament, series=1)
    second = selectors.seating_list(tournament=tournament, series=2)
    assert {(r.name, r.table) for r in first} != {(r.name, r.table) for r in second}
    assert last_series_drawn(tournament=tournament) == 2
    assert selectors.series_drawn(tournament=tournament) == [1, 2]


def test_the_series_drawn_last_is_one_answer_for_every_page(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    one = drawn_night(names=NAMES)
    with django_assert_num_queries(0):  # a night of one series: no query
        assert last_series_drawn(tournament=one) == 1
    several = night(present=8, series_count=3)
    with django_assert_num_queries(1):
        assert last_series_drawn(tournament=several) == 1  # before the draw
    assert current_series(tournament=several) == 0
    tournament = two_series()
    with django_assert_num_queries(1):
        assert last_series_drawn(tournament=tournament) == 2


@pytest.mark.parametrize("players", [8, 40])
def test_a_series_reads_as_few_queries_as_a_night(
    django_assert_num_queries: DjangoAssertNumQueries, players: int
) -> None:
    names = tuple(f"Spieler {number:02d}" for number in range(players))
    tournament = two_series_night(drawn_night(names=names), seed=7)
    with django_assert_num_queries(2):
        cards = renderers.table_cards(tournament=tournament, base_url=BASE_URL, series=2)
    with django_assert_num_queries(1):
        rows = selectors.seating_list(tournament=tournament, series=2)
    assert (len(cards), len(rows)) == (players // 4, players)


@pytest.mark.parametrize(
    ("posted", "options"),
    [
        ({}, {}),
        ({"series": "2"}, {"series": "2"}),
        ({"series": ""}, {}),
    ],
)
def test_the_series_form_passes_the_series_on(
    posted: dict[str, str], options: dict[str, str]
) -> None:
    form = SeriesForm(posted)
    assert form.is_valid()
    assert form.options() == options


@pytest.mark.parametrize("series", ["0", "7", "zwei", "-1"])
def test_the_series_form_refuses_what_is_no_series(series: str) -> None:
    assert not SeriesForm({"series": series}).is_valid()


def test_the_tables_chosen_are_of_the_series_chosen() -> None:
    form = ChosenTablesForm({"series": "2", "tables_chosen": "1", "table": ["1", "3"]})
    assert form.is_valid()
    assert form.options() == {"series": "2", "tables": "1,3"}
