from django.urls import path

from evenings import views

app_name = "evenings"

urlpatterns = [
    path("card-nights/", views.card_night_list, name="list"),
    path("card-nights/new/", views.card_night_create, name="create"),
    path("card-nights/<id:pk>/", views.card_night_desk, name="desk"),
    path("card-nights/<id:pk>/cash/", views.card_night_cash, name="cash"),
    path("card-nights/<id:pk>/files/<str:kind>/", views.file_request, name="file_request"),
    path("card-nights/<id:pk>/tournaments/<id:tournament_pk>/take-in/",
         views.card_night_take_in, name="take_in"),
    path("card-nights/<id:pk>/tournaments/<id:tournament_pk>/take-out/",
         views.card_night_take_out, name="take_out"),
    path("card-nights/<id:pk>/tournaments/<id:tournament_pk>/players/<id:player_pk>/plays/",
         views.card_night_plays, name="plays"),
]  # fmt: skip
