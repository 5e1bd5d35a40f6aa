from django.apps import AppConfig


class PreisskatConfig(AppConfig):
    """Preisskat, tournament Skat (no models: its game.py is found by
    tournaments.games.discover)."""

    name = "games.preisskat"
    verbose_name = "Preisskat"
