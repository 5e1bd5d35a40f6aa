"""`manage.py demo_night`: a complete night, every deal as the rules score it, reproducible."""

import io
import random
from collections import Counter

import pytest
from django.core.management import CommandError, call_command, load_command_class
from django.utils import translation

from fipsen_rules import PRISDORF, DealEntry, Game, GameKind, Prisdorf
from games.prisdorf.demo import prisdorf_draw
from scoring.demo import MAX_PLAYERS, demo_players
from scoring.models import Deal, DealChange, Prize
from tournaments.models import Player, Registration, Seat, Table, Tournament
from tournaments.rule_choice import playable


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("demo_night", *args, stdout=out)
    return out.getvalue()


def _night(tournament: Tournament) -> list[tuple[object, ...]]:
    """Everything a night is made of, without database ids: seats and deals."""
    seats = (
        Seat.objects.filter(table__tournament=tournament)
        .order_by("table__number", "position")
        .values_list(
            "table__number", "position", "registration__player__name", "registration__player__club"
        )
    )
    deals = (
        Deal.objects.filter(table__tournament=tournament)
        .order_by("table__number", "sequence")
        .values_list("table__number", "sequence", "number", "dealer", "declarer", "game", "score")
    )
    return [*seats, *deals]


@pytest.mark.django_db
def test_a_night_of_13_players_is_complete_and_every_deal_scores_by_the_rules() -> None:
    output = _run("--players", "13", "--seed", "5")

    tournament = Tournament.objects.get()
    assert tournament.state == Tournament.State.PLAYING
    assert Registration.objects.filter(checked_in_at__isnull=False).count() == 13
    tables = list(Table.objects.filter(tournament=tournament).order_by("number"))
    assert [table.deals for table in tables] == [100, 120, 120, 120]
    for table in tables:
        seats = list(table.seats.order_by("position").values_list("position", flat=True))
        deals = list(Deal.objects.filter(table=table).order_by("sequence"))
        played = [deal.number for deal in deals if deal.number is not None]
        assert played == list(range(1, table.deals + 1)), f"{table} did not play every deal"
        for deal in deals:
            declarer = None if deal.declarer is None else seats.index(deal.declarer)
            entry = DealEntry(Game.parse(deal.game), declarer=declarer)
            outcome = PRISDORF.evaluate(entry, players=len(seats))
            assert outcome.declarer_score == deal.score, f"{table}, entry {deal.sequence}"
    # Entered like a real entry: each one logged, each dealt by the right dealer.
    assert (
        DealChange.objects.filter(action=DealChange.Action.ENTERED).count() == Deal.objects.count()
    )
    assert Deal.objects.filter(number__isnull=True).exists(), "no deal where all passed"
    assert Prize.objects.filter(tournament=tournament).count() == 5
    assert f"Turnier {tournament.pk}, „{tournament.name}“: 13 Spieler an 4 Tischen" in output
    for url in (
        f"/tournaments/{tournament.pk}/dashboard/",
        f"/tournaments/{tournament.pk}/standings/",
        f"/board/{tournament.board_token}/",
    ):
        assert url in output


@pytest.mark.django_db
def test_the_same_seed_makes_the_same_night_again() -> None:
    _run("--players", "7", "--deals", "12", "--seed", "42")
    _run("--players", "7", "--deals", "12", "--seed", "42")
    first, second = Tournament.objects.order_by("pk")
    assert _night(second) == _night(first)
    # The directory's demo players are taken again rather than doubled.
    assert Player.objects.count() == 7


@pytest.mark.django_db
def test_another_seed_makes_another_night() -> None:
    _run("--players", "7", "--deals", "12", "--seed", "42")
    _run("--players", "7", "--deals", "12", "--seed", "43")
    first, second = Tournament.objects.order_by("pk")
    assert _night(second) != _night(first)


