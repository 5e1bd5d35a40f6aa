"""The board for the projector in the hall: the standings and the tables' progress, page by page.

No login: the hall sees it, under an address with a secret of its own
(``Tournament.board_token``), so that nobody walks through every night's names by counting.
The organiser switches it off per tournament (``Tournament.board_enabled``); then it is a 404
that says so. Once the tournament is finished it goes dark the same way, or shows only the
final ranking if the organiser chose so (``Tournament.board_after_finish``). The page asks for
the next page itself every ``PAGE_SECONDS`` (htmx); without JavaScript a meta refresh does the same.
Every page of the night is reachable, however many players and tables (``?page=51`` of a
night of 800 players shows places 501 to 510).

Each page is a slice of the whole board, computed once per tournament for every page, both
forms of a page and every process of the server (scoring/standings/board_cache.py), and made afresh
by
one request after a deal is saved or corrected, at most every ``CHANGE_SECONDS``. Queries per
page: the tournament (is the board on?), and only when the board is made afresh the standings
and the tables' progress, whatever the number of deals.
"""

from dataclasses import dataclass

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from scoring.selectors import SeatingTable
from scoring.standings.board_cache import Board, BoardRow, TableLine, board_of
from tournaments.models import Tournament
from tournaments.rule_pages import pages_of

#: Places on one page of the standings, and tables on one page of the progress.
STANDINGS_PER_PAGE = 10
TABLES_PER_PAGE = 10
#: Tables of a new series' seating on one page, its players' names large enough for the back
#: of the hall.
SEATING_PER_PAGE = 4
#: How long a page stays before the next one.
PAGE_SECONDS = 15
#: How often a switched-off board looks whether it is switched on again.
OFF_SECONDS = 60


@dataclass(frozen=True)
class BoardPage:
    """One page of the board: a slice of the standings, or of the tables."""

    number: int
    count: int
    rows: tuple[BoardRow, ...] = ()
    tables: tuple[TableLine, ...] = ()
    #: A new series' seating ("Serie 2: Tisch 1 …"), announced before anything else.
    seating: tuple[SeatingTable, ...] = ()
    series: int = 1

    @property
    def next(self) -> int:
        return self.number % self.count + 1


def board_pages(board: Board, number: int) -> BoardPage:
    """Page ``number`` (from 1) of the standings' pages followed by the tables' pages, as many
    as the night has; a number out of range is page 1 (the count of pages may have changed
    since it was asked for). While a new series is seated, its seating alone, page by page."""
    if board.seating:
        count = _pages(len(board.seating), SEATING_PER_PAGE)
        number = number if 1 <= number <= count else 1
        start = (number - 1) * SEATING_PER_PAGE
        seating = board.seating[start : start + SEATING_PER_PAGE]
        return BoardPage(number, count, seating=seating, series=board.series)
    standings = _pages(len(board.rows), STANDINGS_PER_PAGE)
    count = max(standings + _pages(len(board.tables), TABLES_PER_PAGE), 1)
    number = number if 1 <= number <= count else 1
    if number <= standings:
        start = (number - 1) * STANDINGS_PER_PAGE
        return BoardPage(number, count, rows=board.rows[start : start + STANDINGS_PER_PAGE])
    start = (number - standings - 1) * TABLES_PER_PAGE
    return BoardPage(number, count, tables=board.tables[start : start + TABLES_PER_PAGE])


def _pages(items: int, per_page: int) -> int:
    return -(-items // per_page)


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
    # The whole board, made once for every page and process (scoring/standings/board_cache.py).
    board = board_of(tournament, language=get_language())
    page = board_pages(board, number)
    url = reverse("scoring:board", args=[tournament.board_token])
    pages = pages_of(tournament)
    own = pages.own
    context = {
        "points_label": own.points_label if own else _("Points"),
        "second": pages.second_figure,
        "prizes": board.prizes,  # after the night, who gets what beside the final ranking
        "tournament": tournament,
        "page": page,
        "next_url": f"{url}?page={page.next}",
        "seconds": PAGE_SECONDS,
        "updated": timezone.now(),
    }
    htmx = bool(request.htmx)  # type: ignore[attr-defined]
    return render(request, "scoring/_board.html" if htmx else "scoring/board.html", context)
