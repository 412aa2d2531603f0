"""The reports' charts: the SVG of known figures with its marks where the geometry of
games/reports/svg.py puts them (worked out by hand below), the figures by gaming day of the day of
tests/reports/test_reports.py, each chart's table and CSV, and the report as PDF."""

import csv
import io
import re
from datetime import date
from decimal import Decimal

import pytest
from django.urls import reverse
from pypdf import PdfReader

from games.reports import charts as report_charts
from games.reports import daily, figures
from games.reports import svg as charts
from games.reports.svg import Chart, Series
from tests.reports.test_reports import DAY, report_of
from tests.reports.test_reports import day as day  # noqa: F401 (the fixture)

pytestmark = pytest.mark.django_db

# The plot: x from 72 to 624 (640 wide, 72 left, 16 right: 552 across), y from 16 to 216.
PLOT_LEFT, PLOT_WIDTH, PLOT_TOP, PLOT_HEIGHT = 72, 552, 16, 200


def marks(svg: str, tag: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'([\w-]+)="([^"]*)"', found)) for found in re.findall(rf"<{tag}\b([^>]*)>", svg)]


def test_bars_stand_where_the_scale_puts_them():
    chart = Chart("drop", "Drop and win", "Two days.", ("11-01", "11-02"),
                  (Series("Drop", (325_00, 100_00)), Series("Win", (-300_00, 0))), unit="money")
    svg = chart.svg()
    # The values run from −$300 to $325: 625 ÷ 4 steps = $156.25, rounded up to $200 (1, 2, 5 × 10^n);
    # the axis from −$400 to $400, 200 px for $800: y(v) = 16 + (400 − v) ÷ 800 × 200, y(0) = 116.
    ticks = re.findall(r'<text class="tick"[^>]*>([^<]*)</text>', svg)
    assert ticks == ["−$400.00", "−$200.00", "$0.00", "$200.00", "$400.00"]
    # Two bands of 552 ÷ 2 = 276 px; bars fill the middle 80%: 27.6 px in, 276 × 0.8 ÷ 2 = 110.4 wide.
    # Drop of 11-01: x 72 + 27.6 = 99.6, top y($325) = 16 + 75 ÷ 800 × 200 = 34.75, 116 − 34.75 = 81.25 high.
    # Win of 11-01: x 99.6 + 110.4 = 210, from y(0) = 116 down to y(−$300) = 16 + 175 = 191: 75 high.
    # Drop of 11-02: x 72 + 276 + 27.6 = 375.6, y($100) = 16 + 75 = 91, 25 high; its win of $0: no height.
    bars = [(m["data-series"], m["data-category"], m["x"], m["y"], m["width"], m["height"])
            for m in marks(svg, "rect") if m.get("class") == "bar"]
    assert bars == [("Drop", "11-01", "99.6", "34.75", "110.4", "81.25"),
                    ("Drop", "11-02", "375.6", "91", "110.4", "25"),
                    ("Win", "11-01", "210", "116", "110.4", "75"), ("Win", "11-02", "486", "116", "110.4", "0")]
    assert '<title id="drop-title">Drop and win</title><desc id="drop-desc">Two days.</desc>' in svg
    assert 'role="img" aria-labelledby="drop-title drop-desc"' in svg
    assert "<title>11-01 · Win: −$300.00</title>" in svg
    assert re.findall(r"<g class=\"legend\">.*?<text[^>]*>([^<]*)</text>", svg) == ["Drop", "Win"]


def test_a_line_breaks_where_a_day_has_no_figure():
    chart = Chart("hold", "Hold", "Three days.", ("d1", "d2", "d3"),
                  (Series("TH-9", (Decimal("12.50"), None, Decimal("-80.00"))),
                   Series("LR-1", (Decimal("0.00"), Decimal("12.50"), Decimal("12.50")))), unit="percent", kind="lines")
    svg = chart.svg()
    # −80 to 12.5: 92.5 ÷ 4 = 23.125, rounded up to 50; the axis from −100 to 50 (150 over 200 px):
    # y(v) = 16 + (50 − v) ÷ 150 × 200: y(12.5) = 66, y(0) = 82.67, y(−80) = 189.33.
    # Three bands of 184 px; points at their middles: x = 164, 348, 532.
    points = [(m["data-series"], m["cx"], m["cy"]) for m in marks(svg, "circle")]
    assert points == [("TH-9", "164", "66"), ("TH-9", "532", "189.33"),
                      ("LR-1", "164", "82.67"), ("LR-1", "348", "66"), ("LR-1", "532", "66")]
    # TH-9 has no point on d2: no line joins its two points across it.
    assert [(m["data-series"], m["points"]) for m in marks(svg, "polyline")] == [("LR-1", "164,82.67 348,66 532,66")]
    assert re.findall(r'<text class="tick"[^>]*>([^<]*)</text>', svg) == ["−100%", "−50%", "0%", "50%"]


