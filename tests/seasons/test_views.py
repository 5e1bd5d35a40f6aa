"""The season's pages: create it, take nights in and out, its standings (dropped results struck
through) in a fixed number of queries whatever the nights, the board, the downloads, the PDF."""

import csv
import io

import openpyxl
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from printing.kinds import FileJob
from printing.models import GeneratedFile
from seasons import services
from seasons.models import Season
from seasons.printing_kinds import SEASON_STANDINGS, owner_of_season
from seasons.renderers import render_season_standings
from tests.printing.pdf_reading import pdf_text
from tests.seasons.helpers import played_night, players

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def a_season(nights: int, size: int = 8, **rules) -> Season:
    people = players(size)
    season = services.season_create(name="Vereinsmeisterschaft 2027", **rules)
    for night in range(nights):
        points = {p: (i * 37 + night * 11) % 90 - 20 for i, p in enumerate(people)}
        services.season_night_add(season, played_night(points))
    return season


def test_a_season_made_and_its_nights_taken_in(organiser) -> None:
    answer = organiser.post(reverse("seasons:create"), {
        "name": "Vereinsmeisterschaft 2027", "gives": "places", "place_points": "25, 20, 16",
        "best_of": "2", "minimum": "1", "guests": "apart", "tie_break": "best_results",
        "next": "nights",
    })  # fmt: skip
    season = Season.objects.get()
    assert answer.url == reverse("seasons:nights", args=[season.pk])
    assert season.place_points == "25,20,16"
    night = played_night({p: 10 * i for i, p in enumerate(players(4))})
    page = organiser.get(answer.url).content.decode()
    assert night.name in page
    organiser.post(reverse("seasons:night_add", args=[season.pk, night.pk]))
    assert night.season_night.season == season
    standings = organiser.get(reverse("seasons:standings", args=[season.pk])).content.decode()
    assert "ihre Regeln stehen für die Saison fest" in standings
    assert '<td class="number"><strong>25</strong></td>' in standings
    home = organiser.get(reverse("night:home", args=[night.pk])).content.decode()
    assert reverse("seasons:standings", args=[season.pk]) in home


def test_bad_rules_say_why_and_save_nothing(organiser) -> None:
    answer = organiser.post(reverse("seasons:create"), {
        "name": "Saison", "gives": "places", "place_points": "25, zwanzig",
        "minimum": "0", "guests": "with", "tie_break": "shared",
    })  # fmt: skip
    assert answer.status_code == 200
    assert "ganze Zahlen" in answer.content.decode()
    assert not Season.objects.exists()


def test_fixed_rules_are_shown_locked(organiser) -> None:
    season = a_season(1, best_of=3)
    page = organiser.get(reverse("seasons:edit", args=[season.pk])).content.decode()
    assert "disabled" in page
    organiser.post(reverse("seasons:edit", args=[season.pk]), {
        "name": "Neuer Name", "best_of": "1", "minimum": "0", "gives": "points",
        "guests": "with", "tie_break": "shared",
    })  # fmt: skip
    season.refresh_from_db()
    assert (season.name, season.best_of) == ("Neuer Name", 3)


def standings_queries(organiser, season: Season) -> int:
    url = reverse("seasons:standings", args=[season.pk])
    with CaptureQueriesContext(connection) as queries:
        page = organiser.get(url)
    assert page.status_code == 200
    return len(queries)


def test_the_standings_page_in_the_same_queries_at_3_and_40_nights(organiser) -> None:
    few = standings_queries(organiser, a_season(3, best_of=2))
    many = standings_queries(organiser, a_season(40, size=40, best_of=30))
    assert few == many
    # The session, the user and his password's state; the season, its nights, their figures,
    # the players.
    assert many == 7


def test_dropped_results_are_struck_through(organiser) -> None:
    season = a_season(3, best_of=2)
    page = organiser.get(reverse("seasons:standings", args=[season.pk])).content.decode()
    assert page.count("<del") == 8  # one night of three dropped for each of 8 players


def test_the_board_turns_its_pages_and_needs_no_login(client) -> None:
    season = a_season(2, size=14)
    url = reverse("seasons:board", args=[season.board_token])
    with CaptureQueriesContext(connection) as queries:
        first = client.get(url).content.decode()
    assert len(queries) == 4  # the season, its nights, their figures, the players
    assert "Seite 1 von 2" in first
    assert f"{url}?page=2" in first
    second = client.get(f"{url}?page=2", headers={"HX-Request": "true"}).content.decode()
    assert second.startswith('<main id="board"')
    assert client.get(reverse("seasons:board", args=["x" * 24])).status_code == 404


def test_csv_and_xlsx(organiser) -> None:
    season = a_season(3, best_of=2)
    people = list(season.nights.first().tournament.registrations.all())
    people[0].player.name = "=HYPERLINK(1)"
    people[0].player.save()
    answer = organiser.get(reverse("seasons:export", args=[season.pk, "csv"]))
    text = answer.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:2] == ["Platz", "Spieler"]
    assert len(rows) == 9
    assert "'=HYPERLINK(1)" in text
    assert any(cell.startswith("(") for row in rows[1:] for cell in row)  # dropped
    answer = organiser.get(reverse("seasons:export", args=[season.pk, "xlsx"]))
    sheet = openpyxl.load_workbook(io.BytesIO(answer.content)).active
    assert sheet.max_row == 9
    assert organiser.get(reverse("seasons:export", args=[season.pk, "ods"])).status_code == 404


