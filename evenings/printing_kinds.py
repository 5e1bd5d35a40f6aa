"""What the card night prints, told to the printing app: the evening's cash box as a PDF with
the lines for two signatures, and whose such a file is (a card night: its pages, "try again",
"back"). Registered from ``EveningsConfig.ready()``; the renderer is named by path, so
WeasyPrint is loaded only when a PDF is made."""

from django.core.exceptions import ValidationError
from django.db.models.signals import post_delete
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from evenings.models import CardNight
from printing import kinds, owners
from printing import services as printing_services
from printing.kinds import FileJob, Kind

EVENING_CASH = "evening_cash"
OWNER_TYPE = "card_night"


def owner_of_card_night(card_night: CardNight) -> str:
    """The key of the card night as the owner of its files."""
    return owners.owner_key(OWNER_TYPE, card_night.pk)


def card_night_of(job: FileJob) -> CardNight:
    """The card night whose file the job makes.

    :raises ValidationError: the file belongs to no card night (or to one deleted since).
    """
    pk = owners.owner_id(job.file.owner, OWNER_TYPE)
    card_night = CardNight.objects.filter(pk=pk).first() if pk and pk.isdecimal() else None
    if card_night is None:
        raise ValidationError(_("This file belongs to no card night."), code="no_card_night")
    return card_night


def _describe(pk: str) -> owners.Owner | None:
    card_night = CardNight.objects.filter(pk=pk).first() if pk.isdecimal() else None
    if card_night is None:
        return None
    return owners.Owner(
        name=card_night.name,
        lead=card_night.name,
        home_url=reverse("evenings:cash", args=[card_night.pk]),
        request_url=lambda kind: reverse("evenings:file_request", args=[card_night.pk, kind]),
        navigation="evenings/_nav.html",
        context={"card_night": card_night},
        back_labels={"evenings:cash": _("Back to the evening's cash box")},
    )


def _files_remove(sender: type[CardNight], instance: CardNight, **kwargs: object) -> None:
    printing_services.files_remove_of(owner_of_card_night(instance))


def register() -> None:
    kinds.register(
        Kind(EVENING_CASH, "evenings.renderers.render_evening_cash", _("The evening's cash box"))
    )
    owners.register_owner(OWNER_TYPE, _describe)
    post_delete.connect(_files_remove, sender=CardNight, dispatch_uid="card_night_files")
