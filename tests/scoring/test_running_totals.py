"""The running totals (issue 22.1): kept by the ledger with every entry and correction, for
every rule set, they equal a full recomputation from the deals; the standings, dashboard,
board and a table's sheet read them in as many queries at 200 tables as at 10."""

import datetime
import random
import uuid
from collections import defaultdict
from typing import Any

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fipsen_rules import FipsenError, dealer_of_deal
from games.thedinghausen import selectors as race_selectors
from games.thedinghausen import services as race_services
from games.thedinghausen.models import RaceDeal
from games.tippen import selectors as pot_selectors
from games.tippen import services as pot_services
from games.tippen.models import PotDeal
from scoring import selectors, services
from scoring.demo import demo_night_play
from scoring.models import Deal, declarer_only
from scoring.standings import selectors as standings_selectors
from tests.factories import UserFactory
from tournaments.ledger.entries import (
    table_totals_refresh,
    totals_backfill,
    tournament_totals_refresh,
)
from tournaments.ledger.totals import SeatTotal, TableTotal
from tournaments.models import Player, Registration, Seat, Table, Tournament
from tournaments.rule_choice import rules_of
from tournaments.services.common import new_token

pytestmark = pytest.mark.django_db

#: Every rule set the app plays, with a count of players its demo night seats.
NIGHTS = {
    "prisdorf": 8,
    "grossenaspe": 9,  # a table of five: its dealer sits out
    "ansegger": 8,
    "duttfips": 8,
    "thedinghausen": 10,
    "tippen": 8,
}
SCORED = ("prisdorf", "grossenaspe", "ansegger", "duttfips")


def recomputed(tournament: Tournament) -> dict[str, Any]:
    """What the standings show, made afresh from every deal (the sheets, the replays)."""
    if tournament.rule_set == "thedinghausen":
        races = race_selectors.table_races(tournament=tournament)
        return {
            "players": race_selectors.ranked_players(races),
            "tables": [(r.table.pk, r.evening.game_number, len(r.deals)) for r in races],
        }
    if tournament.rule_set == "tippen":
        pots = pot_selectors.table_pots(tournament=tournament)
        return {
            "players": pot_selectors.ranked_players(pots),
            "tables": [
                (p.table.pk, len(p.deals), p.ledger.current.pot, p.ledger.current.reserve)
                for p in pots
            ]
            + [(p.table.pk, p.dealer_name) for p in pots],
        }
    return {"seats": _scored_seats(tournament), "tables": _scored_tables(tournament)}


def kept(tournament: Tournament) -> dict[str, Any]:
    """The same as the pages read it: from the running totals."""
    if tournament.rule_set == "thedinghausen":
        return {
            "players": race_selectors.race_players(tournament=tournament),
            "tables": [
                (t.table.pk, t.game_number, t.entries)
                for t in race_selectors.race_tables(tournament=tournament)
            ],
        }
    if tournament.rule_set == "tippen":
        lines = pot_selectors.pot_tables(tournament=tournament)
        return {
            "players": pot_selectors.pot_players(tournament=tournament),
            "tables": [(t.table.pk, t.entries, t.pot, t.reserve) for t in lines]
            + [(t.table.pk, t.dealer_name) for t in lines],
        }
    seats = {
        s.seat.pk: (s.points, s.declared, s.won, s.lost, s.best, s.deals)
        for s in standings_selectors.standings(tournament=tournament)
    }
    tables = {
        table.pk: (table.played, table.last_entry)
        for table in selectors.tables_progress(tournament=tournament)
    }
    return {"seats": seats, "tables": tables}


def _scored_seats(tournament: Tournament) -> dict[int, tuple[Any, ...]]:
    """Each seat's figures from its table's sheet (points) and its deals as declarer."""
    figures = {}
    for sheet in selectors.table_sheets(tournament=tournament):
        played = [row.deal for row in sheet.rows if not row.deal.is_passed]
        for seat, total in sheet.standing:
            own = [deal for deal in played if deal.declarer == seat.position]
            figures[seat.pk] = (
                total,
                len(own),
                sum(1 for deal in own if deal.score > 0),
                sum(1 for deal in own if deal.score < 0 or deal.opponents_score > 0),
                max((deal.score for deal in own), default=None),
                len(played),
            )
    return figures


