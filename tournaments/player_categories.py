"""A player's categories in the directory, which a prize list may name ("Beste Dame",
"Bester Senior", "Bester Gast", the club's own: scoring/prize_allocation.py's categories()):
the fields :class:`tournaments.models.Player` inherits, and their database checks."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from tournaments.text import no_control_characters


class PlayerCategories(models.Model):
    lady = models.BooleanField(_("lady"), default=False)
    birth_year = models.PositiveSmallIntegerField(
        _("year of birth"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1900), MaxValueValidator(2100)],
        help_text=_("Makes a senior (60 or older in the night's year) or a youth (under 18)."),
    )
    senior = models.BooleanField(_("senior"), default=False)
    youth = models.BooleanField(_("youth"), default=False)
    guest = models.BooleanField(_("guest"), default=False, help_text=_("Not a member of the club."))
    categories = models.CharField(
        _("the club's own categories"),
        max_length=200,
        blank=True,
        validators=[no_control_characters],
        help_text=_("Apart by commas, e.g. “Vorstand, Kegelclub”."),
    )

    #: In the player's Meta (an abstract model's constraints would be replaced by its own).
    CONSTRAINTS = (
        models.CheckConstraint(
            condition=Q(LessThanOrEqual(Length("categories"), 200)),
            name="player_categories_length",
        ),
        models.CheckConstraint(
            condition=Q(birth_year__isnull=True) | Q(birth_year__gte=1900, birth_year__lte=2100),
            name="player_birth_year_range",
        ),
    )

    class Meta:
        abstract = True
