"""The deal form: taps become the rule set's game through its vocabulary
(:mod:`fipsen_rules.vocabulary`); the rules' errors land on their fields. The prize forms are in
prize_forms.py."""

import uuid
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.safestring import SafeString
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules import Code, FipsenError, Violation
from fipsen_rules.vocabulary import RESULT, EndingHint, NumberField, Taps, Vocabulary
from scoring import deal_tiles
from scoring.deal_tiles import NumberBox, Tile, TileGroup
from scoring.evaluation import passed_counts, scored_rules, spoken_game, vocabulary_of
from scoring.models import Deal
from tournaments.models import Seat, Tournament
from tournaments.rules_errors import add_refusal, violation_text

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


#: The hidden fields of the deal form are missing only from a page that is not this app's own.
_OUT_OF_DATE = _("This page is out of date: please reload it.")
#: A rule's refusal of a tap that the game does not take, said as what to tap (see
#: DealForm.add_refusal): a selected tile is tapped again to deselect it.
_NO_RESULT = _("%(game)s needs no result – tap “%(tile)s” again to deselect it.")
_PLAYED_WITHOUT = _("%(game)s is played without %(tile)s – tap “%(tile)s” again to deselect it.")
#: The rules' refusals of how a game ended (or that it did not say): where the rules say how
#: a game may end (Großenaspe, SPEC C3.2), the captain is told the results it can have.
_RESULT_CODES = frozenset(
    {
        Code.RESULT_MISSING,
        Code.NOT_APPLICABLE,
        Code.FAILURE_UNSAID,
        Code.SURRENDER_NOT_KIEKER,
        Code.BEET_IMPOSSIBLE,
    }
)


