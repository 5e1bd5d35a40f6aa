from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import PasswordChangeForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _

from tournaments import selectors
from tournaments.services import organiser_password_change


def home(request: HttpRequest) -> HttpResponse:
    """The start page; an organiser sees the tournaments, the current one first, and starts a
    new one here. A player who lands here is sent to the QR code on his table card."""
    is_organiser = request.user.is_authenticated and request.user.is_staff
    tournaments = selectors.tournaments_current_first() if is_organiser else None
    context = {"tournaments": tournaments, "boards": selectors.tournaments_on_board_today()}
    return render(request, "tournaments/home.html", context)


class LoginView(auth_views.LoginView):
    template_name = "tournaments/login.html"
    redirect_authenticated_user = True


class PasswordChangeView(auth_views.PasswordChangeView):
    """Choosing a new password; also where the one-time password has to be replaced."""

    template_name = "tournaments/password_change.html"
    success_url = reverse_lazy("tournaments:home")

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        organiser_password_change(user=form.user, password=form.cleaned_data["new_password1"])
        update_session_auth_hash(self.request, form.user)
        messages.success(self.request, _("Your new password is saved."))
        return HttpResponseRedirect(self.get_success_url())
