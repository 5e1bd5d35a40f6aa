"""Forms of the tournaments app: they check input and show a service's refusal on its field."""

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models import Seat, Tournament

# The tournament night


class TournamentForm(forms.ModelForm):
    """A tournament's details and rule options; the date is today unless changed."""

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "place",
            "min_bid",
            "deals_at_four",
            "deals_at_three",
            "tie_break",
            "entry_fee",
            "confirmation_required",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if not self.instance.pk and not self.is_bound:
            self.initial.setdefault("date", timezone.localdate())
            self.initial.setdefault("name", _("Preisfipsen"))


class WalkInForm(forms.Form):
    """A player who is not in the directory yet, registered and checked in at once."""

    name = forms.CharField(label=_("Name"), max_length=100)
    club = forms.CharField(label=_("Club"), max_length=100, required=False)


class SwapForm(forms.Form):
    """Two seated players of the tournament to swap."""

    first = forms.ModelChoiceField(label=_("Player"), queryset=Seat.objects.none())
    second = forms.ModelChoiceField(label=_("swaps with"), queryset=Seat.objects.none())

    def __init__(self, *args: object, tournament: Tournament, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        seats = (
            Seat.objects.filter(table__tournament=tournament)
            .select_related("table", "registration__player")
            .order_by("registration__player__name")
        )
        for field in ("first", "second"):
            self.fields[field].queryset = seats  # type: ignore[attr-defined]
            self.fields[field].label_from_instance = _seat_label  # type: ignore[attr-defined]


def _seat_label(seat: Seat) -> str:
    return _("%(player)s (table %(table)s)") % {
        "player": seat.registration.player.name,
        "table": seat.table.number,
    }


class LeaveForm(forms.Form):
    """A player leaves during play, after the deal given."""

    after_deal = forms.IntegerField(label=_("after deal"), min_value=0)
