from django.urls import path

from games.tippen import organiser_views, views

app_name = "pots"

urlpatterns = [
    # Tippen's page of the table's link: scoring's /t/<token>/ shows it, its forms post here
    path("t/<token:token>/tippen/", views.pot_entry, name="entry"),
    # The organiser
    path("tournaments/<id:pk>/tippen/standings/", organiser_views.standings, name="standings"),
    path(
        "tournaments/<id:pk>/tippen/tables/<id:table_pk>/",
        organiser_views.table_deals,
        name="table_deals",
    ),
]
