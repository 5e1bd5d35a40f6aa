from django.urls import path

from seasons import board_views, views

app_name = "seasons"

urlpatterns = [
    path("seasons/", views.season_list, name="list"),
    path("seasons/new/", views.season_create, name="create"),
    path("seasons/<id:pk>/", views.season_standings, name="standings"),
    path("seasons/<id:pk>/edit/", views.season_edit, name="edit"),
    path("seasons/<id:pk>/nights/", views.season_nights, name="nights"),
    path("seasons/<id:pk>/nights/<id:tournament_pk>/add/", views.season_night_add,
         name="night_add"),
    path("seasons/<id:pk>/nights/<id:tournament_pk>/remove/", views.season_night_remove,
         name="night_remove"),
    path("seasons/<id:pk>/standings.<str:file_format>", views.season_export, name="export"),
    path("seasons/<id:pk>/files/<str:kind>/", views.file_request, name="file_request"),
    # The board for the projector: no account, a secret address
    path("season-board/<token:token>/", board_views.season_board, name="board"),
]  # fmt: skip
