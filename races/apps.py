from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RacesConfig(AppConfig):
    """The Thedinghausen trick race: its deals, the captain's taps, standings, cash box."""

    name = "races"
    verbose_name = _("Thedinghausen race")

    def ready(self) -> None:
        from races import printing_kinds
        from races.demo import race_demo_play
        from races.models import RaceDeal
        from races.selectors import race_players
        from races.templatetags.race_money import euros
        from races.views import race_page
        from tournaments import own_pages, table_progress
        from tournaments.race_rules import RACE_RULES

        printing_kinds.register()
        # A race deal has no passed kind: every deal entered was played.
        table_progress.register("races", lambda table: RaceDeal.objects.filter(table=table).count())
        own_pages.register(
            RACE_RULES,
            own_pages.OwnPages(
                captain=race_page,
                standings="races:standings",
                table_deals="races:table_deals",
                board=lambda tournament: race_players(tournament=tournament),
                points_label=_("Games won"),
                no_sheets=_("A Thedinghausen race prints its scoresheets from its standings page."),
                demo=race_demo_play,
                deals_name="race_deals",
                ranking=own_pages.Ranking(
                    order=_("Ranked by games won, then by the money of the Hedewig ledger."),
                    columns=(
                        own_pages.RankingColumn(_("Table"), lambda p: str(p.table)),
                        own_pages.RankingColumn(
                            _("Games won"), lambda p: str(p.games_won), ranks=True
                        ),
                        own_pages.RankingColumn(_("Sweeps"), lambda p: str(p.sweeps)),
                        own_pages.RankingColumn(_("Money"), lambda p: euros(p.cents), ranks=True),
                    ),
                ),
            ),
        )
        # The race's deals in the night's file (tournaments/night_file.py).
        from races.transfer import register as night_file_rows_register

        night_file_rows_register()