class DealForm(forms.Form):
    """One deal in a few taps, the tiles of the rule set's vocabulary: who played, what, the
    flags beside it (Prisdorf's Hand/Ruten/Durch and Kontra/Re where the rules have them,
    Großenaspe's Gute/Kreuz/Durch/geklopft, Ansegger's Ruten), and how it ended."""

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
    written_value = forms.IntegerField(
        label=_("Value on the paper sheet (optional)"),
        required=False,
        min_value=-999,
        max_value=999,
    )

    #: The dealer who sits out the deal at a table of five (Großenaspe), if the form knows it.
    sitting_out: int | None = None

    def __init__(self, *args: object, seats: list[Seat], vocabulary: Vocabulary,
                 playing: tuple[int, ...] | None = None, **kwargs: object) -> None:  # fmt: skip
        """``vocabulary``: the tournament's rule set's; ``playing``: the seats that may declare
        (default: every seat of the table; at a five, not the dealer)."""
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.vocabulary = vocabulary
        self._seats = seats
        self.offer_declarers(playing)
        written_value = self.fields.pop("written_value")
        # The rule set's fields, built once per process and language and shared (issue 22:
        # the captain's every save built two forms' choices afresh): no form changes them.
        self.fields.update(_taps_fields(vocabulary, get_language()))
        self.fields["written_value"] = written_value
        #: No value from a paper sheet where the rules' sheets are typed in whole or not at all.
        self.without_paper_value = not vocabulary.paper_value
        #: How a Kieker is played at three (SPEC A10.4), which surprises players used to four.
        note = vocabulary.note_at(len(seats))
        self.kieker_note = gettext(note) if note else ""

    @property
    def passed_counts(self) -> bool:
        """A deal all passed counts (Skat's "eingepasst"): the phone's queue numbers it."""
        return passed_counts(self.vocabulary, len(self._seats))

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

    def tile_groups(self) -> list[TileGroup | NumberBox]:
        """The tiles to tap, built here rather than through each widget's template: the
        captain's screen renders them on every save, and this is a tenth of the cost. A tile
        the rules do not offer (a contract the club's table has no points for) is not shown."""
        shown = {tile.value for tile in self.vocabulary.contracts if tile.shown}
        saving = frozenset(tile.value for tile in self.vocabulary.contracts if tile.saves)
        contracts = self._choice_group("contract", "contract", saving)
        groups: list[TileGroup | NumberBox] = [
            self._choice_group("players", "declarer"),
            TileGroup(
                contracts.key,
                contracts.legend,
                contracts.input_type,
                tuple(tile for tile in contracts.tiles if tile.value in shown),
                contracts.invalid,
            ),
        ]
        for group in self.vocabulary.groups:
            names = tuple(tile.value for tile in group.tiles if tile.shown)
            if names:
                groups.append(self._check_group(group.key, gettext(group.legend), names))
            groups += [
                self._number_box(n) for n in self.vocabulary.numbers if n.beside == group.key
            ]
        beside = {group.key for group in self.vocabulary.groups} | {RESULT}
        groups += [self._number_box(n) for n in self.vocabulary.numbers if n.beside not in beside]
        groups.append(self._choice_group("result", "result"))
        return groups + [self._number_box(n) for n in self.vocabulary.numbers if n.beside == RESULT]

    def _number_box(self, number: NumberField) -> NumberBox:
        value, html_name = self[number.name].value(), self.add_prefix(number.name)
        return NumberBox(html_name, f"id_{html_name}", str(self.fields[number.name].label),
                         "" if value is None else str(value), number.minimum, number.maximum,
                         number.name in self.errors, " ".join(map(str, number.steps)))  # fmt: skip

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
        tapped = ("declarer", "contract", *(tile.value for tile in self.vocabulary.flags))
        if self.is_bound or any(self.initial.get(name) for name in (*tapped, "result")):
            return deal_tiles.tiles_html(tuple(self.tile_groups()))
        players = tuple(self.fields["declarer"].choices)  # type: ignore[attr-defined]
        return _fresh_tiles_html(players, self.vocabulary, get_language())

    def _choice_group(self, key: str, name: str, saving: frozenset[str] = frozenset()) -> TileGroup:
        field = self.fields[name]
        chosen = self[name].value()
        chosen = "" if chosen is None else str(chosen)
        html_name = self.add_prefix(name)
        tiles = tuple(
            Tile(
                html_name,
                f"id_{html_name}_{index}",
                str(value),
                str(label),
                str(value) == chosen,
                saves=str(value) in saving,
            )
            for index, (value, label) in enumerate(field.choices)  # type: ignore[attr-defined]
        )
        return TileGroup(key, str(field.label), "radio", tiles, name in self.errors)

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        contract = data.get("contract")
        if not contract:
            return data
        for conflict in self.vocabulary.conflicts:
            if data.get(conflict.flag) and data.get(conflict.other):
                self.add_error(conflict.flag, gettext(conflict.message))
                return data
        result = data.get("result") or None
        flags = frozenset(tile.value for tile in self.vocabulary.flags if data.get(tile.value))
        numbers = tuple(
            (number.name, data[number.name])
            for number in self.vocabulary.numbers
            if data.get(number.name) is not None
        )
        try:
            data["game"] = self.vocabulary.game_of(
                Taps(str(contract), flags, None if result is None else str(result), numbers)
            )
        except FipsenError as error:
            self.add_refusal(error)
        if data.get("declarer") == "":
            data["declarer"] = None
        return data

    def add_refusal(self, error: FipsenError | ValidationError) -> None:
        """Why the rules or a service refused the form's deal, on the form: every broken rule
        as a plain message on the field it concerns, a seat with its player's name (the phone
        shows names, not seat numbers); a tile the game does not take says how to take it
        back."""
        add_refusal(
            self,
            error,
            fields=self.vocabulary.field_of,
            wording=self._tap_message,
            names=self.seat_names(),
        )

    def _tap_message(self, violation: Violation, field: str | None) -> ValidationError | None:
        """For a tile to tap off (or to tap) what to tap; None: the rules' own message."""
        code, params = violation.code, violation.params
        if field == "result" and code in _RESULT_CODES:
            game = getattr(self, "cleaned_data", {}).get("game")
            hint = None if game is None else self.vocabulary.ending_hint(game)
            if hint is not None:
                return self._results_message(hint)
        if code == Code.DECLARER_MISSING:
            return ValidationError(_("Please tap who plays."), code=code)
        tile = self._tile_label(field or "")
        if code == Code.PASSED_WITH_DECLARER and tile:
            return ValidationError(
                _("When all passed, nobody plays – tap “%(tile)s” again to deselect it."),
                code=code,
                params={"tile": tile},
            )
        tap_off = {t.value for t in self.vocabulary.flags if t.tap_off}
        if code == Code.NOT_APPLICABLE and tile and (field == "result" or field in tap_off):
            text = _NO_RESULT if field == "result" else _PLAYED_WITHOUT
            return ValidationError(
                text,
                code=code,
                params={"game": spoken_game(str(params.get("game", ""))), "tile": tile},
            )
        return None

    def _results_message(self, hint: EndingHint) -> ValidationError:
        """What the game can end with, as tiles to tap; the wrong one tapped, if any."""
        labels = {tile.value: gettext(tile.label) for tile in self.vocabulary.results}
        params = {
            "game": spoken_game(hint.game),
            "results": one_of_words([labels[ending] for ending in hint.endings]),
        }
        if hint.tapped is None:
            text = _("Tap how %(game)s ended: %(results)s.")
            return ValidationError(text, code=Code.RESULT_MISSING, params=params)
        text = _("%(game)s ends with %(results)s, not with “%(tile)s”: tap one of those.")
        params["tile"] = labels[hint.tapped]
        return ValidationError(text, code="result", params=params)

    def _tile_label(self, field: str) -> str:
        """The label of the tile selected in ``field`` ("gewonnen", "Hand", a name), or ""."""
        if field in {tile.value for tile in self.vocabulary.flags} and field in self.fields:
            return str(self.fields[field].label)
        if field not in ("declarer", "result"):
            return ""
        chosen = str(self[field].value() or "")
        choices = self.fields[field].choices  # type: ignore[attr-defined]
        return next((str(label) for value, label in choices if str(value) == chosen), "")


