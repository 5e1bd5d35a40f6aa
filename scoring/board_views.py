"""The board for the projector in the hall: the standings and the tables' progress, page by page.

No login: the hall sees it, under an address with a secret of its own
(``Tournament.board_token``), so that nobody walks through every night's names by counting.
The organiser switches it off per tournament (``Tournament.board_enabled``); then it is a 404
that says so. Once the tournament is finished it goes dark the same way, or shows only the
final ranking if the organiser chose so (``Tournament.board_after_finish``). The page asks for
the next page itself every ``PAGE_SECONDS`` (htmx); without JavaScript a meta refresh does the same.
Queries per page: the tournament, the standings (four), the tables' progress (one), whatever
the number of deals; a page rendered in the last ``CACHE_SECONDS`` costs only the first.
"""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from fipsen_rules.signs import signed_total
from scoring import selectors
from scoring.own_prizes import final_prizes
from tournaments import rule_pages
from tournaments.models import Table, Tournament
from tournaments.rule_pages import RankingColumn, pages_of

#: Places on one page of the standings, and tables on one page of the progress.
STANDINGS_PER_PAGE = 10
TABLES_PER_PAGE = 10
#: How long a page stays before the next one.
PAGE_SECONDS = 15
#: How often a switched-off board looks whether it is switched on again.
OFF_SECONDS = 60
#: How long a rendered page is kept and served again. The projector and the players' phones
#: all ask for the same few pages; a page a few seconds behind the last deal goes unnoticed
#: on a board that turns every PAGE_SECONDS. Switching the board off still works at once.
CACHE_SECONDS = 5
#: More pages than any night has (40 players make 4 pages of standings and 1 of tables).
MAX_PAGES = 50


#: A row of the standings as the board shows it: a deal-scored night's, or an own-pages app's
#: (a race's points are its games won, Tippen's its chips).
Ranked = rule_pages.BoardRow


@dataclass(frozen=True)
class BoardRow:
    place: str
    name: str
    table: int
    points: str
    #: The rule set's second figure (a race's money, which ranks players with the same games
    #: won); empty at other nights.
    second: str = ""
    #: The prize, once the night is finished (scoring/own_prizes.py: final_prizes).
    prize: str = ""


@dataclass(frozen=True)
class BoardPage:
    """One page of the board: a slice of the standings, or of the tables."""

    number: int
    count: int
    rows: tuple[BoardRow, ...] = ()
    tables: tuple[Table, ...] = ()

    @property
    def next(self) -> int:
        return self.number % self.count + 1


def board_pages(
    standings: Sequence[Ranked],
    tables: Sequence[Table],
    number: int,
    second: RankingColumn | None = None,
    prizes: Sequence[str] = (),
) -> BoardPage:
    """Page ``number`` (from 1) of the standings' pages followed by the tables' pages; a number
    out of range is page 1 (the count of pages may have changed since it was asked for)."""
    rows = [_row(standing, second) for standing in standings]
    if prizes:
        rows = [replace(row, prize=prize) for row, prize in zip(rows, prizes, strict=True)]
    pages = [
        BoardPage(0, 0, rows=tuple(rows[start : start + STANDINGS_PER_PAGE]))
        for start in range(0, len(rows), STANDINGS_PER_PAGE)
    ] + [
        BoardPage(0, 0, tables=tuple(tables[start : start + TABLES_PER_PAGE]))
        for start in range(0, len(tables), TABLES_PER_PAGE)
    ]
    pages = pages or [BoardPage(0, 0)]
    number = number if 1 <= number <= len(pages) else 1
    chosen = pages[number - 1]
    return BoardPage(number, len(pages), rows=chosen.rows, tables=chosen.tables)


def _row(standing: Ranked, second: RankingColumn | None = None) -> BoardRow:
    return BoardRow(
        place=f"{standing.place}. =" if standing.shared else f"{standing.place}.",
        name=standing.name,
        table=standing.table,
        points=signed_total(standing.points),
        second=second.cell(standing) if second else "",
    )


def board_is_dark(tournament: Tournament) -> bool:
    """Switched off, or the night is over and the organiser keeps no final ranking on it."""
    if not tournament.board_enabled:
        return True
    return tournament.is_finished and not tournament.board_after_finish


def board(request: HttpRequest, token: str) -> HttpResponse:
    """A page of the board: the whole page, or (htmx) the part that replaces the last one."""
    # Every time: switching off (or finishing) is at once.
    tournament = get_object_or_404(Tournament, board_token=token)
    if board_is_dark(tournament):
        url = reverse("scoring:board", args=[tournament.board_token])
        context = {"tournament": tournament, "url": url, "seconds": OFF_SECONDS}
        response = render(request, "scoring/board_off.html", context, status=404)
        if request.htmx:  # type: ignore[attr-defined]
            response["HX-Refresh"] = "true"  # the whole page, so that it says it is off
        return response
    try:
        number = int(request.GET.get("page", "1"))
    except ValueError:
        number = 1
    if not 1 <= number <= MAX_PAGES:
        number = 1  # and not kept under a key of its own: any number cannot fill the cache
    htmx = bool(request.htmx)  # type: ignore[attr-defined]
    key = f"scoring:board:{tournament.pk}:{tournament.state}:{number}:{htmx:d}:{get_language()}"
    content = cache.get(key)
    if content is None:
        content = _render_page(request, tournament, number, htmx=htmx)
        cache.set(key, content, CACHE_SECONDS)
    return HttpResponse(content)


def _render_page(request: HttpRequest, tournament: Tournament, number: int, *, htmx: bool) -> str:
    url = reverse("scoring:board", args=[tournament.board_token])
    # The board shows no names per table: the seats need not be fetched. After the night it
    # shows the final ranking alone.
    pages = pages_of(tournament)
    own = pages.own
    tables = (
        []
        if tournament.is_finished or own  # the race, Tippen: no number of deals
        else list(selectors.tables_progress(tournament=tournament).prefetch_related(None))
    )
    ranked: Sequence[Ranked] = (
        own.board(tournament) if own else selectors.standings(tournament=tournament)
    )
    # After the night, who gets what beside the final ranking.
    prizes = final_prizes(tournament, ranked) if tournament.is_finished else ()
    page = board_pages(ranked, tables, number, pages.second_figure, prizes)
    context = {
        "points_label": own.points_label if own else _("Points"),
        "second": pages.second_figure,
        "prizes": bool(prizes),
        "tournament": tournament,
        "page": page,
        "next_url": f"{url}?page={page.next}",
        "seconds": PAGE_SECONDS,
        "updated": timezone.now(),
    }
    template = "scoring/_board.html" if htmx else "scoring/board.html"
    return render_to_string(template, context, request)
