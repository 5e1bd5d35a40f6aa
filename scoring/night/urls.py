"""The pages of a tournament that span both apps (scoring/night/views.py)."""

from django.urls import path

from scoring.night import views as night_views
from scoring.night_file import views as transfer_views
from seasons import player_views

app_name = "night"

urlpatterns = [
    path("tournaments/<id:pk>/home/", night_views.home, name="home"),
    path("tournaments/<id:pk>/print/", night_views.print_page, name="print"),
    path("tournaments/<id:pk>/history/", night_views.history, name="history"),
    # A player across nights: every night, his kinds of game, his seasons
    path("players/<id:pk>/nights/", player_views.player_nights, name="player"),
    # One night as a file, to move it to another installation
    path("tournaments/<id:pk>/export/", transfer_views.night_export, name="export"),
    path("tournaments/import/", transfer_views.night_import, name="import"),
    path(
        "tournaments/import/<uuid:import_id>/",
        transfer_views.night_import_status,
        name="import_status",
    ),
]
