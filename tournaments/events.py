"""The tournament's history of the steps that cannot simply be undone. A model of this app
(imported by ``models.py``, which it names by its label)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TournamentEvent(models.Model):
    """The tournament's history of the steps that cannot simply be undone: who, when, why.

    Kept by number rather than by foreign key to a table, since drawing again replaces the
    tables and the history stays.
    """

    class Kind(models.TextChoices):
        FINISHED = "finished", _("tournament finished")
        REOPENED = "reopened", _("tournament reopened")
        TABLE_ENDED_EARLY = "table_ended_early", _("table ended early")
        TABLE_RESUMED = "table_resumed", _("table resumed")
        LINK_RENEWED = "link_renewed", _("new table link")
        CHANGED_IN_ADMIN = "changed_in_admin", _("changed in the admin")
        FEE_PAID = "fee_paid", _("entry fee paid")
        FEE_OPEN = "fee_open", _("entry fee marked open again")
        SERIES_DRAWN = "series_drawn", _("series drawn")
        SERIES_REDRAWN = "series_redrawn", _("series drawn again")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="events"
    )
    kind = models.CharField(_("what"), max_length=30, choices=Kind)
    table_number = models.PositiveSmallIntegerField(_("table"), null=True, blank=True)
    #: For a table ended early: the deals it had played, and of how many.
    deals_played = models.PositiveSmallIntegerField(_("deals played"), null=True, blank=True)
    deals = models.PositiveSmallIntegerField(_("deals"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    #: The organiser's account. PROTECT, as for the changes of deals: the history names who.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at", "pk"]
        verbose_name = _("history entry")
        verbose_name_plural = _("history")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.created_at:%Y-%m-%d %H:%M})"
