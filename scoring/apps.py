from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from tournaments.models import Table


def _deals_played(table: "Table") -> int:
    """The table's scored deals played (one function, so that ready() registers it again as
    the same: tournaments.ledger.progress)."""
    from scoring import selectors

    return selectors.deals_played(table=table)


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scoring")

    def ready(self) -> None:
        from scoring import printing_kinds, selectors
        from scoring.standings.own_prizes import prize_texts
        from tournaments import night_links, rule_pages
        from tournaments.ledger import progress as table_progress

        # The night's pages in tournaments link to these pages without naming this app.
        night_links.register(
            board="scoring:board",
            finish="scoring:finish",
            reopen="scoring:reopen",
            table_sheet="scoring:organiser_sheet",
            table_end="scoring:table_end",
            table_resume="scoring:table_resume",
            series_end="scoring:series_end",
        )
        printing_kinds.register()
        # The race's and Tippen's standings show each player's share of the prize list kept here.
        rule_pages.register_prize_texts(prize_texts)
        table_progress.register(
            "scoring",
            _deals_played,
            recheck=selectors.deals_unfit_for_leaving,
            waiting=selectors.deals_waiting,  # the phones' pings: said before a redraw, an end
        )
        # The running totals of a table's deals, made afresh by the ledger with every change.
        from scoring.models import Deal
        from scoring.standings.selectors import table_totals
        from tournaments.ledger.entries import register_totals

        register_totals(Deal, table_totals)
        # Its scored deals and the prizes in the night's file (tournaments/night_file.py).
        from scoring.night_file.deals import register as night_file_rows_register

        night_file_rows_register()
        # The board kept for every page is made afresh once a table's entries change.
        from scoring.standings import board_cache
        from tournaments.ledger.entries import entries_changed

        entries_changed.connect(
            board_cache.entries_changed, dispatch_uid="scoring.standings.board_cache"
        )
        # ... and once a series is drawn (or drawn again): the board announces its seating.
        from django.db.models.signals import post_save

        from tournaments.models import SeriesDraw

        post_save.connect(
            board_cache.series_drawn, sender=SeriesDraw, dispatch_uid="scoring.board_series"
        )
