"""Forms of the tournaments app: they check input and show a service's refusal on its field."""

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import models
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments import selectors
from tournaments.models import MAX_DEALS, Player, Seat, Tournament
from tournaments.names import player_name_key
from tournaments.services import RULE_FIELDS
from tournaments.text import CleanCharField, name_has_letter

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
            "board_enabled",
            "board_after_finish",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            # A text field, not a number field: a number field shows and takes only "10.00".
            "entry_fee": forms.TextInput(attrs={"inputmode": "decimal"}),
        }
        # "10,00" in German, and typed either way: "10,50" and "10.50" are both 10.50.
        localized_fields = ["entry_fee"]
        field_classes = {"name": CleanCharField, "place": CleanCharField}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if not self.instance.pk and not self.is_bound:
            self.initial.setdefault("date", timezone.localdate())
            self.initial.setdefault("name", _("Preisfipsen"))
        # Shown read-only what may not change any more, rather than refused after saving.
        self.fixed_note: str | Promise = ""
        if self.instance.is_playing:
            fixed: tuple[str, ...] = RULE_FIELDS
            self.fixed_note = _(
                "Fixed since play started: %(fields)s. Everything else can still be changed."
            ) % {"fields": ", ".join(str(self.fields[name].label) for name in RULE_FIELDS)}
        elif self.instance.is_finished:
            fixed = tuple(self.fields)
            self.fixed_note = _("The tournament is finished.")
        else:
            fixed = ()
        for name in fixed:
            self.fields[name].disabled = True


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

    after_deal = forms.IntegerField(label=_("after deal"), min_value=0, max_value=MAX_DEALS)


# The player directory


def _max_length(field: str) -> int | None:
    return cast("models.Field[Any, Any]", Player._meta.get_field(field)).max_length


class PlayerForm(forms.Form):
    """A player of the directory, new or edited.

    A name like one in the directory already (see ``selectors.player_likely_duplicates``) is
    refused at first with ``code="likely_duplicate"``, and ``duplicates`` holds the similar
    players to show. The confirming button sends the folded name back as ``confirm_name``:
    the same name then saves; a name changed meanwhile is checked again.
    """

    CONFIRM = "confirm_name"

    name = CleanCharField(label=_("Name"), max_length=_max_length("name"))
    club = CleanCharField(label=_("Club"), max_length=_max_length("club"), required=False)
    contact = CleanCharField(
        label=_("Contact"),
        max_length=_max_length("contact"),
        required=False,
        help_text=_("Phone or e-mail, if wanted."),
    )

    def __init__(self, *args: Any, player: Player | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.player = player
        self.duplicates: list[Player] = []
        self.name_key = ""
        if player is not None and not self.is_bound:
            self.initial = {"name": player.name, "club": player.club, "contact": player.contact}

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        name_has_letter(name)
        self.name_key = player_name_key(name)
        if self.player is not None and self.name_key == self.player.name_key:
            return name  # the name stays: it was checked when it was given
        duplicates = selectors.player_likely_duplicates(
            name=name, exclude_pk=self.player.pk if self.player is not None else None
        )
        if duplicates and self.data.get(self.CONFIRM) != self.name_key:
            self.duplicates = duplicates
            raise ValidationError(
                _("A player with a name like this is in the directory already: see below."),
                code="likely_duplicate",
            )
        return name


class WalkInForm(PlayerForm):
    """A player who is not in the directory yet, registered and checked in at once; a name
    like one in the directory is asked about first, as for a new player."""

    # Not asked for at the door; None removes the parent form's field (Django's way).
    contact = None  # type: ignore[assignment]


class PlayersImportForm(forms.Form):
    """A CSV file of players, uploaded or pasted (copied cells of Excel arrive tab-separated)."""

    #: Far more than a club's directory (a few hundred players are some 20 kB).
    MAX_BYTES = 1_000_000

    file = forms.FileField(
        label=_("CSV file"),
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.txt,text/csv,text/plain"}),
    )
    text = forms.CharField(
        label=_("… or paste the lines here"),
        required=False,
        max_length=MAX_BYTES,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_("You may also copy the cells in Excel, with the header line, and paste them."),
    )

    def clean_file(self) -> UploadedFile | None:
        file: UploadedFile | None = self.cleaned_data["file"]
        if file is not None and (file.size or 0) > self.MAX_BYTES:
            raise ValidationError(
                _("The file is too large: at most %(limit)s kB."),
                code="too_large",
                params={"limit": self.MAX_BYTES // 1000},
            )
        return file

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        has_file = cleaned.get("file") is not None
        has_text = bool(cleaned.get("text", "").strip())
        if has_file and has_text:
            self.add_error(
                "text",
                ValidationError(
                    _("Please either choose a file or paste lines, not both."), code="both"
                ),
            )
        elif not has_file and not has_text and not self.errors:
            raise ValidationError(
                _("Please choose a file, or paste the lines into the box."), code="nothing"
            )
        return cleaned

    @property
    def source(self) -> str:
        """The field the data came from: where its problems are shown."""
        return "file" if self.cleaned_data.get("file") is not None else "text"

    def csv_data(self) -> bytes:
        if self.source == "file":
            file: UploadedFile = self.cleaned_data["file"]
            return b"".join(file.chunks())
        text: str = self.cleaned_data["text"]
        return text.encode("utf-8")
