"""Receipts at a night of several series (issue 29; tournaments/ledger/receipts.py,
receipt_check.py,
views/receipts.py): each series' chain starts from its own seed, so that the same deal at the
table of the same number in another series has another receipt; a receipt names its series;
the check asks the table's series (the series drawn last by default, the sheet's when opened
from a sheet) and names it in its answer; the ranking prints every series' last receipts."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring import renderers
from scoring.printing_kinds import NIGHT, RANKING
from tests.printing.pdf_reading import pdf_text
from tests.scoring.helpers import enter
from tests.series_helpers import two_series_night
from tests.tournaments.night_helpers import night
from tests.tournaments.pdf_helpers import BASE_URL
from tournaments.ledger.receipt_check import receipt_verdict
from tournaments.ledger.receipts import table_chain
from tournaments.models import Table, Tournament
from tournaments.printing_kinds import owner_of_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


@pytest.fixture
def two_series() -> Tournament:
    tournament = two_series_night(night(present=8, deals_at_four=4))
    for series, game in ((1, "3 gewonnen"), (2, "2 Hand verloren")):
        enter(Table.objects.get(tournament=tournament, series=series, number=1), 0, game)
    return tournament


@pytest.fixture
def same_deal_twice() -> Tournament:
    """Table 2 of either series: the same deal entered (other players, the same dealer's
    seat, the same taps)."""
    tournament = two_series_night(night(present=8, deals_at_four=4))
    Table.objects.filter(tournament=tournament, number=2).update(first_dealer=1)
    for series in (1, 2):
        enter(Table.objects.get(tournament=tournament, series=series, number=2), 1, "3 gewonnen")
    return tournament


def code(tournament: Tournament, series: int, number: int = 1) -> str:
    table = Table.objects.get(tournament=tournament, series=series, number=number)
    link = table_chain(table).numbered(1)
    assert link is not None
    return link.code


@pytest.mark.parametrize("series", [1, 2])
def test_a_receipt_is_checked_at_the_table_of_its_series(
    two_series: Tournament, series: int
) -> None:
    own, other = code(two_series, series), code(two_series, 3 - series)
    assert own != other
    assert receipt_verdict(two_series, series=series, table=1, deal=1, code=own).matches
    assert not receipt_verdict(two_series, series=series, table=1, deal=1, code=other).matches


@pytest.mark.parametrize("series", [1, 2])
def test_the_same_deal_in_another_series_has_another_receipt(
    same_deal_twice: Tournament, series: int
) -> None:
    """Both chains started from "table 2": the same taps gave the same code in each series,
    and either checked as "Stimmt" at the other."""
    own, other = code(same_deal_twice, series, 2), code(same_deal_twice, 3 - series, 2)
    assert own != other
    verdict = receipt_verdict(same_deal_twice, series=series, table=2, deal=1, code=other)
    assert not verdict.matches
    assert f"Tisch 2 (Serie {series})" in verdict.text


def test_the_page_asks_the_series_first_the_last_drawn_by_default(
    organiser: Client, two_series: Tournament
) -> None:
    url = reverse("tournaments:receipt_check", args=[two_series.pk])
    page = organiser.get(url).content.decode()
    assert page.index('name="series"') < page.index('name="table"')
    assert 'name="series" value="2"' in page

    asked = {"series": "1", "table": "1", "deal": "1", "code": code(two_series, 1)}
    answer = organiser.get(url, asked).content.decode()
    assert "message-success" in answer
    assert "Stimmt: Spiel 1 an Tisch 1 (Serie 1) ist so gespeichert" in answer


@pytest.mark.parametrize("series", [1, 2])
def test_the_check_opened_from_a_sheet_asks_the_sheet_s_series(
    organiser: Client, two_series: Tournament, series: int
) -> None:
    table = Table.objects.get(tournament=two_series, series=series, number=1)
    sheet = organiser.get(reverse("scoring:organiser_sheet", args=[two_series.pk, table.pk]))
    page = sheet.content.decode()
    assert f"Quittung für Spiel 1 an Tisch 1 (Serie {series}):" in page
    found = re.search(r'href="(/[^"]*receipts/\?[^"]*)"', page)
    assert found is not None
    check = organiser.get(found.group(1).replace("&amp;", "&")).content.decode()
    assert f'name="series" value="{series}"' in check
    assert 'name="table" value="1"' in check
    assert 'name="deal" value="1"' in check


def test_a_deal_the_series_does_not_have_is_named_with_the_series(
    organiser: Client, two_series: Tournament
) -> None:
    url = reverse("tournaments:receipt_check", args=[two_series.pk])
    asked = {"series": "1", "table": "1", "deal": "15", "code": code(two_series, 1)}
    answer = organiser.get(url, asked).content.decode()
    assert "An Tisch 1 (Serie 1) ist kein Spiel 15 gespeichert" in answer


def render(tournament: Tournament, kind: str) -> str:
    file = GeneratedFile(owner=owner_of_tournament(tournament), kind=kind)
    job = FileJob(file, {"base_url": BASE_URL})
    with translation.override("de"):
        pdf = {RANKING: renderers.render_ranking, NIGHT: renderers.render_night}[kind](job)
    return " ".join(pdf_text(pdf).split())


@pytest.mark.parametrize("kind", [RANKING, NIGHT])
def test_the_ranking_prints_every_series_last_receipts_named(
    two_series: Tournament, kind: str
) -> None:
    text = render(two_series, kind)
    first, second = code(two_series, 1), code(two_series, 2)
    assert (
        f"Letzte Quittung jedes Tisches: Serie 1: Tisch 1 {first}; Serie 2: Tisch 1 {second}"
        in (text)
    )


def test_a_night_of_one_series_asks_no_series(organiser: Client) -> None:
    tournament = night(present=4)
    page = organiser.get(reverse("tournaments:receipt_check", args=[tournament.pk]))
    assert 'name="series"' not in page.content.decode()


@pytest.mark.parametrize("series", [1, 2])
def test_the_captain_s_receipt_names_its_series(
    client: Client, two_series: Tournament, series: int
) -> None:
    table = Table.objects.get(tournament=two_series, series=series, number=1)
    page = client.get(reverse("scoring:table_entry", args=[table.token])).content.decode()
    assert f'data-receipt="{code(two_series, series)}"' in page
    assert f"Quittung für Spiel 1 (Serie {series}):" in page
