"""The supervisor's reports page and its CSV exports (the figures are in ``games.reports``)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games import reports, roles
from games.report_filters import REPORT_BY, report_filter
from games.round_filters import TRAINING
from games.views import role_required


def _refused(messages: list[str]) -> HttpResponse:
    return HttpResponse("\n".join(["The export was refused:", *messages]) + "\n", status=400,
                        content_type="text/plain; charset=utf-8")


@role_required(roles.SUPERVISOR)
def reports_page(request: HttpRequest) -> HttpResponse:
    filters = report_filter(request.GET)
    context = {"query": request.GET, "filters": filters, "levels": reports.LEVELS, "report_by": REPORT_BY,
               "training_choices": TRAINING, "shifts": reports.shift_choices(), "bands": reports.BANDS,
               "gaming_day_start": reports.shift_hours()[0]}
    if not filters.is_valid():
        return render(request, "games/reports.html", {**context, "errors": filters.form.messages()}, status=400)
    rounds = filters.qs
    first, last = filters.period()
    by = filters.chosen_by()
    report = reports.Report(rounds)
    significance = filters.chosen_significance()
    hits = reports.hit_frequency(rounds, significance)
    return render(request, "games/reports.html", {
        **context, "report": report, "hits": hits, "first": first, "last": last, "by": by,
        "by_label": dict(REPORT_BY)[by], "shift": filters.chosen_shift(), "significance": significance,
        "training": filters.only_training(),
        "summaries": [(level, label, report.rows(level)) for level, label in reports.LEVELS],
        "breakdown": report.rows(by), "query_string": request.GET.urlencode(),
    })


@role_required(roles.SUPERVISOR)
def reports_csv(request: HttpRequest) -> HttpResponse:
    """One section of the report as CSV: ``section`` (summary, wagers, payouts, approvals,
    irregularities, hits) with the page's filters."""
    query = request.GET.copy()
    section = query.pop("section", ["summary"])[-1]
    if section not in reports.SECTIONS:
        return _refused([f"Section: {section!r:.40} is not one of {', '.join(reports.SECTIONS)}."])
    filters = report_filter(query)
    if not filters.is_valid():
        return _refused(filters.form.messages())
    rounds = filters.qs
    level = filters.chosen_by()
    report = hits = None
    if section == "hits":
        hits = reports.hit_frequency(rounds, filters.chosen_significance())
    else:
        report = reports.Report(rounds)
    first, last = filters.period()
    response = HttpResponse(reports.as_csv(reports.csv_rows(section, report, level, hits)),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="report-{section}-{first}-to-{last}.csv"'
    return response
