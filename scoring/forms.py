"""The deal form: taps become a fipsen_rules Game; the rules' errors land on their fields. The
prize forms are in prize_forms.py."""

import uuid
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from django import forms
from django.core.exceptions import ValidationError
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules import Code, FipsenError, Game, GameKind, Prisdorf, Result, Violation
from tournaments.models import Seat
from tournaments.rules_errors import add_refusal, violation_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

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
    "kontra": "kontra",
    "re": "re",
    "result": "result",
    "captain_value": "written_value",
}


@dataclass(frozen=True)
class Tile:
    """One tap target of the deal form: a radio button or a checkbox with its label."""

    name: str
    id: str
    value: str
    label: str
    checked: bool
    invalid: bool = False


@dataclass(frozen=True)
class TileGroup:
    """A row of tiles under its legend: who, what, doubles, result."""

    key: str
    legend: str
    input_type: str
    tiles: tuple[Tile, ...]
    invalid: bool


#: The hidden fields of the deal form are missing only from a page that is not this app's own.
_OUT_OF_DATE = _("This page is out of date: please reload it.")
#: A rule's refusal of a tap that the game does not take, said as what to tap (see
#: DealForm.add_refusal): a selected tile is tapped again to deselect it.
_TAP_OFF = {
    "result": _("%(game)s needs no result – tap “%(tile)s” again to deselect it."),
    "hand": _("%(game)s is played without %(tile)s – tap “%(tile)s” again to deselect it."),
    "ruten": _("%(game)s is played without %(tile)s – tap “%(tile)s” again to deselect it."),
    "durch": _("%(game)s is played without %(tile)s – tap “%(tile)s” again to deselect it."),
    "kontra": _("%(game)s is played without %(tile)s – tap “%(tile)s” again to deselect it."),
}
#: The doubles, and the calls where the tournament's rules have them (SPEC C2).
DOUBLES = ("hand", "ruten", "durch")
CALLS = ("kontra", "re")


