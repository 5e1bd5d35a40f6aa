"""The deal form of Großenaspe Fipsen (SPEC C3): the same tiles as Prisdorf's, its own games.

Who played; what (1 to 5, Kieker, Fips, all passed); Gute (clubs bid), Kreuz (clubs chosen
after the Skat), Durch (played on for all five), geklopft where the tournament agreed kloppen;
how it ended: gewonnen, verloren, beet, pott beet, aufgegeben. The taps become a
:class:`fipsen_rules.GrossenaspeGame`; the rules' errors land on their fields.
"""

import uuid
from dataclasses import replace
from functools import cache
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules import GROSSENASPE, Ansegger, Code, Duttfips, FipsenError, Grossenaspe, Violation
from fipsen_rules.grossenaspe_game import AspeKind, Ending, GrossenaspeGame
from scoring.evaluation import rules_for
from scoring.forms import DealForm, TileGroup, _tiles_html
from scoring.meck_forms import MeckDealForm
from scoring.models import Deal
from tournaments.models import Seat, Tournament
from tournaments.rule_choice import rules_of
from tournaments.rules_errors import add_refusal

#: What was played: the contract tiles, in the order of the bids (SPEC C3.1).
ASPE_CONTRACTS = [
    ("1", "1"),
    ("2", "2"),
    ("3", "3"),
    ("4", "4"),
    ("5", "5"),
    ("kieker", "Kieker"),
    ("fips", "Fips"),
    ("passed", _("all passed")),
]
_KINDS = {"kieker": AspeKind.KIEKER, "fips": AspeKind.FIPS, "passed": AspeKind.PASSED}
#: How it ended; "beet" and "pott beet" are the club's own words, in every language.
ASPE_RESULTS = [
    (Ending.WON.value, _("won")),
    (Ending.LOST.value, _("lost")),
    (Ending.BEET.value, "beet"),
    (Ending.POTT_BEET.value, "pott beet"),
    (Ending.SURRENDERED.value, _("surrendered")),
]
#: Clubs bid, clubs chosen, played on; the knock where the tournament has it.
ASPE_FLAGS = ("gute", "kreuz", "durch")
KNOCK = "geklopft"
#: Where each part of a Großenaspe deal (as fipsen_rules names it) sits in the form.
ASPE_FIELDS = {
    "declarer": "declarer",
    "tricks": "contract",
    "gute": "gute",
    "kreuz": "kreuz",
    "durch": "durch",
    "geklopft": KNOCK,
    "result": "result",
    "captain_value": "written_value",
    "dealer": "declarer",
}

#: The rules' refusals of how a game ended (or that it did not say): the captain is told the
#: results that game can have, every one of which it takes (SPEC C3.2).
_RESULT_CODES = frozenset(
    {
        Code.RESULT_MISSING,
        Code.NOT_APPLICABLE,
        Code.FAILURE_UNSAID,
        Code.SURRENDER_NOT_KIEKER,
        Code.BEET_IMPOSSIBLE,
    }
)
_PLAYED_WITHOUT = _("%(game)s is played without %(tile)s – tap “%(tile)s” again to deselect it.")
_GUTE_IS_CLUBS = _("“Gute” already says clubs – tap “Kreuz” again to deselect it.")


