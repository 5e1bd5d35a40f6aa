from collections.abc import Callable

from django.http import HttpResponse
from django.urls import URLPattern, path

from scoring import (
    board_views,
    closing_views,
    organiser_views,
    paper_views,
    prize_views,
    views,
)

app_name = "scoring"


def _organiser(route: str, view: Callable[..., HttpResponse], name: str) -> URLPattern:
    """A page of the organiser's, under the tournament's address."""
    return path(f"tournaments/<id:pk>/{route}", view, name=name)


def _table(route: str, view: Callable[..., HttpResponse], name: str) -> URLPattern:
    """A page of the table's link: no account, the token is the key."""
    return path(f"t/<token:token>/{route}", view, name=name)


urlpatterns = [
    # The table's link
    _table("", views.table_entry, "table_entry"),
    _table("preview/", views.table_preview, "table_preview"),
    _table("sheet/", views.table_sheet, "table_sheet"),
    _table("deals/<id:deal_pk>/correct/", views.table_correct, "table_correct"),
    _table("deals/<id:deal_pk>/preview/", views.table_correct_preview, "table_correct_preview"),
    _table("deals/<id:deal_pk>/confirm/", views.table_confirm, "table_confirm"),
    # A table's sheet, read only: the link the organiser may share after the night
    path("s/<token:sheet_token>/", views.shared_sheet, name="shared_sheet"),
    # The board for the projector in the hall: no account, a secret address, switched off
    # per tournament and dark after the night (unless it keeps the final ranking)
    path("board/<token:token>/", board_views.board, name="board"),
    # The organiser
    _organiser("dashboard/", organiser_views.dashboard, "dashboard"),
    _organiser("standings/", organiser_views.standings, "standings"),
    _organiser("prizes/", prize_views.prizes, "prizes"),
    _organiser("tables/<id:table_pk>/sheet/", organiser_views.organiser_sheet, "organiser_sheet"),
    _organiser(
        "deals/<id:deal_pk>/correct/", organiser_views.organiser_correct, "organiser_correct"
    ),
    _organiser(
        "deals/<id:deal_pk>/preview/",
        organiser_views.organiser_correct_preview,
        "organiser_correct_preview",
    ),
    # The end of the night, each on a confirmation page
    _organiser("finish/", closing_views.finish, "finish"),
    _organiser("reopen/", closing_views.reopen, "reopen"),
    _organiser("tables/<id:table_pk>/end/", closing_views.table_end, "table_end"),
    _organiser("tables/<id:table_pk>/resume/", closing_views.table_resume, "table_resume"),
    # Paper sheets typed in: the captain, and the organiser
    _table("paper/", paper_views.table_paper, "table_paper"),
    _organiser("tables/<id:table_pk>/paper/", paper_views.organiser_paper, "organiser_paper"),
]
