"""Teams of four (issue 28 item 4, "teams of four as an option"): named on the tournament's
teams page, all saved at once or none; ranked by their four players' points summed, with the
tournament's tie-break; the prize list's team lines go to the best teams, ties sharing; the
money counts in the cash box; the standings page, the prize page and the printed ranking show
them; the night file keeps them. SQLite and PostgreSQL."""

import json
from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from scoring import renderers
from scoring.demo import demo_night_play
from scoring.night_file import transfer as night_transfer
from scoring.standings import selectors as standings_selectors
from scoring.standings.prize_allocation import Kind, Line
from scoring.standings.prizes import prizes_given
from scoring.standings.services import prizes_set
from scoring.standings.teams import team_standings
from tests.printing.pdf_reading import pdf_text
from tournaments.models import Registration, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _night() -> Tournament:
    """Nine players of a Prisdorf night, played through, without a prize list."""
    tournament = demo_night_play(players=9, seed=11, deals=12, name="Teamabend").tournament
    tournament.prizes.all().delete()
    return tournament


def _teams_form(tournament: Tournament, teams: dict[int, str]) -> dict[str, str]:
    return {f"team_{r.pk}": teams.get(r.pk, "") for r in tournament.registrations.all()}


def _named(organiser: Client, tournament: Tournament) -> dict[str, list[int]]:
    """Two teams of four through the page (by the ranking's order: the best four, the next
    four), typed with stray spaces and in another case; the ninth player alone."""
    ranked = standings_selectors.standings(tournament=tournament)
    pks = [standing.seat.registration.pk for standing in ranked]
    teams = dict.fromkeys(pks[:4], "Prisdorf  I") | dict.fromkeys(pks[4:8], "Prisdorf II")
    teams[pks[4]] = " prisdorf II"  # one team, spelled as most of its fields have it
    answer = organiser.post(
        reverse("tournaments:teams", args=[tournament.pk]), _teams_form(tournament, teams)
    )
    assert answer.status_code == 302
    return {"Prisdorf I": pks[:4], "Prisdorf II": pks[4:8]}


def test_teams_are_ranked_by_their_four_players_and_take_the_team_prizes(
    organiser: Client,
) -> None:
    tournament = _night()
    members = _named(organiser, tournament)
    prizes_set(tournament=tournament, prizes=[
        Line(Kind.PLACE, 1, Decimal(30)),
        Line(Kind.TEAM, 1, Decimal(40), label="1. Mannschaft"),
        Line(Kind.TEAM, 2, goods="Pokal", label="2. Mannschaft"),
    ])  # fmt: skip
    ranked = standings_selectors.standings(tournament=tournament)
    points = {s.seat.registration.pk: s.points for s in ranked}

    teams = team_standings(tournament=tournament, standings=ranked)

    assert [(t.name, t.place) for t in teams] == [("Prisdorf I", 1), ("Prisdorf II", 2)]
    for team in teams:
        assert team.points == sum(points[pk] for pk in members[team.name])
    assert (teams[0].money, teams[1].prize_names) == (Decimal(40), ("Pokal",))
    # The players' own prizes are unchanged by the team lines: the first place's 30 € alone.
    assert [s.money for s in ranked if s.money] == [Decimal(30)]
    assert prizes_given(tournament=tournament).money == Decimal(70)
    assert Registration.objects.filter(team="Prisdorf II").count() == 4

    page = organiser.get(reverse("scoring:standings", args=[tournament.pk])).content.decode()
    assert "Prisdorf II" in page
    assert f"{teams[0].points}" in page
    prizes = organiser.get(reverse("scoring:prizes", args=[tournament.pk])).content.decode()
    assert "team-winners" in prizes
    assert "Pokal" in prizes
    text = " ".join(pdf_text(renderers.ranking_pdf(
        tournament=tournament, standings=ranked, teams=teams)).split())  # fmt: skip
    assert "Mannschaften" in text
    assert "Prisdorf I" in text


