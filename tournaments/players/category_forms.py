"""A player's categories on his form in the directory (tournaments/players/categories.py):
the fields :class:`tournaments.players.forms.PlayerForm` inherits, after his name, club and
contact."""

from typing import Any, cast

from django import forms
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player
from tournaments.text import CleanCharField

#: The fields, as the player's model and the services name them.
CATEGORY_FIELDS = ("lady", "birth_year", "senior", "youth", "guest", "categories")


class PlayerCategoryFields(forms.Form):
    lady = forms.BooleanField(label=_("Lady"), required=False)
    birth_year = forms.IntegerField(
        label=_("Year of birth"),
        required=False,
        min_value=1900,
        max_value=2100,
        help_text=_("Makes a senior (60 or older in the night's year) or a youth (under 18)."),
    )
    senior = forms.BooleanField(label=_("Senior"), required=False)
    youth = forms.BooleanField(label=_("Youth"), required=False)
    guest = forms.BooleanField(
        label=_("Guest"), required=False, help_text=_("Not a member of the club.")
    )
    categories = CleanCharField(
        label=_("The club's own categories"),
        max_length=cast("models.Field[Any, Any]", Player._meta.get_field("categories")).max_length,
        required=False,
        help_text=_("Apart by commas, e.g. “Vorstand, Kegelclub”."),
    )

    def clean_birth_year(self) -> int:
        """0 for none: the service then clears a year given before."""
        year: int | None = self.cleaned_data["birth_year"]
        return year or 0
