"""The example lines of Preisskat's paper list help (:attr:`tournaments.rule_pages.PaperHelp`):
each game with the declarer's running total in his column, as the list keeps it."""

from fipsen_rules.preisskat_game import SkatGame, parse
from scoring.paper_help import short_name
from tournaments.models import Seat, Tournament

#: The example's deals: (the declarer's seat, None where all passed; the game as written).
_PLAYS = ((0, "Kreuz mit 2 gewonnen"), (None, "eingepasst"), (2, "Gr o1 H -"), (0, "He o1 -"))


def skat_example(seats: list[Seat], _tournament: Tournament, _vorhand: int) -> list[str]:
    """Four lines: a game written out, an eingepasst, a game as the list shortens it (by seat
    number), and the first player's second game, his column going on
    ("12. Anna Kreuz mit 2 gewonnen | 36", …, "15. Anna He o1 - | -4")."""
    columns = [0] * len(seats)
    lines = []
    for number, (seat, text) in enumerate(_PLAYS, 12):
        game = parse(text)
        if seat is None or not isinstance(game, SkatGame):
            lines.append(f"{number}. {text}")
            continue
        columns[seat] += game.points
        who = short_name(seats[seat], seats) if seat == 0 else str(seat + 1)
        lines.append(f"{number}. {who} {text} | {columns[seat]}")
    return lines