def one_of_words(words: list[str]) -> str:
    """“a”, “b” or “c”: the words quoted, the last after "or"."""
    quoted = [gettext("“%(word)s”") % {"word": word} for word in words]
    if len(quoted) < 2:
        return "".join(quoted)
    return gettext("%(some)s or %(last)s") % {"some": ", ".join(quoted[:-1]), "last": quoted[-1]}


def deal_form(tournament: Tournament, data: Any = None, **kwargs: Any) -> DealForm:
    """The deal form of the tournament's rule set (``data``: as posted)."""
    return DealForm(data, vocabulary=vocabulary_of(tournament), **kwargs)


def fresh_deal_form(tournament: Tournament, *, sequence: int, **kwargs: Any) -> DealForm:
    """An empty form for the next entry, with a fresh submission id."""
    initial = {"sequence": sequence, "submission": uuid.uuid4()}
    return deal_form(tournament, initial=initial, **kwargs)


def deal_initial(tournament: Tournament, deal: Deal) -> dict[str, object]:
    """The taps of ``deal`` as it stands (the correction form). A deal known only by its value
    (from a paper sheet) keeps it: the corrected deal names its game. No written value beside
    a game: a correction changes the game, and the old value would be refused."""
    initial: dict[str, object] = {
        "sequence": deal.sequence,
        "submission": deal.submission,
        "declarer": deal.declarer,
    }
    if not deal.game:
        return initial | {"written_value": deal.score}
    rules = scored_rules(tournament)
    vocabulary = rules.vocabulary
    taps = vocabulary.taps_of(rules.parse(deal.game))
    flags = {tile.value: taps.has(tile.value) for tile in vocabulary.flags}
    numbers = {number.name: taps.number(number.name) for number in vocabulary.numbers}
    return initial | {"contract": taps.contract, **flags, **numbers, "result": taps.result or ""}


@lru_cache(maxsize=64)
def _taps_fields(vocabulary: Vocabulary, language: str) -> dict[str, forms.Field]:
    """The fields of the rule set's taps (the game, its flags, how it ended), in the form's
    order, in ``language``: shared by every deal form (see DealForm.__init__)."""
    fields: dict[str, forms.Field] = {
        "contract": forms.ChoiceField(
            label=_("What was played?"),
            choices=[(tile.value, gettext(tile.label)) for tile in vocabulary.contracts],
            widget=forms.RadioSelect,
            error_messages={"required": _("Please tap the game.")},
        )
    }
    for tile in vocabulary.flags:
        fields[tile.value] = forms.BooleanField(label=gettext(tile.label), required=False)
    for number in vocabulary.numbers:
        fields[number.name] = forms.IntegerField(
            label=gettext(number.label),
            min_value=number.minimum,
            max_value=number.maximum,
            initial=number.default,
            required=False,  # the rules say which games need it, and how
        )
    fields["result"] = forms.ChoiceField(
        label=gettext(vocabulary.results_legend),
        choices=[(tile.value, gettext(tile.label)) for tile in vocabulary.results],
        required=False,
        widget=forms.RadioSelect,
    )
    return fields


@lru_cache(maxsize=256)
def _fresh_tiles_html(
    players: tuple[tuple[int, str], ...], vocabulary: Vocabulary, language: str
) -> SafeString:
    """The tiles of an empty form (see DealForm.tiles_html); names are escaped in it."""
    form = DealForm(seats=[], vocabulary=vocabulary)
    form.fields["declarer"].choices = list(players)  # type: ignore[attr-defined]
    return deal_tiles.tiles_html(tuple(form.tile_groups()))


class TableEndForm(forms.Form):
    """Why a table ends before its last deal: it goes into the history and onto the ranking."""

    reason = forms.CharField(
        label=_("Why does the table end early?"),
        max_length=200,
        help_text=_('For example "Heinz Kuhn had to go home" or "the night ran out of time".'),
        error_messages={"required": _("Say why the table ends early.")},
    )
