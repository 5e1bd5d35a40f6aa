"""A season (its club's rules) and the nights in it: a night is in one season at most."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from seasons import standings
from tournaments.models import Tournament, new_token
from tournaments.text import no_control_characters

#: The most places a club's table of season points has.
MAX_PLACE_POINTS = 60


class Gives(models.TextChoices):
    POINTS = standings.GIVES_POINTS, _("the night's points (games won, chips)")
    PLACES = standings.GIVES_PLACES, _("season points by place, from the club's table")


class Guests(models.TextChoices):
    WITH = standings.GUESTS_WITH, _("ranked with the members")
    APART = standings.GUESTS_APART, _("ranked apart")
    NOT = standings.GUESTS_NOT, _("not ranked")


class SeasonTieBreak(models.TextChoices):
    SHARED = standings.TIE_SHARED, _("none: equal totals share the place")
    BEST_RESULTS = standings.TIE_BEST_RESULTS, _("the better results counted, best first")
    LATEST_NIGHT = standings.TIE_LATEST_NIGHT, _("the better latest night")


class Season(models.Model):
    """A club's season ("Vereinsmeisterschaft 2027") and its rules, fixed once one of its
    nights has begun (:attr:`rules_fixed`)."""

    name = models.CharField(_("name"), max_length=120, validators=[no_control_characters])
    gives = models.CharField(
        _("a night gives"), max_length=10, choices=Gives.choices, default=Gives.POINTS
    )
    #: Season points for place 1, 2, …: "25,20,16,13".
    place_points = models.CharField(_("season points by place"), max_length=400, blank=True)
    best_of = models.PositiveSmallIntegerField(
        _("best nights that count"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(366)],
        help_text=_("Empty: every night counts."),
    )
    minimum = models.PositiveSmallIntegerField(
        _("nights to be ranked"), default=0, validators=[MaxValueValidator(366)]
    )
    missed_as_zero = models.BooleanField(_("a missed night counts as zero"), default=False)
    guests = models.CharField(
        _("guests"), max_length=10, choices=Guests.choices, default=Guests.WITH
    )
    tie_break = models.CharField(
        _("equal totals"),
        max_length=20,
        choices=SeasonTieBreak.choices,
        default=SeasonTieBreak.SHARED,
    )
    board_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.name

    def place_points_list(self) -> tuple[int, ...]:
        """The club's table of season points by place."""
        return tuple(int(part) for part in self.place_points.split(",") if part.strip())

    def rules(self) -> standings.Rules:
        """The season's rules for the arithmetic."""
        return standings.Rules(
            gives=self.gives,
            place_points=self.place_points_list(),
            best_of=self.best_of,
            minimum=self.minimum,
            missed_as_zero=self.missed_as_zero,
            guests=self.guests,
            tie_break=self.tie_break,
        )


class SeasonNight(models.Model):
    """A night in a season (one season a night: ``tournament.season_night.season``)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="nights")
    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="season_night"
    )
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament__date", "tournament__pk"]

    def __str__(self) -> str:
        return f"{self.season}: {self.tournament}"
