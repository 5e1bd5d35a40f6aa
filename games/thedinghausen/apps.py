from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RacesConfig(AppConfig):
    """The Thedinghausen trick race: its deals, the captain's taps, standings, cash box."""

    name = "games.thedinghausen"
    label = "races"
    verbose_name = _("Thedinghausen race")

    def ready(self) -> None:
        from games.thedinghausen import printing_kinds
        from games.thedinghausen.models import RaceDeal
        from games.thedinghausen.selectors import deals_played, table_totals
        from tournaments.ledger import progress as table_progress
        from tournaments.ledger.entries import register_totals

        printing_kinds.register()
        table_progress.register("races", deals_played)
        # The running totals of a table, its ledger replayed by the ledger with every change.
        register_totals(RaceDeal, table_totals)
        # The race's deals in the night's file (tournaments/night_file.py).
        from games.thedinghausen.transfer import register as night_file_rows_register

        night_file_rows_register()
