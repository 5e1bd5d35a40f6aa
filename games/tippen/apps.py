from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PotsConfig(AppConfig):
    """Tippen as a pot ledger: its deals, the captain's page, standings by chips, the PDF."""

    name = "games.tippen"
    label = "pots"
    verbose_name = _("Tippen")

    def ready(self) -> None:
        from games.tippen import printing_kinds
        from games.tippen.models import PotDeal
        from games.tippen.selectors import deals_played, table_totals
        from tournaments.ledger import progress as table_progress
        from tournaments.ledger.entries import register_totals

        printing_kinds.register()
        table_progress.register("pots", deals_played)
        # The running totals of a table, its ledger replayed by the ledger with every change.
        register_totals(PotDeal, table_totals)
        # Tippen's deals in the night's file (tournaments/night_file.py).
        from games.tippen.transfer import register as night_file_rows_register

        night_file_rows_register()
