from django.contrib import messages
from django.contrib.auth import update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm, PasswordChangeForm
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from tournaments import selectors
from tournaments.services import organiser_password_change


def home(request: HttpRequest) -> HttpResponse:
    """The start page; an organiser sees the tournaments, the current one first, and starts a
    new one here. A player who lands here is sent to the QR code on his table card."""
    is_organiser = request.user.is_authenticated and request.user.is_staff
    tournaments = selectors.tournaments_current_first() if is_organiser else None
    context = {"tournaments": tournaments, "boards": selectors.tournaments_on_board_today()}
    return render(request, "tournaments/home.html", context)


class OrganiserLoginForm(AuthenticationForm):
    """Django's login form, saying plainly that what was typed did not match (its own message
    reads as if the fields were empty)."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _lazy("The user name or the password is wrong. Check both and try again."),
    }


class LoginView(auth_views.LoginView):
    template_name = "tournaments/login.html"
    redirect_authenticated_user = True
    authentication_form = OrganiserLoginForm


class PasswordChangeView(auth_views.PasswordChangeView):
    """Choosing a new password; also where the one-time password has to be replaced."""

    template_name = "tournaments/password_change.html"
    success_url = reverse_lazy("tournaments:home")

    def get_form(self, form_class: type[PasswordChangeForm] | None = None) -> PasswordChangeForm:
        form: PasswordChangeForm = super().get_form(form_class)
        if selectors.user_must_change_password(user=self.request.user):
            # The first time, the "old" password is the one-time one `make run` printed.
            form.fields["old_password"].label = _("One-time password")
            form.fields["old_password"].help_text = _(
                "The one-time password that “make run” printed when it made your account."
            )
        return form

    def form_valid(self, form: PasswordChangeForm) -> HttpResponse:
        organiser_password_change(user=form.user, password=form.cleaned_data["new_password1"])
        update_session_auth_hash(self.request, form.user)
        messages.success(self.request, _("Your new password is saved."))
        return HttpResponseRedirect(self.get_success_url())
