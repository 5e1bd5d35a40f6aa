"""Nights of a season built straight into the database: the players' seats and their running
totals (what the season reads), without playing deals."""

import datetime
import itertools
from collections.abc import Mapping, Sequence

from tournaments.ledger.totals import SeatTotal
from tournaments.models import Player, Registration, Seat, Table, Tournament, new_token
from tournaments.states import TournamentState

_days = itertools.count(1)


def players(count: int, *, guests: Sequence[int] = ()) -> list[Player]:
    """``count`` players in the directory (those at ``guests``' indices guests)."""
    start = Player.objects.count()
    return list(
        Player.objects.bulk_create(
            Player(name=f"Spieler {start + n:03d}", name_key=f"spieler {start + n:03d}",
                   guest=n in guests)
            for n in range(count)
        )
    )  # fmt: skip


def played_night(
    points: Mapping[Player, int], *, rule_set: str = "prisdorf", started: bool = True
) -> Tournament:
    """A night in play where each player has ``points`` (tables of four, in the given order)."""
    day = next(_days)
    tournament = Tournament.objects.create(
        name=f"Abend {day}",
        date=datetime.date(2027, 1, 1) + datetime.timedelta(days=day),
        rule_set=rule_set,
        tie_break="",
        state=TournamentState.PLAYING if started else TournamentState.REGISTRATION,
    )
    order = list(points)
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player) for player in order
    )
    tables = Table.objects.bulk_create(
        Table(tournament=tournament, number=n + 1, deals=48, first_dealer=1, token=new_token())
        for n in range((len(order) + 3) // 4)
    )
    seats = Seat.objects.bulk_create(
        Seat(table=tables[i // 4], position=i % 4 + 1, registration=registration)
        for i, registration in enumerate(registrations)
    )
    SeatTotal.objects.bulk_create(
        SeatTotal(seat=seat, points=points[player])
        for seat, player in zip(seats, order, strict=True)
    )
    return tournament
