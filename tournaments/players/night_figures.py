"""Every player's figures of a night (all its series, or one), ranked as its rule set ranks:
what the series' total, the seeded draw, the season and the player's page read, for every rule
set alike, from the running totals (:mod:`tournaments.ledger.totals`) in one query however many
nights, tables or deals."""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import replace

from tournaments.models import Seat, Tournament
from tournaments.players.figures import Placed, PlayerFigures, summed
from tournaments.rule_pages import pages_of

#: A seat's running figures (:class:`tournaments.ledger.totals.SeatTotal`), as the players' figures
#: have them.
FIGURES = ("points", "declared", "won", "lost", "best", "cents", "sweeps", "failed")
BEST = FIGURES.index("best")


def night_figures(
    *, tournaments: Iterable[Tournament], series: int | None = None
) -> dict[int, list[PlayerFigures]]:
    """Each tournament's players (by pk) with their figures summed over their seats, of
    ``series`` only where given, keyed by the player's pk (one a night). A seat whose table
    has no deal yet counts nothing. One query."""
    nights = {tournament.pk for tournament in tournaments}
    seats = Seat.objects.filter(table__tournament__in=nights)
    if series is not None:
        seats = seats.filter(series=series)
    by_player: dict[tuple[int, int], list[PlayerFigures]] = defaultdict(list)
    rows = seats.values_list(
        "table__tournament_id",
        "registration__player_id",
        *(f"total__{figure}" for figure in FIGURES),
    )
    for tournament_id, player_id, *values in rows:
        # A seat without totals (its table has no deal yet) counts nothing.
        seat = PlayerFigures(player_id, **{f: v or 0 for f, v in zip(FIGURES, values, strict=True)})
        by_player[(tournament_id, player_id)].append(replace(seat, best=values[BEST]))
    found: dict[int, list[PlayerFigures]] = {pk: [] for pk in nights}
    for (tournament_id, player_id), totals in by_player.items():
        found[tournament_id].append(summed(player_id, totals))
    return found


def ranked_nights(
    *, tournaments: Sequence[Tournament], series: int | None = None
) -> dict[int, list[Placed]]:
    """Each tournament's players placed as its rule set ranks them (:attr:`RulePages.rank`),
    best first, keyed by the tournament's pk; ``Placed.figures.key`` is the player's pk."""
    figures = night_figures(tournaments=tournaments, series=series)
    return {
        tournament.pk: pages_of(tournament).rank(tournament, figures[tournament.pk])
        for tournament in tournaments
    }
