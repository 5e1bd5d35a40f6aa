"""The card night's forms: the evening itself, and an arrival typed once at its desk."""

from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from evenings.models import CardNight
from tournaments.models import Tournament
from tournaments.text import CleanCharField


class CardNightForm(forms.ModelForm):
    """A card night's name, date and place."""

    class Meta:
        model = CardNight
        fields = ["name", "date", "place"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}
        field_classes = {"name": CleanCharField, "place": CleanCharField}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("date", timezone.localdate())
            self.initial.setdefault("name", _("Card night"))


class ArrivalForm(forms.Form):
    """A player new to the directory, typed once, and the tournaments he plays (all ticked
    at first: most play both)."""

    name = CleanCharField(label=_("Name"), max_length=120)
    club = CleanCharField(label=_("Club"), max_length=120, required=False)

    def __init__(self, *args: Any, tournaments: list[Tournament], **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # "Preisskat", not "Preisskat:" beside its box
        super().__init__(*args, **kwargs)
        self.tournaments = tournaments
        for tournament in tournaments:
            self.fields[f"plays_{tournament.pk}"] = forms.BooleanField(
                label=tournament.name, required=False, initial=True
            )

    def plays(self) -> list[Tournament]:
        """The tournaments ticked."""
        return [t for t in self.tournaments if self.cleaned_data.get(f"plays_{t.pk}")]