class DealForm(forms.Form):
    """One deal in a few taps: who played, what, Hand/Ruten/Durch, Kontra/Re where the rules
    have them, and how it ended."""

    #: Whether the rules score the deal with its dealer (Großenaspe's five, Duttfips's Dutt).
    scores_with_dealer = False

    sequence = forms.IntegerField(
        widget=forms.HiddenInput, min_value=1, error_messages={"required": _OUT_OF_DATE}
    )
    submission = forms.UUIDField(
        widget=forms.HiddenInput, error_messages={"required": _OUT_OF_DATE}
    )
    declarer = forms.TypedChoiceField(
        label=_("Who played?"),
        coerce=int,
        required=False,
        widget=forms.RadioSelect,
        # A seat not offered: a player who left, or the dealer who sits out at a five.
        error_messages={"invalid_choice": _("This player does not play this deal.")},
    )
    contract = forms.ChoiceField(
        label=_("What was played?"),
        choices=CONTRACTS,
        widget=forms.RadioSelect,
        error_messages={"required": _("Please tap the game.")},
    )
    hand = forms.BooleanField(label="Hand", required=False)
    ruten = forms.BooleanField(label="Ruten", required=False)
    durch = forms.BooleanField(label="Durch", required=False)
    kontra = forms.BooleanField(label="Kontra", required=False)
    re = forms.BooleanField(label="Re", required=False)
    result = forms.ChoiceField(
        label=_("Result"), choices=RESULTS, required=False, widget=forms.RadioSelect
    )
    written_value = forms.IntegerField(
        label=_("Value on the paper sheet (optional)"),
        required=False,
        min_value=-999,
        max_value=999,
    )

    def __init__(self, *args: object, seats: list[Seat], rules: Prisdorf,
                 playing: tuple[int, ...] | None = None, **kwargs: object) -> None:  # fmt: skip
        """``rules``: the tournament's; ``playing``: the seats that may declare (default:
        every seat of the table)."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._seats = seats
        self.offer_declarers(playing)
        self.fields["contract"].choices = [  # type: ignore[attr-defined]
            (value, label)
            for value, label in CONTRACTS
            if not value.isdigit() or int(value) >= rules.min_bid
        ]
        if not rules.kontra:
            for name in CALLS:
                del self.fields[name]
        #: How a Kieker is played at three (SPEC A10.4), which surprises players used to four.
        self.kieker_note = gettext(rules.kieker_procedure(3)) if len(seats) == 3 else ""

    #: The dealer who sits out the deal at a table of five (Großenaspe), if the form knows it.
    sitting_out: int | None = None

    def seat_names(self) -> list[str]:
        """The players in seat order: a refusal names the seat it is about."""
        return [seat.registration.player.name for seat in self._seats]

    def full_clean(self) -> None:
        super().full_clean()
        self._name_declarer_not_offered()
        self._name_all_missing()

    def _name_all_missing(self) -> None:
        """Saved with nothing tapped: say both what is missing, not only the game."""
        errors = self.errors.get("contract")
        if not errors or "required" not in {e.code for e in errors.as_data()}:
            return
        if self.data.get(self.add_prefix("declarer")):
            return
        text = gettext("Nothing tapped yet: please tap who played and what was played.")
        self.errors["contract"] = self.error_class([ValidationError(text, code="required")])

    def _name_declarer_not_offered(self) -> None:
        """A seat of the table that was not offered is named, with why (Django's "invalid
        choice" would say neither)."""
        errors = self.errors.get("declarer")
        if not errors or "invalid_choice" not in {e.code for e in errors.as_data()}:
            return
        posted = str(self.data.get(self.add_prefix("declarer"), ""))
        seat = next((s for s in self._seats if str(s.position) == posted), None)
        if seat is None:
            return
        if seat.position == self.sitting_out:
            violation = Violation(Code.DEALER_SITS_OUT, "declarer", {"seat": seat.position})
            text = violation_text(violation, self.seat_names())
        else:
            text = gettext("%(name)s does not play this deal.") % {
                "name": seat.registration.player.name
            }
        self.errors["declarer"] = self.error_class([ValidationError(text, code="seat")])

    def offer_declarers(self, playing: tuple[int, ...] | None) -> None:
        """Offer only the seats in ``playing`` (None: all) as the declarer."""
        self.fields["declarer"].choices = [  # type: ignore[attr-defined]
            (s.position, s.registration.player.name)
            for s in self._seats
            if playing is None or s.position in playing
        ]

    def tile_groups(self) -> list[TileGroup]:
        """The tiles to tap, built here rather than through each widget's template: the
        captain's screen renders them on every save, and this is a tenth of the cost."""
        groups = [
            self._choice_group("players", "declarer"),
            self._choice_group("contract", "contract"),
        ]
        groups.append(self._check_group("doubles", _("Doubles (if any)"), DOUBLES))
        if "kontra" in self.fields:
            groups.append(self._check_group("calls", _("Kontra and Re (if said)"), CALLS))
        groups.append(self._choice_group("result", "result"))
        return groups

    def _check_group(self, key: str, legend: "StrOrPromise", names: tuple[str, ...]) -> TileGroup:
        tiles = tuple(
            Tile(
                name=self.add_prefix(name),
                id=f"id_{self.add_prefix(name)}",
                value=name,
                label=str(self.fields[name].label),
                checked=bool(self[name].value()),
                invalid=name in self.errors,
            )
            for name in names
        )
        return TileGroup(key, str(legend), "checkbox", tiles, any(t.invalid for t in tiles))

    def tiles_html(self) -> SafeString:
        """The tile groups as HTML. A fresh form's tiles are the same for every deal at a
        table (only the players differ): made once per process and language, then reused."""
        if self.is_bound or any(self.initial.get(name) for name in _TAPPED):
            return _tiles_html(tuple(self.tile_groups()))
        players = tuple(self.fields["declarer"].choices)  # type: ignore[attr-defined]
        contracts = tuple(self.fields["contract"].choices)  # type: ignore[attr-defined]
        return _fresh_tiles_html(players, contracts, "kontra" in self.fields, get_language())

    def _choice_group(self, key: str, name: str) -> TileGroup:
        field = self.fields[name]
        chosen = self[name].value()
        chosen = "" if chosen is None else str(chosen)
        html_name = self.add_prefix(name)
        tiles = tuple(
            Tile(html_name, f"id_{html_name}_{index}", str(value), str(label), str(value) == chosen)
            for index, (value, label) in enumerate(field.choices)  # type: ignore[attr-defined]
        )
        return TileGroup(key, str(field.label), "radio", tiles, name in self.errors)

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
            kontra=bool(data.get("kontra")),
            re=bool(data.get("re")),
        )
        if data.get("declarer") == "":
            data["declarer"] = None
        return data

    def add_refusal(self, error: FipsenError | ValidationError) -> None:
        """Why the rules or a service refused the form's deal, on the form: every broken rule
        as a plain message on the field it concerns; a tile the game does not take says how
        to take it back."""
        add_refusal(
            self, error, fields=RULES_FIELDS, wording=self._tap_message, names=self.seat_names()
        )

    def _tap_message(self, violation: Violation, field: str | None) -> ValidationError | None:
        """For a tile to tap off (or to tap) what to tap; None: the rules' own message."""
        code, params = violation.code, violation.params
        if code == Code.DECLARER_MISSING:
            return ValidationError(_("Please tap who plays."), code=code)
        tile = self._tile_label(field or "")
        if code == Code.PASSED_WITH_DECLARER and tile:
            return ValidationError(
                _("When all passed, nobody plays – tap “%(tile)s” again to deselect it."),
                code=code,
                params={"tile": tile},
            )
        if code == Code.NOT_APPLICABLE and field in _TAP_OFF and tile:
            return ValidationError(
                _TAP_OFF[field], code=code, params={"game": params.get("game", ""), "tile": tile}
            )
        return None

    def _tile_label(self, field: str) -> str:
        """The label of the tile selected in ``field`` ("gewonnen", "Hand", a name), or ""."""
        if field in DOUBLES + CALLS and field in self.fields:
            return str(self.fields[field].label)
        if field not in ("declarer", "result"):
            return ""
        chosen = str(self[field].value() or "")
        choices = self.fields[field].choices  # type: ignore[attr-defined]
        return next((str(label) for value, label in choices if str(value) == chosen), "")


