from django.apps import AppConfig


class MecklenburgConfig(AppConfig):
    """Mecklenburg's Fipsen (Ansegger Fips, Duttfips) (no models: its game.py is found by
    tournaments.rule_pages.discover)."""

    name = "games.mecklenburg"
    verbose_name = "Mecklenburg's Fipsen (Ansegger Fips, Duttfips)"
