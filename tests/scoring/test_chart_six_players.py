"""At a table of five or six each line has its own colour, dashes and marker (the walk's
finding: at a five players 1 and 5 shared blue, solid and circle), and the key below the
chart names each player in the page's own type."""

import xml.etree.ElementTree as ET

import pytest

from scoring.standings import chart
from tests.scoring.print_helpers import played, sheet_of

SVG = "{http://www.w3.org/2000/svg}"
SIX = ("Anna", "Bernd", "Carla", "Dora", "Emil", "Frieda")


def _sheet(players: int) -> object:
    scores = [(seat, 3 * seat - 4) for seat in range(players)] * 2
    return sheet_of(played(scores, players=players), names=SIX[:players])


def _marker(group: ET.Element) -> str:
    """The marker's markup without its place: its tag and, for a polygon, its corners' order
    (a triangle up and one down differ in where the lone corner is)."""
    shape = next(c for c in group if c.tag != f"{SVG}polyline" and c.tag != f"{SVG}title")
    if shape.tag == f"{SVG}polygon":
        corners = [tuple(map(float, p.split(","))) for p in shape.get("points", "").split()]
        return f"polygon-{len(corners)}-{'up' if corners[0][1] < corners[1][1] else 'down'}"
    return shape.tag.removeprefix(SVG)


@pytest.mark.parametrize("players", [5, 6])
def test_every_line_has_its_own_colour_dashes_and_marker(players: int) -> None:
    root = ET.fromstring(chart.running_totals_svg(_sheet(players)))  # type: ignore[arg-type]  # noqa: S314
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "series"]
    assert len(groups) == players
    lines = [g.find(f"{SVG}polyline") for g in groups]
    assert len({line.get("stroke") for line in lines if line is not None}) == players
    assert len({line.get("stroke-dasharray") for line in lines if line is not None}) == players
    assert len({_marker(g) for g in groups}) == players


@pytest.mark.parametrize("players", [5, 6])
def test_the_key_names_each_player_with_his_own_sample(players: int) -> None:
    key = ET.fromstring(chart.running_totals_key(_sheet(players)))  # type: ignore[arg-type]  # noqa: S314
    items = key.findall("li")
    assert [item.find("strong").text for item in items] == list(SIX[:players])  # type: ignore[union-attr]
    samples = {ET.tostring(item.find("svg")) for item in items}  # type: ignore[arg-type]
    assert len(samples) == players
