from django.apps import AppConfig


class GrossenaspeConfig(AppConfig):
    """Großenaspe Fipsen (no models: its game.py is found by
    tournaments.rule_pages.discover)."""

    name = "games.grossenaspe"
    verbose_name = "Großenaspe Fipsen"
