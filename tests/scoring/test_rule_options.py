"""Prisdorf's options on the captain's page (issue 12): Kontra and Re tiles only where the
tournament agreed them, each doubling the score (SPEC C2); a biddable Durch (SPEC A18.1); the
Kieker at three described beside the tiles (SPEC A10.4)."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from fipsen_rules import Code, InvalidEntryError
from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring.models import Deal
from scoring.printing_kinds import SCORESHEETS
from tests.scoring.helpers import enter, playing_table
from tests.scoring.print_helpers import sheet_rows
from tournaments.models import Table
from tournaments.printing_kinds import owner_of_tournament

pytestmark = pytest.mark.django_db

PRIVATE_KONTRA = {"rule_options": {"kontra": True}, "prize_tournament": False}


def page_of(table: Table) -> str:
    return Client().get(reverse("scoring:table_entry", args=[table.token])).content.decode()


def post(table: Table, **fields: object) -> str:
    page = page_of(table)
    hidden = {
        name: re.search(rf'name="{name}" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
        for name in ("sequence", "submission")
    }
    url = reverse("scoring:table_entry", args=[table.token])
    response = Client().post(url, {**hidden, **fields}, follow=True)
    return " ".join(response.content.decode().split())


def test_a_preisfipsen_has_no_kontra_tiles() -> None:
    page = page_of(playing_table())
    assert 'name="kontra"' not in page
    assert 'name="re"' not in page


def test_where_agreed_the_captain_taps_kontra_and_re() -> None:
    page = page_of(playing_table(**PRIVATE_KONTRA))
    assert '<legend class="visually-hidden">Kontra und Re (wenn angesagt)</legend>' in page
    assert 'name="kontra" id="id_kontra"' in page
    assert '<label class="tile tile-re" for="id_re">Re</label>' in page


@pytest.mark.parametrize(
    ("calls", "score", "notation"),
    [
        ({}, -12, "3 Hand verloren"),
        ({"kontra": "on"}, -24, "3 Hand Kontra verloren"),
        ({"kontra": "on", "re": "on"}, -48, "3 Hand Kontra Re verloren"),
        ({"re": "on"}, -48, "3 Hand Kontra Re verloren"),  # a Re answers a Kontra
    ],
)
def test_each_call_doubles_the_score(calls: dict[str, str], score: int, notation: str) -> None:
    table = playing_table(**PRIVATE_KONTRA)
    page = post(table, declarer=1, contract="3", hand="on", result="lost", **calls)
    deal = Deal.objects.get(table=table)
    assert (deal.score, deal.game) == (score, notation)
    assert notation in page  # the sheet on the captain's page names the calls


def test_a_preisfipsen_takes_no_kontra() -> None:
    """No tile to tap; a Kontra posted anyway is no field of the form, and the rules refuse
    one that reaches them (SPEC B1.4, E60)."""
    table = playing_table()
    post(table, declarer=1, contract="3", result="won", kontra="on")
    assert Deal.objects.get(table=table).game == "3 gewonnen"
    with pytest.raises(InvalidEntryError) as error:
        enter(table, 1, "3 Kontra gewonnen")
    assert error.value.code is Code.KONTRA_OPTION


def test_kontra_on_a_siebener_fips_says_which_tile_to_tap_off() -> None:
    table = playing_table(**PRIVATE_KONTRA)
    page = post(table, declarer=1, contract="siebener", kontra="on")
    assert not Deal.objects.exists()
    assert "Siebener Fips wird ohne Kontra gespielt – „Kontra“ noch einmal antippen" in page
    assert '<label class="tile tile-kontra tile-invalid" for="id_kontra">' in page


@pytest.mark.parametrize("durch_biddable", [False, True])
def test_a_durch_lost_is_entered_the_same_whether_durch_can_be_bid(durch_biddable: bool) -> None:
    """The captain enters the game, not the bid: a biddable Durch changes the auction (its
    rank, the obligation to play from the first trick), not what a deal scores (SPEC A18.1
    "Scoring is unchanged")."""
    table = playing_table(rule_options={"durch_biddable": durch_biddable})
    post(table, declarer=2, contract="3", durch="on", result="lost")
    assert Deal.objects.get(table=table).score == -12


def test_the_kieker_at_three_is_described_at_a_table_of_three() -> None:
    three = page_of(playing_table(players=3))
    assert "Kieker zu dritt: Der Spieler wirft seine fünf Karten weg" in three
    assert "Kieker zu dritt" not in page_of(playing_table(players=4))


def test_the_scoresheet_pdf_prints_the_doubled_value_and_totals() -> None:
    table = playing_table(deals=10, **PRIVATE_KONTRA)
    enter(table, 1, "3 Hand Kontra verloren")
    enter(table, 2, "4 Kontra Re gewonnen")
    file = GeneratedFile(owner=owner_of_tournament(table.tournament), kind=SCORESHEETS)
    with translation.override("de"):
        pdf = kinds.kind_named(SCORESHEETS).renderer()(FileJob(file, {"base_url": "http://x"}))
    rows = sheet_rows(pdf, page=1, players=4, deals=10)
    assert rows[1].value == "−24"
    assert rows[2].value == "+16"
    assert [cell.removeprefix("• ") for cell in rows[2].cells] == ["0", "−24", "16", "0"]
