from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm, SetPasswordForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from tournaments import selectors
from tournaments.services import organiser_password_change


def home(request: HttpRequest) -> HttpResponse:
    """The start page; an organiser sees the tournaments, the current one first, and starts a
    new one here, and tonight's boards. A player who lands here is sent to the QR code on his
    table card: the boards' addresses are secret, shown on the projector, not to every phone."""
    is_organiser = request.user.is_authenticated and request.user.is_staff
    tournaments = selectors.tournaments_current_first() if is_organiser else None
    boards = selectors.tournaments_on_board_today() if is_organiser else None
    context = {"tournaments": tournaments, "boards": boards}
    return render(request, "tournaments/home.html", context)


class OrganiserLoginForm(AuthenticationForm):
    """Django's login form, saying plainly that what was typed did not match (its own message
    reads as if the fields were empty)."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _lazy("The user name or the password is wrong. Check both and try again."),
    }


#: In the session of a login with the one-time password: the organiser has just typed it, so
#: the password change that follows does not ask for it again.
LOGGED_IN_WITH_ONE_TIME_KEY = "logged_in_with_the_one_time_key"


class LoginView(auth_views.LoginView):
    template_name = "tournaments/login.html"
    redirect_authenticated_user = True
    authentication_form = OrganiserLoginForm

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        response = super().form_valid(form)  # logs in: a new session, which keeps what is set
        if selectors.user_must_change_password(user=form.get_user()):
            self.request.session[LOGGED_IN_WITH_ONE_TIME_KEY] = True
        return response


def must_change_password(request: HttpRequest) -> bool:
    return selectors.user_must_change_password(user=request.user)


class PasswordChangeView(auth_views.PasswordChangeView):
    """Choosing a new password; also where the one-time password has to be replaced."""

    template_name = "tournaments/password_change.html"
    success_url = reverse_lazy("tournaments:home")

    def get_form_class(self) -> type[SetPasswordForm[Any]]:
        """Right after logging in with the one-time password, only the new one is asked for."""
        typed_at_login = self.request.session.get(LOGGED_IN_WITH_ONE_TIME_KEY)
        if typed_at_login and must_change_password(self.request):
            return SetPasswordForm
        return PasswordChangeForm

    def get_form(
        self, form_class: type[SetPasswordForm[Any]] | None = None
    ) -> SetPasswordForm[Any]:
        form: SetPasswordForm[Any] = super().get_form(form_class)
        if "old_password" in form.fields and must_change_password(self.request):
            # The first time, the "old" password is the one-time one `make run` printed.
            form.fields["old_password"].label = _("One-time password")
            form.fields["old_password"].help_text = _(
                "The one-time password that “make run” printed when it made your account."
            )
        return form

    def form_valid(self, form: SetPasswordForm[Any]) -> HttpResponse:
        organiser_password_change(user=form.user, password=form.cleaned_data["new_password1"])
        update_session_auth_hash(self.request, form.user)
        self.request.session.pop(LOGGED_IN_WITH_ONE_TIME_KEY, None)
        messages.success(self.request, _("Your new password is saved."))
        return HttpResponseRedirect(self.get_success_url())