def test_the_pdf_with_the_signature_line() -> None:
    season = a_season(3, best_of=2)
    job = FileJob(GeneratedFile(owner=owner_of_season(season), kind=SEASON_STANDINGS))
    text = pdf_text(render_season_standings(job))
    assert "Vereinsmeisterschaft 2027" in text
    assert "Unterschrift" in text


def test_a_long_season_prints_in_parts_of_a_few_nights() -> None:
    from seasons.renderers import NIGHTS_PER_PART, parts
    from seasons.selectors import season_table

    table = season_table(a_season(NIGHTS_PER_PART + 3, size=4))
    first, second = parts(table, table.ranked)
    assert (len(first.nights), len(second.nights)) == (NIGHTS_PER_PART, 3)
    assert (first.last, second.last) == (False, True)
    assert all(len(cells) == 3 for _, _, cells in second.lines)


def test_the_pdf_is_asked_for_from_the_standings(organiser, settings) -> None:
    season = a_season(1)
    answer = organiser.post(reverse("seasons:file_request", args=[season.pk, SEASON_STANDINGS]))
    assert answer.status_code == 302
    assert GeneratedFile.objects.get().owner == owner_of_season(season)


def test_the_board_follows_a_night_while_it_is_played(client) -> None:
    season = a_season(1, size=4)
    night = season.nights.get().tournament
    url = reverse("seasons:board", args=[season.board_token])
    before = client.get(url).content.decode()
    # A deal saved: the ledger makes the seat's running total afresh.
    from tournaments.ledger.totals import SeatTotal

    total = SeatTotal.objects.filter(seat__table__tournament=night).order_by("points").first()
    total.points = 4321
    total.save()
    after = client.get(url).content.decode()
    assert "4321" not in before
    assert "4321" in after


def test_the_player_s_seasons_on_his_page(organiser) -> None:
    from django.template.loader import render_to_string

    from seasons.selectors import player_seasons

    season = a_season(2, minimum=3)
    player = season.nights.first().tournament.registrations.first().player
    html = render_to_string("seasons/_player_seasons.html", {"seasons": player_seasons(player)})
    assert season.name in html
    assert "noch nicht gewertet" in html
    assert "2 von 2 Abenden" in html


def test_a_field_s_error_beside_its_field(organiser) -> None:
    answer = organiser.post(reverse("seasons:create"), {
        "name": "Saison", "gives": "points", "best_of": "0", "minimum": "0",
        "guests": "with", "tie_break": "shared",
    })  # fmt: skip
    assert answer.status_code == 200
    assert answer.context["form"].errors["best_of"]
    assert not Season.objects.exists()


def test_the_standings_come_afresh_while_a_night_is_played(organiser) -> None:
    season = a_season(2)
    url = reverse("seasons:standings", args=[season.pk])
    page = organiser.get(url).content.decode()
    assert 'hx-trigger="every 30s"' in page
    part = organiser.get(url, headers={"HX-Request": "true"}).content.decode()
    assert part.startswith('<div id="season-standings"')
    from tournaments.models import Tournament

    Tournament.objects.update(state=Tournament.State.FINISHED)
    assert "hx-trigger" not in organiser.get(url).content.decode().split("<main")[1]


def test_a_night_taken_out_and_refused_twice(organiser) -> None:
    season = a_season(1)
    other = services.season_create(name="Pokal")
    night = season.nights.get().tournament
    answer = organiser.post(reverse("seasons:night_add", args=[other.pk, night.pk]), follow=True)
    assert "gehört schon zu einer Saison" in answer.content.decode()
    organiser.post(reverse("seasons:night_remove", args=[season.pk, night.pk]))
    assert not season.nights.exists()
    assert (
        organiser.get(reverse("seasons:night_remove", args=[season.pk, night.pk])).status_code
        == 405
    )


def test_a_night_not_finished_makes_the_season_provisional(organiser, client) -> None:
    """A newcomer's walk: nights still played gave their full place points with no word that
    they may change."""
    season = a_season(2)
    url = reverse("seasons:standings", args=[season.pk])
    board = reverse("seasons:board", args=[season.board_token])
    assert "Vorläufig:" in organiser.get(url).content.decode()
    assert "2 Abende der Saison sind noch nicht beendet" in client.get(board).content.decode()
    from tournaments.models import Tournament

    Tournament.objects.update(state=Tournament.State.FINISHED)
    assert "Vorläufig:" not in organiser.get(url).content.decode()


def test_each_night_s_column_names_the_night(organiser) -> None:
    """A newcomer's walk: three nights of one day showed as three equal dates."""
    season = a_season(2)
    page = organiser.get(reverse("seasons:standings", args=[season.pk])).content.decode()
    names = [night.tournament.name for night in season.nights.select_related("tournament")]
    assert len(names) == 2
    for name in names:
        assert f'title="{name}"' in page
    assert page.count('class="night-name"') == 2


def test_the_rules_line_says_shared_places_once(organiser) -> None:
    """A newcomer's walk: 'bei gleicher Summe: keine: bei gleicher Summe teilen sich …'."""
    page = organiser.get(reverse("seasons:standings", args=[a_season(1).pk])).content.decode()
    assert "bei gleicher Summe teilen sich die Spieler den Platz." in page
    assert page.count("bei gleicher Summe") == 1
