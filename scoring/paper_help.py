"""The example lines of the paper sheet's help, for the table at hand: its players' first
names and the totals each rule set writes (registered with the rule set's pages,
:attr:`tournaments.rule_pages.RulePages.paper_help`; the help's words are its template)."""

from collections.abc import Sequence
from typing import cast

from fipsen_rules import Ansegger, Duttfips, MecklenburgGame
from tournaments.models import Seat, Tournament
from tournaments.rule_choice import rules_of


def prisdorf_example(seats: list[Seat], _tournament: Tournament, _vorhand: int) -> list[str]:
    """Three lines as the help writes them, for this table: its players' first names, one
    total for each seat ("57. Anna 3 Hand verloren | -12 0 0")."""
    names = [_short_name(seat, seats) for seat in seats[:2]]
    totals = [[-12, 0], [-12, 10], [-12, 4]]
    games = [f"{names[0]} 3 Hand verloren", "2 5 +", f"{names[1]} -6"]
    return [
        f"{57 + index}. {game} | " + " ".join(map(str, [*deal, *[0] * (len(seats) - 2)]))
        for index, (game, deal) in enumerate(zip(games, totals, strict=True))
    ]


def aspe_example(seats: list[Seat], tournament: Tournament, _vorhand: int) -> list[str]:
    """Großenaspe's three lines: a beet (each opponent gains), a Fips by seat number, a Kieker
    given up; at a five, where its rules sit the dealer out, the dealer of each (seat 5, 1, 2)
    sits out and gains nothing ("57. Anna 3 Gute beet | 0 6 6 6 0")."""
    first, third = _short_name(seats[0], seats), _short_name(seats[2], seats)
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
        who = _short_name(seats[seat], seats) if seat != 1 else str(seat + 1)
        lines.append(f"{number}. {who} {text} | " + " ".join(map(str, totals)))
    return lines


def _short_name(seat: Seat, seats: list[Seat]) -> str:
    """The first word of the seat's name if it names no one else, else the whole name."""
    name = seat.registration.player.name
    first = name.split()[0] if name.split() else name
    others = [s.registration.player.name for s in seats if s is not seat]
    return name if any(other.split()[:1] == [first] for other in others) else first
