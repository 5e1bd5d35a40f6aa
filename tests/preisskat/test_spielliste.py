"""The Spielliste (issue 28 item 3): a row per deal with the declarer's running game points in
his column, the players' figures at the foot whose Leistung is what the deals scored, blank
lists with their dealers, and the scoresheet files of a Preisskat night printed as Spiellisten
in German."""

import io

import pytest
from django.core.management import call_command
from hypothesis import given, settings
from hypothesis import strategies as st

from fipsen_rules.preisskat import PREISSKAT
from games.preisskat.spielliste import DealLine, spielliste
from printing import kinds
from printing.kinds import FileJob
from printing.models import GeneratedFile
from scoring.printing_kinds import BLANK_SCORESHEETS, SCORESHEETS
from scoring.standings import selectors as standings
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tournaments.models import Tournament
from tournaments.printing_kinds import owner_of_tournament as owner_of

NAMES = ("Anna", "Bernd", "Carla", "Dieter")
GAMES = sorted({str(game) for game in PREISSKAT.games()} | {"eingepasst"})


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([3, 4]),
    played=st.lists(st.tuples(st.sampled_from(GAMES), st.integers(0, 2)), max_size=48),
)
def test_the_foot_s_leistung_is_what_the_deals_scored(
    size: int, played: list[tuple[str, int]]
) -> None:
    """Added deal by deal by the rules, or at the foot as the list keeper adds: the same."""
    totals = [0] * size
    deals = []
    for number, (text, offset) in enumerate(played, start=1):
        dealer = (number - 1) % size
        playing = [seat for seat in range(size) if seat != dealer or size == 3]
        declarer = None if text == "eingepasst" else playing[offset % len(playing)]
        scored = PREISSKAT.evaluate(PREISSKAT.parse(text), players=size, declarer=declarer,
                                    dealer=dealer)  # fmt: skip
        totals = [t + c for t, c in zip(totals, scored.score_changes, strict=True)]
        deals.append(DealLine(number, dealer, declarer, text))
    sheet = spielliste(table=1, names=NAMES[:size], deals=deals, rows=48, first_dealer=0)
    assert [foot.leistung for foot in sheet.foot] == totals
    assert len(sheet.rows) == 48
    for row, deal in zip(sheet.rows, deals, strict=False):
        filled = [cell for cell in row.cells if cell is not None]
        assert len(filled) == (deal.declarer is not None)
        assert row.dealer == deal.dealer + 1


def test_a_blank_list_has_its_rows_and_their_dealers() -> None:
    sheet = spielliste(table=2, names=NAMES[:3], deals=(), rows=36, first_dealer=1, blank=True)
    assert not sheet.filled
    assert [row.dealer for row in sheet.rows[:4]] == [2, 3, 1, 2]
    assert len(sheet.rows) == 36
    assert all(row.game == "" and set(row.cells) == {None} for row in sheet.rows)


@pytest.mark.django_db
@pytest.mark.usefixtures("german")
def test_a_preisskat_night_prints_its_spiellisten() -> None:
    call_command("demo_night", rules="preisskat", players=7, seed=11, stdout=io.StringIO())
    tournament = Tournament.objects.get()
    job = FileJob(GeneratedFile(owner=owner_of(tournament), kind=SCORESHEETS))
    pdf = kinds.kind_named(SCORESHEETS).renderer()(job)
    text = " ".join(pdf_text(pdf).split())
    assert text.count("Spielliste") == 2  # a table of four, one of three
    assert "Spielpunkte" in text
    assert "30 je verlorenes Spiel der anderen" in text
    assert "40 je verlorenes Spiel der anderen" in text
    assert "Unterschrift:" in text
    # The foot's Leistung is each player's points in the standings.
    leistung = [line for line in pdf_text(pdf, layout=True).splitlines() if "Leistung" in line]
    printed = sorted(
        int(figure.replace("\u2212", "-")) for line in leistung for figure in line.split()[1:]
    )
    points = sorted(s.points for s in standings.standings(tournament=tournament))
    assert printed == points

    blank = FileJob(GeneratedFile(owner=owner_of(tournament), kind=BLANK_SCORESHEETS))
    pdf = kinds.kind_named(BLANK_SCORESHEETS).renderer()(blank)
    text = " ".join(pdf_text(pdf).split())
    assert text.count("Spielliste") == 2
    assert "Leistung" in text
    assert pdf_pages(pdf) >= 2
