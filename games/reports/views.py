"""The supervisor's reports page, its PDF and its CSV exports (the figures are in ``games.reports.report``,
the charts in ``games.reports.charts``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string

from games.common import calendar, downloads
from games.common.filters import TRAINING, names_to_pick
from games.people import roles
from games.people.access import role_required
from games.reports import charts as report_charts
from games.reports import exports, figures, paytable_hits
from games.reports import report as reports
from games.reports.filters import REPORT_BY, report_filter
from games.reports.pdf import NoPango, pdf_of


def _refused(messages: list[str]) -> HttpResponse:
    return HttpResponse("\n".join(["The export was refused:", *messages]) + "\n", status=400,
                        content_type="text/plain; charset=utf-8")


# A level's summary, each table's hold chart and each table's hit-frequency chart and rows are
# shown in full when the breakdowns are by that level (by table for the per-table sections; a page
# of them, ``PAGE_SIZE``) or when they are this few; a month of 200 tables and 300 dealers is
# otherwise a page of megabytes.
# Every row is in the CSVs either way.
IN_FULL = 12


# Breakdowns by table or by dealer show this many of their sections per page (by name), about a
# pit's worth of tables; the PDF and the CSVs have them all.  (Twenty drew a month's page in 117 ms
# p50, most of it the tables' hit rows and charts; ten in 85 ms.)
PAGE_SIZE = 10


def _paging(request: HttpRequest, level: str, number: int, count: int) -> dict:
    """The page's place among the tables or dealers, and the links to its neighbours (every
    other filter kept)."""
    pages = max(1, -(-count // PAGE_SIZE))

    def link(to: int) -> str:
        query = request.GET.copy()
        query["page"] = str(to)
        return query.urlencode()

    return {"level": level, "first": min(count, (number - 1) * PAGE_SIZE + 1), "last": min(count, number * PAGE_SIZE),
            "count": count, "number": number, "pages": pages,
            "previous": link(number - 1) if number > 1 else None, "next": link(number + 1) if number < pages else None}


def _presets(request: HttpRequest) -> list[tuple[str, str]]:
    """(label, query string) of each preset period, the other filters kept."""
    links = []
    for label, period in calendar.presets(calendar.now()):
        query = request.GET.copy()
        query.pop("page", None)
        for name, value in period.items():
            query[name] = value
        links.append((label, query.urlencode()))
    return links


def history_base(filters) -> dict[str, str]:
    """The history's filters for the rounds of the report's: its period, shift, training switch,
    table, dealer and game (a row's link adds its own table, dealer or game)."""
    first, last = filters.period()
    data = filters.form.data
    base = {"from": str(first), "to": str(last), "shift": data.get("shift", ""),
            "training": data.get("training") or "exclude"}
    for name in ("table", "dealer", "game"):
        if data.get(name):
            base[name] = data[name]
    return base


def _page(request: HttpRequest, paged: bool = True) -> tuple[dict, int]:
    """The reports page's context and status (400 with the refusals when a filter is refused);
    by table or dealer, one ``PAGE_SIZE`` of their sections unless not ``paged`` (the PDF)."""
    filters = report_filter(request.GET)
    context = {"query": request.GET, "filters": filters, "levels": figures.LEVELS, "report_by": REPORT_BY,
               "training_choices": TRAINING, "shifts": calendar.shift_choices(), "bands": figures.BANDS,
               "gaming_day_start": calendar.shift_hours()[0], "picks": names_to_pick(roles.DEALER),
               "presets": _presets(request)}
    if not filters.is_valid():
        return {**context, "errors": filters.form.messages()}, 400
    rounds = filters.qs
    first, last = filters.period()
    by = filters.chosen_by()
    significance = filters.chosen_significance()
    paging = None
    with figures.without_jit():  # one transaction for every figure of the page
        # Only the levels the page shows are added up: the floor, the games, the breakdown's, and
        # the tables and dealers when they are few.
        breadth = reports.breadth(rounds)
        shown = tuple(level for level, _ in figures.LEVELS
                      if level in ("floor", "game", by) or breadth[level] <= IN_FULL)
        page_rounds = None  # by table or dealer: the rounds of the page's tables or dealers
        if paged and by in ("table", "dealer"):
            named = reports.ids_and_names(rounds, by)
            number = filters.chosen_page()
            paging = _paging(request, by, number, len(named))
            if number > paging["pages"]:
                return {**context, "errors": [f"Page: there is no page {number}; the breakdown by {by} has "
                                              f"{paging['pages']} page{'s' if paging['pages'] > 1 else ''} "
                                              f"of {PAGE_SIZE}."]}, 400
            if named:  # (a period without rounds has no page of them: its report is empty as it is)
                page_rounds = reports.narrowed(rounds, by, [n for n, _ in
                                                            named[(number - 1) * PAGE_SIZE:number * PAGE_SIZE]])
        report = reports.Report(rounds, tuple(level for level in shown if page_rounds is None or level != by))
        if page_rounds is not None:  # each row is of one table or dealer: the page's rows are the report's
            report.levels[by] = reports.Report(page_rounds, (by,)).levels[by]
        table_rounds = page_rounds if by == "table" else None
        hits = paytable_hits.hit_frequency(rounds if table_rounds is None else table_rounds, significance)
        charts = report_charts.page_charts(rounds, report, first, last,
                                           per_table=by == "table" or breadth["table"] <= IN_FULL,
                                           table_rounds=table_rounds)
    return {
        **context, "report": report, "first": first, "last": last, "by": by,
        "hits": [(entry, report_charts.hit_chart(entry, n)) for n, entry in enumerate(hits, start=1)]
        if by == "table" or len(hits) <= IN_FULL else [],
        "hits_in_brief": [] if by == "table" or len(hits) <= IN_FULL else hits,
        "charts": charts,
        "by_label": dict(REPORT_BY)[by], "shift": filters.chosen_shift(), "significance": significance,
        "training": filters.only_training(),
        "summaries": [(level, label, report.rows(level)) for level, label in figures.LEVELS
                      if level in shown],
        "in_full": IN_FULL,
        "breakdown": report.rows(by), "query_string": request.GET.urlencode(), "paging": paging,
        **_withheld(filters),
        "history": history_base(filters),
    }, 200


WITHHELD_LISTED = 50  # rounds linked by name; the rest counted


def _withheld(filters) -> dict:
    """The rounds of the report's selection its figures leave out (their history fails its check)."""
    withheld = filters.withheld_rounds.order_by("id").select_related("table", "withheld")
    listed = list(withheld[:WITHHELD_LISTED])
    return {"withheld": listed, "withheld_count": len(listed) if len(listed) < WITHHELD_LISTED else withheld.count()}


@role_required(roles.SUPERVISOR)
def reports_page(request: HttpRequest) -> HttpResponse:
    context, status = _page(request)
    return render(request, "games/reports/reports.html", context, status=status)


@role_required(roles.SUPERVISOR)
def reports_pdf(request: HttpRequest) -> HttpResponse:
    """The report of the page's filters as PDF: the page itself, laid out by the print stylesheet."""
    context, status = _page(request, paged=False)
    if status != 200:
        return _refused(context["errors"])
    html = render_to_string("games/reports/reports.html", context, request=request)
    try:
        pdf = pdf_of(html)
    except NoPango:
        return HttpResponse("The PDF cannot be made on this server: Pango is not installed (libpango-1.0-0, "
                            "libpangoft2-1.0-0, libharfbuzz-subset0; scripts/bootstrap installs them).\n",
                            status=503, content_type="text/plain; charset=utf-8")
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = downloads.attachment(f"report-{context['first']}-to-{context['last']}.pdf")
    return response


@role_required(roles.SUPERVISOR)
def reports_csv(request: HttpRequest) -> HttpResponse:
    """One section of the report as CSV: ``section`` (summary, wagers, payouts, approvals,
    irregularities, hits, or a chart's numbers: chart-<its name>) with the page's filters."""
    query = request.GET.copy()
    section = query.pop("section", ["summary"])[-1]
    section = report_charts.RENAMED_SECTIONS.get(section, section)
    sections = (*exports.SECTIONS, *report_charts.SECTIONS)
    if section not in sections:
        return _refused([f"Section: {section!r:.40} is not one of {', '.join(sections)}."])
    filters = report_filter(query)
    if not filters.is_valid():
        return _refused(filters.form.messages())
    rounds = filters.qs
    level = filters.chosen_by()
    first, last = filters.period()
    report = hits = None
    if section in report_charts.SECTIONS:
        rows = report_charts.chart_for(section, rounds, first, last).csv_rows()
    elif section == "hits":
        hits = paytable_hits.hit_frequency(rounds, filters.chosen_significance())
        rows = exports.csv_rows(section, report, level, hits)
    else:
        report = reports.Report(rounds)
        rows = exports.csv_rows(section, report, level, hits)
    response = HttpResponse(exports.as_csv(rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = downloads.attachment(f"report-{section}-{first}-to-{last}.csv")
    return response
