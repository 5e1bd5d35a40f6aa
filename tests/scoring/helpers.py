"""A table in play, and deals entered through the services as a captain would (or, for a long
sheet made fast, bulk-created: `deals_played`, which the benchmarks in bench/ use too)."""

import uuid

from fipsen_rules import Game, dealer_of_deal
from scoring import selectors, services
from scoring.models import Deal, declarer_only
from tests.tournaments.night_helpers import night
from tournaments import services as tournament_services
from tournaments.draw.services import tournament_draw
from tournaments.ledger.entries import table_totals_refresh
from tournaments.models import Table, Tournament


def playing_table(
    *, players: int = 4, deals: int = 100, played: int = 0, **options: object
) -> Table:
    """The single table of a night with ``players`` players, play started, ``played`` deals
    already on its sheet (`deals_played`)."""
    key = "deals_at_four" if players == 4 else "deals_at_three"
    tournament = night(present=players, **{key: deals}, **options)
    tournament_draw(tournament=tournament, seed=11)
    tournament_services.tournament_start(tournament=tournament)
    table = Table.objects.select_related("tournament").get(tournament=tournament)
    deals_played(table, played)
    return table


def deals_played(table: Table, count: int) -> None:
    """``count`` deals "2 gewonnen" on the table's sheet, the declarer going round, in one insert.

    Skips the services (a thousand deals entered one by one take minutes): for tests and
    benchmarks of what a long sheet costs, not of the entering.
    """
    players = table.seats.count()
    Deal.objects.bulk_create(
        Deal(
            table=table,
            sequence=number,
            number=number,
            dealer=dealer_of_deal(number, first_dealer=table.first_dealer, players=players),
            declarer=number % players,
            game="2 gewonnen",
            score=2,
            **declarer_only(number % players, 2),
            submission=uuid.uuid4(),
        )
        for number in range(1, count + 1)
    )
    table_totals_refresh(table=table)


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


def aspe_night(players: int, **options: bool) -> Tournament:
    """A Großenaspe night with ``players`` checked in, drawn (seed 5) and started. Switched to
    Großenaspe in the database: no form offers it while its screens are being built."""
    tournament = night(present=players)
    Tournament.objects.filter(pk=tournament.pk).update(
        rule_set="grossenaspe", rule_options={"kloppen": False, **options}
    )
    tournament.refresh_from_db()
    tournament_draw(tournament=tournament, seed=5)
    tournament_services.tournament_start(tournament=tournament)
    return tournament


def meck_night(
    rule_set: str, players: int = 4, points: dict[str, list[int]] | None = None
) -> Tournament:
    """An Ansegger or Duttfips night with ``players`` checked in, the club's ``points`` (the
    app's example table if None) saved, drawn (seed 5) and started."""
    from tournaments.club_points import example_points

    tournament = night(present=players, rule_set=rule_set)
    tournament_services.tournament_points_set(
        tournament=tournament, points=points or example_points(rule_set)
    )
    tournament_draw(tournament=tournament, seed=5)
    tournament_services.tournament_start(tournament=tournament)
    return tournament
