"""Everything of scoring that a page or a PDF reads, by subject: where a table stands for its
next entry (``entry``), its scoresheet (``sheets``), how far the night is (``progress``); the
ranking and prizes are scoring/standings/'s. Each with a fixed number of queries, asserted in
tests. The public names are re-exported here, so callers write ``selectors.next_deal``."""

from scoring.selectors.entry import (
    RECENT_ENTRIES,
    DealSeating,
    NextDeal,
    deal_seating,
    next_deal,
    next_deal_after,
    paper_start,
    playing_seats,
    recent_rows,
    seat_totals,
    sitting_out,
    table_seating,
)
from scoring.selectors.leaving import deals_unfit_for_leaving
from scoring.selectors.phones import (
    SILENT_AFTER,
    Rehearsal,
    TableLink,
    deals_waiting,
    rehearsal,
    table_links,
    tournament_links,
    with_links,
)
from scoring.selectors.progress import (
    DealsProgress,
    SeatingTable,
    deals_played,
    deals_progress,
    night_history,
    seating_to_announce,
    table_is_done,
    tables_ended_early,
    tables_played_short,
    tables_progress,
    unfinished_tables,
)
from scoring.selectors.sheets import SheetRow, TableSheet, deal_history, table_sheet, table_sheets

__all__ = [
    "RECENT_ENTRIES",
    "SILENT_AFTER",
    "DealSeating",
    "DealsProgress",
    "NextDeal",
    "Rehearsal",
    "SeatingTable",
    "SheetRow",
    "TableLink",
    "TableSheet",
    "deal_history",
    "deal_seating",
    "deals_played",
    "deals_progress",
    "deals_unfit_for_leaving",
    "deals_waiting",
    "next_deal",
    "next_deal_after",
    "night_history",
    "paper_start",
    "playing_seats",
    "recent_rows",
    "rehearsal",
    "seat_totals",
    "seating_to_announce",
    "sitting_out",
    "table_is_done",
    "table_links",
    "table_seating",
    "table_sheet",
    "table_sheets",
    "tables_ended_early",
    "tables_played_short",
    "tables_progress",
    "tournament_links",
    "unfinished_tables",
    "with_links",
]
