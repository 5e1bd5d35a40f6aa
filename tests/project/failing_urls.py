"""The project's URLs plus a page that fails, for the tests of the 500 page."""

from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.urls import path

from preisfipsen.urls import handler400, handler403, handler404, handler500, urlpatterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


def database_page(request: HttpRequest) -> HttpResponse:
    """A page that reads the database (which the test takes away)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return HttpResponse("read")


urlpatterns = [*urlpatterns, path("needs-the-database/", database_page)]
