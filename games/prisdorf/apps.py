from django.apps import AppConfig


class PrisdorfConfig(AppConfig):
    """Prisdorf Fipsen (no models: its game.py is found by
    tournaments.games.discover)."""

    name = "games.prisdorf"
    verbose_name = "Prisdorf Fipsen"
