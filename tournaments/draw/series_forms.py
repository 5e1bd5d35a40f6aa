"""The form of a later series' draw: how it is drawn (three big tiles), and who stops after
the series under way; and the tournament form's count of series."""

from django import forms
from django.db.models import Exists, OuterRef
from django.forms.boundfield import BoundWidget
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from tournaments.models import MAX_SERIES, Seat, SeriesDraw, Tournament
from tournaments.players.selectors import by_family_name

#: What each way does, said under its tile.
WAY_LINES = {
    SeriesDraw.Way.LOT: _("Everyone drawn anew, as the first series."),
    SeriesDraw.Way.SEEDED: _("The best so far at table 1, the next at table 2, and so on."),
    SeriesDraw.Way.AVOIDING: _(
        "By lot, but nobody sits with a tablemate of an earlier series, as far as the "
        "numbers allow."
    ),
}


class SeriesCountForm(forms.Form):
    """The count of series, a field of the tournament's form (:class:`TournamentForm`)."""

    series_count = forms.IntegerField(
        label=_("series in the night"),
        min_value=1,
        max_value=MAX_SERIES,
        initial=1,
        required=False,
        help_text=_(
            "1 for one series. Each further series is drawn anew; the deals are per series."
        ),
    )

    def clean_series_count(self) -> int:
        """Left empty: as it was (a new tournament: one series)."""
        count = self.cleaned_data.get("series_count")
        instance = getattr(self, "instance", None)
        return int(count or getattr(instance, "series_count", None) or 1)


class SeriesDrawForm(forms.Form):
    """How the series is drawn; with ``series`` (the one under way), who stops after it."""

    method = forms.ChoiceField(
        label=_("How is the series drawn?"),
        choices=SeriesDraw.Way.choices,
        initial=SeriesDraw.Way.AVOIDING,
        widget=forms.RadioSelect,
        error_messages={"required": _("Choose how the series is drawn.")},
    )
    stopping = forms.TypedMultipleChoiceField(
        label=_("Who stops after this series?"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Tick only who goes home: the others play the next series."),
    )

    def __init__(
        self,
        *args: object,
        tournament: Tournament,
        series: int | None = None,
        redraw: bool = False,
        **kwargs: object,
    ) -> None:
        """``redraw``: ``series`` is drawn again, so the list offers only who sat in a series
        before it (a late arrival cannot stop before playing, as at the draw) and asks who
        stops before it."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if series is None:
            del self.fields["stopping"]
            return
        if redraw:
            self.fields["stopping"].label = _("Who stops before this series?")
            self.fields["stopping"].help_text = _(
                "Tick only who goes home: the others are drawn anew."
            )
        seats = Seat.objects.filter(
            table__tournament=tournament, series=series, left_after_deal__isnull=True
        )
        if redraw:
            earlier = Seat.objects.filter(registration=OuterRef("registration"), series__lt=series)
            seats = seats.filter(Exists(earlier))
        seats = seats.select_related("registration__player", "table").order_by(
            *by_family_name("registration__player__")
        )
        self.fields["stopping"].choices = [  # type: ignore[attr-defined]
            (seat.registration_id, f"{seat.registration.player.name} ({seat.table})")
            for seat in seats
        ]

    def ways(self) -> list[tuple[BoundWidget, StrOrPromise]]:
        """The method's radio buttons, each with the line said under its tile."""
        return [(radio, WAY_LINES[radio.data["value"]]) for radio in self["method"]]
