"""A table's link: what it opens, and a finished tournament's link answered with the final
totals (read only, 410)."""

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import get_script_prefix, get_urlconf, reverse

from scoring import selectors
from tournaments.draw.tables import table_for_token
from tournaments.ledger.entry_outcomes import CLOSED, ENTRY_HEADER
from tournaments.links import TableLinkNotValid
from tournaments.models import Seat, Table
from tournaments.rule_pages import own_pages_of


@dataclass(frozen=True)
class ScreenLinks:
    """Where the captain's screen links to from a table's link: its page, the live preview,
    the whole sheet, the paper sheet typed in."""

    entry: str
    preview: str
    sheet: str
    paper: str


def screen_links(token: str) -> ScreenLinks:
    """The addresses of the captain's screen at the link ``token``, reversed once per process
    (the screen answers every save): by the URLconf and the script prefix they depend on."""
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return _screen_links(token, urlconf, get_script_prefix())


@functools.lru_cache(maxsize=1024)
def _screen_links(token: str, urlconf: str, prefix: str) -> ScreenLinks:
    def url(name: str) -> str:
        return reverse(f"scoring:{name}", args=[token], urlconf=urlconf)

    return ScreenLinks(
        url("table_entry"), url("table_preview"), url("table_sheet"), url("table_paper")
    )


class FinishedTableLink(Exception):
    """The link of a table whose tournament is finished: the same link as during play (a
    table keeps one printed link), now read only."""

    def __init__(self, table: Table, seats: list[Seat]) -> None:
        super().__init__(table.pk)
        self.table = table
        self.seats = seats


def table_of_link(token: str, *, own_page: bool = False) -> tuple[Table, list[Seat]]:
    """The table of a link and its seats; a revoked or unknown link opens nothing, nor does a
    link of a table played on its own pages (the race, Tippen) open a page of deal-scored
    tables (unless ``own_page``: the captain's page, which shows the table's own).

    :raises FinishedTableLink: the tournament is finished (see ``answers_finished_link``).
    """
    seated = table_for_token(token=token)
    if seated is None or (own_pages_of(seated[0].tournament) and not own_page):
        raise TableLinkNotValid
    if seated[0].tournament.is_finished:
        raise FinishedTableLink(*seated)
    return seated


def answers_finished_link(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A view of the table's link that answers a finished tournament's link with the final
    totals, read only, and takes nothing from it: 410, for every method. A phone that was
    open with htmx reloads the whole page to show it."""

    @functools.wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except FinishedTableLink as finished:
            return _finished_page(request, finished.table, finished.seats)

    return wrapper


def _finished_page(request: HttpRequest, table: Table, seats: list[Seat]) -> HttpResponse:
    own = own_pages_of(table.tournament)
    if own is not None:  # the race's tallies, Tippen's chips: read only
        response = own.captain(request, table, seats, token="")
        response.status_code = 410
        return response
    context = {
        "table": table,
        "tournament": table.tournament,
        "standing": list(zip(seats, selectors.seat_totals(table=table, seats=seats), strict=True)),
        "sheet_url": reverse("scoring:shared_sheet", args=[table.sheet_token]),
    }
    response = render(request, "scoring/table_retired.html", context, status=410)
    if request.method == "POST":  # a queued deal that came too late: the phone keeps it
        response[ENTRY_HEADER] = CLOSED
    if request.htmx:  # type: ignore[attr-defined]
        response["HX-Refresh"] = "true"  # the whole page, not a part of the entry screen
    return response
