"""Großenaspe's scoresheets say what their columns mean in its own words (SPEC C3.2, C3.3): who
gains a value with + or −, and that the dealer of a table of five sits out; filled or blank,
on paper and on the organiser's sheet page; and a five's sheet ended early stays on its page."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring import renderers, selectors, services
from scoring.scoresheets import scoresheet
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.scoring.helpers import aspe_night, playing_table
from tests.scoring.test_grossenaspe_night import _enter
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]

VALUE = "Wert: + für den Spieler, der gespielt hat, − für jeden seiner Gegenspieler."
SITS_OUT = "• Geber: setzt am Fünfertisch aus, bekommt nichts."
PRISDORF_DEALER = "• kennzeichnet den Geber jedes Spiels."


def _played_night() -> Tournament:
    """Nine players: a table of four and one of five, three deals each, the five ended early
    with the longest reason the history keeps."""
    tournament = aspe_night(9)
    for table in Table.objects.filter(tournament=tournament):
        for game in ("3 gewonnen", "3 Gute beet", "Kieker aufgegeben"):
            _enter(table, selectors.next_deal(table=table).declarers[0], game)
    five = Table.objects.get(tournament=tournament, number=2)
    services.table_end_early(table=five, reason="x" * 300, user=UserFactory(is_staff=True))
    return tournament


def _pdf(tournament: Tournament, *, blank: bool) -> bytes:
    sheets = [scoresheet(s, blank=blank) for s in selectors.table_sheets(tournament=tournament)]
    return renderers.scoresheets_pdf(tournament=tournament, sheets=sheets)


def _words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("blank", [False, True])
def test_each_sheet_has_grossenaspe_s_legend_and_stays_on_its_page(blank: bool) -> None:
    pdf = _pdf(_played_night(), blank=blank)
    assert pdf_pages(pdf) == 4  # two pages a table, the five's note and legend included
    four = _words(pdf_text(pdf, page=1) + pdf_text(pdf, page=2))
    five = _words(pdf_text(pdf, page=3) + pdf_text(pdf, page=4))
    assert VALUE in four
    assert VALUE in five
    assert PRISDORF_DEALER in four  # at four the dealer plays
    assert SITS_OUT not in four
    assert SITS_OUT in five
    assert PRISDORF_DEALER not in five
    assert ("vorzeitig beendet" in five) is not blank


def test_in_english_too_a_five_s_sheet_stays_on_its_page() -> None:
    tournament = _played_night()
    with translation.override("en"):
        pdf = _pdf(tournament, blank=False)
    assert pdf_pages(pdf) == 4
    assert "sits out at a table of five" in _words(pdf_text(pdf, page=4))


def test_a_prisdorf_sheet_keeps_its_own_legend() -> None:
    table = playing_table(players=4, deals=100, played=3)
    sheets = [scoresheet(selectors.table_sheet(table=table))]
    text = _words(pdf_text(renderers.scoresheets_pdf(tournament=table.tournament, sheets=sheets)))
    assert PRISDORF_DEALER in text
    assert "Gegenspieler" not in text


def test_the_organiser_s_sheet_page_says_who_gains_and_who_sits_out(organiser: Client) -> None:
    tournament = aspe_night(9)
    pages = {}
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        url = reverse("scoring:organiser_sheet", args=[tournament.pk, table.pk])
        pages[table.seats.count()] = _words(organiser.get(url).content.decode())
    gains = "mit − ist sein Spiel verloren, er bekommt nichts, und jeder seiner Gegenspieler"
    assert gains in pages[4]
    assert gains in pages[5]
    assert "Am Fünfertisch setzt der Geber aus und bekommt nichts." in pages[5]
    assert "Fünfertisch" not in pages[4]
