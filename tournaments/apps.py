from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from django.db.models.signals import post_migrate
        from django.urls import register_converter

        from tournaments import printing_kinds
        from tournaments.converters import IdConverter, TokenConverter
        from tournaments.ledger.entries import totals_backfill

        register_converter(IdConverter, "id")
        register_converter(TokenConverter, "token")
        printing_kinds.register()
        # Every game's package declares its game (games/*/game.py): offered and played from now on.
        from tournaments import games

        games.discover()
        # The nights played before the running totals were kept get theirs.
        post_migrate.connect(totals_backfill, sender=self)
