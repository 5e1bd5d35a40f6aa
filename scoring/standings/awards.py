"""The prize list as the allocation reads it, and each ranked player's award
(:mod:`scoring.standings.prize_allocation`): a night scored deal by deal (its seats, their best
game) or
one on its own pages (the race, Tippen: the board's rows)."""

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

from scoring.models import Prize
from scoring.standings import ranking
from scoring.standings.prize_allocation import Award, Contender, Kind, Line, allocate, categories
from tournaments.desk.fees import fees
from tournaments.models import Player, Seat, Tournament


def prize_rows(*, tournament: Tournament) -> list[Prize]:
    """The tournament's prize list as typed: the places from the top first (one query)."""
    rows = Prize.objects.filter(tournament=tournament).order_by("pk")
    return sorted(
        rows, key=lambda row: (row.kind != Kind.PLACE, row.kind == Kind.PLACE and row.place)
    )


def prize_lines(*, tournament: Tournament) -> list[Line]:
    """The tournament's prize list in the order it was typed (one query)."""
    return [prize.line() for prize in Prize.objects.filter(tournament=tournament).order_by("pk")]


def players_lines(lines: Sequence[Line]) -> list[Line]:
    """The lines players take: all but the teams' (scoring/standings/teams.py)."""
    return [line for line in lines if line.kind != Kind.TEAM]


def player_categories(player: Player, *, year: int) -> frozenset[str]:
    """A player's categories on a night of ``year`` (his directory's ticks and birth year)."""
    return categories(
        year=year,
        lady=player.lady,
        senior=player.senior,
        youth=player.youth,
        guest=player.guest,
        birth_year=player.birth_year,
        own=player.categories,
    )


def prizes_for_nobody(*, tournament: Tournament) -> list[Prize]:
    """The category prizes ("Beste Dame") no player of the night can take: none of the players
    checked in is of that category in the directory (two queries: the prize list, the
    players). The allocation gives such a line to nobody; the prize page says so."""
    rows = [row for row in prize_rows(tournament=tournament) if row.kind == Kind.CATEGORY]
    if not rows:
        return []
    year = tournament.date.year
    present: set[str] = set()
    for player in Player.objects.filter(
        registrations__tournament=tournament,
        registrations__checked_in_at__isnull=False,
        registrations__withdrawn_at__isnull=True,
    ):
        present |= player_categories(player, year=year)
    return [row for row in rows if row.category not in present]


def seat_awards(
    tournament: Tournament, ranked: Sequence[ranking.Ranked[Seat]]
) -> dict[Seat, Award[Seat]]:
    """Each ranked seat's award (one query: the prize list; the seats come with their
    players). A seat's best deal is his highest score as declarer, as the rule set scores it."""
    year = tournament.date.year
    contenders = [
        Contender(
            entry.figures.key,
            entry.place,
            player_categories(entry.figures.key.registration.player, year=year),
            entry.figures.best,
        )
        for entry in ranked
    ]
    lines = players_lines(prize_lines(tournament=tournament))
    awards = allocate(contenders, lines, several=tournament.prizes_several)
    return {award.key: award for award in awards}


def row_awards(tournament: Tournament, rows: Sequence[Any]) -> list[Award[int]]:
    """Each ranked row's award of a night on its own pages, keyed by its index in ``rows``
    (two queries: the prize list, the seats' players). Its rows name a table and a seat, and
    the series of that seat where the night has several."""
    year = tournament.date.year
    players = {
        (seat.series, seat.table.number, seat.position): player_categories(
            seat.registration.player, year=year
        )
        for seat in Seat.objects.filter(table__tournament=tournament).select_related(
            "table", "registration__player"
        )
    }
    contenders = [
        Contender(index, row.place, players.get(_seat_of(row), frozenset()))
        for index, row in enumerate(rows)
    ]
    lines = players_lines(prize_lines(tournament=tournament))
    return allocate(contenders, lines, several=tournament.prizes_several)


def _seat_of(row: Any) -> tuple[int, int, int]:
    """The seat a ranked row names: its series, table and seat."""
    return (getattr(row, "seat_series", 1), row.table, getattr(row, "seat", 0))


def fee_split_lines(*, tournament: Tournament, percentages: list[Decimal]) -> list[Line]:
    """The prize list a split of the entry fees gives: money for the places from the top as
    shares of the pot; the goods of those places and every other line as they are."""
    # The money in, as the cash report and the prize page say it (one reading of the fees).
    pot = fees(tournament=tournament).paid_total
    money = [
        Line(Kind.PLACE, prize.place, prize.money)
        for prize in ranking.percentage_prizes(pot, percentages)
    ]
    kept = []
    for line in prize_lines(tournament=tournament):
        if line.kind != Kind.PLACE:
            kept.append(line)
        elif line.goods:
            kept.append(Line(Kind.PLACE, line.rank, goods=line.goods))
    return sorted(money + kept, key=lambda line: (line.kind != Kind.PLACE, line.rank))
