"""`manage.py demo_night --series N` (scoring/demo.py): a night of several series through the
services: the first played, each next drawn (series 2 seeded by the standings, later ones by
lot avoiding earlier tablemates) and played, for every rule set; reproducible from its seed."""

import io

import pytest
from django.core.management import CommandError, call_command

from scoring.demo import demo_night_play
from tournaments.ledger.totals import TableTotal
from tournaments.models import SeriesDraw, Table, Tournament
from tournaments.rule_choice import playable
from tournaments.rule_pages import pages_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("german")]


def _run(*args: str) -> str:
    out = io.StringIO()
    call_command("demo_night", *args, stdout=out)
    return out.getvalue()


def test_a_demo_of_two_series_plays_both_and_seeds_the_second() -> None:
    output = _run("--players", "16", "--deals", "6", "--series", "2", "--seed", "3")

    tournament = Tournament.objects.get()
    assert tournament.series_count == 2
    tables = Table.objects.filter(tournament=tournament)
    assert sorted(set(tables.values_list("series", flat=True))) == [1, 2]
    for total in TableTotal.objects.filter(table__tournament=tournament).select_related("table"):
        assert total.played == total.table.deals, f"{total.table} did not play every deal"
    drawn = SeriesDraw.objects.get(tournament=tournament)
    assert (drawn.number, drawn.method) == (2, SeriesDraw.Way.SEEDED)
    assert "16 Spieler, 2 Serien an insgesamt 8 Tischen" in output
    assert "--series 2" in output


def test_a_third_series_avoids_earlier_tablemates() -> None:
    night = demo_night_play(players=16, seed=9, deals=4, series=3)
    methods = SeriesDraw.objects.filter(tournament=night.tournament).order_by("number")
    assert list(methods.values_list("number", "method")) == [
        (2, SeriesDraw.Way.SEEDED),
        (3, SeriesDraw.Way.AVOIDING),
    ]
    assert night.series == 3
    assert night.deals == 3 * 4 * 4


@pytest.mark.parametrize("rule_set", playable())
def test_every_rule_set_plays_a_demo_of_two_series(rule_set: str) -> None:
    night = demo_night_play(players=16, seed=4, deals=4, rule_set=rule_set, series=2)
    tournament = night.tournament
    assert set(Table.objects.filter(tournament=tournament).values_list("series", flat=True)) == {
        1,
        2,
    }
    if not pages_of(tournament).counts_deals:  # a race, Tippen: each series' tables ended
        ended = Table.objects.filter(tournament=tournament, ended_early_at__isnull=False)
        assert set(ended.values_list("series", flat=True)) == {1}


def test_the_same_seed_makes_the_same_two_series_again() -> None:
    def seating(tournament: Tournament) -> list[tuple[int, int, int, str]]:
        return sorted(
            Table.objects.filter(tournament=tournament).values_list(
                "series", "number", "seats__position", "seats__registration__player__name"
            )
        )

    first = demo_night_play(players=12, seed=21, deals=3, series=2, name="Eins").tournament
    second = demo_night_play(players=12, seed=21, deals=3, series=2, name="Zwei").tournament
    assert seating(first) == seating(second)


@pytest.mark.parametrize("series", ["0", "7"])
def test_a_count_of_series_no_night_plays_is_refused_and_nothing_made(series: str) -> None:
    with pytest.raises(CommandError, match="1 bis 6 Serien"):
        _run("--players", "8", "--deals", "4", "--series", series)
    assert not Tournament.objects.exists()
