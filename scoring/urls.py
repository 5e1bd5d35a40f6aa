from django.urls import path

from scoring import board_views, closing_views, paper_views, views

app_name = "scoring"

urlpatterns = [
    # The table's link: no account, the token is the key
    path("t/<token:token>/", views.table_entry, name="table_entry"),
    path("t/<token:token>/preview/", views.table_preview, name="table_preview"),
    path("t/<token:token>/sheet/", views.table_sheet, name="table_sheet"),
    path("t/<token:token>/deals/<id:deal_pk>/correct/", views.table_correct, name="table_correct"),
    path(
        "t/<token:token>/deals/<id:deal_pk>/preview/",
        views.table_correct_preview,
        name="table_correct_preview",
    ),
    path("t/<token:token>/deals/<id:deal_pk>/confirm/", views.table_confirm, name="table_confirm"),
    # A table's sheet, read only: the link the organiser may share after the night
    path("s/<token:sheet_token>/", views.shared_sheet, name="shared_sheet"),
    # The board for the projector in the hall: no account, a secret address, switched off
    # per tournament and dark after the night (unless it keeps the final ranking)
    path("board/<token:token>/", board_views.board, name="board"),
    # The organiser
    path("tournaments/<id:pk>/dashboard/", views.dashboard, name="dashboard"),
    path("tournaments/<id:pk>/standings/", views.standings, name="standings"),
    path("tournaments/<id:pk>/prizes/", views.prizes, name="prizes"),
    path(
        "tournaments/<id:pk>/tables/<id:table_pk>/sheet/",
        views.organiser_sheet,
        name="organiser_sheet",
    ),
    path(
        "tournaments/<id:pk>/deals/<id:deal_pk>/correct/",
        views.organiser_correct,
        name="organiser_correct",
    ),
    path(
        "tournaments/<id:pk>/deals/<id:deal_pk>/preview/",
        views.organiser_correct_preview,
        name="organiser_correct_preview",
    ),
    # The end of the night, each on a confirmation page
    path("tournaments/<id:pk>/finish/", closing_views.finish, name="finish"),
    path("tournaments/<id:pk>/reopen/", closing_views.reopen, name="reopen"),
    path(
        "tournaments/<id:pk>/tables/<id:table_pk>/end/",
        closing_views.table_end,
        name="table_end",
    ),
    path(
        "tournaments/<id:pk>/tables/<id:table_pk>/resume/",
        closing_views.table_resume,
        name="table_resume",
    ),
    # Paper sheets typed in: the captain, and the organiser
    path("t/<token:token>/paper/", paper_views.table_paper, name="table_paper"),
    path(
        "tournaments/<id:pk>/tables/<id:table_pk>/paper/",
        paper_views.organiser_paper,
        name="organiser_paper",
    ),
]
