from django.apps import AppConfig


class MecklenburgConfig(AppConfig):
    """Mecklenburg's Fipsen (Ansegger Fips, Duttfips) (no models: its game.py is found by
    tournaments.games.discover)."""

    name = "games.mecklenburg"
    verbose_name = "Mecklenburg's Fipsen (Ansegger Fips, Duttfips)"
