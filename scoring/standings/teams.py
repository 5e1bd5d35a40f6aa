"""Teams of four (PREISSKAT.md, "Money a Skat evening handles": team prizes in some clubs; for
every scored game). A club that ranks teams names each player's team on the tournament's
teams page (``Registration.team``). A team's figures are its four players' summed over the
evening (every series); the teams are ranked by them with the tournament's tie-break, equals
sharing the place, and the prize list's team lines ("1. Mannschaft: 40 €") go to the teams by
that ranking, a tie sharing as players do (:mod:`scoring.standings.prize_allocation`). A team
of other than four players is listed, not ranked."""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from scoring.standings.awards import prize_lines
from scoring.standings.prize_allocation import Award, Contender, Kind, Line, allocate
from scoring.standings.ranking import rank, summed, tie_break_of
from scoring.standings.selectors import Standing
from tournaments.desk.selectors import TEAM_SIZE
from tournaments.models import Tournament


@dataclass(frozen=True)
class TeamStanding:
    """A team: its name as first typed, its players (in the ranking's order) and their sum;
    its place and prize where it has four players."""

    name: str
    members: tuple[Standing, ...]
    points: int
    place: int | None = None
    shared: bool = False
    award: Award[str] | None = None

    @property
    def money(self) -> Decimal:
        return self.award.money if self.award else Decimal(0)

    @property
    def prize_names(self) -> tuple[str, ...]:
        return self.award.names if self.award else ()


def team_standings(*, tournament: Tournament, standings: Sequence[Standing]) -> list[TeamStanding]:
    """The teams of ``standings`` (the night's ranking), ranked ones first; none where no
    player has a team. One query (the prize list) where there are teams, none otherwise."""
    teams: dict[str, list[Standing]] = {}
    names: dict[str, str] = {}
    for standing in standings:
        name = team_name(standing.seat.registration.team)
        if name:
            names.setdefault(name.casefold(), name)
            teams.setdefault(name.casefold(), []).append(standing)
    if not teams:
        return []
    figures = [summed(names[key], members) for key, members in teams.items()]
    four = [f for f in figures if len(teams[f.key.casefold()]) == TEAM_SIZE]
    ranked = rank(four, tie_break_of(tournament))
    contenders = [Contender(entry.figures.key, entry.place) for entry in ranked]
    lines = team_lines(prize_lines(tournament=tournament))
    awards = {award.key: award for award in allocate(contenders, lines)}
    listed = [
        TeamStanding(
            entry.figures.key,
            tuple(teams[entry.figures.key.casefold()]),
            entry.figures.points,
            entry.place,
            entry.shared,
            awards[entry.figures.key],
        )
        for entry in ranked
    ]
    others = sorted((f for f in figures if f not in four), key=lambda f: f.key.casefold())
    return listed + [TeamStanding(f.key, tuple(teams[f.key.casefold()]), f.points) for f in others]


def team_name(typed: str) -> str:
    """A team's name as it is compared and shown: its words, one space apart."""
    return " ".join(typed.split())


def team_lines(lines: Sequence[Line]) -> list[Line]:
    """The prize list's team lines, as places among the teams."""
    return [
        Line(Kind.PLACE, line.rank, line.money, line.goods, label=line.label)
        for line in lines
        if line.kind == Kind.TEAM
    ]
