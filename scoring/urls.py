from django.urls import path

from scoring import closing_views, organiser_views, paper_views, phone_views, views
from scoring.standings import board_views, cash_views, prize_views
from sitewide.url_helpers import named_by_view

app_name = "scoring"


urlpatterns = [
    # The table's link: no account, the token is the key
    *named_by_view(
        "t/<token:token>/",
        {
            "": views.table_entry,
            "preview/": views.table_preview,
            "sheet/": views.table_sheet,
            "deals/<id:deal_pk>/correct/": views.table_correct,
            "deals/<id:deal_pk>/preview/": views.table_correct_preview,
            "deals/<id:deal_pk>/confirm/": views.table_confirm,
            # A paper sheet typed in by the captain
            "paper/": paper_views.table_paper,
            # The phone reports in (static/js/table-link.js), and the page as an app
            "link/": phone_views.table_ping,
            "manifest.webmanifest": phone_views.table_manifest,
        },
    ),
    # A table's sheet, read only: the link the organiser may share after the night
    path("s/<token:sheet_token>/", views.shared_sheet, name="shared_sheet"),
    # The board for the projector in the hall: no account, a secret address, switched off
    # per tournament and dark after the night (unless it keeps the final ranking)
    path("board/<token:token>/", board_views.board, name="board"),
    # The organiser
    *named_by_view(
        "tournaments/<id:pk>/",
        {
            "dashboard/": organiser_views.dashboard,
            "standings/": organiser_views.standings,
            # The Generalprobe: which tables' phones reached the laptop
            "rehearsal/": phone_views.rehearsal,
            "prizes/": prize_views.prizes,
            "cash/": cash_views.cash,
            "tables/<id:table_pk>/sheet/": organiser_views.organiser_sheet,
            "deals/<id:deal_pk>/correct/": organiser_views.organiser_correct,
            "deals/<id:deal_pk>/preview/": organiser_views.organiser_correct_preview,
            "tables/<id:table_pk>/paper/": paper_views.organiser_paper,
            # The end of the night, each on a confirmation page
            "finish/": closing_views.finish,
            "reopen/": closing_views.reopen,
            "tables/<id:table_pk>/end/": closing_views.table_end,
            "tables/<id:table_pk>/resume/": closing_views.table_resume,
            "series/<int:series>/end/": closing_views.series_end,
        },
    ),
]
