from django.contrib.auth import views as auth_views
from django.urls import path

from sitewide.url_helpers import named_by_view
from tournaments.desk import night_views as night
from tournaments.desk import team_views
from tournaments.desk import views as desk
from tournaments.draw import series_views as series
from tournaments.draw import views as tables
from tournaments.ledger import views as receipts
from tournaments.players import directory_views as directory
from tournaments.players import views as players
from tournaments.views import account, files, points

app_name = "tournaments"


urlpatterns = [
    path("", account.home, name="home"),
    path("login/", account.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", account.PasswordChangeView.as_view(), name="password_change"),
    path("tournaments/new/", night.tournament_create, name="tournament_create"),
    # One night: the desk (registration and check-in), the draw, the tables
    *named_by_view(
        "tournaments/<id:pk>/",
        {
            "": night.night,
            "rules/": night.tournament_rules,
            "rules/points/": points.tournament_points,
            "edit/": night.tournament_edit,
            "register/": night.registration_add,
            "register-ticked/": desk.registrations_add_ticked,
            "walk-in/": night.walk_in,
            "registrations/<id:registration_pk>/check-in/": night.check_in,
            "registrations/<id:registration_pk>/arrive/": desk.arrive,
            "registrations/<id:registration_pk>/fee/": desk.fee,
            "registrations/<id:registration_pk>/withdraw/": night.withdraw,
            "teams/": team_views.teams,
            "draw/": tables.draw,
            "start/": tables.start,
            # The next series drawn, the latest drawn again before its first deal
            "series/draw/": series.series_draw,
            "series/redraw/": series.series_redraw,
            "tables/": tables.tables,
            "swap/": tables.swap,
            "tables/<id:table_pk>/new-link/": tables.reissue_link,
            "seats/<id:seat_pk>/leave/": tables.leave,
            # The night's PDFs, asked for here; their progress and download are printing's
            "files/<slug:kind>/": files.file_request,
            # A receipt typed from a phone or a sheet, checked against the stored deals
            "receipts/": receipts.receipt_check,
        },
    ),
    # The player directory
    *named_by_view(
        "players/",
        {
            "": players.player_list,
            "new/": players.player_create,
            "<id:pk>/": players.player_edit,
            "import/": players.players_import,
            "duplicates/": directory.player_duplicates,
            "<id:pk>/merge/<id:other>/": directory.player_merge,
            "<id:pk>/retire/": directory.player_retire,
            "<id:pk>/reinstate/": directory.player_reinstate,
        },
    ),
]
