"""Amounts of money as clubs write them, read in one place for every form that takes money
(the entry fee, the prize list): "50", "50 €", "50,-", "5,- €", "5.-", "€ 20", "20 Euro",
"20 EUR", "7,50", "7.50".

>>> [str(money_read(text)) for text in ("50,-", "5,- €", "5.-", "€ 20", "20 Euro", "7,50")]
['50', '5', '5', '20', '20', '7.50']
>>> money_read("Präsentkorb") is None, money_read("3 Flaschen Wein") is None
(True, True)
"""

import re
from decimal import Decimal
from typing import Any

from django import forms

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
    """The amount ``text`` writes, in euros; None when it writes none (a prize's name).

    >>> money_read("1.000.000 €")
    Traceback (most recent call last):
    ...
    tournaments.money.MoneyError: 1.000.000 €
    >>> money_read("-10 €")
    Traceback (most recent call last):
    ...
    tournaments.money.MoneyError: -10 €

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
