from django.contrib.auth import views as auth_views
from django.urls import path

from tournaments.views import account

app_name = "tournaments"

urlpatterns = [
    path("", account.home, name="home"),
    path("login/", account.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", account.PasswordChangeView.as_view(), name="password_change"),
]