class AspeDealForm(DealForm):
    """One Großenaspe deal in a few taps, on the same screen as Prisdorf's. No value from a
    paper sheet: its sheets are not transcribed, and its fifth ending needs the room."""

    without_paper_value = True
    scores_with_dealer = True

    gute = forms.BooleanField(label="Gute", required=False)
    kreuz = forms.BooleanField(label="Kreuz", required=False)
    geklopft = forms.BooleanField(label="geklopft", required=False)

    def __init__(self, *args: object, seats: list[Seat], rules: Grossenaspe,
                 playing: tuple[int, ...] | None = None, **kwargs: object) -> None:  # fmt: skip
        """``rules``: the tournament's; ``playing``: the seats that may declare (at a table
        of five, not the dealer)."""
        forms.Form.__init__(self, *args, **kwargs)  # type: ignore[arg-type]
        self._seats = seats
        self.offer_declarers(playing)
        self.fields["contract"].choices = ASPE_CONTRACTS  # type: ignore[attr-defined]
        self.fields["result"].choices = ASPE_RESULTS  # type: ignore[attr-defined]
        for name in ("hand", "ruten", "kontra", "re"):
            del self.fields[name]
        if not rules.kloppen:
            del self.fields[KNOCK]
        self.kieker_note = ""

    def flags(self) -> tuple[str, ...]:
        """The tiles beside the game: Gute, Kreuz, Durch, and geklopft where agreed."""
        return ASPE_FLAGS + ((KNOCK,) if KNOCK in self.fields else ())

    def tile_groups(self) -> list[TileGroup]:
        return [
            self._choice_group("players", "declarer"),
            self._choice_group("contract", "contract"),
            self._check_group("doubles", _("Clubs, played on, knocked (if so)"), self.flags()),
            self._choice_group("result", "result"),
        ]

    def tiles_html(self) -> SafeString:
        return _tiles_html(tuple(self.tile_groups()))

    def clean(self) -> dict[str, object]:
        data = forms.Form.clean(self) or {}
        contract = data.get("contract")
        if not contract:
            return data
        if data.get("gute") and data.get("kreuz"):
            self.add_error("kreuz", _GUTE_IS_CLUBS)
            return data
        kind = _KINDS.get(str(contract), AspeKind.NUMBER)
        result = data.get("result") or None
        try:
            data["game"] = GrossenaspeGame(
                kind,
                int(str(contract)) if kind is AspeKind.NUMBER else None,
                gute=bool(data.get("gute")),
                kreuz=bool(data.get("kreuz")),
                durch=bool(data.get("durch")),
                ending=Ending(result) if result else None,
                geklopft=bool(data.get(KNOCK)),
            )
        except FipsenError as error:
            self.add_refusal(error)
        if data.get("declarer") == "":
            data["declarer"] = None
        return data

    def add_refusal(self, error: FipsenError | ValidationError) -> None:
        """Every broken rule as a message on the tile it concerns."""
        add_refusal(
            self, error, fields=ASPE_FIELDS, wording=self._tap_message, names=self.seat_names()
        )

    def _tap_message(self, violation: Violation, field: str | None) -> ValidationError | None:
        game = getattr(self, "cleaned_data", {}).get("game")
        about_result = field == "result" and violation.code in _RESULT_CODES
        if about_result and game is not None and game.kind is not AspeKind.PASSED:
            return self._results_message(game)
        tile = self._tile_label(field or "")
        if violation.code == Code.NOT_APPLICABLE and field in ("gute", "kreuz") and tile:
            params = {"game": violation.params.get("game", ""), "tile": tile}
            return ValidationError(_PLAYED_WITHOUT, code=violation.code, params=params)
        return super()._tap_message(violation, field)

    def _results_message(self, game: GrossenaspeGame) -> ValidationError:
        """What ``game`` can end with, as tiles to tap; the wrong one tapped, if any."""
        labels = dict(ASPE_RESULTS)
        params = {
            "game": str(replace(game, ending=None, geklopft=False)),
            "results": one_of_words([str(labels[ending]) for ending in endings_of(game)]),
        }
        if game.ending is None:
            text = _("Tap how %(game)s ended: %(results)s.")
            return ValidationError(text, code=Code.RESULT_MISSING, params=params)
        text = _("%(game)s ends with %(results)s, not with “%(tile)s”: tap one of those.")
        params["tile"] = str(labels[game.ending])
        return ValidationError(text, code="result", params=params)

    def _tile_label(self, field: str) -> str:
        if field in self.flags():
            return str(self.fields[field].label)
        return super()._tile_label(field)


def endings_of(game: GrossenaspeGame) -> tuple[Ending, ...]:
    """How Großenaspe lets ``game`` end (its own ending aside), in the order of the tiles; for
    a game it does not allow at all, how the bid alone ends (its flag is refused apart).

    >>> [e.value for e in endings_of(GrossenaspeGame.parse("1 beet"))]
    ['won', 'pott_beet']
    """
    endings = _endings_by_head()
    bare = replace(game, gute=False, kreuz=False, durch=False)
    return endings.get(_head(game)) or endings.get(_head(bare)) or ()


def _head(game: GrossenaspeGame) -> GrossenaspeGame:
    return replace(game, ending=None, geklopft=False)


@cache
def _endings_by_head() -> dict[GrossenaspeGame, tuple[Ending, ...]]:
    heads: dict[GrossenaspeGame, set[Ending | None]] = {}
    for game in GROSSENASPE.games():
        heads.setdefault(_head(game), set()).add(game.ending)
    return {head: tuple(e for e in Ending if e in ends) for head, ends in heads.items()}


def one_of_words(words: list[str]) -> str:
    """“a”, “b” or “c”: the words quoted, the last after "or"."""
    quoted = [gettext("“%(word)s”") % {"word": word} for word in words]
    if len(quoted) < 2:
        return "".join(quoted)
    return gettext("%(some)s or %(last)s") % {"some": ", ".join(quoted[:-1]), "last": quoted[-1]}


def deal_form(tournament: Tournament, data: Any = None, **kwargs: Any) -> DealForm:
    """The deal form of the tournament's rule set, with its rules (``data``: as posted)."""
    rules = rules_of(tournament)
    if isinstance(rules, Grossenaspe):
        return AspeDealForm(data, rules=rules, **kwargs)
    if isinstance(rules, Ansegger | Duttfips):
        return MeckDealForm(data, rules=rules, **kwargs)
    return DealForm(data, rules=rules_for(tournament), **kwargs)


def fresh_deal_form(tournament: Tournament, *, sequence: int, **kwargs: Any) -> DealForm:
    """An empty form for the next entry, with a fresh submission id."""
    initial = {"sequence": sequence, "submission": uuid.uuid4()}
    return deal_form(tournament, initial=initial, **kwargs)


def aspe_initial(deal: Deal) -> dict[str, object]:
    """The taps of a Großenaspe deal as it stands (the correction form)."""
    game = GrossenaspeGame.parse(deal.game)
    return {
        "sequence": deal.sequence,
        "submission": deal.submission,
        "declarer": deal.declarer,
        "contract": str(game.tricks) if game.kind is AspeKind.NUMBER else game.kind.value,
        "gute": game.gute,
        "kreuz": game.kreuz,
        "durch": game.durch,
        KNOCK: game.geklopft,
        "result": game.ending.value if game.ending else "",
        "written_value": deal.written_value,
    }
