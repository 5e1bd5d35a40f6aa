"""A player's page across nights (seasons/player_views.py, tournaments/selectors/
player_page.py): every night with its place and points, each series' where the night had
several, his games, highest game and average place, each rule set's kinds; in a fixed number
of queries however many nights."""

import datetime
import random
import secrets
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.prisdorf.demo import prisdorf_draw
from scoring.demo import _play, demo_night_play
from seasons import player_views
from tournaments.draw.series_draw import Method
from tournaments.draw.series_services import series_draw_next
from tournaments.ledger.totals import SeatTotal
from tournaments.models import Player, Seat, Table, Tournament
from tournaments.players.directory import player_merge
from tournaments.players.night_figures import ranked_nights
from tournaments.players.page import player_page
from tournaments.rule_choice import CHOICES, rules_of
from tournaments.rule_pages import pages_of

pytestmark = pytest.mark.django_db


def nights(
    count: int, rule_set: str = "prisdorf", players: int = 8, start: int = 0
) -> list[Tournament]:
    """``count`` demo nights of the same players (one seed: the same names), a day apart."""
    return [
        demo_night_play(
            players=players,
            seed=5,
            deals=6,
            rule_set=rule_set,
            name=f"Abend {number}",
            date=datetime.date(2026, 1, 1) + datetime.timedelta(days=number),
        ).tournament
        for number in range(start, start + count)
    ]


def someone(tournament: Tournament) -> Player:
    return Player.objects.filter(registrations__tournament=tournament).order_by("pk").first()


def test_the_page_needs_the_organiser(client: Client) -> None:
    player = Player.objects.create(name="Anna")
    response = client.get(reverse("night:player", args=[player.pk]))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("tournaments:login"))


def test_a_player_never_seated(organiser: Client) -> None:
    player = Player.objects.create(name="Anna Neu")
    response = organiser.get(reverse("night:player", args=[player.pk]))
    assert response.status_code == 200
    assert "noch an keinem Abend gespielt" in response.content.decode()


def test_every_night_with_his_place_newest_first(organiser: Client) -> None:
    played = nights(3)
    player = someone(played[0])
    page = player_page(player=player)
    assert [night.tournament for night in page.nights] == played[::-1]
    ranked = ranked_nights(tournaments=played)
    places = [
        next(p.place for p in ranked[t.pk] if p.figures.key == player.pk) for t in played[::-1]
    ]
    assert [night.place for night in page.nights] == places
    assert page.average_place == pytest.approx(sum(places) / 3)
    assert all(night.players == 8 for night in page.nights)
    assert page.declared == sum(night.figures.declared for night in page.nights)
    bests = [n.figures.best for n in page.nights if n.figures.best is not None]
    assert page.best == (max(bests) if bests else None)
    response = organiser.get(reverse("night:player", args=[player.pk]))
    text = response.content.decode()
    assert all(night.name in text for night in played)
    assert player.name in text


def test_the_kinds_of_each_rule_set_played() -> None:
    prisdorf = nights(1)[0]
    race = nights(1, rule_set="thedinghausen", players=10)[0]
    player = someone(prisdorf)
    race_player = someone(race)
    page = player_page(player=player)
    assert page.declared
    assert [rules.label for rules in page.kinds] == [CHOICES["prisdorf"].label]
    assert all(kind.declared >= (kind.won or 0) for rules in page.kinds for kind in rules.kinds)
    race_page = player_page(player=race_player)
    race_night = next(night for night in race_page.nights if night.tournament == race)
    assert race_night.points_label == pages_of(race).own.points_label


def queries_of(organiser: Client, player: Player) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = organiser.get(reverse("night:player", args=[player.pk]))
    assert response.status_code == 200
    return len(queries)


def test_a_fixed_number_of_queries_however_many_nights(organiser: Client) -> None:
    played = nights(1)
    player = someone(played[0])
    one = queries_of(organiser, player)
    # The session, the user, the password check; the player, his seats, every seat of his
    # nights, Prisdorf's kinds of game; his seasons (none here: one query of the seasons app's).
    assert one == 8
    played += nights(3, start=1)
    assert len(player_page(player=player).nights) == 4
    assert queries_of(organiser, player) == one
    # One more a rule set he played (its kinds of game), however many of its nights.
    tippen = nights(1, rule_set="tippen", start=9)[0]
    assert player in Player.objects.filter(registrations__tournament=tippen)
    assert queries_of(organiser, player) == one + 1


