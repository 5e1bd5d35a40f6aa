"""A demo night's Tippen: every table plays a few rounds of random deals, each entered
through the services as a captain would (checked by the rules): all passed now and then, a
lone tapper now and then, else two or more tappers sharing the three tricks."""

import random

from games.tippen import selectors, services
from tournaments.draw.tables import seats_of
from tournaments.models import Table, Tournament

#: Each player deals this often in a demo night.
DEMO_ROUNDS = 3
ALL_PASSED_CHANCE = 0.12
LONE_CHANCE = 0.12


def pot_demo_play(tournament: Tournament, rng: random.Random, *, rounds: int = DEMO_ROUNDS) -> int:
    """Every table of the tournament plays ``rounds`` rounds; the count of deals entered."""
    entered = 0
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        seats = seats_of(table=table)
        start = selectors.table_pot(table=table, seats=seats).next_sequence
        for sequence in range(start, rounds * len(seats) + 1):
            taps = demo_taps(rng, len(seats))
            services.pot_deal_record(table=table, sequence=sequence, taps=taps)
            entered += 1
    return entered


def demo_taps(rng: random.Random, players: int) -> list[int | None]:
    """One deal's entries: None for who passed, the tricks of who tapped."""
    taps: list[int | None] = [None] * players
    chance = rng.random()
    if chance < ALL_PASSED_CHANCE:
        return taps
    if chance < ALL_PASSED_CHANCE + LONE_CHANCE:
        taps[rng.randrange(players)] = 0
        return taps
    tappers = rng.sample(range(players), rng.randint(2, players))
    for seat in tappers:
        taps[seat] = 0
    for _trick in range(3):
        seat = rng.choice(tappers)
        taps[seat] = (taps[seat] or 0) + 1
    return taps
