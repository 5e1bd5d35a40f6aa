from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments.views import account, files, night, players, tables

app_name = "tournaments"

#: One night's pages, below tournaments/<id>/: the desk (registration and check-in), the draw,
#: the tables.
night_patterns = [
    path("", night.night, name="night"),
    path("edit/", night.tournament_edit, name="tournament_edit"),
    path("register/", night.registration_add, name="registration_add"),
    path(
        "register-previous/",
        night.registrations_add_previous,
        name="registrations_add_previous",
    ),
    path("walk-in/", night.walk_in, name="walk_in"),
    path("registrations/<id:registration_pk>/check-in/", night.check_in, name="check_in"),
    path("registrations/<id:registration_pk>/withdraw/", night.withdraw, name="withdraw"),
    path("draw/", tables.draw, name="draw"),
    path("start/", tables.start, name="start"),
    path("tables/", tables.tables, name="tables"),
    path("swap/", tables.swap, name="swap"),
    path("tables/<id:table_pk>/new-link/", tables.reissue_link, name="reissue_link"),
    path("seats/<id:seat_pk>/leave/", tables.leave, name="leave"),
]

urlpatterns = [
    path("", account.home, name="home"),
    path("login/", account.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", account.PasswordChangeView.as_view(), name="password_change"),
    path("tournaments/new/", night.tournament_create, name="tournament_create"),
    path("tournaments/<id:pk>/", include(night_patterns)),
    # The night's PDFs, asked for here; their progress and download are printing's
    path("tournaments/<id:pk>/files/<slug:kind>/", files.file_request, name="file_request"),
    # The player directory
    path("players/", players.player_list, name="player_list"),
    path("players/new/", players.player_create, name="player_create"),
    path("players/<id:pk>/", players.player_edit, name="player_edit"),
    path("players/import/", players.players_import, name="players_import"),
]
