from django.urls import path

from games.thedinghausen import organiser_views, views

app_name = "races"

urlpatterns = [
    # The race's page of the table's link: scoring's /t/<token>/ shows it, its forms post here
    path("t/<token:token>/race/", views.race_entry, name="entry"),
    # The organiser
    path("tournaments/<id:pk>/race/standings/", organiser_views.standings, name="standings"),
    path("tournaments/<id:pk>/race/cash/", organiser_views.cash_box, name="cash_box"),
    path(
        "tournaments/<id:pk>/race/tables/<id:table_pk>/",
        organiser_views.table_deals,
        name="table_deals",
    ),
]
