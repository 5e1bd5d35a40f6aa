"""The directory's history of merges: two entries of one player made one. A model of this app
(imported by ``models.py``, which it names by its label).

A merge cannot be undone, so its record keeps what the entry merged away said of himself (his
name, club, contact and categories, as they stood) and which nights came over with him.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerMerge(models.Model):
    """One entry of the directory merged into another: his registrations (and with them his
    seats, deals and points) now belong to ``player``; the entry itself is gone."""

    #: The entry that stayed. PROTECT: the history of a player is not deleted with a click.
    player = models.ForeignKey(
        "tournaments.Player",
        on_delete=models.PROTECT,
        related_name="merges",
        verbose_name=_("player"),
    )
    #: The entry merged away, as he stood in the directory (his id no longer exists).
    merged_id = models.PositiveIntegerField(_("id of the entry merged away"))
    merged_name = models.CharField(_("name merged away"), max_length=100)
    merged_club = models.CharField(_("club"), max_length=100, blank=True)
    #: Every field of the entry merged away (contact, categories, year of birth, retired).
    merged_fields = models.JSONField(_("fields of the entry merged away"), default=dict, blank=True)
    #: The nights whose registrations came over: [{"pk": …, "name": …, "date": "YYYY-MM-DD"}].
    nights = models.JSONField(_("nights moved"), default=list, blank=True)
    #: The organiser's account. PROTECT, as for the tournament's history: it names who.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)

    class Meta:
        ordering = ["player", "created_at", "pk"]
        verbose_name = _("merge of players")
        verbose_name_plural = _("merges of players")

    def __str__(self) -> str:
        return f"{self.merged_name} → {self.player_id} ({self.created_at:%Y-%m-%d %H:%M})"
