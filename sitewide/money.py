"""Money as every page and PDF writes it: "32,50 €", "−10,00 €".

One format for the cash report, the prize page, the standings' prizes and the race's cash box:
two decimals in the language's own mark, a space before the euro sign, and a debt with a true
minus sign (U+2212, as the totals have it) right before the number, never a hyphen and never a
sign standing apart.
"""

from decimal import Decimal

from django.utils.formats import number_format

MINUS_SIGN = "\N{MINUS SIGN}"


def euros(amount: Decimal | int) -> str:
    """``amount`` in euros as written: "32,50 €" in German, "−10,00 €" for a debt.

    >>> from django.utils import translation
    >>> with translation.override("de"):
    ...     euros(Decimal("-10")), euros(Decimal("1234.5")), euros(0)
    ('−10,00 €', '1234,50 €', '0,00 €')
    """
    sign = MINUS_SIGN if amount < 0 else ""
    return f"{sign}{number_format(Decimal(amount).copy_abs(), decimal_pos=2)} €"


def euros_out(amount: Decimal | int) -> str:
    """Money paid out, as a report that subtracts it writes it: "−70,00 €" (nothing paid,
    "0,00 €").

    >>> from django.utils import translation
    >>> with translation.override("de"):
    ...     euros_out(Decimal("70")), euros_out(0)
    ('−70,00 €', '0,00 €')
    """
    return euros(-amount)
