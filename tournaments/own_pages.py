"""The pages of a rule set that is played on an app's own pages (the race, Tippen).

Such a rule set has no scored deal, so scoring's captain page, table sheet, standings and board
cannot show it. Its app registers its pages here when it starts (``AppConfig.ready``), keyed
by the rule set's name, as the night's links are (:mod:`tournaments.night_links`); scoring
asks :func:`own_pages_of` and hands over to them. This app knows none of those apps.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from django.http import HttpRequest, HttpResponse
from django_stubs_ext import StrOrPromise

from fipsen_rules import RULE_SETS
from tournaments.models import Seat, Table, Tournament
from tournaments.rule_choice import TournamentRules


class BoardRow(Protocol):
    """A player's row as the board shows it."""

    @property
    def place(self) -> int: ...
    @property
    def shared(self) -> bool: ...
    @property
    def name(self) -> str: ...
    @property
    def table(self) -> int: ...
    @property
    def points(self) -> int: ...


class CaptainPage(Protocol):
    """The captain's page of a table, read only when the tournament is finished."""

    def __call__(
        self, request: HttpRequest, table: Table, seats: list[Seat], *, token: str
    ) -> HttpResponse: ...


@dataclass(frozen=True)
class RankingColumn:
    """A column of the final ranking and the prize page, between the player and the prize.

    :param label: its heading.
    :param cell: a ranked row's cell, written as the standings write it.
    :param ranks: the column the places are made from (printed large).
    """

    label: StrOrPromise
    cell: Callable[[Any], str]
    ranks: bool = False


@dataclass(frozen=True)
class Ranking:
    """How the final ranking PDF and the prize page show the ranked rows of :attr:`OwnPages.board`.

    :param order: the line that says how the places are made.
    :param columns: after the place and the player.
    """

    order: StrOrPromise
    columns: tuple[RankingColumn, ...]


@dataclass(frozen=True)
class OwnPages:
    """What scoring hands over to.

    :param captain: the page the table's link opens.
    :param standings: the URL name of the standings (the tournament's pk).
    :param table_deals: the URL name of a table's deals and corrections (the tournament's
        pk, the table's).
    :param board: the ranked players, for the hall's board, the prize page and the final
        ranking PDF (places shared by ties share their prizes there).
    :param points_label: the board's points column.
    :param no_sheets: why scoring's scoresheet PDFs refuse the tournament.
    :param demo: plays a demo night's deals at every table; the deals entered.
    :param deals_name: the related name of a table's deals (``Count`` of the deals entered).
    :param ranking: the columns of the ranked rows on the prize page and the ranking PDF.
    """

    captain: CaptainPage
    standings: str
    table_deals: str
    board: Callable[[Tournament], Sequence[BoardRow]]
    points_label: StrOrPromise
    no_sheets: StrOrPromise
    demo: Callable[[Tournament, Any], int]
    deals_name: str
    ranking: Ranking


_pages: dict[str, OwnPages] = {}


def register(rule_set: str, pages: OwnPages) -> None:
    """Say which pages play ``rule_set``.

    :raises ValueError: a rule set that is not played on its own pages.
    """
    if rule_set not in RULE_SETS or RULE_SETS[rule_set].scores_deals:
        raise ValueError(f"The rule set {rule_set!r} is played on scoring's pages.")
    _pages[rule_set] = pages


def own_pages_of(tournament: TournamentRules) -> OwnPages | None:
    """The pages of the tournament's rule set, or None for a deal-scored one."""
    return _pages.get(tournament.rule_set)