def test_no_rounds_give_a_sentence_not_an_empty_chart():
    chart = Chart("hold", "Hold", "Nothing.", (), (Series("Floor", ()),), unit="percent")
    assert chart.is_empty
    assert str(chart.svg()) == ('<p class="chart-empty" data-chart="hold">'
                                'No rounds in this period: nothing to chart.</p>')
    # A day whose every figure is missing (a hold without drop) is no chart either.
    assert Chart("hold", "Hold", "", ("d1",), (Series("Floor", (None,)),)).is_empty


def test_names_are_escaped_in_the_markup():
    svg = Chart("x", "<b>", "a & b", ("<i>",), (Series('"<script>"', (1,)),)).svg()
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "<b>" not in svg and "a &amp; b" in svg


def test_the_table_and_csv_of_a_chart_carry_its_exact_values():
    chart = Chart("drop", "Drop", "", ("11-01", "11-02"), (Series("Drop", (325_00, None)), Series("Win", (-300_05, 0))),
                  unit="money")
    assert chart.table_rows() == [("11-01", ["$325.00", "−$300.05"]), ("11-02", ["—", "$0.00"])]
    assert list(chart.csv_rows()) == [["Gaming day", "Drop", "Win"], ["11-01", "325.00", "-300.05"],
                                      ["11-02", "", "0.00"]]


def test_the_scale_takes_round_steps_around_zero():
    assert charts.scale([Decimal("0.3")]) == (0, Decimal("0.3"), Decimal("0.1"))  # 0.3 ÷ 4 = 0.075 → 0.1
    assert charts.scale([7, 3]) == (0, 8, 2)  # 7 ÷ 4 = 1.75 → 2
    assert charts.scale([-1_000]) == (-1_000, 0, 500)  # 250 → 500


# -- the figures by gaming day ------------------------------------------------------------------------

def test_the_figures_by_gaming_day(day):  # noqa: F811
    _, filters = report_of(**{"from": "2026-11-01", "to": "2026-11-03"})
    days = daily.by_gaming_day(filters.qs)
    floor = days["floor"]["Floor"]
    # 11-02: R1, R2, R3 (the figures of test_the_floor_figures_of_a_gaming_day_computed_by_hand):
    # handle $325, win −$300.  R7 (05:59 on the 2nd) is the 1st's, R6 (06:30 on the 3rd) the 3rd's:
    # each an Ante of $10 lost, so a handle and a win of $10, a hold of 100%.
    assert {day: (f.rounds, f.handle, f.win, f.hold) for day, f in floor.items()} == {
        date(2026, 11, 1): (1, 10_00, 10_00, Decimal("100.00")),
        date(2026, 11, 2): (3, 325_00, -300_00, Decimal("-92.31")),
        date(2026, 11, 3): (1, 10_00, 10_00, Decimal("100.00"))}
    # TH-9 on the 2nd: R1 and R2, handle $125, win −$100, hold −80%; LR-1: handle $200, win −$200.
    th9 = days["table"]["TH-9"][date(2026, 11, 2)]
    assert (th9.handle, th9.win, th9.hold) == (125_00, -100_00, Decimal("-80.00"))
    assert days["table"]["LR-1"] == {date(2026, 11, 2): figures.DayFigures(1, 200_00, 200_00, 0)}
    assert set(days["game"]) == {"Let It Ride Poker", "Texas Hold 'Em Bonus Poker"}


