"""Forms of the tournaments app: they check input and show a service's refusal on its field."""

import json
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from fipsen_rules import FipsenError
from fipsen_rules.ruleset import Option
from sitewide.money import MoneyField
from tournaments.club_points import POINTS
from tournaments.draw.rule_seating import deal_count_readers, table_deals
from tournaments.draw.series_forms import SeriesCountForm
from tournaments.models import MAX_DEALS, Seat, Tournament
from tournaments.option_text import OptionText
from tournaments.players.selectors import by_family_name
from tournaments.rule_choice import CHOICES, FIRST_RULES, KONTRA, rules_checked
from tournaments.rule_readers import default_tie_break, kontra_readers, tie_break_readers
from tournaments.services import RULE_FIELDS
from tournaments.text import CleanCharField

# The tournament night


class TournamentForm(forms.ModelForm, SeriesCountForm):
    """A tournament's details, its rule set and the rule set's options; the date is today
    unless changed.

    The options are fields of their own, named ``<rule set>_<option>`` (``prisdorf_min_bid``)
    and built from the rule set's options (:mod:`tournaments.rule_choice`); the form stores
    the chosen rule set's in ``rule_options``.
    """

    rule_set = forms.ChoiceField(
        label=_("rules"),
        choices=lambda: [
            (choice.name, format_html("<strong>{}</strong> {}", choice.label, choice.line))
            for choice in CHOICES.values()
        ],
        initial=FIRST_RULES,
        widget=forms.RadioSelect(attrs={"class": "choice-list"}),
    )

    #: The rule set whose deal counts and tie-break the form shows (static/js/rule-options.js
    #: shows the chosen one's): a value left as shown is the chosen rule set's own.
    defaults_of = forms.CharField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "place",
            "rule_set",
            "prize_tournament",
            "deals_at_four",
            "deals_at_three",
            "series_count",
            "tie_break",
            "entry_fee",
            "confirmation_required",
            "board_enabled",
            "board_after_finish",
        ]
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            # A text field, not a number field: a number field shows and takes only "10.00".
            "entry_fee": forms.TextInput(attrs={"inputmode": "decimal"}),
        }
        # "10,00" in German, and typed either way: "10,50" and "10.50" are both 10.50.
        localized_fields = ["entry_fee"]
        field_classes = {"name": CleanCharField, "place": CleanCharField, "entry_fee": MoneyField}

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if not self.instance.pk and not self.is_bound:
            self.initial.setdefault("date", timezone.localdate())
            self.initial.setdefault("name", CHOICES[FIRST_RULES].tournament_name)
        self.initial.setdefault("defaults_of", self.instance.rule_set or FIRST_RULES)
        self._add_rule_fields()
        self._offer_deal_counts()
        readers = {
            # Shown (with JavaScript) only for the rule sets that read them.
            "deals_at_four": deal_count_readers(4),
            "deals_at_three": deal_count_readers(3),
            "tie_break": tie_break_readers(),
            "prize_tournament": kontra_readers(),
        }
        for name, names in readers.items():
            self.fields[name].shown_for = " ".join(names)  # type: ignore[attr-defined]
        # The options below the rule sets, before the tables' deals.
        self.order_fields([*self.Meta.fields[:5], *(n for n in self.fields if is_option_field(n))])
        self._fix_fields()

    def _add_rule_fields(self) -> None:
        chosen = self.instance.rule_options if self.instance.pk else {}
        for choice in CHOICES.values():
            for option, text in choice.offered():
                name = option_field_name(choice.name, option.name)
                self.fields[name] = _option_field(option, text)
                if choice.name == self.instance.rule_set:
                    self.initial.setdefault(name, chosen.get(option.name, option.default))

    #: The deal count fields, by the size of table they count.
    DEAL_COUNTS = (("deals_at_four", 4), ("deals_at_three", 3))

    def _offer_deal_counts(self) -> None:
        """A new tournament's deal counts show the rule set's (the default one's: every rule
        set offered agrees, 100 at four and 120 at three); none stored is shown so too."""
        figures = _rule_set_deals(self.instance.rule_set or FIRST_RULES, {})
        for name, size in self.DEAL_COUNTS:
            if self.initial.get(name) is None and size in figures:
                self.initial[name] = figures[size]

    def _fix_fields(self) -> None:
        """Shown read-only what may not change any more, rather than refused after saving."""
        self.fixed_note: str | Promise = ""
        if self.instance.is_playing:
            fixed = [name for name in self.fields if name in RULE_FIELDS or is_option_field(name)]
            own = option_field_name(self.instance.rule_set, "")
            named = [n for n in fixed if not is_option_field(n) or n.startswith(own)]
            self.fixed_note = _(
                "Fixed since play started: %(fields)s. Everything else can still be changed."
            ) % {"fields": ", ".join(str(self.fields[name].label) for name in named)}
        elif self.instance.is_finished:
            fixed = list(self.fields)
            self.fixed_note = _("The tournament is finished.")
        else:
            fixed = []
        for name in fixed:
            if name != "defaults_of":  # says what the fields show; changes nothing itself
                self.fields[name].disabled = True

    def option_fields(self) -> list[forms.BoundField]:
        """The options' fields, shown below the rule sets."""
        return [self[name] for name in self.fields if is_option_field(name)]

    def option_groups(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """Each rule set with options: its name, its label and its options' fields. Shown
        under the rule set's name (only the chosen one's with JavaScript); the options of a
        rule set not chosen are not read (see ``clean``)."""
        groups = []
        for choice in CHOICES.values():
            own = option_field_name(choice.name, "")
            fields = [self[name] for name in self.fields if name.startswith(own)]
            if fields:
                groups.append((choice.name, str(choice.label), fields))
        return groups

    def main_fields(self) -> list[forms.BoundField]:
        """Every field but the options' (and the hidden one)."""
        return [
            self[name]
            for name in self.fields
            if not is_option_field(name) and name != "defaults_of"
        ]

    def rule_defaults_json(self) -> str:
        """Each rule set's deal counts, tie-break and a new tournament's name, for the script
        that shows them (a name the organiser typed stays, as a changed count does)."""
        return json.dumps(
            {
                name: {**rule_defaults(name, {}), "name": str(choice.tournament_name)}
                for name, choice in CHOICES.items()
            }
        )

    def clean(self) -> dict[str, Any]:
        """The options' fields become ``rule_options``, checked by the rules library: the
        cleaned data are then the service's arguments."""
        cleaned: dict[str, Any] = super().clean() or {}
        self._refuse_fixed_changes()
        given = {field: cleaned.pop(field) for field in list(cleaned) if is_option_field(field)}
        name = str(cleaned.get("rule_set", ""))
        if name in CHOICES:
            self._clean_rule_options(cleaned, name, given)
            self._clean_defaults(cleaned, name)
        return cleaned

    def _clean_defaults(self, cleaned: dict[str, Any], name: str) -> None:
        """A deal count or the tie-break left as the form showed it (the defaults of rule set
        ``name``, or of the one the form showed them for) is rule set ``name``'s own: a deal
        count is then not stored (None: the rule set's, whatever it is), the tie-break is its.
        Only what the organiser changed is kept; a value already stored stays as it is."""
        chosen = rule_defaults(name, cleaned.get("rule_options") or {})
        shown_for = cleaned.pop("defaults_of", "")
        shown = rule_defaults(shown_for, {}) if shown_for in CHOICES else {}
        for field, _size in self.DEAL_COUNTS:
            value = cleaned.get(field)
            stored = getattr(self.instance, field)
            if value != stored and value in (chosen.get(field), shown.get(field)):
                cleaned[field] = None
        value = cleaned.get("tie_break")
        stored = self.instance.tie_break if self.instance.pk else None
        if "tie_break" in shown and value != stored and value == shown["tie_break"]:
            cleaned["tie_break"] = chosen["tie_break"]

    def _refuse_fixed_changes(self) -> None:
        """A read-only field posted anyway with another value (a tampered form) is refused by
        name, and nothing is saved: Django would silently keep the stored value and save the
        rest. A browser sends no disabled field, so one sent with its value is no change."""
        changed = [
            str(field.label)
            for name, field in self.fields.items()
            if field.disabled
            and self.add_prefix(name) in self.data
            and _cleaned_or_raw(field, self[name].value())
            != _cleaned_or_raw(field, field.widget.value_from_datadict(
                self.data, self.files, self.add_prefix(name)
            ))
        ]  # fmt: skip
        if changed:
            self.add_error(
                None,
                ValidationError(
                    _("Nothing was saved: these can no longer be changed: %(fields)s."),
                    code="fixed",
                    params={"fields": ", ".join(changed)},
                ),
            )

    def _clean_rule_options(
        self, cleaned: dict[str, Any], name: str, given: dict[str, Any]
    ) -> None:
        options = {
            option.name: given[field]
            for option, _text in CHOICES[name].offered()
            if given.get(field := option_field_name(name, option.name)) is not None
        }
        if name == self.instance.rule_set and POINTS in self.instance.rule_options:
            options[POINTS] = self.instance.rule_options[POINTS]  # kept: its own form
        prize = bool(cleaned.get("prize_tournament"))
        try:
            cleaned["rule_options"] = rules_checked(name, options, prize_tournament=prize)
        except ValidationError as error:
            code = error.error_list[0].code
            where = option_field_name(name, KONTRA) if code == "kontra_prize" else None
            self.add_error(where if where in self.fields else None, error)
            # Said on its field: the defaults keep the model's own check from saying it again.
            self.instance.rule_options = {}
        else:
            self.instance.rule_options = cleaned["rule_options"]


def rule_defaults(name: str, options: dict[str, Any]) -> dict[str, Any]:
    """What a tournament of rule set ``name`` plays unless the organiser changes it: its
    tables' deal counts (by field) and its tie-break."""
    deals = _rule_set_deals(name, options)
    found: dict[str, Any] = {
        field: deals[size] for field, size in TournamentForm.DEAL_COUNTS if size in deals
    }
    found["tie_break"] = default_tie_break(name)
    return found


def _rule_set_deals(name: str, options: dict[str, Any]) -> dict[int, int]:
    """The deals of a table of each size by rule set ``name`` alone (no count of its own);
    none for a rule set the registry lacks or options it refuses (said on their fields)."""
    unset = Tournament(rule_set=name, rule_options=options, deals_at_four=None, deals_at_three=None)
    try:
        return table_deals(unset)
    except (KeyError, FipsenError):
        return {}


def _cleaned_or_raw(field: forms.Field, value: object) -> object:
    """The value as the field would clean it, to compare a posted value with the stored one
    ("2" and 2 are the same deal count); an invalid one as it is."""
    try:
        return field.clean(value)
    except ValidationError:
        return value


def option_field_name(rule_set: str, option: str) -> str:
    return f"{rule_set}_{option}"


def is_option_field(name: str) -> bool:
    return any(name.startswith(option_field_name(rules, "")) for rules in CHOICES)


def _option_field(option: Option, text: OptionText) -> forms.Field:
    if option.is_switch:
        return forms.BooleanField(label=text.label, help_text=text.help, required=False)
    # Not required: an option not sent (another rule set chosen) keeps its default.
    return forms.TypedChoiceField(
        label=text.label,
        help_text=text.help,
        choices=text.choices,
        coerce=int,
        required=False,
        empty_value=None,
        initial=option.default,
        widget=forms.RadioSelect(attrs={"class": "choice-row"}),
    )


class SwapForm(forms.Form):
    """Two seated players of the tournament to swap."""

    first = forms.ModelChoiceField(label=_("Player"), queryset=Seat.objects.none())
    second = forms.ModelChoiceField(label=_("swaps with"), queryset=Seat.objects.none())

    def __init__(self, *args: object, tournament: Tournament, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        seats = (
            Seat.objects.filter(table__tournament=tournament)
            .select_related("table", "registration__player")
            .order_by(*by_family_name("registration__player__"))
        )
        for field in ("first", "second"):
            self.fields[field].queryset = seats  # type: ignore[attr-defined]
            self.fields[field].label_from_instance = _seat_label  # type: ignore[attr-defined]


def _seat_label(seat: Seat) -> str:
    """The player, his club (two similar names told apart) and his table."""
    player = seat.registration.player
    if player.club:
        return _("%(player)s, %(club)s (table %(table)s)") % {
            "player": player.name,
            "club": player.club,
            "table": seat.table.number,
        }
    return _("%(player)s (table %(table)s)") % {"player": player.name, "table": seat.table.number}


class LeaveForm(forms.Form):
    """A player leaves during play, after the deal given: by default the last one the table
    played (he leaves now); the service refuses a deal still to come."""

    after_deal = forms.IntegerField(label=_("after deal"), min_value=0, max_value=MAX_DEALS)

    def __init__(self, *args: Any, played: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["after_deal"]
        field.initial = played
        field.help_text = _(
            "The last deal played is deal %(played)s: he leaves now. An earlier deal only if "
            "he already sat out the deals after it."
        ) % {"played": played}
