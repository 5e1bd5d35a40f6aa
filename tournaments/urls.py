from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.views import account, files, night, players

app_name = "tournaments"

urlpatterns = [
    path("", account.home, name="home"),
    path("login/", account.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", account.PasswordChangeView.as_view(), name="password_change"),
    # The night: tournament, registration and check-in, the draw, the tables
    path("tournaments/new/", night.tournament_create, name="tournament_create"),
    path("tournaments/<id:pk>/", night.night, name="night"),
    path("tournaments/<id:pk>/edit/", night.tournament_edit, name="tournament_edit"),
    path("tournaments/<id:pk>/register/", night.registration_add, name="registration_add"),
    path(
        "tournaments/<id:pk>/register-previous/",
        night.registrations_add_previous,
        name="registrations_add_previous",
    ),
    path("tournaments/<id:pk>/walk-in/", night.walk_in, name="walk_in"),
    path(
        "tournaments/<id:pk>/registrations/<id:registration_pk>/check-in/",
        night.check_in,
        name="check_in",
    ),
    path(
        "tournaments/<id:pk>/registrations/<id:registration_pk>/withdraw/",
        night.withdraw,
        name="withdraw",
    ),
    path("tournaments/<id:pk>/draw/", night.draw, name="draw"),
    path("tournaments/<id:pk>/start/", night.start, name="start"),
    path("tournaments/<id:pk>/tables/", night.tables, name="tables"),
    path("tournaments/<id:pk>/swap/", night.swap, name="swap"),
    path(
        "tournaments/<id:pk>/tables/<id:table_pk>/new-link/",
        night.reissue_link,
        name="reissue_link",
    ),
    path("tournaments/<id:pk>/seats/<id:seat_pk>/leave/", night.leave, name="leave"),
    # The night's PDFs (table cards, seating list): request, progress, download
    path("tournaments/<id:pk>/files/<slug:kind>/", files.file_request, name="file_request"),
    path("files/<uuid:file_id>/", files.file_status, name="file_status"),
    path("files/<uuid:file_id>/download/", files.file_download, name="file_download"),
    # The player directory
    path("players/", players.player_list, name="player_list"),
    path("players/new/", players.player_create, name="player_create"),
    path("players/<id:pk>/", players.player_edit, name="player_edit"),
    path("players/import/", players.players_import, name="players_import"),
]