@pytest.mark.django_db
def test_deals_cuts_the_night_and_name_names_it() -> None:
    _run("--players", "6", "--deals", "3", "--name", "Probelauf")
    tournament = Tournament.objects.get()
    assert tournament.name == "Probelauf"
    assert Deal.objects.filter(number__isnull=False).count() == 6


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("players", "message"),
    [
        (1, "1 Spieler kann nicht gesetzt werden; ein Abend braucht mindestens 3."),
        (2, "2 Spieler können nicht gesetzt werden; ein Abend braucht mindestens 3."),
        (5, "5 Spieler können nicht an Vierer- und Dreiertische gesetzt werden; nehmen Sie 4"),
        (0, "ein Abend braucht mindestens 3"),
        (MAX_PLAYERS + 1, f"höchstens {MAX_PLAYERS} Spieler"),
    ],
)
def test_a_count_that_cannot_be_seated_stops_with_a_reason_and_makes_nothing(
    players: int, message: str
) -> None:
    with pytest.raises(CommandError, match=message):
        _run("--players", str(players))
    assert not Tournament.objects.exists()
    assert not Player.objects.exists()


@pytest.mark.django_db
def test_no_deals_stops_with_a_reason_and_makes_nothing() -> None:
    with pytest.raises(CommandError, match="mindestens ein Spiel"):
        _run("--players", "4", "--deals", "0")
    assert not Tournament.objects.exists()


# The games: pure, no database


def test_the_games_are_legal_and_mostly_plain_twos_and_threes() -> None:
    draw = prisdorf_draw(PRISDORF)
    rng = random.Random(1)  # noqa: S311
    allowed = set(PRISDORF.games())
    kinds: Counter[str] = Counter()
    for _ in range(20_000):
        declarer, game = draw.deal(rng, (0, 1, 2, 3))
        if game.kind is GameKind.PASSED:
            assert declarer is None
            kinds["passed"] += 1
            continue
        assert game in allowed
        assert declarer in (0, 1, 2, 3)
        if game.kind is GameKind.NUMBER and not (game.hand or game.ruten or game.durch):
            kinds["plain"] += 1
        kinds[game.kind] += 1
    assert kinds["plain"] > 10_000
    assert 200 < kinds["passed"] < 1_000
    assert 0 < kinds[GameKind.SIEBENER_FIPS] < 100
    assert kinds[GameKind.KIEKER] < 1_000


def test_with_minimum_bid_3_no_two_is_played() -> None:
    draw = prisdorf_draw(Prisdorf(min_bid=3))
    rng = random.Random(2)  # noqa: S311
    games = [draw.deal(rng, (0, 1, 2))[1] for _ in range(2_000)]
    assert all(g.tricks != 2 for g in games if g.kind is GameKind.NUMBER)


def test_demo_players_have_different_names() -> None:
    people = demo_players(random.Random(3), MAX_PLAYERS)  # noqa: S311
    assert len({name for name, _ in people}) == MAX_PLAYERS


@pytest.mark.django_db
def test_the_rules_are_named_and_the_night_plays_them() -> None:
    output = _run("--players", "4", "--seed", "3", "--deals", "2", "--rules", "prisdorf")
    tournament = Tournament.objects.get()
    assert tournament.rule_set == "prisdorf"
    assert "--rules" not in output  # the default needs no flag to play the night again


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["skat", "karo"])
def test_rules_the_app_cannot_play_are_refused_with_the_ones_it_can(name: str) -> None:
    with pytest.raises(CommandError) as error:
        _run("--players", "4", "--rules", name)
    offered = ", ".join(playable())
    assert (
        str(error.value) == f"Die App kann die Regeln „{name}“ nicht spielen; sie kann: {offered}."
    )
    assert not Tournament.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("rules", playable())
def test_the_summary_is_one_sentence_a_line(rules: str) -> None:
    """The German summary once ran on into the race's note on leaving a table, at every rule
    set (a stray line in the catalogue, issue 18)."""
    lines = _run("--rules", rules, "--deals", "2", "--seed", "3").splitlines()
    assert lines[1].endswith("(Seed 3).")
    assert lines[2] == ""
    assert not any("aufhören" in line for line in lines)


def test_its_help_is_in_german() -> None:
    """Like the command's output: English in the code, German in the catalogue."""
    with translation.override("de"):
        text = " ".join(
            load_command_class("scoring", "demo_night")
            .create_parser("manage.py", "demo_night")
            .format_help()
            .split()
        )
    assert "Ein Demo-Abend" in text
    for english in ("Play a demo night", "How many", "The same seed", "Deals per table",
                    "The tournament's name", "The rule set"):  # fmt: skip
        assert english not in text
