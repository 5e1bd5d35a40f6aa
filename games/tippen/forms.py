"""What Tippen's pages post, read by forms: each seat's choice (passed, or the tricks of a
player who tapped), which deal it is and the form's id; the organiser's correction of a deal.

Nothing is read by hand: a choice that is not one of the page's is the seat's field error,
a deal's number that is no number (a ``²``, which passes ``str.isdigit`` and breaks ``int``)
the number's.
"""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.ledger.entries import MAX_SEQUENCE, SequenceField
from tournaments.models import Seat

#: A seat's choice: passed, or the tricks of a player who tapped.
PASSED = "-"
CHOICES = (PASSED, "0", "1", "2", "3")
#: A save with every row on "passed": "All passed" is its own button, not a save by default.
NOBODY_TAPPED = _("Nobody tapped. Did everyone pass? Then tap “All passed”.")


class _Choice(forms.ChoiceField):
    """A seat's choice; missing or not one of :data:`CHOICES`, the seat and its player are
    named (code ``bad_choice``): nothing is read as "passed" that was not tapped as such."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(choices=[(choice, choice) for choice in CHOICES])
        self.seat, self.name = seat, name

    def validate(self, value: Any) -> None:
        if value not in CHOICES:
            raise ValidationError(
                _(
                    "Seat %(seat)s (%(name)s): choose “passed” or the tricks 0 to 3. "
                    "Nothing was saved."
                ),
                code="bad_choice",
                params={"seat": self.seat + 1, "name": self.name},
            )


class TapsForm(forms.Form):
    """Each seat's choice (``<prefix>seat-<n>``): :meth:`taps` is None for passed, else the
    tricks."""

    def __init__(self, data: Any, *, seats: list[Seat], fix: bool = False) -> None:
        super().__init__(data)
        self.seat_names = [f"{'fix-' if fix else ''}seat-{index}" for index in range(len(seats))]
        for index, (name, seat) in enumerate(zip(self.seat_names, seats, strict=True)):
            self.fields[name] = _Choice(index, seat.registration.player.name)

    def taps(self) -> list[int | None]:
        """The choices as far as they are good (all of them, for a valid form)."""
        cleaned = getattr(self, "cleaned_data", {})
        return [
            None if cleaned.get(name, PASSED) == PASSED else int(cleaned[name])
            for name in self.seat_names
        ]


class PotEntryForm(TapsForm):
    """A post of the captain's page: its button (``action``: save, all passed, or correct
    the last deal), the deal's number and the form's id, and each seat's choice (the
    correction's: ``fix-seat-<n>``)."""

    action = forms.CharField(required=False, max_length=20)
    sequence = SequenceField()
    submission = forms.UUIDField(required=False)

    def __init__(self, data: Any, *, seats: list[Seat]) -> None:
        self.fixing = data.get("action", "") == "correct"
        super().__init__(data, seats=seats, fix=self.fixing)
        if data.get("action", "") == "all_passed":
            for name in self.seat_names:
                del self.fields[name]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        action = cleaned.get("action", "")
        every_seat = all(name in cleaned for name in self.seat_names)
        saves = action not in ("all_passed", "correct")
        if saves and every_seat and all(tap is None for tap in self.taps()):
            raise ValidationError(NOBODY_TAPPED, code="nobody_tapped")
        return cleaned


class PotCorrectionForm(TapsForm):
    """The organiser's correction of one deal: which (``deal``, its id) and each seat's
    choice."""

    deal = forms.IntegerField(min_value=1)


class CorrectedForm(forms.Form):
    """The organiser's table page after a correction: the deal corrected, to say so."""

    corrected = forms.IntegerField(required=False, min_value=1, max_value=MAX_SEQUENCE)
