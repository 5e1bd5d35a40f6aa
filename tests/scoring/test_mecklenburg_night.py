"""A short Mecklenburg night through the services (SPEC C5): Ansegger Fips and Duttfips at a
table of four, scored by the club's own points table (the source gives none), every kind of
deal, a correction, the totals, the standings and a scoresheet PDF that says whose points they
are."""

import uuid

import pytest
from django.core.exceptions import ValidationError

from fipsen_rules import Code, FipsenError, MecklenburgGame
from scoring import paper, renderers, selectors, services
from scoring.models import Deal
from scoring.scoresheets import scoresheet
from scoring.standings import selectors as standings_selectors
from tests.factories import UserFactory
from tests.printing.pdf_reading import pdf_pages, pdf_text
from tests.scoring.helpers import meck_night
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.draw.tables import seats_of
from tournaments.models import Table

pytestmark = pytest.mark.django_db

#: A club's own table: not the app's example (whose Fips is 10).
CLUB = {"1": [1, -2], "2": [2, -4], "3 Ruten": [6, -12], "Fips": [15, -30], "Rutenfips": [30, -60]}


def _enter(table: Table, declarer: int | None, game: str) -> Deal:
    return services.deal_record(
        table=table,
        sequence=selectors.next_deal(table=table).sequence,
        submission=uuid.uuid4(),
        declarer=declarer,
        game=MecklenburgGame.parse(game),
    )


def _codes(error: FipsenError) -> set[str]:
    return {violation.code for violation in error.violations}


def test_play_cannot_start_before_the_club_has_its_points_table() -> None:
    tournament = night(present=4, rule_set="ansegger")
    tournament_draw(tournament=tournament, seed=1)
    with pytest.raises(ValidationError, match="Punktetabelle") as refused:
        tournament_services.tournament_start(tournament=tournament)
    assert refused.value.error_list[0].code == "club_points"


@pytest.mark.parametrize(("players", "tables"), [(4, 1), (8, 2), (12, 3)])
def test_tables_of_four_only(players: int, tables: int) -> None:
    tournament = meck_night("duttfips", players)
    sizes = [t.seats.count() for t in Table.objects.filter(tournament=tournament)]
    assert sizes == [4] * tables


@pytest.mark.parametrize("players", [3, 5, 6, 7, 13])
def test_the_draw_refuses_a_count_it_cannot_seat_and_says_why(players: int) -> None:
    tournament = night(present=players, rule_set="ansegger")
    with pytest.raises(ValidationError) as refused:
        tournament_draw(tournament=tournament, seed=1)
    message = " ".join(refused.value.messages)
    assert f"{players} players cannot be seated" in message or f"{players} Spieler" in message
    assert "four only" in message or "nur an Vierertischen" in message


def test_an_ansegger_night_of_every_kind_of_deal_by_the_clubs_table() -> None:
    tournament = meck_night("ansegger", points=CLUB)
    table = Table.objects.get(tournament=tournament)
    games = [
        (0, "1 gewonnen"),  # 0 +1
        (1, "2 verloren"),  # 1 −4
        (None, "alle gepasst"),  # dealt again, no row
        (2, "3 Ruten gewonnen"),  # 2 +6
        (3, "Fips verloren"),  # 3 −30
        (0, "Rutenfips gewonnen"),  # 0 +30
    ]
    for declarer, game in games:
        _enter(table, declarer, game)
    seats = seats_of(table=table)
    expected = (31, -4, 6, -30)
    assert selectors.seat_totals(table=table, seats=seats) == expected
    assert selectors.table_sheet(table=table).totals == expected
    assert selectors.next_deal(table=table).number == 6  # the passed deal is no deal
    points = {
        s.seat.position: s.points for s in standings_selectors.standings(tournament=tournament)
    }
    assert tuple(points[p] for p in range(4)) == expected
    sheet = scoresheet(selectors.table_sheet(table=table))
    pdf = renderers.scoresheets_pdf(tournament=tournament, sheets=[sheet])
    text = " ".join(pdf_text(pdf).split())
    assert pdf_pages(pdf) == 2  # rows of 6 mm to write in: two pages a table
    assert "Punkte nach der eigenen Tabelle des Vereins, nicht aus der Quelle" in text
    assert "−30" in text or "-30" in text


def test_a_contract_the_clubs_table_lacks_cannot_be_entered() -> None:
    table = Table.objects.get(tournament=meck_night("ansegger", points=CLUB))
    with pytest.raises(FipsenError) as refused:
        _enter(table, 1, "3 gewonnen")  # the club plays "3 Ruten", not a plain 3
    assert _codes(refused.value) == {Code.CLUB_POINTS_MISSING}
    assert not Deal.objects.filter(table=table).exists()


def test_duttfips_the_dutt_is_vorhands_and_ruten_oewer_anothers() -> None:
    table = Table.objects.get(tournament=meck_night("duttfips"))
    upcoming = selectors.next_deal(table=table)
    vorhand = (upcoming.dealer + 1) % 4
    other = (vorhand + 1) % 4
    with pytest.raises(FipsenError) as refused:
        _enter(table, other, "Dutt gewonnen")
    assert _codes(refused.value) == {Code.DUTT_NOT_VORHAND}
    with pytest.raises(FipsenError) as refused:
        _enter(table, vorhand, "Ruten oewer gewonnen")
    assert _codes(refused.value) == {Code.RUTEN_OEWER_BY_VORHAND}
    with pytest.raises(FipsenError):
        _enter(table, None, "alle gepasst")  # in Duttfips nobody passes the Dutt by
    _enter(table, vorhand, "Dutt verloren")  # example table: Dutt 2
    nxt = selectors.next_deal(table=table)
    nxt_vorhand = (nxt.dealer + 1) % 4
    _enter(table, (nxt_vorhand + 2) % 4, "Ruten oewer gewonnen")  # +4
    _enter(table, 0, "Fips gewonnen")  # +10
    _enter(table, 1, "Rutenfips verloren")  # −20
    totals = selectors.seat_totals(table=table, seats=seats_of(table=table))
    expected = [0, 0, 0, 0]
    expected[vorhand] -= 2
    expected[(nxt_vorhand + 2) % 4] += 4
    expected[0] += 10
    expected[1] -= 20
    assert totals == tuple(expected)


def test_the_organiser_corrects_a_deal_by_the_clubs_table() -> None:
    tournament = meck_night("ansegger", points=CLUB)
    table = Table.objects.get(tournament=tournament)
    deal = _enter(table, 2, "2 gewonnen")
    _enter(table, 3, "1 gewonnen")
    services.deal_correct(
        deal=deal,
        declarer=2,
        game=MecklenburgGame.parse("Fips verloren"),
        user=UserFactory(is_staff=True),
        reason="Fips, nicht 2",
    )
    deal.refresh_from_db()
    assert (deal.game, deal.score) == ("Fips verloren", -30)
    totals = selectors.seat_totals(table=table, seats=seats_of(table=table))
    assert totals == (0, 0, -30, 1)


def test_a_paper_sheet_s_value_alone_is_refused() -> None:
    # The sheets themselves: test_mecklenburg_paper.py
    table = Table.objects.get(tournament=meck_night("duttfips"))
    with pytest.raises(paper.SheetError, match="paper_meck_value_only"):
        services.sheet_check(table=table, text="1 2")
    assert not Deal.objects.filter(table=table).exists()
