"""Charts drawn on the server as SVG: a chart's numbers in, its markup out.

No script draws them, so a chart looks the same on the tablet, printed, and in the PDF of a
report.  A ``Chart`` holds its categories (the x axis: gaming days, hands, wait bands) and one
``Series`` of values per thing compared (a table, handle and win, observed and expected); the
same numbers give its SVG, the table printed beside it and its CSV.  The values stay exact
(cents, ``Decimal``): only the SVG's coordinates are floats.

Geometry, for a chart of ``n`` categories: the plot spans x from ``LEFT`` to ``WIDTH - RIGHT``
and y from ``TOP`` to ``TOP + PLOT_HEIGHT``; each category has a band of ``plot width ÷ n``;
bars fill the middle ``BAR_SHARE`` of their band side by side, one per series, and a line's
points sit at the middle of their band.  The y axis runs over ``scale()``'s round numbers.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from games.engine.money import dollars, plain_dollars

WIDTH, PLOT_HEIGHT = 640, 200
LEFT, RIGHT, TOP = 72, 16, 16
AXIS_BAND = 56  # under the plot: the category labels, and the gap to the legend
TURNED_BAND = 84  # the same when the labels are turned (too long to fit their band level)
LABEL_CHARS = 18  # a turned label is cut to this many characters (the table and each mark's title say it whole)
CHAR_WIDTH = 6.5  # about the width of a character at 11 px
LEGEND_ROW, LEGEND_COLUMNS = 18, 4
BAR_SHARE = Decimal("0.8")
MAX_LABELS = 12  # at most this many category labels; with more categories, every k-th
TICKS = 4  # about this many steps up the y axis
# Okabe and Ito's colours, told apart by readers with any colour vision; beyond 8 series they repeat
# (the legend and each mark's own title still name them).
PALETTE = ("#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9", "#f0e442", "#000000")
NO_ROUNDS = "No rounds in this period: nothing to chart."

Value = int | Decimal | None


def _percent(value: Decimal) -> str:
    return f"−{-value}%" if value < 0 else f"{value}%"


def _wait(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


# How each unit is shown on the axis and in the table (display), and written in the CSV (plain).
UNITS: dict[str, tuple[Callable[[Value], str], Callable[[Value], str]]] = {
    "money": (lambda cents: dollars(int(cents)), lambda cents: plain_dollars(int(cents))),  # cents
    "percent": (_percent, str),
    "count": (lambda n: f"{n:,}", str),
    "seconds": (lambda s: _wait(int(s)), lambda s: str(int(s))),
}


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[Value, ...]  # one per category; None where there is nothing (a hold with no handle)


@dataclass(frozen=True)
class Chart:
    slug: str  # its element id and its CSV section ("chart-<slug>")
    title: str
    description: str  # what it shows, in words (read aloud by a screen reader)
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    unit: str = "count"  # a key of UNITS
    kind: str = "bars"  # or "lines"
    category_label: str = "Gaming day"
    empty: str = NO_ROUNDS

    @property
    def is_empty(self) -> bool:
        return not self.categories or all(value is None for s in self.series for value in s.values)

    def shown(self, value: Value) -> str:
        return "—" if value is None else UNITS[self.unit][0](value)

    def table_rows(self) -> list[tuple[str, list[str]]]:
        """(category, each series' value as shown): the table beside the chart."""
        return [(category, [self.shown(s.values[i]) for s in self.series])
                for i, category in enumerate(self.categories)]

    def csv_rows(self) -> Iterator[list[str]]:
        plain = UNITS[self.unit][1]
        yield [self.category_label, *(s.name for s in self.series)]
        for i, category in enumerate(self.categories):
            yield [category, *("" if s.values[i] is None else plain(s.values[i]) for s in self.series)]

    def svg(self) -> SafeString:
        return draw(self)


# -- the scale -----------------------------------------------------------------------------------

def scale(values: list[Value]) -> tuple[Decimal, Decimal, Decimal]:
    """(low, high, step): round numbers around every value and zero, ``step`` being 1, 2 or 5
    times a power of ten, about ``TICKS`` steps from low to high.

    >>> scale([32500, -30000])  # handle $325, win −$300 in cents: ticks every $200
    (Decimal('-40000'), Decimal('40000'), Decimal('20000'))
    >>> scale([Decimal("12.5"), Decimal("80")]), scale([0])
    ((Decimal('0'), Decimal('80'), Decimal('20')), (Decimal('0.0'), Decimal('1.0'), Decimal('0.5')))
    """
    known = [Decimal(v) for v in values if v is not None]
    low, high = min([Decimal(0), *known]), max([Decimal(0), *known])
    if low == high:
        high = low + 1
    raw = (high - low) / TICKS
    power = Decimal(10) ** (raw.adjusted())
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    return Decimal(math.floor(low / step)) * step, Decimal(math.ceil(high / step)) * step, step


# -- drawing --------------------------------------------------------------------------------------

def _n(x: float) -> str:
    """A coordinate to the hundredth, without trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@functools.lru_cache(maxsize=256)
def draw(chart: Chart) -> SafeString:
    """The chart's SVG, or a sentence saying why there is none.  Its colours and sizes are
    attributes, not a stylesheet's: WeasyPrint's SVG reads attributes alone.  Kept per process:
    a pure function of the chart (a frozen value), and a past period's charts are asked for
    again and again, each tens of kilobytes of SVG drawn in Python."""
    if chart.is_empty:
        return format_html('<p class="chart-empty" data-chart="{}">{}</p>', chart.slug, chart.empty)
    low, high, step = scale([v for s in chart.series for v in s.values])
    plot_width = WIDTH - LEFT - RIGHT
    band = plot_width / len(chart.categories)
    legend_rows = math.ceil(len(chart.series) / LEGEND_COLUMNS)
    every = math.ceil(len(chart.categories) / MAX_LABELS)
    turned = max(len(c) for c in chart.categories) * CHAR_WIDTH > band * every
    axis_band = TURNED_BAND if turned else AXIS_BAND
    height = TOP + PLOT_HEIGHT + axis_band + legend_rows * LEGEND_ROW

    def y(value: Value) -> float:
        return TOP + float((high - Decimal(value)) / (high - low)) * PLOT_HEIGHT

    parts = [format_html(
        '<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" '
        'role="img" aria-labelledby="{id}-title {id}-desc" data-chart="{id}" data-kind="{kind}" '
        'font-family="sans-serif" font-size="11" fill="#333">'
        '<title id="{id}-title">{title}</title><desc id="{id}-desc">{desc}</desc>',
        w=WIDTH, h=height, id=chart.slug, kind=chart.kind, title=chart.title, desc=chart.description)]
    parts.extend(_axes(chart, low, high, step, y, band, every, turned))
    parts.extend(_bars(chart, y, band) if chart.kind == "bars" else _lines(chart, y, band))
    parts.extend(_legend(chart, TOP + PLOT_HEIGHT + axis_band))
    parts.append(mark_safe("</svg>"))  # noqa: S308 (a closing tag)
    return mark_safe("".join(parts))  # noqa: S308 (every part is escaped by format_html)


def _axes(chart: Chart, low: Decimal, high: Decimal, step: Decimal, y, band: float, every: int,
          turned: bool) -> Iterator[SafeString]:
    right = WIDTH - RIGHT
    tick = low
    while tick <= high:
        yield format_html('<line class="grid" x1="{}" x2="{}" y1="{}" y2="{}" stroke="{}"/>'
                          '<text class="tick" x="{}" y="{}" text-anchor="end">{}</text>',
                          LEFT, right, _n(y(tick)), _n(y(tick)), "#555" if tick == 0 else "#ddd",
                          LEFT - 6, _n(y(tick) + 4), chart.shown(tick))
        tick += step
    base = TOP + PLOT_HEIGHT + 14
    for i, category in enumerate(chart.categories):
        if i % every:
            continue
        x = _n(LEFT + band * (i + 0.5))
        if turned:
            yield format_html('<text class="category" x="{}" y="{}" text-anchor="end" transform="rotate(-30 {} {})">'
                              '{}</text>', x, base, x, base, _cut(category))
        else:
            yield format_html('<text class="category" x="{}" y="{}" text-anchor="middle">{}</text>', x, base, category)
    yield format_html('<line class="axis" x1="{}" x2="{}" y1="{}" y2="{}" stroke="#555"/>',
                      LEFT, LEFT, TOP, TOP + PLOT_HEIGHT)


def _cut(label: str) -> str:
    return label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1].rstrip() + "…"


def _mark_title(chart: Chart, series: Series, i: int) -> str:
    return f"{chart.categories[i]} · {series.name}: {chart.shown(series.values[i])}"


def _bars(chart: Chart, y, band: float) -> Iterator[SafeString]:
    width = band * float(BAR_SHARE) / len(chart.series)
    pad = band * float(1 - BAR_SHARE) / 2
    zero = y(0)
    for n, series in enumerate(chart.series):
        for i, value in enumerate(series.values):
            if value is None:
                continue
            top = min(y(value), zero)
            yield format_html(
                '<rect class="bar" x="{}" y="{}" width="{}" height="{}" fill="{}" data-series="{}" '
                'data-category="{}" data-value="{}"><title>{}</title></rect>',
                _n(LEFT + band * i + pad + n * width), _n(top), _n(width), _n(abs(y(value) - zero)),
                PALETTE[n % len(PALETTE)], series.name, chart.categories[i], value, _mark_title(chart, series, i))


def _lines(chart: Chart, y, band: float) -> Iterator[SafeString]:
    for n, series in enumerate(chart.series):
        colour = PALETTE[n % len(PALETTE)]
        points = [(LEFT + band * (i + 0.5), y(v)) if v is not None else None for i, v in enumerate(series.values)]
        # A day without a figure breaks the line rather than joining its neighbours across it.
        segment: list[str] = []
        for point in [*points, None]:
            if point is not None:
                segment.append(f"{_n(point[0])},{_n(point[1])}")
                continue
            if len(segment) > 1:
                yield format_html('<polyline class="line" points="{}" fill="none" stroke="{}" stroke-width="2" '
                                  'data-series="{}"/>', " ".join(segment), colour, series.name)
            segment = []
        for i, point in enumerate(points):
            if point is not None:
                yield format_html('<circle class="point" cx="{}" cy="{}" r="3" fill="{}" data-series="{}" '
                                  'data-category="{}" data-value="{}"><title>{}</title></circle>',
                                  _n(point[0]), _n(point[1]), colour, series.name, chart.categories[i],
                                  series.values[i], _mark_title(chart, series, i))


def _legend(chart: Chart, top: int) -> Iterator[SafeString]:
    column = (WIDTH - LEFT) / LEGEND_COLUMNS
    for n, series in enumerate(chart.series):
        x, row_y = LEFT + column * (n % LEGEND_COLUMNS), top + LEGEND_ROW * (n // LEGEND_COLUMNS)
        yield format_html('<g class="legend"><rect x="{}" y="{}" width="12" height="12" fill="{}"/>'
                          '<text x="{}" y="{}">{}</text></g>', _n(x), row_y, PALETTE[n % len(PALETTE)],
                          _n(x + 16), row_y + 10, series.name[:28])
