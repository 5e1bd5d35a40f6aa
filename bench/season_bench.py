"""The season's part of bench_standings.py: a season of 40 nights × 40 players (a club's year:
a pool of 48, 40 of them each night at 10 tables of four, a few guests), its standings page and
its board asked for at 3 nights and at 40. The season reads only each night's running totals
(SeatTotal), so the nights are made as the ledger leaves them (random points, no deals): what
the standings cost must not grow with the nights, and the queries must be the same.
"""

import datetime
import random
import secrets
from collections.abc import Callable

from django.test import Client
from django.urls import reverse

from seasons.models import Season, SeasonNight
from tournaments.ledger.totals import SeatTotal
from tournaments.models import Player, Registration, Seat, Table, Tournament
from tournaments.players.names import player_name_key

NIGHTS = 40
PLAYERS = 40
POOL = 48
GUESTS = 4

#: per_request(client, url, baseline_url) -> (median seconds, baseline's, queries)
PerRequest = Callable[[Client, str, str], tuple[float, float, int]]


def build_season(rng: random.Random, nights: int) -> Season:
    """A season of ``nights`` finished nights of 40 of the same 48 players."""
    pool = Player.objects.bulk_create(
        Player(name=f"Saison {index}", name_key=player_name_key(f"Saison {index}"),
               guest=index < GUESTS)
        for index in range(POOL)
    )  # fmt: skip
    season = Season.objects.create(name=f"Saison {nights}", best_of=max(nights * 3 // 4, 1),
                                   minimum=nights // 4, guests="apart")  # fmt: skip
    for number in range(nights):
        night = _night(rng, number, rng.sample(pool, PLAYERS))
        SeasonNight.objects.create(season=season, tournament=night)
    return season


def _night(rng: random.Random, number: int, players: list[Player]) -> Tournament:
    tournament = Tournament.objects.create(
        name=f"Clubabend {number + 1}",
        date=datetime.date(2027, 1, 8) + datetime.timedelta(weeks=number),
        state=Tournament.State.FINISHED,
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player) for player in players
    )
    tables = Table.objects.bulk_create(
        Table(tournament=tournament, number=index + 1, deals=48, first_dealer=0,
              token=secrets.token_urlsafe(18))
        for index in range(len(players) // 4)
    )  # fmt: skip
    seats = Seat.objects.bulk_create(
        Seat(table=tables[index // 4], position=index % 4, registration=registration)
        for index, registration in enumerate(registrations)
    )
    SeatTotal.objects.bulk_create(
        SeatTotal(seat=seat, points=rng.randrange(-400, 1600), declared=rng.randrange(5, 20),
                  won=rng.randrange(0, 5), lost=rng.randrange(0, 5), best=rng.randrange(20, 200))
        for seat in seats
    )  # fmt: skip
    return tournament


def measure_season(
    rng: random.Random, organiser: Client, hall: Client, per_request: PerRequest
) -> None:
    """The season's standings page and board at 3 nights and at 40: time and queries."""
    print(f"\nThe season: {PLAYERS} of {POOL} players a night, at 3 nights and at {NIGHTS}")
    print(f"  {'page':<34} {'median':>9} {'trivial':>9} {'ratio':>6} {'queries':>8}")
    queries = {}
    for nights in (3, NIGHTS):
        season = build_season(rng, nights)
        for name, client, url in (
            (f"standings, {nights} nights", organiser,
             reverse("seasons:standings", args=[season.pk])),
            (f"board, {nights} nights", hall, reverse("seasons:board", args=[season.board_token])),
        ):  # fmt: skip
            seconds, baseline, count = per_request(client, url, "/bench/ok/")
            queries[name.split(",")[0], nights] = count
            print(f"  {name:<34} {seconds * 1000:6.2f} ms {baseline * 1000:6.2f} ms"
                  f" {seconds / baseline:5.1f}x {count:>8}")  # fmt: skip
    for page in ("standings", "board"):
        same = queries[page, 3] == queries[page, NIGHTS]
        print(f"  {page}: queries at 3 and {NIGHTS} nights {'the same' if same else 'DIFFER'}")
