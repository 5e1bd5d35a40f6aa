from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PotsConfig(AppConfig):
    """Tippen as a pot ledger: its deals, the captain's page, standings by chips, the PDF."""

    name = "pots"
    verbose_name = _("Tippen")

    def ready(self) -> None:
        from fipsen_rules.signs import signed_total
        from pots import printing_kinds
        from pots.demo import pot_demo_play
        from pots.models import PotDeal
        from pots.selectors import pot_players
        from pots.views import pot_page
        from tournaments import own_pages, table_progress
        from tournaments.tippen_rules import TIPPEN_RULES

        printing_kinds.register()
        # Every deal counts, also one where all passed: the dealer's stake went in.
        table_progress.register("pots", lambda table: PotDeal.objects.filter(table=table).count())
        own_pages.register(
            TIPPEN_RULES,
            own_pages.OwnPages(
                captain=pot_page,
                standings="pots:standings",
                table_deals="pots:table_deals",
                board=lambda tournament: pot_players(tournament=tournament),
                points_label=_("Chips"),
                no_sheets=_("Tippen prints its ledgers from its standings page."),
                demo=pot_demo_play,
                deals_name="pot_deals",
                ranking=own_pages.Ranking(
                    order=_(
                        "Tippen: ranked by chips won (+) or paid (−); equal chips share a place."
                    ),
                    columns=(
                        own_pages.RankingColumn(_("Table"), lambda p: str(p.table)),
                        own_pages.RankingColumn(
                            _("Chips"), lambda p: signed_total(p.chips), ranks=True
                        ),
                    ),
                ),
            ),
        )
        # Tippen's deals in the night's file (tournaments/night_file.py).
        from pots.transfer import register as night_file_rows_register

        night_file_rows_register()
