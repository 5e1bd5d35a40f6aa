"""The player directory's forms: a player new or edited, a walk-in at the desk, a CSV list to
import."""

from typing import Any, cast

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player
from tournaments.players.category_forms import CATEGORY_FIELDS, PlayerCategoryFields
from tournaments.players.names import player_name_key
from tournaments.players.selectors import player_likely_duplicates
from tournaments.text import CleanCharField, name_has_letter


def _max_length(field: str) -> int | None:
    return cast("models.Field[Any, Any]", Player._meta.get_field(field)).max_length


class PlayerForm(PlayerCategoryFields):
    """A player of the directory, new or edited.

    A name like one in the directory already (see ``player_likely_duplicates``) is
    refused at first with ``code="likely_duplicate"``, and ``duplicates`` holds the similar
    players to show. The confirming button sends the folded name back as ``confirm_name``,
    and the players shown as ``confirm_known``: the same name then saves; a name changed
    meanwhile, or a like player added meanwhile, is asked about again. The players confirmed
    as others go to the service as ``known_duplicates``, which checks the name once more
    while it holds the directory (two desks typing one walk-in at once make one player).
    """

    CONFIRM = "confirm_name"
    CONFIRM_KNOWN = "confirm_known"
    field_order = ("name", "club", "contact")  # then the categories

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
        self.known_duplicates: list[int] | None = None
        self.name_key = ""
        if player is not None and not self.is_bound:
            fields = ("name", "club", "contact", *CATEGORY_FIELDS)
            self.initial = {field: getattr(player, field) for field in fields}

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        name_has_letter(name)
        self.name_key = player_name_key(name)
        if self.player is not None and self.name_key == self.player.name_key:
            return name  # the name stays: it was checked when it was given
        duplicates = player_likely_duplicates(
            name=name, exclude_pk=self.player.pk if self.player is not None else None
        )
        if duplicates and not self._confirmed(duplicates):
            self.duplicates = duplicates
            raise ValidationError(
                _("A player with a name like this is in the directory already: see below."),
                code="likely_duplicate",
            )
        self.known_duplicates = [player.pk for player in duplicates]
        return name

    def _confirmed(self, duplicates: list[Player]) -> bool:
        """Confirmed as another person: this name, and every like player was shown."""
        if self.data.get(self.CONFIRM) != self.name_key:
            return False
        shown = self.data.get(self.CONFIRM_KNOWN)
        if shown is None:  # a form from before the players shown were sent along
            return True
        return {str(player.pk) for player in duplicates} <= set(shown.split(","))

    def asked_again(self, error: ValidationError) -> bool:
        """Whether the service refused the name for a like player added since the form was
        checked: then the form is checked again, and asks about him."""
        if not hasattr(error, "error_list"):
            return False
        if not any(e.code == "likely_duplicate" for e in error.error_list):
            return False
        self.full_clean()
        return True

    @property
    def known_value(self) -> str:
        """The players shown as likely the same, for the confirming button's form."""
        return ",".join(str(player.pk) for player in self.duplicates)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.known_duplicates is not None:
            cleaned["known_duplicates"] = self.known_duplicates
        return cleaned


class WalkInForm(PlayerForm):
    """A player who is not in the directory yet, registered and checked in at once; a name
    like one in the directory is asked about first, as for a new player."""

    # Not asked for at the door; None removes the parent form's field (Django's way).
    contact = None  # type: ignore[assignment]
    lady = birth_year = senior = youth = guest = categories = None  # type: ignore[assignment]


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
