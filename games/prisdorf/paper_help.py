"""The example lines of Prisdorf's paper sheet help (:attr:`tournaments.rule_pages.PaperHelp`)."""

from scoring.paper_help import short_name
from tournaments.models import Seat, Tournament


def prisdorf_example(seats: list[Seat], _tournament: Tournament, _vorhand: int) -> list[str]:
    """Three lines as the help writes them, for this table: its players' first names, one
    total for each seat ("57. Anna 3 Hand verloren | -12 0 0")."""
    names = [short_name(seat, seats) for seat in seats[:2]]
    totals = [[-12, 0], [-12, 10], [-12, 4]]
    games = [f"{names[0]} 3 Hand verloren", "2 5 +", f"{names[1]} -6"]
    return [
        f"{57 + index}. {game} | " + " ".join(map(str, [*deal, *[0] * (len(seats) - 2)]))
        for index, (game, deal) in enumerate(zip(games, totals, strict=True))
    ]
