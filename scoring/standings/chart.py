"""The chart of a table's running totals: SVG made on the server, for the page and the PDFs.

A pure function of a :class:`~scoring.selectors.TableSheet` (no database, no JavaScript): the
deals along the bottom, the points up the side, one line per player from 0 to his total. The
lines differ in more than colour, for a black-and-white printer and for colour-blind eyes:
each has its own dash pattern and marker shape (every tenth deal or so, and at its end), and
the player's name and total stand at the right, beside the marker of his line.

Every name goes through ``format_html`` (escaped); the rest is numbers and our own markup.
"""

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from fipsen_rules.seats import plays_deal
from fipsen_rules.signs import signed_total
from scoring.selectors import TableSheet

#: The drawing's size in its own units (it scales to the width of its box).
WIDTH, HEIGHT = 800, 440
#: The plot area inside: room for the points on the left, the names on the right.
LEFT, RIGHT, TOP, BOTTOM = 70, 570, 40, 380
#: A page's chart names the players in its key, in the page's type (``running_totals_key``):
#: its plot takes the names' room, and its numbers are larger, for a phone's narrow drawing.
KEYED_RIGHT, KEYED_FONT_SIZE, FONT_SIZE = 770, 24, 16
#: Where the names stand, and the least distance between two of them (their line height).
LABEL_X, LABEL_GAP = 586, 24
#: A name longer than this is shortened with "…" in the chart (the sheet has it whole).
NAME_LENGTH = 17
FONT = "Atkinson Hyperlegible, Atkinson Hyperlegible Ext, sans-serif"


@dataclass(frozen=True)
class LineStyle:
    colour: str
    #: SVG stroke-dasharray; empty for a solid line.
    dashes: str
    #: One of circle, square, triangle, diamond, cross, triangle-down.
    marker: str


#: Okabe–Ito colours (told apart by colour-blind eyes too), each with its dashes and marker:
#: six, for the largest table (a race's filler of six); a table of five or six repeats none.
STYLES = (
    LineStyle("#0072B2", "", "circle"),
    LineStyle("#D55E00", "14 7", "square"),
    LineStyle("#007A5A", "3 6", "triangle"),
    LineStyle("#000000", "16 6 3 6", "diamond"),
    LineStyle("#CC79A7", "24 5 3 5 3 5", "cross"),
    LineStyle("#9A6B00", "7 4", "triangle-down"),
)


@dataclass(frozen=True)
class Series:
    """One player's line: (deal number, total after it), starting at (0, 0)."""

    seat: int
    name: str
    points: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return self.points[-1][1]


def series_of(sheet: TableSheet) -> list[Series]:
    """Each seat's running totals after every deal it played (passed deals have no point).

    A player who left stops at the last deal he played: his line ends there, at his total.
    """
    result = []
    for index, seat in enumerate(sheet.seats):
        points = [(0, 0)]
        for row in sheet.rows:
            number = row.deal.number
            if number is None:
                continue
            if not plays_deal(seat.left_after_deal, number):
                break
            points.append((number, row.totals[index]))
        result.append(Series(seat.position, seat.registration.player.name, tuple(points)))
    return result


def nice_step(span: float, target: int) -> int:
    """A step of 1, 2 or 5 times a power of ten that cuts ``span`` into about ``target`` parts.

    >>> nice_step(100, 10), nice_step(120, 10), nice_step(97, 6), nice_step(0, 6)
    (10, 20, 20, 1)
    """
    if span <= 0:
        return 1
    raw = span / target
    magnitude: int = 10 ** max(0, math.floor(math.log10(raw)))
    return next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)


@dataclass(frozen=True)
class Scale:
    """Deals and points to the drawing's coordinates."""

    deals: int
    low: int
    high: int
    #: Where the plot ends on the right.
    right: int = RIGHT

    def x(self, deal: float) -> float:
        return round(LEFT + (self.right - LEFT) * deal / self.deals, 1)

    def y(self, points: float) -> float:
        return round(BOTTOM - (BOTTOM - TOP) * (points - self.low) / (self.high - self.low), 1)


