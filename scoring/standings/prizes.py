"""What a night's prizes give, for every rule set: the money paid out (for the cash box) and
the goods handed over (listed, not summed)."""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from scoring.standings.awards import row_awards
from scoring.standings.prize_allocation import Gain
from scoring.standings.selectors import standings
from scoring.standings.teams import team_standings
from tournaments.models import Tournament
from tournaments.rule_pages import own_pages_of


@dataclass(frozen=True)
class PrizesGiven:
    """The night's prizes as they are awarded by the standings of now."""

    #: The money of every prize awarded (a tie's share each: the cents left over stay).
    money: Decimal
    #: The goods awarded, each once (a tie's goods go to the group together).
    goods: tuple[str, ...]


def prizes_given(*, tournament: Tournament) -> PrizesGiven:
    """The money and the goods of the night's prizes as awarded by its standings (the
    standings' queries, or the own pages' board and two more)."""
    own = own_pages_of(tournament)
    if own is None:
        ranked = standings(tournament=tournament)
        gains: list[Sequence[Gain]] = [standing.prize_gains for standing in ranked]
        teams = team_standings(tournament=tournament, standings=ranked)
        gains += [team.award.gains for team in teams if team.award]
    else:
        rows = own.board(tournament)
        gains = [award.gains for award in row_awards(tournament, rows)]
    money = sum((gain.money for each in gains for gain in each), Decimal(0))
    goods: dict[int, Gain] = {}
    for each in gains:
        for gain in each:
            goods.setdefault(id(gain), gain)  # one Gain for a whole tied group
    return PrizesGiven(money, tuple(g for gain in goods.values() for g in gain.goods))
