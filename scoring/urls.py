from django.urls import path

from scoring import board_views, paper_views, views

app_name = "scoring"

urlpatterns = [
    # The table's link: no account, the token is the key
    path("t/<str:token>/", views.table_entry, name="table_entry"),
    path("t/<str:token>/preview/", views.table_preview, name="table_preview"),
    path("t/<str:token>/sheet/", views.table_sheet, name="table_sheet"),
    path("t/<str:token>/deals/<int:deal_pk>/correct/", views.table_correct, name="table_correct"),
    path("t/<str:token>/deals/<int:deal_pk>/confirm/", views.table_confirm, name="table_confirm"),
    # The board for the projector in the hall: no account, switched off per tournament
    path("board/<int:pk>/", board_views.board, name="board"),
    # The organiser
    path("tournaments/<int:pk>/dashboard/", views.dashboard, name="dashboard"),
    path("tournaments/<int:pk>/standings/", views.standings, name="standings"),
    path("tournaments/<int:pk>/prizes/", views.prizes, name="prizes"),
    path(
        "tournaments/<int:pk>/tables/<int:table_pk>/sheet/",
        views.organiser_sheet,
        name="organiser_sheet",
    ),
    path(
        "tournaments/<int:pk>/deals/<int:deal_pk>/correct/",
        views.organiser_correct,
        name="organiser_correct",
    ),
    # Paper sheets typed in: the captain, and the organiser
    path("t/<str:token>/paper/", paper_views.table_paper, name="table_paper"),
    path(
        "tournaments/<int:pk>/tables/<int:table_pk>/paper/",
        paper_views.organiser_paper,
        name="organiser_paper",
    ),
]
