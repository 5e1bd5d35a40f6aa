"""Everything of scoring that changes state, by subject: entering deals (``entry``), correcting
and confirming them (``corrections``), paper sheets (``sheets``), ending tables early
(``tables``), a phone's ping (``phones``); the checks they share are in
``guards``. The public names are re-exported here, so callers write ``services.deal_record``."""

from scoring.services.corrections import deal_confirm, deal_confirmers, deal_correct
from scoring.services.entry import (
    DealAlreadyEntered,
    EntryOutOfDate,
    PostedDeal,
    deal_matches,
    deal_record,
    deal_record_at_link,
    deal_words,
)
from scoring.services.phones import phone_seen
from scoring.services.sheets import sheet_check, sheet_import, sheet_require_open, sheet_rules
from scoring.services.tables import (
    series_end_early,
    series_end_early_check,
    table_end_early,
    table_end_early_check,
    table_resume,
    table_resume_check,
)

__all__ = [
    "DealAlreadyEntered",
    "EntryOutOfDate",
    "PostedDeal",
    "deal_confirm",
    "deal_confirmers",
    "deal_correct",
    "deal_matches",
    "deal_record",
    "deal_record_at_link",
    "deal_words",
    "phone_seen",
    "series_end_early",
    "series_end_early_check",
    "sheet_check",
    "sheet_import",
    "sheet_require_open",
    "sheet_rules",
    "table_end_early",
    "table_end_early_check",
    "table_resume",
    "table_resume_check",
]
