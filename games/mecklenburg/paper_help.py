"""The example lines of the paper sheet help of Mecklenburg's games, Ansegger Fips and
Duttfips, each game scored by the club's own table (:attr:`tournaments.rule_pages.PaperHelp`)."""

from collections.abc import Sequence
from typing import cast

from fipsen_rules import Ansegger, Duttfips, MecklenburgGame
from scoring.paper_help import short_name
from tournaments.models import Seat, Tournament
from tournaments.rule_choice import rules_of


def ansegger_example(seats: list[Seat], tournament: Tournament, _vorhand: int) -> list[str]:
    """Ansegger Fips's three lines, scored by the club's own table: a Ruten game, a deal where
    all passed (dealt again: the same number) and a Fips by seat number
    ("57. Anna 3 Ruten gewonnen | 6 0 0 0")."""
    plays = [(0, "3 Ruten gewonnen", 57), (None, "alle gepasst", 58), (1, "Fips verloren", 58)]
    return _meck_lines(seats, tournament, plays)


def duttfips_example(seats: list[Seat], tournament: Tournament, vorhand: int) -> list[str]:
    """Duttfips's three lines, scored by the club's own table: the Dutt taken by Vorhand,
    "Ruten oewer" called by him the next deal (when he is no longer Vorhand) and a Fips."""
    plays = [(vorhand, "Dutt gewonnen", 57), (vorhand, "Ruten oewer verloren", 58),
             (2, "Fips gewonnen", 59)]  # fmt: skip
    return _meck_lines(seats, tournament, plays)


def _meck_lines(
    seats: list[Seat], tournament: Tournament, plays: Sequence[tuple[int | None, str, int]]
) -> list[str]:
    """Mecklenburg's lines, each game scored by the club's own table (a game it has no
    points for is left out)."""
    rules = cast("Ansegger | Duttfips", rules_of(tournament))
    totals = [0] * len(seats)
    lines = []
    for seat, text, number in plays:
        game = MecklenburgGame.parse(text)
        if seat is None:
            lines.append(f"{number}. {text} | " + " ".join(map(str, totals)))
            continue
        if rules.points.lookup(game) is None:  # a contract the club has no points for
            continue
        totals[seat] += rules.score(game)
        who = short_name(seats[seat], seats) if seat != 1 else str(seat + 1)
        lines.append(f"{number}. {who} {text} | " + " ".join(map(str, totals)))
    return lines
