"""The record of each later series' draw (series 2, 3, …; the first is the tournament's own
``draw_seed``): how it was drawn, from which seed, and how many pairs met again. A model of
this app (imported by ``models.py``, which it names by its label)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.draw.series_draw import Method


class SeriesDraw(models.Model):
    """How series ``number`` of a night was drawn: repeatable from ``seed``, the players in
    ``order`` (the standings' order where it was seeded, else by id) and the earlier series'
    seats (:mod:`tournaments.draw.series_draw`)."""

    class Way(models.TextChoices):
        LOT = Method.LOT.value, _("by lot")
        SEEDED = Method.SEEDED.value, _("seeded by the standings")
        AVOIDING = Method.AVOIDING.value, _("by lot, avoiding earlier tablemates")

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="series_draws"
    )
    number = models.PositiveSmallIntegerField(_("series"))
    method = models.CharField(_("drawn"), max_length=20, choices=Way)
    seed = models.BigIntegerField(_("draw seed"))
    #: The registrations seated, in the order the draw took them (best first where seeded).
    order = models.JSONField(default=list)
    #: Each registration's place in the standings when it was drawn (seeded only).
    places = models.JSONField(default=dict)
    #: Pairs of players at one table who sat together in an earlier series.
    met_again = models.PositiveIntegerField(_("pairs met again"), default=0)
    drawn_at = models.DateTimeField(_("drawn at"), auto_now_add=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True
    )

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("draw of a series")
        verbose_name_plural = _("draws of the series")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="series_draw_unique"),
            models.CheckConstraint(condition=models.Q(number__gte=2), name="series_draw_later"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament_id}: {self.number} ({self.get_method_display()})"
