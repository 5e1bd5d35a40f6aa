"""A card night: the tournaments a club plays on one evening, run from one desk and one cash
box (issue 28). Each tournament stays a night of its own (its draw, its tables, its standings,
its prizes); a tournament belongs to one card night at most, and needs none."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament
from tournaments.text import no_control_characters


class CardNight(models.Model):
    """One evening of the club's: its name, date and place; its tournaments are its parts."""

    name = models.CharField(_("name"), max_length=120, validators=[no_control_characters])
    date = models.DateField(_("date"))
    place = models.CharField(
        _("place"), max_length=120, blank=True, validators=[no_control_characters]
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-pk"]
        verbose_name = _("card night")
        verbose_name_plural = _("card nights")

    def __str__(self) -> str:
        return self.name


class CardNightPart(models.Model):
    """A tournament of a card night (one card night a tournament:
    ``tournament.card_night_part.card_night``)."""

    card_night = models.ForeignKey(CardNight, on_delete=models.CASCADE, related_name="parts")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="card_night_part"
    )

    class Meta:
        ordering = ["tournament__pk"]

    def __str__(self) -> str:
        return f"{self.card_night}: {self.tournament}"