def running_totals_svg(sheet: TableSheet, *, keyed: bool = False) -> SafeString:
    """The chart of a table's running totals as an inline ``<svg>`` (class ``chart``): each
    player's name and total at the right of the drawing (a PDF's), or, ``keyed``, in the
    page's key beside it (:func:`running_totals_key`): drawn in the chart, the names shrank
    with it to a few pixels on a phone."""
    series = series_of(sheet)
    deals = max([sheet.table.deals, *(x for s in series for x, _ in s.points)])
    values = [y for s in series for _, y in s.points]
    low, high = min(0, *values), max(0, *values)
    y_step = nice_step(high - low, 6)
    low, high = math.floor(low / y_step) * y_step, math.ceil(high / y_step) * y_step
    if low == high:
        high = low + y_step
    scale = Scale(deals, low, high, KEYED_RIGHT if keyed else RIGHT)
    x_step = nice_step(deals, 10)
    title = _("Running totals at table %(number)s") % {"number": sheet.table.number}
    parts = [
        format_html(
            '<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {} {}" '
            'role="img" font-family="{}" font-size="{}"><title>{}</title>',
            WIDTH,
            HEIGHT,
            FONT,
            KEYED_FONT_SIZE if keyed else FONT_SIZE,
            title,
        ),
        _axes(scale, x_step, y_step),
        *(
            _line(s, style, scale, x_step)
            for s, style in zip(series, styles_for(len(series)), strict=True)
        ),
        _join(()) if keyed else _labels(series, scale),
    ]
    return format_html("{}</svg>", _join(parts))


def _join(parts: Iterable[SafeString]) -> SafeString:
    """Markup made by format_html, one piece after the other (each is escaped already)."""
    return format_html_join("", "{}", ((part,) for part in parts))


def _axes(scale: Scale, x_step: int, y_step: int) -> SafeString:
    """The grid with the points on the left, the deals below, and the zero line stronger."""
    y_ticks = range(scale.low, scale.high + 1, y_step)
    x_ticks = range(0, scale.deals + 1, x_step)
    grid = _join(
        format_html(
            '<line class="grid" x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="{}"/>'
            '<text class="tick-y" x="{}" y="{}" text-anchor="end">{}</text>',
            LEFT,
            scale.y(v),
            scale.right,
            scale.y(v),
            "#000" if v == 0 else "#bbb",
            2 if v == 0 else 1,
            LEFT - 8,
            scale.y(v) + 5,
            signed_total(v),
        )
        for v in y_ticks
    )
    deals = format_html_join(
        "",
        '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#bbb" stroke-width="1"/>'
        '<text class="tick-x" x="{}" y="{}" text-anchor="middle">{}</text>',
        ((scale.x(d), TOP, scale.x(d), BOTTOM, scale.x(d), BOTTOM + 22, d) for d in x_ticks),
    )
    frame = format_html(
        '<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#000" stroke-width="1.5"/>'
        '<text x="{}" y="{}" text-anchor="middle" font-weight="700">{}</text>'
        '<text x="{}" y="{}" font-weight="700">{}</text>',
        LEFT,
        TOP,
        scale.right - LEFT,
        BOTTOM - TOP,
        (LEFT + scale.right) / 2,
        HEIGHT - 8,
        _("Deal"),
        4,
        TOP - 14,
        _("Points"),
    )
    return _join((grid, deals, frame))


def _marker(shape: str, x: float, y: float, colour: str) -> SafeString:
    size = 6
    if shape == "circle":
        return format_html('<circle cx="{}" cy="{}" r="{}" fill="{}"/>', x, y, size, colour)
    if shape == "square":
        return format_html(
            '<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>',
            round(x - size, 1),
            round(y - size, 1),
            2 * size,
            2 * size,
            colour,
        )
    if shape == "cross":
        return format_html(
            '<path d="M{},{}L{},{}M{},{}L{},{}" stroke="{}" stroke-width="4"/>',
            *(round(v, 1) for v in (x - size, y - size, x + size, y + size)),
            *(round(v, 1) for v in (x - size, y + size, x + size, y - size)),
            colour,
        )
    if shape == "triangle":
        corners = [(x, y - size - 1), (x + size + 1, y + size), (x - size - 1, y + size)]
    elif shape == "triangle-down":
        corners = [(x, y + size + 1), (x + size + 1, y - size), (x - size - 1, y - size)]
    else:  # diamond
        corners = [(x, y - size - 2), (x + size + 2, y), (x, y + size + 2), (x - size - 2, y)]
    return format_html(
        '<polygon points="{}" fill="{}"/>',
        " ".join(f"{round(cx, 1)},{round(cy, 1)}" for cx, cy in corners),
        colour,
    )


