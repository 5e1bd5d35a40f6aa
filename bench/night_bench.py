"""The night the organiser's benches measure (bench_standings.py, bench_organiser_pages.py):
tables of four, 100 deals a table (with those where all passed, about 103 entries a table),
made directly, without the services (they would take minutes for 20,000 deals). The deals are
random legal games of ``scoring.demo`` scored by the rules module and bulk-created; then each
table's running totals are made from them as the ledger makes them after every entry
(:func:`tournaments.ledger.entries.tournament_totals_refresh`).

Imported after ``throwaway.django_setup``, as season_bench.py is.
"""

import datetime
import random
import secrets
import uuid

from fipsen_rules import PRISDORF, DealEntry
from games.prisdorf.demo import prisdorf_draw
from scoring.demo import GameDraw, demo_players
from scoring.models import Deal, Prize, seat_change_values
from tournaments.ledger.entries import tournament_totals_refresh
from tournaments.models import Player, Registration, Seat, Table, Tournament
from tournaments.players.names import player_name_key

#: The deals a table plays.
DEALS = 100


def build_pool(rng: random.Random, count: int, number: int) -> list[Player]:
    """``count`` players, the demo's made-up names with a number (more than it has)."""
    people = demo_players(rng, min(count, 200))
    players = []
    for index in range(count):
        name, club = people[index % len(people)]
        name = f"{name} {number}-{index}"
        players.append(Player(name=name, club=club, name_key=player_name_key(name)))
    return Player.objects.bulk_create(players[:count])


def build_night(
    rng: random.Random, number: int, tables: int, state: str = Tournament.State.FINISHED
) -> tuple[Tournament, int]:
    """A played night of ``tables`` tables of four, made directly (no services), its
    running totals made from its deals; its count of entries. ``state``: finished, or still
    playing (its tables' deals all played, the night not closed)."""
    tournament = Tournament.objects.create(
        name=f"Preisfipsen {number}",
        date=datetime.date(2020, 1, 3) + datetime.timedelta(weeks=number),
        place="Vereinsheim",
        state=state,
        entry_fee=10,
        board_after_finish=True,  # a finished night's board is dark otherwise: nothing to measure
    )
    made = seat_night(rng, tournament, build_pool(rng, tables * 4, number), tables)
    draw = prisdorf_draw(PRISDORF)
    deals = [deal for table in made for deal in deals_of_table(rng, draw, table)]
    Deal.objects.bulk_create(deals, batch_size=2000)
    tournament_totals_refresh(tournament=tournament)
    Prize.objects.bulk_create(
        Prize(tournament=tournament, place=place, money=money)
        for place, money in ((1, 160), (2, 100), (3, 60))
    )
    return tournament, len(deals)


def seat_night(
    rng: random.Random, tournament: Tournament, pool: list[Player], count: int
) -> list[Table]:
    """The players of ``pool`` registered, checked in and seated at ``count`` tables of four."""
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player, checked_in_at=tournament.created_at)
        for player in pool
    )
    tables = Table.objects.bulk_create(
        Table(
            tournament=tournament,
            number=index + 1,
            deals=DEALS,
            first_dealer=rng.randrange(4),
            token=secrets.token_urlsafe(18),
        )
        for index in range(count)
    )
    Seat.objects.bulk_create(
        Seat(table=tables[index // 4], position=index % 4, registration=registration)
        for index, registration in enumerate(registrations)
    )
    return tables


def deals_of_table(rng: random.Random, draw: GameDraw, table: Table) -> list[Deal]:
    """Every entry of the table's night (deals and all-passed), unsaved."""
    deals = []
    dealer, number_played, sequence = table.first_dealer, 0, 0
    while number_played < DEALS:
        sequence += 1
        declarer, game = draw.deal(rng, (0, 1, 2, 3))
        outcome = PRISDORF.evaluate(DealEntry(game, declarer=declarer), players=4)
        counts = outcome.counts_as_deal
        number_played += counts
        deals.append(
            Deal(
                table=table,
                sequence=sequence,
                number=number_played if counts else None,
                dealer=dealer,
                declarer=declarer,
                game=str(outcome.game),
                score=outcome.declarer_score,
                **seat_change_values(outcome.score_changes),
                submission=uuid.UUID(int=rng.getrandbits(128), version=4),
            )
        )
        dealer = (dealer + 1) % 4 if counts else dealer
    return deals
