"""A season of several nights in the browser, with a merge of two players in the middle: the
organiser makes the season, takes three nights in, sees one player split in two (two spellings,
each one night: not ranked yet), merges the two in the directory, and the season counts him
once, with both nights, ranked; the board shows him."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from seasons.models import Season
from tests.seasons.helpers import played_night, players
from tournaments.models import Player

pytestmark = pytest.mark.django_db(transaction=True)


def nights_of_a_club() -> tuple[Player, Player, Player, list]:
    anke, claus, dora, emil, meyer, meier = players(6)
    Player.objects.filter(pk=meyer.pk).update(name="Bernd Meyer", name_key="bernd meyer")
    Player.objects.filter(pk=meier.pk).update(name="Bernd Meier", name_key="bernd meier")
    nights = [
        played_night({anke: 300, claus: 200, dora: 100, meyer: 900}),
        played_night({anke: 500, claus: 100, emil: 50, meier: 700}),
        played_night({anke: 100, claus: 400, dora: 300, emil: 200}),
    ]
    return anke, meyer, meier, nights


def test_a_season_with_a_merge_in_the_middle(page: Page, organiser, log_in) -> None:
    anke, meyer, meier, nights = nights_of_a_club()
    log_in(page, organiser)
    page.goto("/")
    page.get_by_role("link", name="Saisons").click()
    page.get_by_role("link", name="Neue Saison").click()
    page.get_by_label("Name").fill("Vereinsmeisterschaft 2027")
    page.get_by_label("beste Abende, die zählen").fill("2")
    page.get_by_label("Abende, um gewertet zu werden").fill("2")
    page.get_by_role("button", name="Speichern und Abende aufnehmen").click()
    for night in nights:
        page.get_by_role("listitem").filter(has_text=night.name).get_by_role(
            "button", name="Aufnehmen"
        ).click()
        expect(page.get_by_text(f"{night.name}, ")).to_be_visible()
    season = Season.objects.get()
    page.get_by_role("link", name="Rangliste").click()
    ranked = page.get_by_role("table", name="Rangliste")
    unranked = page.get_by_role("table", name="Nicht gewertet (zu wenige Abende, oder Gäste)")
    # Two spellings, one night each: neither is ranked.
    expect(unranked.get_by_role("row").filter(has_text="Bernd Meyer")).to_contain_text("900")
    expect(unranked.get_by_role("row").filter(has_text="Bernd Meier")).to_contain_text("700")
    # Anke: 300, 500, 100: the best two count, the 100 struck through.
    expect(ranked.get_by_role("row").filter(has_text=anke.name).locator("del")).to_have_text("100")

    # The directory: the two entries are one player.
    page.goto(reverse("tournaments:player_merge", args=[meyer.pk, meier.pk]))
    page.get_by_role("button", name="Zusammenführen").click()
    assert not Player.objects.filter(pk=meier.pk).exists()

    page.goto(reverse("seasons:standings", args=[season.pk]))
    bernd = (
        page.get_by_role("table", name="Rangliste")
        .get_by_role("row")
        .filter(has_text="Bernd Meyer")
    )
    expect(bernd).to_contain_text("1600")  # 900 + 700, both nights his
    expect(bernd.get_by_role("cell").first).to_have_text("1.")
    expect(page.get_by_text("Bernd Meier")).to_have_count(0)

    page.goto(reverse("seasons:board", args=[season.board_token]))
    expect(page.get_by_role("row").filter(has_text="Bernd Meyer")).to_contain_text("1600")
