"""The season's form: its name and the club's rules (the rules shown but locked once a night of
it has begun)."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from seasons.models import Season
from seasons.services import RULE_FIELDS


class SeasonForm(forms.ModelForm):
    """A season's name and rules; ``fixed``: the rules are shown, not changed."""

    place_points = forms.CharField(
        label=_("Season points by place"),
        required=False,
        max_length=400,
        help_text=_("Place 1, 2, 3, … separated by commas, e.g. 25, 20, 16, 13, 11."),
    )

    class Meta:
        model = Season
        fields = ("name", *RULE_FIELDS)
        widgets = {
            "gives": forms.RadioSelect(attrs={"class": "choice-list"}),
            "guests": forms.RadioSelect(attrs={"class": "choice-list"}),
            "tie_break": forms.RadioSelect(attrs={"class": "choice-list"}),
        }

    def __init__(self, *args: Any, fixed: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fixed = fixed
        if self.instance.pk:
            self.initial["place_points"] = ", ".join(
                str(n) for n in self.instance.place_points_list()
            )
        if fixed:
            for name in RULE_FIELDS:
                self.fields[name].disabled = True

    def _post_clean(self) -> None:
        """The service checks and saves (seasons/services.py), not the model form."""

    def values(self) -> dict[str, Any]:
        """What the service takes: the name and the rules."""
        return {name: self.cleaned_data[name] for name in ("name", *RULE_FIELDS)}
