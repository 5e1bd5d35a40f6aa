"""What the race's pages post, read by forms: the captain's taps and buttons, a deal's trick
counts (typed in, or corrected by the captain or the organiser), and which deal it is.

Nothing is read by hand: a field that is not what it should be (a ``²``, which passes
``str.isdigit`` and breaks ``int``) is a field error, or for the taps and the announcer,
which the page itself sends, what it always meant: the end of the taps, nobody.
"""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.thedinghausen.screen import parse_announcer, parse_seat, parse_taps
from tournaments.ledger.entries import SequenceField

#: The one message for a trick count that is missing or not a number, whichever seat.
COUNTS_MESSAGE = _("Enter the tricks of each player as a number from 0 to 5.")
#: The buttons of the captain's page that save or correct a deal (the others tap or undo).
SAVES = ("save_taps", "save_counts", "correct_last")


def count_fields(form: forms.Form, players: int) -> None:
    """Add ``count-<seat>`` for each seat to ``form``: a whole number, or
    :data:`COUNTS_MESSAGE`."""
    messages = dict.fromkeys(("required", "invalid", "min_value", "max_value"), COUNTS_MESSAGE)
    for seat in range(players):
        # Any small number: the rules say what is wrong with one that is not 0 to 5.
        form.fields[f"count-{seat}"] = forms.IntegerField(
            error_messages=messages, min_value=-99, max_value=99
        )


class RaceEntryForm(forms.Form):
    """A post of the captain's page: its button (``action``), the taps so far and who
    announced Fipsen; for a save or a correction (:data:`SAVES`) also the deal's number, the
    form's id and, when typed, the trick counts."""

    action = forms.CharField(required=False, max_length=20)
    taps = forms.CharField(required=False, strip=False)
    announcer = forms.CharField(required=False)
    sequence = SequenceField()
    submission = forms.UUIDField(required=False)

    def __init__(self, data: Any, *, players: int, announcing: bool) -> None:
        super().__init__(data)
        self.players = players
        self.announcing = announcing
        if data.get("action") in ("save_counts", "correct_last"):
            count_fields(self, players)

    def clean_taps(self) -> list[int]:
        return parse_taps(self.cleaned_data["taps"], self.players)

    def clean_announcer(self) -> int | None:
        if not self.announcing:
            return None
        return parse_announcer(self.cleaned_data["announcer"], self.players)

    @property
    def tapped(self) -> int | None:
        """The seat whose button was tapped (``tap-<seat>``), if it is one of the table's."""
        action = self.data.get("action", "")
        return (
            parse_seat(action.removeprefix("tap-"), self.players)
            if action.startswith("tap-")
            else None
        )

    def counts(self) -> list[int]:
        return [self.cleaned_data[f"count-{seat}"] for seat in range(self.players)]

    def taps_and_announcer(self) -> tuple[list[int], int | None]:
        """The taps and the announcer as far as they are good (the page again after an
        error keeps them)."""
        cleaned = getattr(self, "cleaned_data", {})
        return cleaned.get("taps", []), cleaned.get("announcer")


class RaceCorrectionForm(forms.Form):
    """The organiser's correction of one deal: which (``deal``, its id), its counts and who
    announced Fipsen."""

    deal = forms.IntegerField(min_value=1)
    announcer = forms.CharField(required=False)

    def __init__(self, data: Any, *, players: int) -> None:
        super().__init__(data)
        self.players = players
        count_fields(self, players)

    def clean_announcer(self) -> int | None:
        return parse_announcer(self.cleaned_data["announcer"], self.players)

    def counts(self) -> list[int]:
        return [self.cleaned_data[f"count-{seat}"] for seat in range(self.players)]
