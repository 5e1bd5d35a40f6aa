"""A demo night's race: every table plays a few games with random tricks, each deal tapped in
through the services as a captain would (checked by the rules), sweeps now and then."""

import random

from fipsen_rules import RaceState, race_fillers
from games.thedinghausen import selectors, services
from games.thedinghausen.screen import TapScreen
from tournaments.draw.tables import seats_of
from tournaments.models import Table, Tournament

#: Games each table plays in a demo night.
DEMO_GAMES = 3
#: How often a deal is swept: all five tricks to one player.
SWEEP_CHANCE = 0.06


def race_demo_play(tournament: Tournament, rng: random.Random, *, games: int = DEMO_GAMES) -> int:
    """Every table of the tournament plays ``games`` games; the count of deals entered."""
    entered = 0
    for table in Table.objects.filter(tournament=tournament).order_by("number"):
        seats = seats_of(table=table)
        names = [str(seat.position) for seat in seats]
        while True:
            race = selectors.table_race(table=table, seats=seats)
            won = sum(1 for game in race.evening.games if game.winner is not None)
            if won >= games:
                break
            taps = _deal_taps(rng, race.evening.current, names)
            services.race_deal_record(table=table, sequence=race.next_sequence, taps=taps)
            entered += 1
    return entered


def _deal_taps(rng: random.Random, game: RaceState, names: list[str]) -> list[int]:
    """The winners of a deal's tricks until it is complete (five, or a tenth trick)."""
    players = len(names)
    sweeper = rng.randrange(players) if rng.random() < SWEEP_CHANCE else None
    taps: list[int] = []
    while not TapScreen.of(game, names, taps).complete:
        taps.append(sweeper if sweeper is not None else rng.randrange(players))
    return taps


def race_demo_options(players: int) -> dict[str, object]:
    """A demo race fills up with tables of four where they seat its players, else with the
    tables of six that do (11: one)."""
    fillers = race_fillers(players)
    return {"filler": fillers[0]} if fillers and fillers != (5,) else {}
