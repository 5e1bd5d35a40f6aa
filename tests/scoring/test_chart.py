"""The chart of a table's running totals (scoring/standings/chart.py): pure, tested without the
database.

The sheets are made of unsaved model instances, as the selector would return them.
"""

import doctest
import itertools
import types
import xml.etree.ElementTree as ET

import pytest

from scoring import scoresheets
from scoring.standings import chart
from tests.scoring.print_helpers import NAMES, played, sheet_of

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The SVG as XML: it must be well-formed, with every name escaped."""
    return ET.fromstring(svg)  # noqa: S314 (our own output, in a test)


def ticks(root: ET.Element, kind: str) -> dict[int, float]:
    """The axis ticks of a kind ("tick-y", "tick-x"): value → coordinate."""
    axis = "y" if kind == "tick-y" else "x"
    found = {}
    for text in root.iter(f"{SVG}text"):
        if text.get("class") == kind:
            value = int((text.text or "").replace("\N{MINUS SIGN}", "-"))
            found[value] = float(text.get(axis, "0")) - (5 if axis == "y" else 0)
    return found


def coordinate(found: dict[int, float], value: float) -> float:
    """Where ``value`` lies on an axis, from two of its ticks (the axes are linear)."""
    (v1, c1), (v2, c2) = sorted(found.items())[:2]
    return c1 + (value - v1) * (c2 - c1) / (v2 - v1)


def series(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "series"]


def polyline(group: ET.Element) -> ET.Element:
    line = group.find(f"{SVG}polyline")
    assert line is not None
    return line


def points(group: ET.Element) -> list[tuple[float, float]]:
    line = polyline(group)
    return [
        (float(x), float(y))
        for x, y in (point.split(",") for point in line.get("points", "").split())
    ]


SCORES = [(0, 12), (1, -6), (2, 30), (0, -12), (3, 4), (1, 10), (2, -16), (0, 5)]


def test_a_line_for_each_player() -> None:
    root = parse(chart.running_totals_svg(sheet_of(played(SCORES))))
    assert [g.get("data-seat") for g in series(root)] == ["0", "1", "2", "3"]
    for group in series(root):
        assert len(points(group)) == len(SCORES) + 1, "from 0, then one point per deal"


def test_each_line_ends_at_the_players_total() -> None:
    sheet = sheet_of(played(SCORES))
    root = parse(chart.running_totals_svg(sheet))
    y_ticks, x_ticks = ticks(root, "tick-y"), ticks(root, "tick-x")
    assert sheet.totals == (5, 4, 14, 4)
    for group, total in zip(series(root), sheet.totals, strict=True):
        x, y = points(group)[-1]
        assert x == pytest.approx(coordinate(x_ticks, len(SCORES)), abs=0.1)
        assert y == pytest.approx(coordinate(y_ticks, total), abs=0.1)
        assert group.get("data-total") == str(total)


def test_each_line_starts_at_zero_before_the_first_deal() -> None:
    root = parse(chart.running_totals_svg(sheet_of(played(SCORES))))
    y_ticks, x_ticks = ticks(root, "tick-y"), ticks(root, "tick-x")
    for group in series(root):
        assert points(group)[0] == (
            pytest.approx(coordinate(x_ticks, 0)),
            pytest.approx(coordinate(y_ticks, 0)),
        )


def test_the_labels_name_each_player_with_his_total_escaped() -> None:
    svg = chart.running_totals_svg(sheet_of(played(SCORES)))
    assert "&lt;b&gt;&amp;&quot;Müller&quot;" in svg
    assert '<b>&"Müller"' not in svg
    root = parse(svg)
    labels = ["".join(g.itertext()) for g in root.iter(f"{SVG}g") if g.get("class") == "label"]
    assert labels == ['5 <b>&"Müller"', "4 Anna Möller", "14 Bernd Zander", "4 Dora Übel"]


def test_negative_totals_carry_a_real_minus_sign() -> None:
    svg = chart.running_totals_svg(sheet_of(played([(1, -24), (0, 4)])))
    labels = [
        "".join(g.itertext()) for g in parse(svg).iter(f"{SVG}g") if g.get("class") == "label"
    ]
    assert "\N{MINUS SIGN}24 Anna Möller" in labels


def marker_shape(group: ET.Element) -> str:
    """circle, rect, or polygon-3 (a triangle) and polygon-4 (a diamond)."""
    marker = next(c for c in group if c.tag in (f"{SVG}circle", f"{SVG}rect", f"{SVG}polygon"))
    shape = marker.tag.removeprefix(SVG)
    return f"{shape}-{len(marker.get('points', '').split())}" if shape == "polygon" else shape


def test_the_lines_differ_in_dashes_and_markers_not_only_in_colour() -> None:
    groups = series(parse(chart.running_totals_svg(sheet_of(played(SCORES)))))
    dashes = {polyline(g).get("stroke-dasharray") for g in groups}
    assert len(dashes) == 4
    assert {marker_shape(g) for g in groups} == {"circle", "rect", "polygon-3", "polygon-4"}


def test_a_player_who_left_stops_at_his_last_deal() -> None:
    deals = [
        (1, 0, 0, 12),
        (2, 1, 1, -6),
        (3, 2, 2, 30),
        (4, 3, 1, 4),
        # seat 1 left after deal 4: the three others deal on
        (5, 0, 0, -12),
        (6, 2, 2, 10),
        (7, 3, 3, 5),
    ]
    sheet = sheet_of(deals, left_after={1: 4})
    root = parse(chart.running_totals_svg(sheet))
    x_ticks, y_ticks = ticks(root, "tick-x"), ticks(root, "tick-y")
    left = series(root)[1]
    assert len(points(left)) == 5
    assert points(left)[-1] == (
        pytest.approx(coordinate(x_ticks, 4), abs=0.1),
        pytest.approx(coordinate(y_ticks, -2), abs=0.1),
    )
    assert left.get("data-total") == "-2"


def test_deals_where_all_passed_have_no_point() -> None:
    deals = [(1, 0, 1, 6), (None, 1, None, 0), (2, 1, 2, -6)]
    root = parse(chart.running_totals_svg(sheet_of(deals)))
    assert all(len(points(group)) == 3 for group in series(root))


def test_the_deals_axis_runs_to_the_tables_deals() -> None:
    root = parse(chart.running_totals_svg(sheet_of(played(SCORES), table_deals=120)))
    assert max(ticks(root, "tick-x")) == 120


def test_a_table_of_three_has_three_lines() -> None:
    sheet = sheet_of(played([(0, 4), (1, 6), (2, -8)], players=3), names=NAMES[:3])
    assert len(series(parse(chart.running_totals_svg(sheet)))) == 3


def test_a_sheet_without_deals_is_a_chart_of_zeros() -> None:
    root = parse(chart.running_totals_svg(sheet_of([])))
    assert all(points(group) == points(series(root)[0]) for group in series(root))
    assert all(len(points(group)) == 1 for group in series(root))


@pytest.mark.parametrize(
    "wanted",
    [[100, 100, 100, 100], [0, 0, 400, 400], [50, 52, 300, 305], [390, 395, 399, 400], [10]],
)
def test_labels_stay_apart_and_inside(wanted: list[float]) -> None:
    placed = chart.label_positions(wanted, gap=24, top=20, bottom=400)
    ordered = sorted(placed)
    assert all(b - a >= 24 - 1e-6 for a, b in itertools.pairwise(ordered))
    assert all(20 <= y <= 400 for y in placed)
    # the order of the lines' ends is kept
    assert sorted(range(len(wanted)), key=lambda i: (wanted[i], i)) == sorted(
        range(len(wanted)), key=lambda i: (placed[i], i)
    )


@pytest.mark.parametrize(
    ("span", "target", "step"), [(100, 10, 10), (120, 10, 20), (7, 6, 2), (1000, 6, 200)]
)
def test_nice_steps(span: int, target: int, step: int) -> None:
    assert chart.nice_step(span, target) == step


@pytest.mark.parametrize("module", [chart, scoresheets], ids=["chart", "scoresheets"])
def test_the_module_examples_hold(module: types.ModuleType) -> None:
    assert doctest.testmod(module).failed == 0
