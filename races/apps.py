from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RacesConfig(AppConfig):
    """The Thedinghausen trick race: its deals, the captain's taps, standings, cash box."""

    name = "races"
    verbose_name = _("Thedinghausen race")

    def ready(self) -> None:
        from races import printing_kinds

        printing_kinds.register()
