"""The club's points table of a Mecklenburg tournament (SPEC C5), as the organiser fills it in:
for each contract of the rule set its points when made and when failed. A row left empty is a
contract the club does not play. The app's example table is the starting point until the
club's own is saved (:mod:`tournaments.club_points`)."""

from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.club_points import MAX_POINTS, POINTS, PointsRow, points_rows
from tournaments.models import Tournament


class ClubPointsForm(forms.Form):
    """Two whole numbers a contract: won, lost; both or neither."""

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        stored = tournament.rule_options.get(POINTS)
        #: Whether the numbers shown are the app's example, not yet the club's.
        self.example = not stored
        self.rows: list[PointsRow] = points_rows(tournament.rule_set, stored, example=self.example)
        for index, row in enumerate(self.rows):
            for side, value in (("won", row.won), ("lost", row.lost)):
                label = _("%(contract)s made") if side == "won" else _("%(contract)s failed")
                self.fields[f"{side}_{index}"] = forms.IntegerField(
                    label=label % {"contract": row.key},
                    required=False,
                    min_value=-MAX_POINTS,
                    max_value=MAX_POINTS,
                    initial=value,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "points"}),
                    error_messages={"invalid": _("Enter a whole number, such as 3 or -6.")},
                )
        self.fixed = tournament.has_started
        if self.fixed:
            for field in self.fields.values():
                field.disabled = True

    def lines(self) -> list[tuple[PointsRow, forms.BoundField, forms.BoundField]]:
        """Each contract with its two fields, for the table."""
        return [(row, self[f"won_{i}"], self[f"lost_{i}"]) for i, row in enumerate(self.rows)]

    def clean(self) -> dict[str, Any]:
        """The table as stored (``points``): a contract with both numbers, or with neither."""
        cleaned = super().clean() or {}
        if self.fixed:  # a post after Spielbeginn (an old page): refused, not "saved"
            raise ValidationError(
                _("The rules cannot change once play has started."), code="rules_fixed"
            )
        table: dict[str, list[int]] = {}
        for index, row in enumerate(self.rows):
            won, lost = cleaned.get(f"won_{index}"), cleaned.get(f"lost_{index}")
            if f"won_{index}" in self.errors or f"lost_{index}" in self.errors:
                continue
            if (won is None) != (lost is None):
                self.add_error(
                    f"lost_{index}" if lost is None else f"won_{index}",
                    ValidationError(
                        _(
                            "%(contract)s needs its points both when made and when failed; "
                            "leave both empty if the club does not play it."
                        ),
                        code="points_half",
                        params={"contract": row.key},
                    ),
                )
            elif won is not None and lost is not None:
                table[row.key] = [won, lost]
        if not table and not self.errors:
            raise ValidationError(
                _("The table has no points at all: fill in at least one contract."),
                code="points_empty",
            )
        cleaned[POINTS] = table
        return cleaned
