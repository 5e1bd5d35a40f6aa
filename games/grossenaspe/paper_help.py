"""The example lines of Großenaspe's paper sheet help (:attr:`tournaments.rule_pages.PaperHelp`)."""

from scoring.paper_help import short_name
from tournaments.models import Seat, Tournament
from tournaments.rule_choice import rules_of


def aspe_example(seats: list[Seat], tournament: Tournament, _vorhand: int) -> list[str]:
    """Großenaspe's three lines: a beet (each opponent gains), a Fips by seat number, a Kieker
    given up; at a five, where its rules sit the dealer out, the dealer of each (seat 5, 1, 2)
    sits out and gains nothing ("57. Anna 3 Gute beet | 0 6 6 6 0")."""
    first, third = short_name(seats[0], seats), short_name(seats[2], seats)
    games = [f"{first} 3 Gute beet", "2 Fips gewonnen", f"{third} Kieker aufgegeben"]
    totals = (
        [[0, 6, 6, 6, 0], [0, 26, 6, 6, 0], [5, 26, 6, 11, 5]]
        if len(seats) in rules_of(tournament).dealer_sits_out_at
        else [[0, 6, 6, 6], [0, 26, 6, 6], [5, 31, 6, 11]]
    )
    return [
        f"{57 + index}. {game} | " + " ".join(map(str, deal))
        for index, (game, deal) in enumerate(zip(games, totals, strict=True))
    ]
