"""A short Großenaspe night through the services (SPEC C3): drawn at tables of four and five,
deals of every kind entered, the totals, the standings and a scoresheet PDF right. The
tournament is switched to Großenaspe in the database: no form offers it until its screens
are complete (``tournaments.rule_choice.IN_THE_MAKING``)."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from fipsen_rules import FipsenError, GrossenaspeGame
from scoring import renderers, selectors, services
from scoring.models import Deal
from scoring.scoresheets import scoresheet
from scoring.standings import selectors as standings_selectors
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.scoring.helpers import aspe_night
from tests.tournaments.night_helpers import night
from tournaments.draw.selectors import present_summary
from tournaments.draw.services import tournament_draw
from tournaments.draw.tables import seats_of
from tournaments.models import Table, Tournament

pytestmark = pytest.mark.django_db


def _enter(table: Table, declarer: int | None, game: str) -> Deal:
    return services.deal_record(
        table=table,
        sequence=selectors.next_deal(table=table).sequence,
        submission=uuid.uuid4(),
        declarer=declarer,
        game=GrossenaspeGame.parse(game),
    )


def test_nine_players_sit_at_a_table_of_four_and_one_of_five() -> None:
    tournament = aspe_night(9)
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    assert [(t.seats.count(), t.deals) for t in tables] == [(4, 100), (5, 125)]


def test_at_five_the_dealer_sits_out_and_gains_nothing() -> None:
    tournament = aspe_night(5)
    table = Table.objects.get(tournament=tournament)
    upcoming = selectors.next_deal(table=table)
    assert upcoming.dealer not in upcoming.declarers
    assert len(upcoming.declarers) == 4
    with pytest.raises(FipsenError):
        _enter(table, upcoming.dealer, "3 gewonnen")
    declarer = upcoming.declarers[0]
    _enter(table, declarer, "3 Gute beet")
    seats = seats_of(table=table)
    totals = selectors.seat_totals(table=table, seats=seats)
    expected = tuple(0 if seat.position in (declarer, upcoming.dealer) else 6 for seat in seats)
    assert totals == expected
    assert selectors.table_sheet(table=table).totals == expected
    points = {
        s.seat.position: s.points for s in standings_selectors.standings(tournament=tournament)
    }
    assert tuple(points[p] for p in range(5)) == expected
    sheet = scoresheet(selectors.table_sheet(table=table))
    pdf = renderers.scoresheets_pdf(tournament=tournament, sheets=[sheet])
    assert pdf_pages(pdf) == 2  # 125 rows of five players, of 6 mm each, on two pages
    assert "125" in pdf_text(pdf)


def test_a_night_of_every_kind_of_deal() -> None:
    tournament = aspe_night(4, kloppen=True)
    table = Table.objects.get(tournament=tournament)
    games = [
        (0, "3 gewonnen"),  # 0 +3
        (1, "2 Gute gewonnen"),  # 1 +4
        (2, "2 Kreuz gewonnen"),  # 2 +4
        (3, "3 Durch gewonnen"),  # 3 +5
        (0, "4 Durch verloren"),  # 1, 2, 3 +5
        (None, "alle gepasst"),
        (1, "3 beet"),  # 0, 2, 3 +3
        (2, "4 pott beet"),  # 0, 1, 3 +5
        (3, "Kieker gewonnen"),  # 3 +10
        (0, "Kieker Kreuz verloren"),  # 1, 2, 3 +20
        (1, "Kieker aufgegeben"),  # 0, 2, 3 +5
        (2, "Fips gewonnen"),  # 2 +20
        (3, "Fips Gute verloren"),  # 0, 1, 2 +40
        (0, "2 gewonnen geklopft"),  # 0 +4
    ]
    for declarer, game in games:
        _enter(table, declarer, game)
    expected = (3 + 3 + 5 + 5 + 40 + 4, 4 + 5 + 5 + 20 + 40, 4 + 5 + 3 + 20 + 5 + 20 + 40,
                5 + 5 + 3 + 5 + 10 + 20 + 5)  # fmt: skip
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == expected
    sheet = selectors.table_sheet(table=table)
    assert sheet.totals == expected
    ranked = standings_selectors.standings(tournament=tournament)
    assert [s.points for s in ranked] == sorted(expected, reverse=True)
    assert [row.deal.value for row in sheet.rows if row.deal.game == "3 beet"] == [-3]
    pdf = renderers.scoresheets_pdf(tournament=tournament, sheets=[scoresheet(sheet)])
    text = pdf_text(pdf)
    assert str(max(expected)) in text


def test_three_players_are_not_drawn_karo_fipsen_is_not_offered() -> None:
    tournament = night(present=3)
    Tournament.objects.filter(pk=tournament.pk).update(rule_set="grossenaspe")
    tournament.refresh_from_db()
    summary = present_summary(tournament=tournament)
    assert not summary.seatable
    assert "Karo" in summary.reason
    assert summary.more == 4
    with pytest.raises(ValidationError, match="Karo"):
        tournament_draw(tournament=tournament, seed=1)