def test_a_team_not_of_four_is_listed_not_ranked(organiser: Client) -> None:
    tournament = _night()
    ranked = standings_selectors.standings(tournament=tournament)
    three = {s.seat.registration.pk: "Halstenbek" for s in ranked[:3]}
    saved = organiser.post(reverse("tournaments:teams", args=[tournament.pk]),
                           _teams_form(tournament, three), follow=True)  # fmt: skip
    # The walk's finding: a team of three was saved without a word.
    assert "Noch keine vier Spieler: Halstenbek (3)." in saved.content.decode()
    prizes_set(tournament=tournament, prizes=[Line(Kind.TEAM, 1, Decimal(40), label="Mannschaft")])
    ranked = standings_selectors.standings(tournament=tournament)

    (team,) = team_standings(tournament=tournament, standings=ranked)

    assert (team.name, team.place, team.money) == ("Halstenbek", None, Decimal(0))
    page = organiser.get(reverse("scoring:standings", args=[tournament.pk])).content.decode()
    assert "nicht gewertet: 3 Spieler, eine Mannschaft hat vier" in page
    assert prizes_given(tournament=tournament).money == Decimal(0)


def test_a_team_of_five_is_refused_in_german_and_nothing_saved(organiser: Client) -> None:
    tournament = _night()
    pks = list(tournament.registrations.values_list("pk", flat=True))
    teams = dict.fromkeys(pks[:5], "Pinneberg") | {pks[5]: "Tornesch"}
    answer = organiser.post(
        reverse("tournaments:teams", args=[tournament.pk]), _teams_form(tournament, teams)
    )
    page = answer.content.decode()
    assert answer.status_code == 200
    assert "Die Mannschaft „Pinneberg“ hat 5 Spieler: Eine Mannschaft hat vier." in page
    assert not Registration.objects.exclude(team="").exists()  # Tornesch not saved either


def test_a_team_name_too_long_or_with_control_characters_is_refused(organiser: Client) -> None:
    tournament = _night()
    first, second = tournament.registrations.values_list("pk", flat=True)[:2]
    form = _teams_form(tournament, {first: "x" * 61, second: "A\x07B"})
    answer = organiser.post(reverse("tournaments:teams", args=[tournament.pk]), form)
    assert answer.status_code == 200
    assert "höchstens 60 Zeichen" in answer.content.decode()
    assert not Registration.objects.exclude(team="").exists()


def test_the_prize_list_reads_team_lines(organiser: Client) -> None:
    tournament = _night()
    answer = organiser.post(
        reverse("scoring:prizes", args=[tournament.pk]),
        {"lines": "1. 30 €\n1. Mannschaft: 40 €\nBeste Mannschaft: Pokal\n2. Mannschaft: 20 €"},
    )
    assert answer.status_code == 302
    kinds = [(p.kind, p.place, p.money) for p in tournament.prizes.order_by("pk")]
    assert kinds == [
        ("place", 1, Decimal(30)),
        ("team", 1, Decimal(40)),
        ("team", 1, Decimal(0)),
        ("team", 2, Decimal(20)),
    ]
    page = organiser.get(reverse("scoring:prizes", args=[tournament.pk])).content.decode()
    assert reverse("tournaments:teams", args=[tournament.pk]) in page


def test_a_night_without_teams_reads_no_more(
    organiser: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = _night()
    ranked = standings_selectors.standings(tournament=tournament)
    with django_assert_num_queries(0):
        assert team_standings(tournament=tournament, standings=ranked) == []
    _named(organiser, tournament)
    ranked = standings_selectors.standings(tournament=tournament)
    with django_assert_num_queries(1):  # the prize list
        assert len(team_standings(tournament=tournament, standings=ranked)) == 2


def test_the_night_file_keeps_the_teams(organiser: Client) -> None:
    tournament = _night()
    _named(organiser, tournament)
    data = json.loads(json.dumps(night_transfer.night_export(tournament=tournament), default=str))
    data["tournament"]["name"] = "Teamabend (zurück)"
    back = night_transfer.night_import(data)
    teams = sorted(back.registrations.exclude(team="").values_list("team", flat=True))
    assert teams == ["Prisdorf I"] * 4 + ["Prisdorf II"] * 4
