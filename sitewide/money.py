"""Money as every page and PDF writes it ("32,50 €", "−10,00 €"), and as clubs write it on
every form that takes money ("50,-", "€ 20": :func:`money_read`).

One format for the cash report, the prize page, the standings' prizes and the race's cash box:
two decimals in the language's own mark, a space before the euro sign, and a debt with a true
minus sign (U+2212, as the totals have it) right before the number, never a hyphen and never a
sign standing apart.
"""

import re
from decimal import Decimal
from typing import Any

from django import forms
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


_CURRENCY = r"(?:€|eur|euro|euros)"
_DASHES = r"[-–—]{1,2}"
#: Up to five digits of euros; a comma or point, then cents or a dash ("50,-": no cents).
_MONEY = re.compile(
    rf"(?:{_CURRENCY}\s*)?(\d{{1,5}}(?:[.,]\d{{1,2}})?)(?:[.,]{_DASHES})?(?:\s*{_CURRENCY})?",
    re.IGNORECASE,
)
#: Whatever reads as an amount (a sign, digits, separators, dashes, a currency) but is no
#: amount _MONEY takes ("-10 €", "1.000.000 €"): refused, rather than read as a name.
_AMOUNT_LIKE = re.compile(
    rf"([-−–]?)\s*(?:{_CURRENCY}\s*)?([-−–]?)\s*\d[\d.,]*(?:{_DASHES})?(?:\s*{_CURRENCY})?",
    re.IGNORECASE,
)


class MoneyError(ValueError):
    """Text that reads as an amount of money, but is none a form can take.

    ``negative`` tells a negative amount from one with too many digits.
    """

    def __init__(self, text: str, *, negative: bool) -> None:
        super().__init__(text)
        self.text = text
        self.negative = negative


def money_read(text: str) -> Decimal | None:
    """The amount ``text`` writes, in euros; None when it writes none (a prize's name):
    "50", "50 €", "50,-", "5,- €", "5.-", "€ 20", "20 Euro", "20 EUR", "7,50", "7.50".

    >>> [str(money_read(text)) for text in ("50,-", "5,- €", "5.-", "€ 20", "20 Euro", "7,50")]
    ['50', '5', '5', '20', '20', '7.50']
    >>> money_read("Präsentkorb") is None, money_read("3 Flaschen Wein") is None
    (True, True)

    >>> money_read("1.000.000 €")
    Traceback (most recent call last):
    ...
    sitewide.money.MoneyError: 1.000.000 €
    >>> money_read("-10 €")
    Traceback (most recent call last):
    ...
    sitewide.money.MoneyError: -10 €

    :raises MoneyError: it reads as an amount, but is none from 0 to 99,999.99 €.
    """
    text = " ".join(text.split())
    if found := _MONEY.fullmatch(text):
        return Decimal(found.group(1).replace(",", "."))
    if like := _AMOUNT_LIKE.fullmatch(text):
        raise MoneyError(text, negative=bool(like.group(1) or like.group(2)))
    return None


class MoneyField(forms.DecimalField):
    """A sum of money typed as clubs write it (see :func:`money_read`); anything else is
    left to Django's decimal field, which refuses it in its own words (or reads "1.000")."""

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]
        if isinstance(value, str):
            try:
                amount = money_read(value)
            except MoneyError:
                amount = None
            if amount is not None:
                return amount
        return super().to_python(value)
