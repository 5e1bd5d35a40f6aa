"""The deal form: taps become a fipsen_rules Game; the rules' errors land on their fields."""

import re
import uuid
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from fipsen_rules import MESSAGES, Game, GameKind, InvalidEntryError, Result
from scoring.ranking import Prize
from tournaments.models import Seat

#: What was played: the buttons of the form, in the order shown.
CONTRACTS = [
    ("2", "2"),
    ("3", "3"),
    ("4", "4"),
    ("5", "5"),
    ("kieker", "Kieker"),
    ("siebener", "Siebener Fips"),
    ("passed", _("all passed")),
]
_KINDS = {"kieker": GameKind.KIEKER, "siebener": GameKind.SIEBENER_FIPS, "passed": GameKind.PASSED}
RESULTS = [
    (Result.WON.value, _("won")),
    (Result.LOST.value, _("lost")),
    (Result.SURRENDERED.value, _("surrendered")),
]

#: Where each part of a deal entry (as fipsen_rules names it) sits in the form.
RULES_FIELDS = {
    "declarer": "declarer",
    "tricks": "contract",
    "hand": "hand",
    "ruten": "ruten",
    "durch": "durch",
    "result": "result",
    "captain_value": "written_value",
}


class DealForm(forms.Form):
    """One deal in a few taps: who played, what, Hand/Ruten/Durch, and how it ended."""

    sequence = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    submission = forms.UUIDField(widget=forms.HiddenInput)
    declarer = forms.TypedChoiceField(
        label=_("Who played?"), coerce=int, required=False, widget=forms.RadioSelect
    )
    contract = forms.ChoiceField(
        label=_("What was played?"), choices=CONTRACTS, widget=forms.RadioSelect
    )
    hand = forms.BooleanField(label="Hand", required=False)
    ruten = forms.BooleanField(label="Ruten", required=False)
    durch = forms.BooleanField(label="Durch", required=False)
    result = forms.ChoiceField(
        label=_("Result"), choices=RESULTS, required=False, widget=forms.RadioSelect
    )
    written_value = forms.IntegerField(
        label=_("Value on the paper sheet (optional)"),
        required=False,
        min_value=-999,
        max_value=999,
    )

    def __init__(self, *args: object, seats: list[Seat], min_bid: int,
                 playing: tuple[int, ...] | None = None, **kwargs: object) -> None:  # fmt: skip
        """``playing``: the seats that may declare (default: every seat of the table)."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._seats = seats
        self.offer_declarers(playing)
        self.fields["contract"].choices = [  # type: ignore[attr-defined]
            (value, label)
            for value, label in CONTRACTS
            if not value.isdigit() or int(value) >= min_bid
        ]

    def offer_declarers(self, playing: tuple[int, ...] | None) -> None:
        """Offer only the seats in ``playing`` (None: all) as the declarer."""
        self.fields["declarer"].choices = [  # type: ignore[attr-defined]
            (s.position, s.registration.player.name)
            for s in self._seats
            if playing is None or s.position in playing
        ]

    @classmethod
    def for_next(cls, *, sequence: int, **kwargs: object) -> "DealForm":
        """An empty form for the next entry, with a fresh submission id."""
        return cls(initial={"sequence": sequence, "submission": uuid.uuid4()}, **kwargs)  # type: ignore[arg-type]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        contract = data.get("contract")
        if not contract:
            return data
        kind = _KINDS.get(contract, GameKind.NUMBER)
        result = data.get("result") or None
        data["game"] = Game(
            kind,
            int(contract) if kind is GameKind.NUMBER else None,
            hand=bool(data.get("hand")),
            ruten=bool(data.get("ruten")),
            durch=bool(data.get("durch")),
            result=Result(result) if result else None,
        )
        if data.get("declarer") == "":
            data["declarer"] = None
        return data

    def add_rules_error(self, error: InvalidEntryError) -> None:
        """Every broken rule as a plain message on the field it concerns."""
        for violation in error.violations:
            field = RULES_FIELDS.get(violation.field or "")
            message = ValidationError(
                _(MESSAGES[violation.code]), code=violation.code, params=dict(violation.params)
            )
            self.add_error(field if field in self.fields else None, message)


# Prizes

_PRIZE_LINE = re.compile(r"^\s*(\d+)\s*[.:)]?\s*(.+?)\s*$")
_MONEY = re.compile(r"^(\d{1,5}(?:[.,]\d{1,2})?)\s*(?:€|eur|euro)?$", re.IGNORECASE)
_PERCENT = re.compile(r"\d+(?:[.,]\d+)?")


def _decimal(text: str) -> Decimal:
    return Decimal(text.replace(",", "."))


class PrizeListForm(forms.Form):
    """The prize list, one place a line: "1. 50 €", "2. Präsentkorb", "3. 20 € + Wein"."""

    lines = forms.CharField(
        label=_("Prizes, one place a line"),
        widget=forms.Textarea(attrs={"rows": 8}),
        required=False,
        help_text=_(
            "For example: “1. 50 €”, “2. Präsentkorb”, “3. 20 € + Flasche Wein”. Several prizes "
            "for one place: a line each, “1. 30 €” and “1. Präsentkorb”."
        ),
    )

    def clean_lines(self) -> list[Prize]:
        prizes = []
        problems = []
        for number, line in enumerate(self.cleaned_data["lines"].splitlines(), start=1):
            if not line.strip():
                continue
            match = _PRIZE_LINE.match(line)
            if match is None:
                problems.append(
                    ValidationError(
                        _("Line %(line)s: start with the place, e.g. “1. 50 €”."),
                        code="prize_line",
                        params={"line": number},
                    )
                )
                continue
            money, names = Decimal(0), []
            for part in match.group(2).split("+"):
                amount = _MONEY.match(part.strip())
                if amount:
                    money += _decimal(amount.group(1))
                elif part.strip():
                    names.append(part.strip())
            prizes.append(Prize(int(match.group(1)), money, " + ".join(names)))
        if problems:
            raise ValidationError(problems)
        return prizes

    @staticmethod
    def initial_text(prizes: list[object]) -> str:
        """The saved list written back as lines to edit."""
        return "\n".join(str(prize) for prize in prizes)


class FeeSplitForm(forms.Form):
    """The entry fees split in percentages: "50 30 20"."""

    percentages = forms.CharField(
        label=_("Split the entry fees: percent for place 1, 2, 3 …"),
        help_text=_("For example “50 30 20”. Named prizes stay."),
    )

    def clean_percentages(self) -> list[Decimal]:
        values = [_decimal(v) for v in _PERCENT.findall(self.cleaned_data["percentages"])]
        if not values:
            raise ValidationError(_("Give at least one percentage."), code="no_percentages")
        return values


class TableEndForm(forms.Form):
    """Why a table ends before its last deal: it goes into the history and onto the ranking."""

    reason = forms.CharField(
        label=_("Why does the table end early?"),
        max_length=200,
        help_text=_('For example "Heinz Kuhn had to go home" or "the night ran out of time".'),
        error_messages={"required": _("Say why the table ends early.")},
    )
