"""A table in play, and deals entered through the services as a captain would."""

import uuid

from fipsen_rules import Game
from scoring import selectors, services
from scoring.models import Deal
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.models import Table


def playing_table(*, players: int = 4, deals: int = 100, **options: object) -> Table:
    """The single table of a night with ``players`` players, play started."""
    key = "deals_at_four" if players == 4 else "deals_at_three"
    tournament = night(present=players, **{key: deals}, **options)
    tournament_services.tournament_draw(tournament=tournament, seed=11)
    tournament_services.tournament_start(tournament=tournament)
    return Table.objects.select_related("tournament").get(tournament=tournament)


def enter(table: Table, declarer: int | None, game: str, written: int | None = None) -> Deal:
    """Enter the table's next deal."""
    return services.deal_record(
        table=table,
        sequence=selectors.next_deal(table=table).sequence,
        submission=uuid.uuid4(),
        declarer=declarer,
        game=Game.parse(game),
        written_value=written,
    )
