"""The organiser's check of a receipt typed from a phone or a sheet: does it match what the
server stored at that table's deal (:mod:`tournaments.ledger.receipts`)? Reads only."""

from dataclasses import dataclass
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.ledger.receipts import (
    ALPHABET,
    LENGTH,
    OLD_LENGTH,
    SCHEMES,
    Chain,
    Link,
    grouped,
    table_chain,
)
from tournaments.models import Tournament

#: What a phone's font or a hand may make of a code's character, typed back: read as the
#: code's own character (a code has none of the typed ones).
LOOK_ALIKES = {"0": "D", "O": "D", "Q": "D", "1": "7", "I": "7", "L": "7", "G": "6"}


def typed_code(text: str) -> str | None:
    """A code as typed from a phone or a sheet, as the code is shown: any case, spaces and
    dashes ignored, look-alikes read as the code's (0 as D, 1 as 7); None when it is no code
    of any scheme (six characters, or four from a table of before).

    >>> typed_code(" k7-x0 "), typed_code("nvw tk x")
    ('K7XD', 'NVW-TKX')
    >>> typed_code("K7X") is None, typed_code("K7X5") is None, typed_code("K7XDA") is None
    (True, True, True)
    """
    cleaned = "".join(LOOK_ALIKES.get(c, c) for c in text.upper() if c not in " -–")
    scheme = next((s for s in SCHEMES.values() if s.length == len(cleaned)), None)
    if scheme is None or any(c not in ALPHABET for c in cleaned):
        return None
    return grouped(cleaned, scheme)


class ReceiptCheckForm(forms.Form):
    """Table, deal and code, as the organiser types them (GET: nothing is changed); at a
    night of several series (``series_count``) the table's series first (a table's number
    repeats in every series), by default ``series``."""

    table = forms.IntegerField(label=gettext_lazy("Table"), min_value=1, max_value=9999)
    deal = forms.IntegerField(label=gettext_lazy("Deal"), min_value=1, max_value=99999)
    code = forms.CharField(
        label=gettext_lazy("Receipt"),
        max_length=20,
        help_text=gettext_lazy(
            "Six characters (an older receipt four), as the phone or the sheet shows them."
        ),
    )

    def __init__(self, *args: Any, series_count: int = 1, series: int = 1, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if series_count > 1:
            self.fields["series"] = forms.IntegerField(
                label=pgettext_lazy("a table's series", "Series"),
                min_value=1,
                max_value=series_count,
                initial=series,
            )
            self.order_fields(["series"])

    def clean_code(self) -> str:
        code = typed_code(self.cleaned_data["code"])
        if code is None:
            raise ValidationError(
                _(
                    "A receipt is %(length)s characters (an older one %(old)s) from these: "
                    "%(alphabet)s."
                ),
                code="not_a_receipt",
                params={"length": LENGTH, "old": OLD_LENGTH, "alphabet": " ".join(ALPHABET)},
            )
        return code


@dataclass(frozen=True)
class Verdict:
    """What the check found: whether it matches, in plain words, and the server's receipt."""

    matches: bool
    text: str
    server: Link | None = None


def receipt_verdict(
    tournament: Tournament, *, table: int, deal: int, code: str, series: int = 1
) -> Verdict:
    """Whether ``code`` is the receipt the server has for deal ``deal`` at table ``table`` (of
    ``series``).

    :raises ValidationError: the night has no such table, or the table no such deal.
    """
    # A table's number repeats in every series: at a night of several, it is named with it.
    named = table_named(table, series) if tournament.series_count > 1 else str(table)
    found = tournament.tables.filter(series=series, number=table).first()
    if found is None:
        raise ValidationError(
            _("There is no table %(table)s in this tournament."), params={"table": named}
        )
    receipts = table_chain(found)
    link = receipts.numbered(deal)
    if link is None:
        raise ValidationError(_missing(receipts, deal, named))
    if len(code.replace("-", "")) != receipts.length:
        raise ValidationError(
            _("The receipts of table %(table)s have %(length)s characters: please compare the "
              "code with the phone or the sheet."),
            params={"table": named, "length": receipts.length},
        )  # fmt: skip
    where = {"deal": deal, "table": named, "code": link.code, "typed": code}
    if link.code == code:
        text = _("Correct: deal %(deal)s at table %(table)s is stored just so (receipt %(code)s).")
        return Verdict(True, text % where, link)
    passed = _passed_after(receipts, link, code)
    if passed is not None:
        text = _(
            "Correct: deal %(deal)s at table %(table)s and the “all passed” after it are "
            "stored just so (receipt %(typed)s)."
        )
        return Verdict(True, text % where, passed)
    differs = _(
        "Does not match: for deal %(deal)s at table %(table)s the server has the receipt "
        "%(code)s, not %(typed)s."
    )
    return Verdict(False, " ".join([differs % where, *_why(receipts, link, code)]), link)


def _passed_after(receipts: Chain, link: Link, code: str) -> Link | None:
    """The entry with no deal number ("all passed") after ``link`` and before the next deal
    whose code is ``code``: the phone shows its receipt too."""
    for later in receipts.links[receipts.links.index(link) + 1 :]:
        if later.number is not None:
            return None
        if later.code == code:
            return later
    return None


def table_named(table: int, series: int) -> str:
    """A table's number with its series ("3 (Serie 2)"), as the check's answers name it."""
    return _("%(table)s (series %(series)s)") % {"table": table, "series": series}


def _missing(receipts: Chain, deal: int, named: str) -> str:
    numbers = [link.number for link in receipts.links if link.number]
    if not numbers:
        return _("Table %(table)s has no deal stored yet.") % {"table": named}
    return _("Table %(table)s has no deal %(deal)s stored; it has deals %(first)s to %(last)s.") % {
        "table": named,
        "deal": deal,
        "first": min(numbers),
        "last": max(numbers),
    }


def _why(receipts: Chain, link: Link, code: str) -> list[str]:
    """What may explain it: the code of another deal, a correction since, else a deal on the
    phone or the sheet that the server has differently."""
    reasons = []
    holder = receipts.holder_of(code)
    if holder is not None and holder.number:
        reasons.append(
            _("%(code)s is the receipt of deal %(deal)s at this table.")
            % {"code": code, "deal": holder.number}
        )
    restart = receipts.restart
    if restart is not None and restart.sequence <= link.sequence:
        number = restart.number or restart.sequence
        reasons.append(
            _("Deal %(number)s was corrected: from deal %(number)s on the receipts are new, so a "
              "receipt noted before the correction no longer matches.") % {"number": number}
        )  # fmt: skip
    if not reasons:
        reasons.append(
            _("So a deal up to deal %(deal)s is stored differently from what the phone or the "
              "sheet showed: compare them with the table's sheet.") % {"deal": link.number}
        )  # fmt: skip
    return reasons