def second_series(tournament: Tournament, points: dict[int, int]) -> None:
    """A second series at ``tournament``: its players seated again, table by table, with
    ``points`` (by player pk) as their running totals (the draw of series 2 is another
    helper's; its figures are what the page reads)."""
    tournament.series_count = 2
    tournament.save(update_fields=["series_count"])
    for old in Table.objects.filter(tournament=tournament, series=1):
        table = Table.objects.create(
            tournament=tournament,
            series=2,
            number=old.number,
            deals=old.deals,
            first_dealer=0,
            token=secrets.token_urlsafe(16),
        )
        for seat in old.seats.select_related("registration"):
            new = Seat.objects.create(
                table=table, position=seat.position, registration=seat.registration, series=2
            )
            SeatTotal.objects.create(seat=new, points=points[seat.registration.player_id])


def test_a_night_of_two_series_shows_each_series() -> None:
    tournament = nights(1)[0]
    players = list(Player.objects.filter(registrations__tournament=tournament).order_by("pk"))
    # Series 2: the first player scores most, the others less and less.
    second_series(tournament, {p.pk: 1000 - 200 * index for index, p in enumerate(players)})
    player = players[0]
    night = player_page(player=player).nights[0]
    assert [(s.series, s.points) for s in night.series][1] == (2, 1000)
    assert night.series[1].place == 1
    first = Seat.objects.get(registration__player=player, series=1).total.points
    assert night.series[0].points == first
    assert night.figures.points == first + 1000
    assert night.place == 1  # 1000 more than anyone's series 1 could make up


def test_a_night_of_one_series_shows_no_series(organiser: Client) -> None:
    player = someone(nights(1)[0])
    assert player_page(player=player).nights[0].series == ()


def test_the_directory_leads_to_the_page(organiser: Client) -> None:
    player = someone(nights(1)[0])
    response = organiser.get(reverse("tournaments:player_edit", args=[player.pk]))
    assert reverse("night:player", args=[player.pk]) in response.content.decode()


def test_the_page_in_german(organiser: Client) -> None:
    player = someone(nights(1)[0])
    text = organiser.get(reverse("night:player", args=[player.pk])).content.decode()
    assert "Durchschnittlicher Platz" in text
    assert "Spielarten: Prisdorf" in text
    assert "Stiche" in text


def test_no_season_lines_without_the_seasons_app(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(player_views.apps, "is_installed", lambda name: False)
    assert player_views.season_lines(Player(name="Anna")) == {}


def test_the_season_lines_where_the_seasons_app_gives_them(
    organiser: Client, monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Path
) -> None:
    """The seasons app's selector and partial (another helper's), stood in for here."""
    seasons = types.ModuleType("seasons.selectors")
    seasons.player_seasons = lambda player: [f"Vereinsmeisterschaft 2027: {player.name}"]  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "seasons.selectors", seasons)
    monkeypatch.setattr(player_views.apps, "is_installed", lambda name: name == "seasons")
    partial = tmp_path / "seasons" / "_player_seasons.html"
    partial.parent.mkdir()
    partial.write_text("{% for line in seasons %}<p class='season'>{{ line }}</p>{% endfor %}")
    engine = {**settings.TEMPLATES[0], "DIRS": [tmp_path, *settings.TEMPLATES[0]["DIRS"]]}
    settings.TEMPLATES = [engine]
    player = Player.objects.create(name="Anna Saison")
    text = organiser.get(reverse("night:player", args=[player.pk])).content.decode()
    assert "<p class='season'>Vereinsmeisterschaft 2027: Anna Saison</p>" in text


def test_a_night_whose_second_series_was_drawn_seeded() -> None:
    """Series 2 drawn by the series' service (seeded by the standings) and played: his night
    shows both series, and his night's figures are theirs added."""
    tournament = nights(1)[0]
    tournament.series_count = 2
    tournament.save(update_fields=["series_count"])
    series_draw_next(tournament=tournament, method=Method.SEEDED, seed=3)
    draw = prisdorf_draw(rules_of(tournament))
    rng = random.Random(3)  # noqa: S311 (the demo's games, repeatable)
    for table in Table.objects.filter(tournament=tournament, series=2):
        _play(table, draw, rng)  # every deal entered as its captain would
    player = someone(tournament)
    night = player_page(player=player).nights[0]
    seats = {s.series: s.total.points for s in Seat.objects.filter(registration__player=player)}
    assert [(s.series, s.points) for s in night.series] == sorted(seats.items())
    assert night.figures.points == sum(seats.values())


def test_a_merge_brings_his_other_nights() -> None:
    """Two entries of one player, each at a night of its own: merged, his page has both."""
    first = nights(1)[0]
    second = demo_night_play(players=8, seed=6, deals=6, name="Abend B").tournament
    keep = someone(first)
    other = someone(second)
    assert keep != other
    assert not Player.objects.filter(pk=keep.pk, registrations__tournament=second).exists()
    player_merge(keep=keep, merge=other)
    assert [night.tournament for night in player_page(player=keep).nights] == sorted(
        [first, second], key=lambda t: (t.date, t.pk), reverse=True
    )