#: The tile groups whose legend is not shown (see _tiles_html).
_QUIET = ("doubles", "calls", "result")
#: The fields a captain taps; a form with none of them set is a fresh one.
_TAPPED = ("declarer", "contract", *DOUBLES, *CALLS, "result")


def _tiles_html(groups: tuple[TileGroup, ...]) -> SafeString:
    return format_html_join(
        "\n",
        '<fieldset class="tiles tiles-{}{}"><legend{}>{}</legend>{}</fieldset>',
        (
            (
                group.key,
                " field-invalid" if group.invalid else "",
                # Hand, Ruten, Durch and won, lost, surrendered name themselves: their legends
                # are read out but not shown, which keeps the whole deal on the first screen.
                format_html(' class="{}"', "visually-hidden") if group.key in _QUIET else "",
                group.legend,
                format_html_join(
                    "",
                    '<input class="tile-input" type="{}" name="{}" id="{}"{}{}>'
                    '<label class="tile tile-{}{}" for="{}">{}</label>',
                    (
                        (
                            group.input_type,
                            tile.name,
                            tile.id,
                            format_html(' value="{}"', tile.value)
                            if group.input_type == "radio"
                            else "",
                            " checked" if tile.checked else "",
                            tile.value,
                            " tile-invalid" if tile.invalid else "",
                            tile.id,
                            tile.label,
                        )
                        for tile in group.tiles
                    ),
                ),
            )
            for group in groups
        ),
    )


@lru_cache(maxsize=256)
def _fresh_tiles_html(
    players: tuple[tuple[int, str], ...],
    contracts: tuple[tuple[str, str], ...],
    kontra: bool,
    language: str,
) -> SafeString:
    """The tiles of an empty form (see DealForm.tiles_html); names are escaped in it."""
    form = DealForm(seats=[], rules=Prisdorf(kontra=kontra))
    form.fields["declarer"].choices = list(players)  # type: ignore[attr-defined]
    form.fields["contract"].choices = list(contracts)  # type: ignore[attr-defined]
    return _tiles_html(tuple(form.tile_groups()))


class TableEndForm(forms.Form):
    """Why a table ends before its last deal: it goes into the history and onto the ranking."""

    reason = forms.CharField(
        label=_("Why does the table end early?"),
        max_length=200,
        help_text=_('For example "Heinz Kuhn had to go home" or "the night ran out of time".'),
        error_messages={"required": _("Say why the table ends early.")},
    )
