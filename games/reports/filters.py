"""What the supervisor's reports accept, with django-filter: the page and its CSV share it.

Every value is checked and a bad one is refused by name (an impossible date, an unknown game,
shift or training switch, a table or dealer nobody has, a significance outside 0 to 0.5): a
report of the whole floor instead would answer a question nobody asked.  The period is a range
of gaming days (``from``, ``to``; today's gaming day when neither is given), or one shift of each.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import django_filters
from django import forms
from django.db.models import Q, QuerySet

from games.common import calendar
from games.common.filters import DATE_ERRORS, RoundFilterForm, RoundFilterSet, as_given
from games.reports import figures

MAX_DAYS = 400  # a report spans at most this many gaming days (a year and a month or so)
REPORT_BY = (("floor", "Floor"), ("game", "Game"), ("table", "Table"), ("dealer", "Dealer"))


class ReportForm(RoundFilterForm):
    """The checks that need more than one value."""

    def clean(self):
        data = super().clean()
        first, last = data.get("from"), data.get("to")
        if date.max in (first, last):
            raise forms.ValidationError(f"Enter a gaming day before {date.max}.")
        if first and last:
            if first > last:
                raise forms.ValidationError(f"The dates run backwards: from {first} to {last}.")
            if (last - first).days >= MAX_DAYS:
                raise forms.ValidationError(f"A report spans at most {MAX_DAYS} gaming days, not "
                                            f"{(last - first).days + 1}.")
        return data


class WholeNumberFilter(django_filters.Filter):
    field_class = forms.IntegerField


class ReportFilter(RoundFilterSet):
    """The shared filters (``games.common.filters``), a period of gaming days and the report's options."""

    shift = django_filters.ChoiceFilter(method=as_given, empty_label="whole gaming day",
                                        choices=[(str(n), label) for n, label in calendar.shift_choices()])
    by = django_filters.ChoiceFilter(method=as_given, choices=REPORT_BY, empty_label=None,
                                     label="Breakdowns by")
    significance = django_filters.NumberFilter(method=as_given, min_value=Decimal("0.000001"),
                                               max_value=Decimal("0.5"), max_digits=8, decimal_places=6,
                                               label="Significance (α)")

    # The page of the tables' or dealers' sections when the breakdowns are by table or dealer.
    page = WholeNumberFilter(method=as_given, min_value=1, max_value=1_000_000, label="Page")

    class Meta(RoundFilterSet.Meta):
        form = ReportForm

    DEFAULTS = {**RoundFilterSet.DEFAULTS, "by": "floor"}

    def filter_queryset(self, queryset: QuerySet) -> QuerySet:
        queryset = super().filter_queryset(queryset).exclude(status__in=figures.NOT_REPORTED)
        first, last = self.period()
        windows = calendar.windows(first, last, self.chosen_shift())
        queryset = queryset.filter(_any_window(windows))
        # The rounds the last rebuild set apart (their history fails its check): left out of every
        # figure, and listed on the page (``withheld``).
        self.withheld_rounds = queryset.filter(withheld__isnull=False)
        queryset = queryset.exclude(withheld__isnull=False)
        # The same rounds as the stored figures' cells name them (games.reports.cells).
        data = self.form.cleaned_data
        queryset.report_selection = figures.Selection(first, last, self.chosen_shift(), data.get("table"),
                                                      data.get("game") or "", data.get("dealer"),
                                                      self.only_training())
        return queryset

    # -- the values, once valid ------------------------------------------------------------------

    def period(self) -> tuple[date, date]:
        data = self.form.cleaned_data
        first, last = data.get("from"), data.get("to")
        if first is None and last is None:
            first = last = calendar.gaming_day_of(calendar.now())
        return first or last, last or first

    def chosen_shift(self) -> int | None:
        value = self.form.cleaned_data.get("shift")
        return int(value) if value else None

    def chosen_by(self) -> str:
        return self.form.cleaned_data.get("by") or "floor"

    def chosen_page(self) -> int:
        return self.form.cleaned_data.get("page") or 1

    def chosen_significance(self) -> Decimal:
        return self.form.cleaned_data.get("significance") or figures.SIGNIFICANCE


# "from" is a Python keyword: these two cannot be declared in the class body.
for _name, _label in (("from", "From (gaming day)"), ("to", "To (gaming day)")):
    ReportFilter.base_filters[_name] = django_filters.DateFilter(method=as_given, label=_label,
                                                                 input_formats=["%Y-%m-%d"],
                                                                 error_messages=DATE_ERRORS)


def _any_window(windows: list[tuple]) -> Q:
    """Rounds started in any of the windows: each a range of ``started_at`` (its index reads it)."""
    condition = Q(pk__in=[])
    for start, end in windows:
        condition |= Q(started_at__gte=start, started_at__lt=end)
    return condition


def report_filter(query) -> ReportFilter:
    """The filter of a request's query string (with the training switch's default)."""
    return ReportFilter.of(query)
