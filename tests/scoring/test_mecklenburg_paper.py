"""A Mecklenburg paper sheet typed in (SPEC C5): Ansegger Fips and Duttfips, their lines in
Mecklenburg's words, the declarer's gain from the club's own points table, a value after the
game checked against the table's, a deal where all passed a line of its own (Ansegger Fips);
every wrong line named in German, nothing saved of a sheet with one."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring import paper, selectors, services
from scoring.models import Deal, DealChange
from scoring.paper_forms import PaperSheetForm
from tests.scoring.helpers import meck_night
from tournaments.draw.tables import seats_of
from tournaments.models import Table

pytestmark = pytest.mark.django_db

#: The clubs' own tables: "2 Ruten" and Rutenfips left out, so that a line of them is refused.
POINTS = {
    "ansegger": {"1": [1, -2], "3": [3, -6], "3 Ruten": [6, -12], "Fips": [15, -30]},
    "duttfips": {"Dutt": [2, -4], "Ruten oewer": [4, -8], "Fips": [15, -30]},
}
#: Each rule set's sheet: who played ("v": that deal's Vorhand, "o": the seat after him, else
#: a seat from 0, None: all passed), the game, and what he gains by the club's table.
SHEETS = {
    "ansegger": [
        (0, "3 Ruten gewonnen 6", 6),
        (None, "alle gepasst", 0),  # dealt again: the next line is the same deal
        (1, "Fips verloren", -30),
        (3, "3 verloren", -6),
        (2, "1 gewonnen 1", 1),
    ],
    "duttfips": [
        ("v", "Dutt gewonnen", 2),
        ("o", "Ruten oewer verloren -8", -8),
        ("v", "Dutt verloren", -4),
        (0, "Fips gewonnen 15", 15),
    ],
}


def _table(rule_set: str) -> Table:
    return Table.objects.get(tournament=meck_night(rule_set, points=POINTS[rule_set]))


def _sheet(table: Table, plays: list[tuple[object, str, int]]) -> tuple[list[str], tuple[int, ...]]:
    """The lines of ``plays`` for ``table``, numbered, by seat number, with the running totals
    summed here; each counted deal passes the deal on."""
    dealer = selectors.next_deal(table=table).dealer
    totals, lines, number = [0, 0, 0, 0], [], 1
    for who, game, gain in plays:
        vorhand = (dealer + 1) % 4
        seat = {"v": vorhand, "o": (vorhand + 1) % 4}.get(who, who)  # type: ignore[arg-type]
        if seat is None:
            lines.append(f"{number}. {game} | " + " ".join(map(str, totals)))
            continue
        totals[seat] += gain
        lines.append(f"{number}. {seat + 1} {game} | " + " ".join(map(str, totals)))
        number, dealer = number + 1, (dealer + 1) % 4
    return lines, tuple(totals)


def _german(error: paper.SheetError) -> list[str]:
    with translation.override("de"):
        form = PaperSheetForm({"text": "x"})
        form.is_valid()
        form.add_sheet_error(error)
        return [line.message for line in form.wrong_lines]


@pytest.mark.parametrize("rule_set", ["ansegger", "duttfips"])
def test_a_good_sheet_is_saved_with_the_clubs_points(rule_set: str) -> None:
    table = _table(rule_set)
    lines, totals = _sheet(table, SHEETS[rule_set])

    deals = services.sheet_import(table=table, text="\n".join(lines), user=None)

    games = [re.sub(r" -?\d+$", "", game) for _, game, _ in SHEETS[rule_set]]
    assert [deal.game for deal in deals] == games
    assert [deal.value for deal in deals] == [gain for _, _, gain in SHEETS[rule_set]]
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == totals
    assert selectors.table_sheet(table=table).totals == totals
    counted = [deal.number for deal in Deal.objects.filter(table=table).order_by("sequence")]
    if rule_set == "ansegger":  # all passed: entered, not counted, dealt again
        assert counted == [1, None, 2, 3, 4]
    else:
        assert counted == [1, 2, 3, 4]
    assert DealChange.objects.filter(deal__table=table).count() == len(deals)


@pytest.mark.parametrize(
    ("rule_set", "line", "code", "german"),
    [
        ("ansegger", "{v} 2 Ruten gewonnen", "club_points_missing", "keine Punkte für 2 Ruten"),
        ("ansegger", "{v} 3 Ruten gewonnen 5", "value_mismatch", "zählt 6, nicht 5"),
        ("ansegger", "{v} 6", "paper_meck_value_only", "„3 Ruten gewonnen“"),
        ("ansegger", "{v}", "paper_ansegger_entry_missing", "„alle gepasst“"),
        ("ansegger", "{v} 3 Ruten", "result_missing", "gewonnen oder verloren"),
        ("ansegger", "{v} Dutt gewonnen", "not_applicable", "Dutt passt nicht zu Ansegger"),
        # By name: "2 alle gepasst" is deal 2, all passed
        ("ansegger", "{name} alle gepasst", "passed_with_declarer", "spielt niemand"),
        # After "1 3 gewonnen" the first total is 3, or 6: never 7.
        ("ansegger", "{v} 3 gewonnen | 7 0 0 0", "paper_wrong_total", "müsste"),
        ("duttfips", "{v} Rutenfips gewonnen", "club_points_missing", "Punkte für Rutenfips"),
        ("duttfips", "{o} Dutt gewonnen", "dutt_not_vorhand", "Vorhand, Platz {vorhand}"),
        ("duttfips", "{v} Ruten oewer gewonnen", "ruten_oewer_by_vorhand", "Platz {vorhand}"),
        ("duttfips", "alle gepasst", "not_applicable", "alle gepasst passt nicht zu Duttfips"),
        ("duttfips", "{v} Dutt gewonnen 3", "value_mismatch", "zählt 2, nicht 3"),
        ("duttfips", "{v}", "paper_duttfips_entry_missing", "„Dutt gewonnen“"),
        ("duttfips", "{v} 3 Ruten gewonnen", "not_applicable", "passt nicht zu Duttfips"),
        ("duttfips", "{v} 2", "paper_meck_value_only", "„Dutt gewonnen“"),
    ],
)
def test_each_wrong_line_is_named_and_nothing_is_saved(
    rule_set: str, line: str, code: str, german: str
) -> None:
    table = _table(rule_set)
    first = {"ansegger": (0, "3 gewonnen", 3), "duttfips": ("v", "Dutt gewonnen", 2)}[rule_set]
    (good,), _ = _sheet(table, [first])
    vorhand = (selectors.next_deal(table=table).dealer + 2) % 4  # deal 2's Vorhand
    name = seats_of(table=table)[vorhand].registration.player.name
    fill = {"v": vorhand + 1, "o": (vorhand + 1) % 4 + 1, "vorhand": vorhand + 1, "name": name}
    text = f"{good}\n{line.format(**fill)}"

    with pytest.raises(paper.SheetError) as caught:
        services.sheet_import(table=table, text=text, user=None)

    error = caught.value
    assert [wrong.line for wrong in error.lines] == [2]
    assert error.lines[0].problems[0].code == code
    (message,) = _german(error)
    assert message.startswith("Zeile 2 (Spiel 2): ")
    assert german.format(**fill) in message
    assert not Deal.objects.filter(table=table).exists()


@pytest.mark.parametrize(
    ("rule_set", "words", "example"),
    [
        ("ansegger", "Worten des Ansegger Fips", "3 Ruten gewonnen | 6 0 0 0"),
        ("duttfips", "Worten des Duttfips", "Dutt gewonnen |"),
    ],
)
def test_the_organiser_checks_and_saves_a_sheet_on_the_page(
    rule_set: str, words: str, example: str, organiser: Client
) -> None:
    table = _table(rule_set)
    lines, totals = _sheet(table, SHEETS[rule_set])
    url = reverse("scoring:organiser_paper", args=[table.tournament_id, table.pk])

    page = " ".join(organiser.get(url).content.decode().split())
    assert "Papierzettel lassen sich nur" not in page
    assert words in page
    assert example in page
    assert ("eigene Zeile ohne Spieler: „alle gepasst“" in page) == (rule_set == "ansegger")
    assert "Punktetabelle des Vereins keine Punkte hat" in page
    for other in ("3 Hand verloren", "3 Gute beet"):
        assert other not in page

    wrong = "\n".join([*lines[:-1], re.sub(r" -?\d+ \|", " 99 |", lines[-1])])
    refused = " ".join(organiser.post(url, {"text": wrong, "check": ""}).content.decode().split())
    assert f"Zeile {len(lines)} (Spiel" in refused
    assert "nicht 99" in refused
    assert "nichts gespeichert" in refused

    preview = organiser.post(url, {"text": "\n".join(lines), "check": ""}).content.decode()
    assert "Alle Zeilen stimmen. Das wird gespeichert:" in preview
    assert not Deal.objects.filter(table=table).exists()  # the check saves nothing
    batch = re.search(r'name="batch" value="([^"]+)"', preview).group(1)  # type: ignore[union-attr]
    organiser.post(url, {"text": "\n".join(lines), "batch": batch, "save": ""})

    assert Deal.objects.filter(table=table).count() == len(lines)
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == totals


def test_the_captain_types_in_a_mecklenburg_sheet_too() -> None:
    table = _table("duttfips")
    lines, totals = _sheet(table, SHEETS["duttfips"][:2])
    client = Client()
    url = reverse("scoring:table_paper", args=[table.token])
    preview = client.post(url, {"text": "\n".join(lines), "check": ""}).content.decode()
    batch = re.search(r'name="batch" value="([^"]+)"', preview).group(1)  # type: ignore[union-attr]
    client.post(url, {"text": "\n".join(lines), "batch": batch, "save": ""})
    seats = seats_of(table=table)
    assert selectors.seat_totals(table=table, seats=seats) == totals
    assert all(deal.user is None for deal in DealChange.objects.filter(deal__table=table))