def _scored_tables(tournament: Tournament) -> dict[int, tuple[Any, ...]]:
    deals: dict[int, list[Deal]] = defaultdict(list)
    for deal in Deal.objects.filter(table__tournament=tournament):
        deals[deal.table_id].append(deal)
    return {
        table.pk: (
            sum(1 for deal in deals[table.pk] if not deal.is_passed),
            max((deal.created_at for deal in deals[table.pk]), default=None),
        )
        for table in Table.objects.filter(tournament=tournament)
    }


def corrected(tournament: Tournament, rng: random.Random, count: int = 4) -> int:
    """``count`` deals picked at random corrected by the organiser (what the rules refuse is
    left as it was); the corrections made."""
    organiser = UserFactory(is_staff=True)
    made = 0
    for _ in range(count):
        try:
            _correct_one(tournament, rng, organiser)
        except (ValidationError, FipsenError):
            continue
        made += 1
    return made


def _correct_one(tournament: Tournament, rng: random.Random, organiser: Any) -> None:
    if tournament.rule_set == "thedinghausen":
        race = rng.choice(list(RaceDeal.objects.filter(table__tournament=tournament)))
        counts = list(race.counts)
        rng.shuffle(counts)
        race_services.race_deal_correct(deal=race, counts=counts, user=organiser)
    elif tournament.rule_set == "tippen":
        pot = rng.choice(list(PotDeal.objects.filter(table__tournament=tournament)))
        taps = list(pot.taps)
        rng.shuffle(taps)
        pot_services.pot_deal_correct(deal=pot, taps=taps, user=organiser)
    else:
        deal = rng.choice(list(Deal.objects.filter(table__tournament=tournament, number__gt=0)))
        players = deal.table.seats.count()
        seats = [seat for seat in range(players) if players < 5 or seat != deal.dealer]
        services.deal_correct(
            deal=deal,
            declarer=rng.choice(seats),
            game=rules_of(tournament).parse(deal.game),
            user=organiser,
            reason="Falsch eingetragen",
        )


@pytest.mark.parametrize("rule_set", list(NIGHTS))
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_the_totals_equal_a_full_recomputation_after_entries_and_corrections(
    rule_set: str, seed: int
) -> None:
    night = demo_night_play(players=NIGHTS[rule_set], seed=seed, deals=6, rule_set=rule_set)
    tournament = night.tournament
    assert kept(tournament) == recomputed(tournament)
    corrected(tournament, random.Random(seed))  # noqa: S311 (a test's reproducible draw)
    assert kept(tournament) == recomputed(tournament)


def test_a_correction_moves_the_totals_at_once() -> None:
    night = demo_night_play(players=8, seed=3, deals=6)
    tournament = night.tournament
    organiser = UserFactory(is_staff=True)
    for _ in range(5):
        before = kept(tournament)
        deal = Deal.objects.filter(table__tournament=tournament, score__gt=0).first()
        assert deal is not None
        seats = deal.table.seats.count()
        services.deal_correct(
            deal=deal,
            declarer=(deal.declarer + 1) % seats,
            game=rules_of(tournament).parse(deal.game),
            user=organiser,
            reason="Falscher Spieler",
        )
        after = kept(tournament)
        assert after != before
        assert after == recomputed(tournament)


@pytest.mark.parametrize("rule_set", ["prisdorf", "thedinghausen", "tippen"])
def test_the_nights_from_before_the_totals_get_theirs_after_migrate(rule_set: str) -> None:
    tournament = demo_night_play(
        players=NIGHTS[rule_set], seed=2, deals=4, rule_set=rule_set
    ).tournament
    expected = kept(tournament)
    SeatTotal.objects.all().delete()
    TableTotal.objects.all().delete()
    assert kept(tournament) != expected

    totals_backfill()

    assert kept(tournament) == expected == recomputed(tournament)


def test_a_table_without_entries_has_nothing_yet() -> None:
    tournament = big_night(2, deals=0)
    standings = standings_selectors.standings(tournament=tournament)
    assert [(s.points, s.deals, s.declared, s.best) for s in standings] == [(0, 0, 0, None)] * 8
    table_totals_refresh(table=Table.objects.filter(tournament=tournament).first())
    assert not TableTotal.objects.exists()


# The same queries at 10 tables as at 200.


