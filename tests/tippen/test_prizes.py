"""The prizes of a Tippen night: the prize page's "Wer was bekommt" and the final ranking PDF
("Siegerliste drucken") rank its players by chips, as its standings do (scoring's points are
all zero at a Tippen night); tied players share a place and split its prizes as on any night."""

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring.models import Prize
from tests.printing.pdf_reading import pdf_text
from tests.tippen.helpers import deals_entered, tippen_night
from tournaments.models import Seat, Table, Tournament
from tournaments.printing_kinds import owner_of_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


@pytest.fixture
def tipped() -> Tournament:
    """Table 1 (four) ends at 1, 5, −3, −3 chips; table 2 (three) at −3, 2, 1: seat 1 of table
    1 first, seat 1 of table 2 second, seat 0 of table 1 and seat 2 of table 2 tie for third
    (and fourth), the three at −3 for fifth."""
    tournament = tippen_night(4, 3)
    first, second = Table.objects.filter(tournament=tournament).order_by("number")
    deals_entered(first, "- - - -", "2 1 - 0", "- t - -")
    deals_entered(second, "- 2 1")
    for place, money in ((1, "30.00"), (2, "20.00"), (3, "10.00"), (4, "6.00")):
        Prize.objects.create(tournament=tournament, place=place, money=Decimal(money))
    Prize.objects.create(tournament=tournament, place=5, name="Präsentkorb")
    return tournament


def _name(tournament: Tournament, table: int, position: int) -> str:
    seat = Seat.objects.select_related("registration__player").get(
        table__tournament=tournament, table__number=table, position=position
    )
    return seat.registration.player.name


def _row(page: str, name: str) -> str:
    """The row of ``name``: from his name to the end of the row."""
    start = page.index(f"<td>{name}</td>")
    return page[start : page.index("</tr>", start)]


def test_the_prize_page_says_who_gets_what_by_chips(organiser: Client, tipped: Tournament) -> None:
    response = organiser.get(reverse("scoring:prizes", args=[tipped.pk]))
    page = " ".join(response.content.decode().split())

    assert "Wer was bekommt" in page
    assert "nach gewonnenen (+) oder gezahlten (−) Marken" in page
    best, second = _name(tipped, 1, 1), _name(tipped, 2, 1)
    tied = [_name(tipped, 1, 0), _name(tipped, 2, 2)]
    assert page.index(best) < page.index(second) < min(page.index(name) for name in tied)
    assert "<td>1.</td>" in page[page.index("Wer was bekommt") : page.index(best) - 4]
    assert "30,00 €" in _row(page, best)
    assert "<td>5</td>" in _row(page, best)  # his chips
    assert "20,00 €" in _row(page, second)
    for name in tied:  # places 3 and 4: (10 € + 6 €) / 2 each
        row = _row(page, name)
        assert "8,00 € (geteilt)" in row
        assert "3. =" in page[page.rindex("<tr>", 0, page.index(f"<td>{name}</td>")) :]
    for position in (2, 3):  # −3 chips, with a true minus sign; the hamper goes to the three
        assert "<td>−3</td>" in _row(page, _name(tipped, 1, position))
        assert "Präsentkorb" in _row(page, _name(tipped, 1, position))


def test_the_final_ranking_pdf_of_a_tippen_night_has_its_places_and_prizes(
    tipped: Tournament,
) -> None:
    """ "Siegerliste drucken" on the print page: it refused a Tippen night before."""
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tipped), kind="ranking"))

    pdf = kinds.kind_named("ranking").renderer()(job)

    text = " ".join(pdf_text(pdf).split())
    assert "Tippen: nach gewonnenen (+) oder gezahlten (−) Marken" in text
    assert "Marken" in text
    assert "Vorläufig" in text
    best, second = _name(tipped, 1, 1), _name(tipped, 2, 1)
    tied = [_name(tipped, 1, 0), _name(tipped, 2, 2)]
    assert text.index(best) < text.index(second) < min(text.index(name) for name in tied)
    assert "30,00 €" in text
    assert "20,00 €" in text
    assert text.count("8,00 € (geteilt)") == 2
    assert text.count("3. =") == 2
    assert text.count("5. =") == 3
    assert "Präsentkorb" in text
    assert "Unterschrift" in text


def test_the_final_ranking_pdf_of_a_finished_tippen_night_is_not_provisional(
    tipped: Tournament,
) -> None:
    Tournament.objects.filter(pk=tipped.pk).update(state=Tournament.State.FINISHED)
    job = FileJob(GeneratedFile(owner=owner_of_tournament(tipped), kind="ranking"))

    text = " ".join(pdf_text(kinds.kind_named("ranking").renderer()(job)).split())

    assert "Vorläufig" not in text
    assert text.count("8,00 € (geteilt)") == 2