def test_the_charts_of_a_period_have_every_gaming_day(day):  # noqa: F811
    _, filters = report_of(**{"from": "2026-11-01", "to": "2026-11-04"})
    hold, by_game, money = report_charts.day_charts(filters.qs, date(2026, 11, 1), date(2026, 11, 4))
    assert hold.categories == ("2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04")
    assert [(s.name, s.values) for s in hold.series] == [
        ("LR-1", (None, Decimal("-100.00"), None, None)),
        ("TH-9", (Decimal("100.00"), Decimal("-80.00"), Decimal("100.00"), None))]
    assert [(s.name, s.values) for s in money.series] == [("Handle", (10_00, 325_00, 10_00, 0)),
                                                          ("Win", (10_00, -300_00, 10_00, 0))]
    assert len(by_game.series) == 2
    # A period without rounds: no days to draw, the sentence instead.
    _, filters = report_of(**{"from": "2026-12-01", "to": "2026-12-02"})
    assert all(chart.is_empty for chart in report_charts.day_charts(filters.qs, date(2026, 12, 1), date(2026, 12, 2)))


def test_approval_waits_are_counted_by_band(day):  # noqa: F811
    report, _ = report_of()
    chart = report_charts.approval_chart(report)
    # Waits of 2:00 (10:05 to 10:07) and 5:00 (15:02 to 15:07): 120 s is in [120, 300), 300 s in [300, 600).
    assert list(zip(chart.categories, chart.series[0].values, strict=True)) == [
        ("under 1 min", 0), ("1 to 2 min", 0), ("2 to 5 min", 1), ("5 to 10 min", 1), ("10 min and over", 0)]
    assert "1 still pending is not among them" in chart.description


def test_the_page_shows_each_chart_beside_its_numbers_and_exports_them(client, cast, day):  # noqa: F811
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), {"from": "2026-11-01", "to": "2026-11-03"}).content.decode()
    for slug in ("hold-by-table", "hold-by-game", "win-and-handle", "approval-waits", "hits-1"):
        assert re.search(rf'<svg class="chart" [^>]*data-chart="{slug}"', page), slug
    # Each gaming day leads to its rounds in the history.
    assert ('<tr><td><a href="/history/?from=2026-11-02&amp;to=2026-11-02&amp;training=exclude">2026-11-02</a>'
            '</td><td>$325.00</td><td>−$300.00</td></tr>') in page
    assert 'section=chart-win-and-handle' in page
    exported = client.get(reverse("reports-csv"), {"from": "2026-11-01", "to": "2026-11-03",
                                                   "section": "chart-win-and-handle"})
    assert exported["Content-Type"] == "text/csv; charset=utf-8"
    # The section's name before the amount wagered was called handle still gives it.
    assert client.get(reverse("reports-csv"), {"from": "2026-11-01", "to": "2026-11-03",
                                               "section": "chart-win-and-drop"}).content == exported.content
    assert list(csv.reader(io.StringIO(exported.content.decode()))) == [
        ["Gaming day", "Handle", "Win"], ["2026-11-01", "10.00", "10.00"], ["2026-11-02", "325.00", "-300.00"],
        ["2026-11-03", "10.00", "10.00"]]
    holds = list(csv.DictReader(io.StringIO(client.get(reverse("reports-csv"), {
        "from": DAY, "to": DAY, "section": "chart-hold-by-table"}).content.decode())))
    assert holds == [{"Gaming day": DAY, "LR-1": "-100.00", "TH-9": "-80.00"}]
    waits = client.get(reverse("reports-csv"), {"from": DAY, "to": DAY, "section": "chart-approval-waits"})
    assert "2 to 5 min,1\n5 to 10 min,1\n" in waits.content.decode()
    empty = client.get(reverse("reports"), {"from": "2026-12-01", "to": "2026-12-01"}).content.decode()
    assert "No rounds in this period: nothing to chart." in empty and 'data-chart="win-and-handle"' in empty


