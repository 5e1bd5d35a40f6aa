"""Each rule set counts its kinds of game over a player's seats (RulePages.statistics, for the
player's page): the counts are those of the deals read one by one, in one query a rule set."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from fipsen_rules.errors import FipsenError
from games.grossenaspe import statistics as grossenaspe
from games.mecklenburg import statistics as mecklenburg
from games.prisdorf import statistics as prisdorf
from games.thedinghausen.models import RaceDeal
from games.tippen.models import PotDeal
from scoring.demo import demo_night_play
from scoring.models import Deal
from scoring.statistics import kind_name
from tournaments import rule_pages
from tournaments.models import Seat

pytestmark = pytest.mark.django_db

PLAYERS = {
    "prisdorf": 8,
    "grossenaspe": 9,
    "ansegger": 8,
    "duttfips": 8,
    "thedinghausen": 10,
    "tippen": 8,
}
KINDS = {
    "prisdorf": (prisdorf.prisdorf_kinds, prisdorf.KINDS),
    "grossenaspe": (grossenaspe.aspe_kinds, grossenaspe.KINDS),
    "ansegger": (mecklenburg.mecklenburg_kinds, mecklenburg.KINDS),
    "duttfips": (mecklenburg.mecklenburg_kinds, mecklenburg.KINDS),
}


@pytest.mark.parametrize("rule_set", sorted(rule_pages.registered()))
def test_every_rule_set_counts_its_kinds(rule_set: str) -> None:
    assert rule_pages.registered()[rule_set].statistics is not rule_pages.no_statistics


def seats_of(rule_set: str) -> list[Seat]:
    night = demo_night_play(players=PLAYERS[rule_set], seed=11, deals=16, rule_set=rule_set)
    return list(Seat.objects.filter(table__tournament=night.tournament).select_related("table"))


def counted_of(rule_set: str, seats: list[Seat]) -> list[tuple[str, int, int | None]]:
    with CaptureQueriesContext(connection) as queries, translation.override("en"):
        found = rule_pages.registered()[rule_set].statistics([seat.pk for seat in seats])
        counted = [(str(count.kind), count.declared, count.won) for count in found]
    assert len(queries) == 1
    return counted


def expected_scored(rule_set: str, seats: list[Seat]) -> list[tuple[str, int, int | None]]:
    """The kinds counted from the deals one by one."""
    kinds_of, order = KINDS[rule_set]
    declared = dict.fromkeys(order, 0)
    won = dict.fromkeys(order, 0)
    for seat in seats:
        for deal in Deal.objects.filter(table=seat.table, declarer=seat.position):
            if deal.number is None or not deal.game:
                continue
            try:
                kinds = set(kinds_of(deal.game))
            except FipsenError:
                continue
            for kind in kinds:
                declared[kind] += 1
                won[kind] += deal.score > 0
    with translation.override("en"):
        return [(kind_name(kind), declared[kind], won[kind]) for kind in order if declared[kind]]


@pytest.mark.parametrize("rule_set", sorted(KINDS))
def test_a_scored_rule_set_counts_the_deals_declared(rule_set: str) -> None:
    seats = seats_of(rule_set)
    found = counted_of(rule_set, seats)
    assert found == expected_scored(rule_set, seats)
    assert found, "a demo night of 16 deals a table has games of some kind"
    one = seats[:1]
    assert counted_of(rule_set, one) == expected_scored(rule_set, one)


def test_the_race_counts_sweeps_and_announced_fipsen() -> None:
    seats = seats_of("thedinghausen")
    found = {kind: (declared, won) for kind, declared, won in counted_of("thedinghausen", seats)}
    sweeps = sum(seat.total.sweeps for seat in seats)
    announced = sum(
        RaceDeal.objects.filter(table=seat.table, announcer=seat.position).count() for seat in seats
    )
    assert found.get("Sweeps (all five tricks)") == ((sweeps, None) if sweeps else None)
    if announced:
        failed = sum(seat.total.failed for seat in seats)
        assert found["Fipsen announced"] == (announced, announced - failed)
    else:
        assert "Fipsen announced" not in found


def test_tippen_counts_the_taps() -> None:
    seats = seats_of("tippen")
    found = counted_of("tippen", seats)
    tapped = won = 0
    for seat in seats:
        for deal in PotDeal.objects.filter(table=seat.table):
            tricks = deal.taps[seat.position]
            if tricks is not None:
                tapped += 1
                alone = sum(t is not None for t in deal.taps) == 1
                won += alone or tricks > 0
    assert found[0] == ("Tapped", tapped, won)


def test_no_seats_count_nothing() -> None:
    for pages in rule_pages.registered().values():
        assert list(pages.statistics([])) == []
