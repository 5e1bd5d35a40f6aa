"""A player's categories in the directory, which a prize list may name ("Beste Dame",
"Bester Senior", "Bester Gast", the club's own: categories() of
scoring/standings/prize_allocation.py):
the fields :class:`tournaments.models.Player` inherits."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
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
        max_length=100,  # checked in the database with the name's (Player.Meta)
        blank=True,
        validators=[no_control_characters],
        help_text=_("Apart by commas, e.g. “Vorstand, Kegelclub”."),
    )

    class Meta:
        abstract = True

    def category_words(self) -> list[str]:
        """His categories as the directory lists them: "Dame", "Senior", "Jg. 1950", the
        club's own ("Vorstand"), in that order."""
        marks = (
            (self.lady, _("lady")),
            (self.senior, _("senior")),
            (self.youth, _("youth")),
            (self.guest, _("guest")),
        )
        words = [str(word) for marked, word in marks if marked]
        if self.birth_year:
            words.append(str(_("born %(year)s") % {"year": self.birth_year}))
        words.extend(name.strip() for name in self.categories.split(",") if name.strip())
        return words