def test_many_tables_are_shown_in_full_under_their_breakdown_only(client, cast, day, monkeypatch):  # noqa: F811
    # The day's two tables (TH-9, LR-1) as if they were more than the page shows in full.
    from games.reports import views as report_views

    monkeypatch.setattr(report_views, "IN_FULL", 1)
    client.force_login(cast["super"])
    page = client.get(reverse("reports"), {"from": DAY, "to": DAY}).content.decode()
    assert 'data-level="floor"' in page and 'data-level="game"' in page
    assert 'data-level="table"' not in page and 'data-chart="hold-by-table"' not in page
    assert 'id="more-levels"' in page and "section=chart-hold-by-table" in page
    # The hit frequency in brief: a row per table and paytable, no chart.  TH-9's Bonus: 2 wagers,
    # $10 wagered, +1,450% observed (tests/reports/test_reports.py), -8.54% in theory.
    assert 'data-chart="hits-1"' not in page and 'class="history report hits"' not in page
    brief = re.search(r'<table class="history report hits-brief">(.*?)</table>', page, re.S).group(1)
    assert "<td>TH-9</td>" in brief and "<td>LR-1</td>" in brief
    assert re.search(r"<td>TH-9</td><td>[^<]*</td><td>2</td><td>\$10\.00</td><td>1,?450\.00%</td><td>−8\.54%</td>",
                     brief), brief
    by_table = client.get(reverse("reports"), {"from": DAY, "to": DAY, "by": "table"}).content.decode()
    assert 'data-level="table"' in by_table and 'data-chart="hold-by-table"' in by_table
    assert 'data-chart="hits-1"' in by_table and "hits-brief" not in by_table and 'id="more-levels"' not in by_table
    by_dealer = client.get(reverse("reports"), {"from": DAY, "to": DAY, "by": "dealer"}).content.decode()
    assert 'data-level="dealer"' in by_dealer


def test_the_report_downloads_as_a_pdf_of_its_figures(client, cast, day):  # noqa: F811
    client.force_login(cast["floor"])
    assert client.get(reverse("reports-pdf")).status_code == 403
    client.force_login(cast["super"])
    response = client.get(reverse("reports-pdf"), {"from": DAY, "to": DAY, "by": "table"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (f'attachment; filename="report-{DAY}-to-{DAY}.pdf"; '
                                               f"filename*=UTF-8''report-{DAY}-to-{DAY}.pdf")
    pdf = PdfReader(io.BytesIO(response.content))
    text = "\n".join(page.extract_text() for page in pdf.pages)
    # The floor's figures of test_the_floor_figures_of_a_gaming_day_computed_by_hand: drop $325,
    # win −$300, hold −92.31%, average bet $81.25; TH-9's hold −80%.
    for figure in ("$325.00", "$300.00", "92.31%", "$81.25", "80.00%", "Hold % by gaming day, per table"):
        assert figure in text
    # The print stylesheet: A4 (595 × 842 points), no navigation, no filters or export links.
    box = pdf.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (595, 842)
    assert len(pdf.pages) >= 2
    assert "Log out" not in text and "Export" not in text and "Download PDF" not in text
    refused = client.get(reverse("reports-pdf"), {"table": "ZZ"})
    assert refused.status_code == 400 and "Table: No table is named 'ZZ'." in refused.content.decode()


def test_the_pdf_reads_the_projects_static_files_and_nothing_else():
    from games.reports.pdf import ORIGIN, static_file

    assert static_file(f"{ORIGIN}/static/css/dealer-assist.css").read_text().startswith("/*")
    for elsewhere in ("http://127.0.0.1:8000/static/css/dealer-assist.css", f"{ORIGIN}/static/../manage.py",
                      "file:///etc/passwd", f"{ORIGIN}/admin/", f"{ORIGIN}/static/nothing.css"):
        assert static_file(elsewhere) is None, elsewhere


def test_long_category_names_are_turned_and_cut():
    names = ("Royal flush", "Pair of tens, jacks, queens, kings or aces")
    svg = Chart("hits", "Hits", "", names * 5, (Series("Observed", (1, 2) * 5),)).svg()
    # Ten bands of 55.2 px; the longest name (43 characters, about 280 px) does not fit level.
    labels = re.findall(r'<text class="category"[^>]*transform="rotate\(-30[^>]*>([^<]*)</text>', svg)
    assert labels[:2] == ["Royal flush", "Pair of tens, jac…"]
    assert "<title>Pair of tens, jacks, queens, kings or aces · Observed: 2</title>" in svg


def test_the_docstring_examples_hold():
    import doctest

    result = doctest.testmod(charts, optionflags=doctest.ELLIPSIS)
    assert result.attempted and result.failed == 0


def test_a_chart_is_drawn_once_per_process_for_the_same_figures():
    def chart(drop):
        return Chart("drop", "Drop", "Two days.", ("11-01", "11-02"), (Series("Drop", (drop, 2500)),), unit="money")

    first = chart(1000).svg()
    assert chart(1000).svg() is first  # an equal chart (a past period asked for again): its SVG kept
    other = chart(1200).svg()
    assert other is not first and other != first  # other figures: drawn anew
