"""What the season prints, told to the printing app: its standings as a PDF with the signature
line (a kind of printing's), and whose such a file is (a season: its pages, "try again",
"back"). Registered from ``SeasonsConfig.ready()``; the renderer is named by path, so WeasyPrint
is loaded only when a PDF is made."""

from django.core.exceptions import ValidationError
from django.db.models.signals import post_delete
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from printing import kinds, owners
from printing import services as printing_services
from printing.kinds import FileJob, Kind
from seasons.models import Season

SEASON_STANDINGS = "season_standings"
OWNER_TYPE = "season"


def owner_of_season(season: Season) -> str:
    """The key of the season as the owner of its files."""
    return owners.owner_key(OWNER_TYPE, season.pk)


def season_of(job: FileJob) -> Season:
    """The season whose file the job makes.

    :raises ValidationError: the file belongs to no season (or to one deleted since).
    """
    pk = owners.owner_id(job.file.owner, OWNER_TYPE)
    season = Season.objects.filter(pk=pk).first() if pk and pk.isdecimal() else None
    if season is None:
        raise ValidationError(_("This file belongs to no season."), code="no_season")
    return season


def _describe(pk: str) -> owners.Owner | None:
    season = Season.objects.filter(pk=pk).first() if pk.isdecimal() else None
    if season is None:
        return None
    return owners.Owner(
        name=season.name,
        lead=season.name,
        home_url=reverse("seasons:standings", args=[season.pk]),
        request_url=lambda kind: reverse("seasons:file_request", args=[season.pk, kind]),
        navigation="seasons/_nav.html",
        context={"season": season},
        back_labels={"seasons:standings": _("Back to the season's standings")},
    )


def _files_remove(sender: type[Season], instance: Season, **kwargs: object) -> None:
    printing_services.files_remove_of(owner_of_season(instance))


def register() -> None:
    kinds.register(
        Kind(SEASON_STANDINGS, "seasons.renderers.render_season_standings",
             _("Season standings"))
    )  # fmt: skip
    owners.register_owner(OWNER_TYPE, _describe)
    post_delete.connect(_files_remove, sender=Season, dispatch_uid="season_files")