def _line(series: Series, style: LineStyle, scale: Scale, x_step: int) -> SafeString:
    """The player's line, with a marker every ``x_step`` deals and at its end."""
    points = " ".join(f"{scale.x(x)},{scale.y(y)}" for x, y in series.points)
    marked = [(x, y) for x, y in series.points[1:] if x % x_step == 0]
    if series.points[-1] not in marked:
        marked.append(series.points[-1])
    markers = _join(_marker(style.marker, scale.x(x), scale.y(y), style.colour) for x, y in marked)
    dashes = format_html(' stroke-dasharray="{}"', style.dashes) if style.dashes else ""
    return format_html(
        '<g class="series" data-seat="{}" data-total="{}"><title>{}: {}</title>'
        '<polyline points="{}" fill="none" stroke="{}" stroke-width="3" '
        'stroke-linejoin="round"{}/>{}</g>',
        series.seat,
        series.total,
        series.name,
        signed_total(series.total),
        points,
        style.colour,
        dashes,
        markers,
    )


def label_positions(
    wanted: Sequence[float], *, gap: float, top: float, bottom: float
) -> list[float]:
    """The y of each label: as near as may be to where its line ends, at least ``gap`` apart.

    Labels that would overlap form a group, centred where their lines end; the groups stay
    between ``top`` and ``bottom`` (given room for all of them).

    >>> label_positions([100, 105, 300], gap=20, top=0, bottom=400)
    [92.5, 112.5, 300.0]
    >>> label_positions([0, 0], gap=20, top=10, bottom=400)
    [10.0, 30.0]
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    groups: list[tuple[float, list[int]]] = []  # (the first label's y, the labels in order)
    for i in order:
        groups.append((wanted[i], [i]))
        while len(groups) > 1 and groups[-2][0] + len(groups[-2][1]) * gap > groups[-1][0]:
            members = groups[-2][1] + groups[-1][1]
            start = sum(wanted[m] - k * gap for k, m in enumerate(members)) / len(members)
            groups[-2:] = [(start, members)]
    placed = [(m, start + k * gap) for start, members in groups for k, m in enumerate(members)]
    ys = [y for _, y in placed]
    # Inside the drawing: shift up from the bottom, then down from the top, keeping the gaps.
    for k in range(len(ys) - 1, -1, -1):
        ys[k] = min(ys[k], ys[k + 1] - gap if k + 1 < len(ys) else bottom)
    for k in range(len(ys)):
        ys[k] = max(ys[k], ys[k - 1] + gap if k else top)
    result = [0.0] * len(wanted)
    for (label, _grouped), y in zip(placed, ys, strict=True):
        result[label] = float(round(y, 1))
    return result


def _labels(series: Sequence[Series], scale: Scale) -> SafeString:
    """Each player's name and total at the right, with a sample of his line and marker."""
    ends = [scale.y(s.total) for s in series]
    ys = label_positions(ends, gap=LABEL_GAP, top=TOP + 6, bottom=HEIGHT - 40)
    labels = []
    for s, y, style in zip(series, ys, styles_for(len(series)), strict=True):
        name = s.name if len(s.name) <= NAME_LENGTH else s.name[: NAME_LENGTH - 1] + "…"
        dashes = format_html(' stroke-dasharray="{}"', style.dashes) if style.dashes else ""
        labels.append(
            format_html(
                '<g class="label" data-seat="{}">'
                '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="3"{}/>{}'
                '<text x="{}" y="{}"><tspan font-weight="700">{}</tspan> {}</text></g>',
                s.seat,
                LABEL_X - 10,
                y,
                LABEL_X + 22,
                y,
                style.colour,
                dashes,
                _marker(style.marker, LABEL_X + 6, y, style.colour),
                LABEL_X + 30,
                y + 6,
                signed_total(s.total),
                name,
            )
        )
    return _join(labels)


def running_totals_key(sheet: TableSheet) -> SafeString:
    """The chart's key in the page's own type (the names inside the drawing shrink with it to
    a few pixels on a phone): each player's line and mark, name and total, as a list."""
    items = (
        format_html(
            '<li data-seat="{}"><svg class="key-sample" viewBox="0 0 48 18" width="64" '
            'height="24" aria-hidden="true"><line x1="2" y1="9" x2="46" y2="9" stroke="{}" '
            'stroke-width="3"{}/>{}</svg> <strong>{}</strong> {}</li>',
            s.seat,
            style.colour,
            format_html(' stroke-dasharray="{}"', style.dashes) if style.dashes else "",
            _marker(style.marker, 24, 9, style.colour),
            s.name,
            signed_total(s.total),
        )
        for s, style in zip(series_of(sheet), styles_for(len(sheet.seats)), strict=True)
    )
    return format_html('<ul class="chart-key">{}</ul>', _join(items))


def styles_for(players: int) -> list[LineStyle]:
    """The style of each seat's line, in seat order."""
    return [STYLES[i % len(STYLES)] for i in range(players)]
