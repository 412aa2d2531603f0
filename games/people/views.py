"""The supervisor's audit trail page and its CSV: the same filters (django-filter), newest first.

Every filter is checked and a bad value refused by name (an unknown kind, a user nobody is, an
impossible date or a range running backwards, a page that is not one): the whole trail instead
would answer a question nobody asked.  Dates are gaming days in the casino's time zone, as on
the history page and the reports.  Pages are keyset pages by id (``older`` is the id the next page starts below).
"""

from __future__ import annotations

import io
import json
from datetime import date, timedelta

import django_filters
from django import forms as django_forms
from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from games.common import downloads, spreadsheet
from games.common.calendar import gaming_day_start
from games.common.filters import NamedRefusals
from games.engine.core import Refused
from games.models import AuditEntry
from games.people import audit, logins, roles
from games.people.access import role_required
from games.people.security import request_address

PAGE_SIZE = 100
CSV_HEADER = ("when", "kind", "user", "subject", "summary", "before", "after")
DATE_ERRORS = {"invalid": "Enter a real date as YYYY-MM-DD."}


class AuditForm(NamedRefusals, django_forms.Form):
    LABELS = {"from": "From", "to": "To", "older": "Page"}

    def clean_user(self) -> str:
        name = (self.cleaned_data.get("user") or "").strip()
        if name and not get_user_model().objects.filter(username__iexact=name).exists():
            raise django_forms.ValidationError(f"Nobody is named {name!r}.")
        return name

    def clean(self):
        data = super().clean()
        first, last = data.get("from"), data.get("to")
        if date.max in (first, last):
            raise django_forms.ValidationError(f"Enter a day before {date.max}.")
        if first and last and first > last:
            raise django_forms.ValidationError(f"The dates run backwards: from {first} to {last}.")
        return data


def _days(queryset: QuerySet, name: str, value: date) -> QuerySet:
    """``from``: entries since the gaming day began at the casino; ``to``: before the next one began."""
    if name == "from":
        return queryset.filter(created_at__gte=gaming_day_start(value))
    return queryset.filter(created_at__lt=gaming_day_start(value + timedelta(days=1)))


def _older(queryset: QuerySet, name: str, value: int) -> QuerySet:
    return queryset.filter(pk__lt=value)


class AuditFilter(django_filters.FilterSet):
    kind = django_filters.ChoiceFilter(field_name="kind", choices=AuditEntry.Kind.choices, empty_label="any")
    user = django_filters.CharFilter(field_name="actor__username", lookup_expr="iexact", max_length=150)
    subject = django_filters.CharFilter(field_name="subject", lookup_expr="icontains", max_length=200,
                                        label="Table, meter, user or round (part of its name)")
    older = django_filters.NumberFilter(method=_older, min_value=1, max_value=2**63 - 1, decimal_places=0,
                                        error_messages={"invalid": "This is not a page of the audit trail."})

    class Meta:
        model = AuditEntry
        fields: list[str] = []
        form = AuditForm


# "from" is a Python keyword: these two cannot be declared in the class body.
for _name in ("from", "to"):
    AuditFilter.base_filters[_name] = django_filters.DateFilter(field_name=_name, method=_days,
                                                                input_formats=["%Y-%m-%d"], error_messages=DATE_ERRORS)


def audit_filter(query) -> AuditFilter:
    return AuditFilter(query, queryset=AuditEntry.objects.select_related("actor").order_by("-id"))


@role_required(roles.SUPERVISOR)
def audit_page(request: HttpRequest) -> HttpResponse:
    filters = audit_filter(request.GET)
    kept = request.GET.copy()
    kept.pop("older", None)
    context = {"query": request.GET, "kinds": AuditEntry.Kind.choices, "filters": kept.urlencode()}
    if not filters.is_valid():
        return render(request, "games/people/audit.html", {**context, "errors": filters.form.messages()}, status=400)
    rows = list(filters.qs[:PAGE_SIZE + 1])
    entries = rows[:PAGE_SIZE]
    for entry in entries:  # the keys that changed, in words (the CSV keeps the JSON whole)
        entry.before_text, entry.after_text = audit.changes_in_words(entry.before, entry.after)
    return render(request, "games/people/audit.html", {
        **context, "entries": entries, "older": entries[-1].pk if len(rows) > PAGE_SIZE else None,
        "first_page": not request.GET.get("older"),
    })


def _json(value) -> str:
    return "" if value is None else json.dumps(value, cls=DjangoJSONEncoder, sort_keys=True)


@role_required(roles.SUPERVISOR)
def audit_csv(request: HttpRequest) -> HttpResponse:
    """Every entry the page's filters select (all pages), newest first; times in the casino's
    time zone with their offset; before and after as JSON."""
    filters = audit_filter(request.GET)
    if not filters.is_valid():
        return HttpResponse("\n".join(["The export was refused:", *filters.form.messages()]) + "\n", status=400,
                            content_type="text/plain; charset=utf-8")
    out = io.StringIO()
    writer = spreadsheet.Writer(out)
    writer.writerow(CSV_HEADER)
    for entry in filters.qs.iterator(chunk_size=500):
        writer.writerow([timezone.localtime(entry.created_at).isoformat(timespec="microseconds"), entry.kind,
                         entry.actor.get_username() if entry.actor else "", entry.subject, entry.summary,
                         _json(entry.before), _json(entry.after)])
    response = HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = downloads.attachment("audit.csv")
    return response


@role_required(roles.SUPERVISOR)
def locked_logins(request: HttpRequest) -> HttpResponse:
    """The usernames and addresses locked out after failed logins; a supervisor resets them."""
    error, done = "", ""
    if request.method == "POST":
        try:
            kind, value = request.POST.get("kind", ""), request.POST.get("value", "")
            if kind not in ("username", "address"):
                raise Refused(f"Unlock a username or an address, got {kind!r:.40}")
            logins.login_unlock(by=request.user, by_address=request_address(request), **{kind: value})
            done = f"Unlocked {value}"
        except Refused as refusal:
            error = str(refusal)
    return render(request, "games/people/locked_logins.html",
                  {"locks": logins.locked_logins(), "error": error, "done": done})