def big_night(tables: int, *, deals: int, rule_set: str = "prisdorf") -> Tournament:
    """A night in play of ``tables`` tables of four, made directly (not through the services:
    200 tables would take minutes), ``deals`` "2 gewonnen" at each scored table, the running
    totals made from them."""
    tournament = Tournament.objects.create(
        name="Kreisfipsen",
        date=datetime.date(2026, 11, 28),
        place="Halle",
        rule_set=rule_set,
        state=Tournament.State.PLAYING,
    )
    if rule_set != "prisdorf":
        Tournament.objects.filter(pk=tournament.pk).update(rule_options=_options(rule_set))
        tournament.refresh_from_db()
    players = Player.objects.bulk_create(
        Player(name=f"Spielerin {number:03d}", club="SC", name_key=f"spielerin {number:03d}")
        for number in range(tables * 4)
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, checked_in_at=tournament.created_at)
        for player in players
    )
    made = Table.objects.bulk_create(
        Table(tournament=tournament, number=n + 1, deals=100, first_dealer=0, token=new_token())
        for n in range(tables)
    )
    Seat.objects.bulk_create(
        Seat(table=made[index // 4], position=index % 4, registration=registration)
        for index, registration in enumerate(registrations)
    )
    if deals:
        Deal.objects.bulk_create([deal for table in made for deal in _deals(table, deals)])
        tournament_totals_refresh(tournament=tournament)
    return tournament


def _options(rule_set: str) -> dict[str, object]:
    from games.thedinghausen.rules import race_options
    from games.tippen.rules import tippen_options

    return race_options({}) if rule_set == "thedinghausen" else tippen_options({})


def _deals(table: Table, count: int) -> list[Deal]:
    return [
        Deal(
            table=table,
            sequence=number,
            number=number,
            dealer=dealer_of_deal(number, first_dealer=0, players=4),
            declarer=number % 4,
            game="2 gewonnen",
            score=2,
            **declarer_only(number % 4, 2),
            submission=uuid.uuid4(),
        )
        for number in range(1, count + 1)
    ]


def queries(client: Client, url: str) -> int:
    """The queries of a page asked for the second time (the board's cache emptied first)."""
    assert client.get(url).status_code == 200
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured)


def scored_pages(tournament: Tournament) -> dict[str, str]:
    board = reverse("scoring:board", args=[tournament.board_token])
    first = Table.objects.filter(tournament=tournament).order_by("number").first()
    assert first is not None
    return {
        "standings": reverse("scoring:standings", args=[tournament.pk]),
        "dashboard": reverse("scoring:dashboard", args=[tournament.pk]),
        "board": board,
        "board's tables": f"{board}?page=5",
        "sheet": reverse("scoring:organiser_sheet", args=[tournament.pk, first.pk]),
    }


def test_the_scored_pages_cost_the_same_queries_at_10_and_at_200_tables(
    organiser: Client,
) -> None:
    small = big_night(10, deals=2)
    large = big_night(200, deals=30)
    assert Deal.objects.filter(table__tournament=large).count() == 6000
    counts = {
        name: (queries(organiser, url), queries(organiser, scored_pages(large)[name]))
        for name, url in scored_pages(small).items()
    }
    assert all(at_10 == at_200 for at_10, at_200 in counts.values()), counts


@pytest.mark.parametrize("rule_set", ["thedinghausen", "tippen"])
def test_a_ledger_nights_pages_cost_the_same_queries_at_10_and_at_200_tables(
    organiser: Client, rule_set: str
) -> None:
    nights = [big_night(tables, deals=0, rule_set=rule_set) for tables in (10, 200)]
    for tournament in nights:  # a few deals at the first tables, through the services
        _ledger_deals(tournament)
    counts = []
    for tournament in nights:
        own = "races" if rule_set == "thedinghausen" else "pots"
        urls = [
            reverse(f"{own}:standings", args=[tournament.pk]),
            reverse("scoring:board", args=[tournament.board_token]),
        ]
        counts.append([queries(organiser, url) for url in urls])
    assert counts[0] == counts[1]
    assert kept(nights[1]) == recomputed(nights[1])


def _ledger_deals(tournament: Tournament) -> None:
    tables = list(Table.objects.filter(tournament=tournament).order_by("number")[:3])
    for table in tables:
        if tournament.rule_set == "thedinghausen":
            for sequence, counts in enumerate(([2, 1, 1, 1], [1, 2, 1, 1]), start=1):
                race_services.race_deal_record(table=table, sequence=sequence, counts=counts)
        else:
            for sequence, taps in enumerate(([2, 1, None, 0], [None, 0, None, None]), start=1):
                pot_services.pot_deal_record(table=table, sequence=sequence, taps=taps)
