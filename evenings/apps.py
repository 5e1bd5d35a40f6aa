from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EveningsConfig(AppConfig):
    """A club's card night: the tournaments of one evening (a Preisskat and a Preisfipsen), one
    desk that registers an arrival once for each, one cash box."""

    name = "evenings"
    verbose_name = _("Card nights")

    def ready(self) -> None:
        from evenings import printing_kinds

        printing_kinds.register()
