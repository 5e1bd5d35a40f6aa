from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class OrganiserProfile(models.Model):
    """What the app keeps about an organiser's account beyond Django's user."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="organiser_profile",
        verbose_name=_("user"),
    )
    must_change_password = models.BooleanField(
        _("must change password"),
        default=False,
        help_text=_("Set while the account still has the one-time password it was created with."),
    )

    class Meta:
        verbose_name = _("organiser profile")
        verbose_name_plural = _("organiser profiles")

    def __str__(self) -> str:
        return str(self.user)
