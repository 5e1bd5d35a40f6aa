from django.apps import AppConfig


class GrossenaspeConfig(AppConfig):
    """Großenaspe Fipsen (no models: its game.py is found by
    tournaments.games.discover)."""

    name = "games.grossenaspe"
    verbose_name = "Großenaspe Fipsen"
