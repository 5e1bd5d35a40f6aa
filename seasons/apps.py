from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonsConfig(AppConfig):
    """A club's season: its nights, its rules, its standings, their board and files."""

    name = "seasons"
    verbose_name = _("Seasons")

    def ready(self) -> None:
        from seasons import printing_kinds

        printing_kinds.register()
