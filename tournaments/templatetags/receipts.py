"""``{% table_receipts table as receipts %}``: the table's chain of receipts
(:mod:`tournaments.ledger.receipts`), read where a page shows it; ``receipts|receipt_of:deal``: one
entry's code."""

from typing import Any

from django import template

from tournaments.ledger.receipts import Chain, request_chain
from tournaments.models import Table

register = template.Library()


@register.simple_tag(takes_context=True)
def table_receipts(context: template.Context, table: Table) -> Chain:
    """The table's receipts (one query per kind of entry), once per request."""
    return request_chain(context.get("request"), table)


@register.filter
def receipt_of(receipts: Chain | None, entry: Any) -> str:
    """The code of ``entry`` (a deal of any kind: its ``sequence``) in ``receipts``."""
    if receipts is None or entry is None:
        return ""
    return receipts.code_of(entry.sequence)
