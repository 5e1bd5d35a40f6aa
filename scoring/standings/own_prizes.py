"""The prizes of a night played on its own pages (the race, SPEC C4; Tippen): its players
ranked as its standings rank them (:attr:`tournaments.rule_pages.OwnPages.board`: the race by
games won, then money; Tippen by chips), the tournament's prize list shared among tied players
as on any night (:func:`scoring.standings.ranking.award`). The race's standings ask for them through
:mod:`races.prizes`; the prize page shows who gets what and the final ranking PDF prints it,
each in the columns the app registers (:class:`tournaments.rule_pages.Ranking`)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django_stubs_ext import StrOrPromise

from scoring.standings.awards import row_awards
from scoring.standings.tables import award_text, prize_text
from tournaments.models import Tournament
from tournaments.rule_pages import BoardRow, RankingColumn, own_pages_of


def prize_texts(tournament: Tournament, rows: Sequence[BoardRow]) -> list[str]:
    """Each of the ranked ``rows``' prize as the standings write it (two queries)."""
    return [
        award_text(award.money, award.names, shared=award.shared, reasons=award.reasons)
        for award in row_awards(tournament, rows)
    ]


def final_prizes(tournament: Tournament, rows: Sequence[Any]) -> list[str]:
    """Each ranked row's prize as the standings write it, for the board at the end: a night
    scored deal by deal has them in its standings (no query), one on its own pages asks (two)."""
    if own_pages_of(tournament) is None:
        return [prize_text(row) for row in rows]
    return prize_texts(tournament, rows)


@dataclass(frozen=True)
class Cell:
    text: str
    ranks: bool  # its column makes the places: printed large


@dataclass(frozen=True)
class AwardRow:
    """A ranked player as the prize page and the ranking PDF write him."""

    place: int
    shared: bool
    name: str
    cells: list[Cell]  # the registered columns' (Ranking.columns)
    prize: str
    #: A night of several series: his ranking figure in each (None where he had no seat).
    series: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class Awards:
    """Who gets what at a night played on its own pages, in the order of its standings."""

    order: StrOrPromise
    columns: tuple[RankingColumn, ...]
    rows: list[AwardRow]


def own_awards(*, tournament: Tournament) -> Awards | None:
    """The night's players ranked by its own pages, each with his prize (four queries); None
    for a night scored deal by deal (its standings are scoring's)."""
    own = own_pages_of(tournament)
    if own is None:
        return None
    rows = own.board(tournament)
    columns = own.ranking.columns
    return Awards(
        order=own.ranking.order,
        columns=columns,
        rows=[
            AwardRow(
                row.place,
                row.shared,
                row.name,
                [Cell(column.cell(row), column.ranks) for column in columns],
                text,
                getattr(row, "series", ()),
            )
            for row, text in zip(rows, prize_texts(tournament, rows), strict=True)
        ],
    )
