"""What tournaments prints, told to the printing app: its kinds of file (the table cards, the
seating list), whose files they are (a tournament: its navigation, "try again", "back") and
how a rules error reads. Registered from ``TournamentsConfig.ready()``.

The renderers are named by path (tournaments/renderers.py), so WeasyPrint is loaded only when
a PDF is made.
"""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.db.models.signals import post_delete
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from fipsen_rules import FipsenError
from printing import kinds, owners
from printing import services as printing_services
from printing.kinds import FileJob, Kind, NoOptions, Offer, StatusNote
from tournaments.links import is_unreachable_from_phones, public_base_url
from tournaments.models import MAX_SERIES, Tournament
from tournaments.rules_errors import rules_error_text

TABLE_CARDS = "table_cards"
SEATING_LIST = "seating_list"

#: Where the files of the night before play are offered: the tables page and the print page
#: (templates/tournaments/files/_pdf_buttons.html).
BEFORE_PLAY = "before_play"
#: Where the files of the night's play are offered: the print page (templates/night/print.html).
DURING_PLAY = "during_play"

OWNER_TYPE = "tournament"

_TICK_A_TABLE = _("Tick at least one table.")


class TableNumbers(forms.Field):
    """The numbers of the tables ticked (a box each, all named ``table``)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        return [str(number) for number in value or []]


class SeriesForm(NoOptions):
    """The series a file is for (``series``; without it, the series drawn last:
    renderers.chosen_series)."""

    series = forms.IntegerField(required=False, min_value=1, max_value=MAX_SERIES)

    def options(self) -> dict[str, str]:
        series = self.cleaned_data.get("series")
        return {"series": str(series)} if series else {}


class ChosenTablesForm(SeriesForm):
    """The tables a file is for: a form with a box per table sends ``tables_chosen`` (the
    blank scoresheets; the card of one table); without it the file is for every table (of
    the series chosen, :class:`SeriesForm`)."""

    tables_chosen = forms.BooleanField(required=False)
    table = TableNumbers(required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        chosen = cleaned.get("table", [])
        if cleaned.get("tables_chosen") and not (
            chosen and all(n.isascii() and n.isdecimal() and len(n) <= 4 for n in chosen)
        ):
            raise ValidationError(_TICK_A_TABLE, code="no_table")
        return cleaned

    def options(self) -> dict[str, str]:
        """``tables``: "1,3", or nothing for every table (see renderers.chosen_tables); and
        the series."""
        series = super().options()
        if not self.cleaned_data.get("tables_chosen"):
            return series
        return {**series, "tables": ",".join(self.cleaned_data["table"])}


def owner_of_tournament(tournament: Tournament) -> str:
    """The key of the tournament as the owner of its files."""
    return owners.owner_key(OWNER_TYPE, tournament.pk)


def _files_remove(sender: type[Tournament], instance: Tournament, **kwargs: object) -> None:
    printing_services.files_remove_of(owner_of_tournament(instance))


def file_title(tournament: Tournament) -> str:
    """How a file of the tournament's is named after its kind: its name and its date."""
    return f"{tournament.name} {tournament.date.isoformat()}"


def tournament_of(job: FileJob) -> Tournament:
    """The tournament whose file the job makes.

    :raises ValidationError: the file belongs to no tournament (or to one deleted since).
    """
    pk = owners.owner_id(job.file.owner, OWNER_TYPE)
    tournament = Tournament.objects.filter(pk=pk).first() if pk and pk.isdecimal() else None
    if tournament is None:
        raise ValidationError(_("This file belongs to no tournament."), code="no_tournament")
    return tournament


def _describe(pk: str) -> owners.Owner | None:
    """The tournament of a file, as its status page shows it."""
    tournament = Tournament.objects.filter(pk=pk).first() if pk.isdecimal() else None
    if tournament is None:
        return None
    return owners.Owner(
        name=tournament.name,
        lead=str(tournament),
        home_url=reverse("night:print", args=[tournament.pk]),
        request_url=lambda kind: reverse("tournaments:file_request", args=[tournament.pk, kind]),
        navigation="_tournament_nav.html",
        context={"tournament": tournament},
        back_labels={
            "tournaments:tables": _("Back to the tables"),
            "night:print": _("Back to printing"),
        },
    )


def _address_warning(request: HttpRequest) -> dict[str, object]:
    """The table cards' status page warns when the phones cannot reach the cards' links."""
    base_url = public_base_url(request)
    return {"unreachable_address": base_url if is_unreachable_from_phones(base_url) else ""}


def register() -> None:
    kinds.register(
        Kind(
            TABLE_CARDS,
            "tournaments.renderers.render_table_cards",
            label=_("Table cards"),
            form=ChosenTablesForm,
            offer=Offer(BEFORE_PLAY, _("Print table cards")),
            status_note=StatusNote("tournaments/files/_address_warning.html", _address_warning),
        )
    )
    seating_list = Offer(BEFORE_PLAY, _("Print seating list"))
    kinds.register(
        Kind(SEATING_LIST, "tournaments.renderers.render_seating_list", _("Seating list"),
             form=SeriesForm, offer=seating_list)
    )  # fmt: skip
    owners.register_owner(OWNER_TYPE, _describe)
    # The admin is the one place a tournament is deleted; its files go with it, not a day later.
    post_delete.connect(_files_remove, sender=Tournament, dispatch_uid="tournament_files")
    kinds.register_user_error(FipsenError, rules_error_text)
