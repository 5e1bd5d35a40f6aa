"""The deal form of Mecklenburg Fips (SPEC C5): the same tiles as Prisdorf's, its contracts.

Ansegger Fips: who played; 1 to 4, Fips, or all passed; Ruten (diamonds trumps: "3 Ruten",
Rutenfips); made or failed. Duttfips: who played; Dutt, "Ruten oewer", Fips, Rutenfips; made or
failed (nobody passes: Vorhand takes the Dutt). The taps become a
:class:`fipsen_rules.MecklenburgGame`, scored by the club's points table; the rules' errors
(a contract the club's table lacks, the Dutt taken by the wrong player) land on their tiles.
"""

import dataclasses

from django import forms
from django.core.exceptions import ValidationError
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from fipsen_rules import Ansegger, Duttfips, FipsenError, MecklenburgGame, Result
from fipsen_rules.mecklenburg_game import MeckKind
from scoring.forms import RESULTS, DealForm, TileGroup, _tiles_html
from scoring.models import Deal
from tournaments.models import Seat
from tournaments.rules_errors import add_refusal

#: Ansegger Fips: the numbers and Fips, Ruten a tile of its own (as Prisdorf's).
ANSEGGER_CONTRACTS = [
    ("1", "1"),
    ("2", "2"),
    ("3", "3"),
    ("4", "4"),
    ("fips", "Fips"),
    ("passed", _("all passed")),
]
#: Duttfips: four contracts, each one tap ("Ruten oewer!" and Rutenfips are their own).
DUTTFIPS_CONTRACTS = [
    ("dutt", "Dutt"),
    ("oewer", "Ruten oewer"),
    ("fips", "Fips"),
    ("rutenfips", "Rutenfips"),
]
_KINDS = {
    "fips": (MeckKind.FIPS, False),
    "passed": (MeckKind.PASSED, False),
    "dutt": (MeckKind.DUTT, False),
    "oewer": (MeckKind.DUTT, True),
    "rutenfips": (MeckKind.FIPS, True),
}
#: Made or failed: no Kieker to give up.
MECK_RESULTS = [(value, label) for value, label in RESULTS if value != Result.SURRENDERED.value]
#: Where each part of a Mecklenburg deal (as fipsen_rules names it) sits in the form; a rule
#: that names no field (a contract the club's table lacks) is said on the contract.
MECK_FIELDS = {
    "declarer": "declarer",
    "tricks": "contract",
    "": "contract",
    "points": "contract",
    "result": "result",
    "captain_value": "written_value",
    "dealer": "declarer",
}


class MeckDealForm(DealForm):
    """One Ansegger or Duttfips deal in a few taps, on the same screen as Prisdorf's. No value
    from a paper sheet: a sheet is typed in whole on the paper page (scoring/paper/)."""

    without_paper_value = True
    scores_with_dealer = True

    def __init__(self, *args: object, seats: list[Seat], rules: Ansegger | Duttfips,
                 playing: tuple[int, ...] | None = None, **kwargs: object) -> None:  # fmt: skip
        forms.Form.__init__(self, *args, **kwargs)  # type: ignore[arg-type]
        self._seats = seats
        self.offer_declarers(playing)
        self.ansegger = isinstance(rules, Ansegger)
        contracts = ANSEGGER_CONTRACTS if self.ansegger else DUTTFIPS_CONTRACTS
        self.fields["contract"].choices = contracts  # type: ignore[attr-defined]
        self.offered = _offered(rules)  # a contract posted from elsewhere: the rules refuse it
        self.fields["result"].choices = MECK_RESULTS  # type: ignore[attr-defined]
        self.fields["result"].label = _("Made or failed?")
        for name in ("hand", "durch", "kontra", "re") + (() if self.ansegger else ("ruten",)):
            del self.fields[name]
        self.kieker_note = ""

    def tile_groups(self) -> list[TileGroup]:
        contracts = self._choice_group("contract", "contract")
        tiles = tuple(tile for tile in contracts.tiles if tile.value in self.offered)
        contracts = dataclasses.replace(contracts, tiles=tiles)
        groups = [self._choice_group("players", "declarer"), contracts]
        if self.ansegger and "ruten" in self.offered:
            groups.append(self._check_group("doubles", _("Ruten (diamonds trumps)"), ("ruten",)))
        return [*groups, self._choice_group("result", "result")]

    def tiles_html(self) -> SafeString:
        return _tiles_html(tuple(self.tile_groups()))

    def clean(self) -> dict[str, object]:
        data = forms.Form.clean(self) or {}
        contract = str(data.get("contract") or "")
        if not contract:
            return data
        kind, ruten = _KINDS.get(contract, (MeckKind.NUMBER, False))
        result = data.get("result") or None
        try:
            data["game"] = MecklenburgGame(
                kind,
                int(contract) if kind is MeckKind.NUMBER else None,
                ruten=ruten or bool(data.get("ruten")),
                result=Result(result) if result else None,
            )
        except FipsenError as error:
            self.add_refusal(error)
        if data.get("declarer") == "":
            data["declarer"] = None
        return data

    def add_refusal(self, error: FipsenError | ValidationError) -> None:
        """Every broken rule as a message on the tile it concerns, a seat with its player's
        name (the phone shows names, not seat numbers)."""
        add_refusal(
            self, error, fields=MECK_FIELDS, wording=self._tap_message, names=self.seat_names()
        )


def _offered(rules: Ansegger | Duttfips) -> set[str]:
    """The tiles of the contracts the club's table has points for: an Ansegger number where
    it or its Ruten has a row, and "ruten" where a Ruten contract has one; all passed always."""
    offered = {"passed"}
    ansegger = isinstance(rules, Ansegger)
    for contract, _won, _lost in rules.points.points:
        if contract.kind is MeckKind.NUMBER:
            offered.add(str(contract.tricks))
        elif contract.kind is MeckKind.FIPS:
            offered.add("rutenfips" if contract.ruten and not ansegger else "fips")
        else:
            offered.add("oewer" if contract.ruten else "dutt")
        if contract.ruten and ansegger:
            offered.add("ruten")
    return offered


def meck_initial(deal: Deal, *, ansegger: bool) -> dict[str, object]:
    """The taps of a Mecklenburg deal as it stands (the correction form)."""
    game = MecklenburgGame.parse(deal.game)
    if game.kind is MeckKind.NUMBER:
        contract = str(game.tricks)
    elif game.kind is MeckKind.DUTT:
        contract = "oewer" if game.ruten else "dutt"
    elif game.kind is MeckKind.FIPS and game.ruten and not ansegger:
        contract = "rutenfips"
    else:
        contract = game.kind.value
    return {
        "sequence": deal.sequence,
        "submission": deal.submission,
        "declarer": deal.declarer,
        "contract": contract,
        "ruten": game.ruten,
        "result": game.result.value if game.result else "",
        "written_value": deal.written_value,
    }
