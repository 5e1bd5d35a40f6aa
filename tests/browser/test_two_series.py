"""A night of two series through a real browser: the captains tap series 1 in on their phones,
the organiser draws series 2 by lot and, before its first deal, draws it again seeded by the
standings (the best four at table 1); the board announces the new seating; the captains tap
series 2 in at the new tables' links; the standings show each series and the total."""

from collections.abc import Callable

from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from playwright.sync_api import Page, expect

from fipsen_rules import PRISDORF, Game, Result
from scoring.standings import selectors as standings_selectors
from tests.browser.test_deal_entry import enter, tap_deal
from tests.tournaments.night_helpers import night
from tournaments import services
from tournaments.draw.series_draw import Method
from tournaments.draw.services import tournament_draw
from tournaments.models import Seat, SeriesDraw, Table, Tournament

#: Each table's two deals, series by series: (seat of the declarer, tricks, won).
SERIES_1 = {1: [(0, 3, True), (1, 2, True)], 2: [(2, 4, True), (3, 2, True)]}
SERIES_2 = {1: [(1, 2, True), (2, 3, False)], 2: [(0, 4, True), (3, 3, True)]}


def two_series() -> Tournament:
    tournament = night(present=8, series_count=2, deals_at_four=2)
    tournament_draw(tournament=tournament, seed=11)
    return services.tournament_start(tournament=tournament)


def tapped_in(phone: Page, tournament: Tournament, series: int, deals: dict) -> dict[str, int]:
    """Each table's deals tapped in on its captain's phone, from its link; each player's
    points of the series."""
    points: dict[str, int] = {}
    for table in Table.objects.filter(tournament=tournament, series=series).order_by("number"):
        names = {seat.position: seat.registration.player.name for seat in table.seats.all()}
        points.update(dict.fromkeys(names.values(), 0))
        phone.goto(reverse("scoring:table_entry", args=[table.token]))  # its QR code's link
        for number, (declarer, tricks, won) in enumerate(deals[table.number], start=1):
            expect(phone.get_by_role("heading", level=1)).to_contain_text(f"Spiel {number} von 2")
            game = Game.number(tricks, Result.WON if won else Result.LOST)
            tap_deal(phone, names[declarer], game)
            enter(phone, number)
            points[names[declarer]] += PRISDORF.score(game)
        expect(phone.get_by_role("heading", level=1)).to_contain_text("Alle Spiele sind gespielt.")
    return points


def test_a_night_of_two_series(
    page: Page,
    phone_page: Page,
    organiser: AbstractBaseUser,
    log_in: Callable[[Page, AbstractBaseUser], None],
) -> None:
    tournament = two_series()
    first = tapped_in(phone_page, tournament, 1, SERIES_1)
    log_in(page, organiser)
    tables_url = reverse("tournaments:tables", args=[tournament.pk])

    # Series 2 by lot, confirmed on its own page.
    page.goto(tables_url)
    page.get_by_role("link", name="Serie 2 auslosen").click()
    page.locator(".tile-series-name").get_by_text("Per Los", exact=True).click()
    page.get_by_role("button", name="Ja, Serie 2 auslosen").click()
    expect(page.get_by_text("Serie 2 ist ausgelost")).to_be_visible()
    assert SeriesDraw.objects.get(tournament=tournament).method == Method.LOT

    # Before its first deal, drawn again: seeded by the standings, the best four at table 1.
    page.get_by_role("link", name="Serie 2 neu auslosen").click()
    page.locator(".tile-series-name").get_by_text("Nach Stand gesetzt", exact=True).click()
    page.get_by_role("button", name="Ja, Serie 2 neu auslosen").click()
    expect(page.get_by_text("Serie 2 ist ausgelost")).to_be_visible()
    assert SeriesDraw.objects.get(tournament=tournament).method == Method.SEEDED
    best = sorted(first, key=lambda name: -first[name])[:4]  # four above nought, the rest 0
    at_table_1 = Seat.objects.filter(table__tournament=tournament, series=2, table__number=1)
    assert {seat.registration.player.name for seat in at_table_1} == set(best)

    # The hall's board announces the new seating until its tables have begun.
    page.goto(reverse("scoring:board", args=[tournament.board_token]))
    expect(page.get_by_role("heading", name="Serie 2: die neuen Plätze")).to_be_visible()
    expect(page.locator(".board-seating-table").first).to_contain_text(best[0])

    second = tapped_in(phone_page, tournament, 2, SERIES_2)

    # The standings: each series, and the total that ranks.
    page.goto(reverse("scoring:standings", args=[tournament.pk]))
    heads = page.locator("table.standings thead th")
    expect(heads).to_contain_text(
        ["Platz", "Spieler", "Verein", "Tisch", "Spiele", "Serie 1", "Serie 2", "Punkte"]
    )
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(8)
    for standing in standings_selectors.standings(tournament=tournament):
        name = standing.name
        assert standing.series == (first[name], second[name])
        assert standing.points == first[name] + second[name]
        cells = rows.filter(has_text=name).locator("td")
        expect(cells.nth(5)).to_have_text(str(first[name]).replace("-", "−"))
        expect(cells.nth(6)).to_have_text(str(second[name]).replace("-", "−"))
        expect(cells.nth(7)).to_have_text(str(first[name] + second[name]).replace("-", "−"))
