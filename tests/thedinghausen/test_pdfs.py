"""The race's scoresheets PDF: a page a table, every deal with its tricks and the tallies,
the sweep and the tenth trick named (read back with pdftotext)."""

import doctest

import pytest

from games.thedinghausen import sheets
from games.thedinghausen.printing_kinds import RACE_SCORESHEETS
from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.thedinghausen.helpers import deals_entered, race_night
from tournaments.models import Table
from tournaments.printing_kinds import owner_of_tournament

EVEN = [2, 1, 1, 1, 0]


def test_the_sheet_rows_examples_hold() -> None:
    assert doctest.testmod(sheets).failed == 0


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
def test_each_table_s_deals_are_printed_on_its_page() -> None:
    tournament = race_night(5, 4)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, [0, 5, 0, 0, 0], *[EVEN] * 4, [2, 0, 0, 0, 0], EVEN)
    deals_entered(second, [1, 1, 1, 2])
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind=RACE_SCORESHEETS))
    pdf = kinds.kind_named(RACE_SCORESHEETS).renderer()(job)
    assert pdf_pages(pdf) == 2
    text = " ".join(pdf_text(pdf, page=1).split())
    assert "Tisch 1" in text
    assert "Spieler 01 gewinnt 5 Hedewigs" in text
    assert "Spieler 00 gewinnt die Partie mit dem zehnten Stich" in text
    cells = text.replace(" ", "")
    assert "5→0" in cells  # a sweep's tricks do not count
    assert "2→10" in cells
    assert "72" + "2→2" in cells  # deal 7, game 2: the tallies start at zero again
    assert "Tisch 2" in pdf_text(pdf, page=2)


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
def test_the_table_card_says_race_and_must_trump() -> None:
    tournament = race_night(5)
    tournament.rule_options = {"must_trump": True, "filler": 4}
    tournament.save(update_fields=["rule_options"])
    job = FileJob(
        GeneratedFile(owner=owner_of_tournament(tournament), kind="table_cards"),
        {"base_url": "http://pf.local"},
    )
    text = " ".join(pdf_text(kinds.kind_named("table_cards").renderer()(job)).split())
    assert "Stichrennen bis zehn Stiche · Stechzwang" in text
    assert "1 Spiel ·" not in text


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
@pytest.mark.parametrize("kind", ["scoresheets", "blank_scoresheets", "night"])
def test_the_deal_scored_pdfs_refuse_a_race_and_say_where_to_print(kind: str) -> None:
    from django.core.exceptions import ValidationError

    tournament = race_night(5)
    job = FileJob(
        GeneratedFile(owner=owner_of_tournament(tournament), kind=kind),
        {"base_url": "http://pf.local"},
    )
    with pytest.raises(ValidationError, match="Spiellisten"):
        kinds.kind_named(kind).renderer()(job)


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
def test_the_final_ranking_of_a_race_has_its_places_and_prizes() -> None:
    """ "Print the final ranking" on the print page: a race's own places and the prizes shared
    by them (it refused a race before)."""
    from decimal import Decimal

    from scoring.models import Prize

    tournament = race_night(5, 5)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, [0, 5, 0, 0, 0], *[EVEN] * 4, [2, 0, 0, 0, 0])
    deals_entered(second, *[EVEN] * 4, [2, 0, 0, 0, 0])
    Prize.objects.create(tournament=tournament, place=1, money=Decimal("30.00"))
    Prize.objects.create(tournament=tournament, place=3, name="Präsentkorb")
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tournament), kind="ranking"))

    pdf = kinds.kind_named("ranking").renderer()(job)

    text = " ".join(pdf_text(pdf).split())
    assert "Nach gewonnenen Partien, dann nach dem Geld der Hedewig-Kasse." in text
    assert "Vorläufig" in text  # not finished yet
    # Table 2's winner first (more money: table 1's paid the sweeper), the sweeper third.
    assert text.index("Spieler 05") < text.index("Spieler 00") < text.index("Spieler 01")
    assert "30,00 €" in text
    assert "Präsentkorb" in text
    assert "Unterschrift" in text
