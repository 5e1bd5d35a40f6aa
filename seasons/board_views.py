"""The season's board for the projector: its standings, ten places a page, turning every
``PAGE_SECONDS`` (htmx; without JavaScript a meta refresh), read afresh each page, so that it
follows a night of the season while it is played. No login: an address with its own secret
(``Season.board_token``). Three queries a page, whatever the number of nights."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from seasons import selectors

#: Places on one page, and how long a page stays.
ROWS_PER_PAGE = 10
PAGE_SECONDS = 15


def season_board(request: HttpRequest, token: str) -> HttpResponse:
    """A page of the season's board: the whole page, or (htmx) the part that replaces it."""
    season = selectors.season_by_token(token)
    if season is None:
        raise Http404
    table = selectors.season_table(season)
    rows = table.standings.ranked + table.standings.guests
    count = max(-(-len(rows) // ROWS_PER_PAGE), 1)
    try:
        number = int(request.GET.get("page", "1"))
    except ValueError:
        number = 1
    number = number if 1 <= number <= count else 1
    start = (number - 1) * ROWS_PER_PAGE
    url = reverse("seasons:board", args=[token])
    context = {
        "table": table,
        "rows": table.named(rows[start : start + ROWS_PER_PAGE]),
        "number": number,
        "count": count,
        "next_url": f"{url}?page={number % count + 1}",
        "seconds": PAGE_SECONDS,
        "updated": timezone.now(),
    }
    htmx = bool(request.htmx)  # type: ignore[attr-defined]
    return render(request, "seasons/_board.html" if htmx else "seasons/board.html", context)
