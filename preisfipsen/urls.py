"""The project's URLs: the apps, the language switch and the admin."""

from django.contrib import admin
from django.urls import include, path
from django.utils.translation import gettext_lazy as _

from scoring import worker_views
from scoring.night_file import backup_views
from tournaments.games import game_urls

admin.site.site_header = _("Preisfipsen administration")
admin.site.site_title = _("Preisfipsen")

urlpatterns = [
    path("", include("tournaments.urls")),
    path("", include("scoring.urls")),
    # The pages of each game that brings its own (games/*/urls.py).
    *(path("", include(module)) for module in game_urls()),
    path("", include("seasons.urls")),
    path("", include("evenings.urls")),
    path("", include("scoring.night.urls")),
    path("", include("printing.urls")),
    # A consistent copy of the whole database, for the organiser's USB stick
    path("backup/", backup_views.backup_download, name="backup_download"),
    # Django's set_language: the language switch in the page header posts here.
    # The service worker of the table's pages: at the root, so that its scope covers them
    path("sw.js", worker_views.service_worker, name="service_worker"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

# The error pages in the site's layout (preisfipsen/error_views.py); shown when DEBUG is off.
handler400 = "preisfipsen.error_views.bad_request"
handler403 = "preisfipsen.error_views.permission_denied"
handler404 = "preisfipsen.error_views.page_not_found"
handler500 = "preisfipsen.error_views.server_error"
