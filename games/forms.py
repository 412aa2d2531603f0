"""What the history search accepts: every filter checked, none silently dropped.

A filter the page cannot apply (an impossible date, an unknown game or status, a NUL byte, a
name longer than any table or user can have, a table or dealer nobody has) is refused with a
message naming it: showing the unfiltered history instead would answer a question nobody asked.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.validators import RegexValidator

from games.engine.registry import GAMES
from games.models import Round, Table
from games.selectors import Cursor

CURSOR = RegexValidator(r"^\d{1,20}-\d{1,19}\Z", "This is not a page of this history; start from the first page.")


def casino_midnight(day: date) -> datetime:
    """The instant a calendar day begins at the casino (settings.TIME_ZONE), whatever the server's zone.

    >>> casino_midnight(date(2026, 7, 1)).isoformat()
    '2026-07-01T00:00:00-04:00'
    >>> casino_midnight(date(2026, 12, 1)).isoformat()
    '2026-12-01T00:00:00-05:00'
    """
    return datetime.combine(day, time.min, tzinfo=ZoneInfo(settings.TIME_ZONE))


class HistoryFilter(forms.Form):
    table = forms.CharField(required=False, max_length=Table._meta.get_field("name").max_length)
    dealer = forms.CharField(required=False, max_length=get_user_model()._meta.get_field("username").max_length)
    game = forms.ChoiceField(required=False, choices=[("", "any"), *((slug, g.name) for slug, g in GAMES.items())])
    status = forms.ChoiceField(required=False, choices=[("", "any"), *Round.Status.choices])
    older = forms.CharField(required=False, max_length=45, validators=[CURSOR])
    newer = forms.CharField(required=False, max_length=45, validators=[CURSOR])

    LABELS = {"from": "From", "to": "To", "older": "Page", "newer": "Page"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # "from" is a Python keyword, so these two cannot be declared as class attributes.
        self.fields["from"] = forms.DateField(required=False, input_formats=["%Y-%m-%d"],
                                              error_messages={"invalid": "Enter a real date as YYYY-MM-DD."})
        self.fields["to"] = forms.DateField(required=False, input_formats=["%Y-%m-%d"],
                                            error_messages={"invalid": "Enter a real date as YYYY-MM-DD."})

    def clean_table(self) -> list[int] | None:
        name = self.cleaned_data["table"].strip()
        if not name:
            return None
        ids = list(Table.objects.filter(name__iexact=name).order_by().values_list("id", flat=True))
        if not ids:
            raise forms.ValidationError(f"No table is named {name!r}.")
        return ids

    def clean_dealer(self) -> list[int] | None:
        name = self.cleaned_data["dealer"].strip()
        if not name:
            return None
        ids = list(get_user_model().objects.filter(username__iexact=name).order_by().values_list("id", flat=True))
        if not ids:
            raise forms.ValidationError(f"Nobody is named {name!r}.")
        return ids

    def _cursor(self, name: str) -> Cursor | None:
        token = self.cleaned_data[name]
        if not token:
            return None
        try:
            return Cursor.parse(token)
        except ValueError:
            raise forms.ValidationError(CURSOR.message) from None

    def clean_older(self) -> Cursor | None:
        return self._cursor("older")

    def clean_newer(self) -> Cursor | None:
        return self._cursor("newer")

    def clean(self):
        data = super().clean()
        first, last = data.get("from"), data.get("to")
        if first and last and first > last:
            raise forms.ValidationError(f"The dates run backwards: from {first} to {last}.")
        if data.get("older") and data.get("newer"):
            raise forms.ValidationError("A page is either newer or older than another, not both.")
        return data

    def messages(self) -> list[str]:
        """Each refusal as one line naming the filter it concerns."""
        lines = []
        for name, errors in self.errors.items():
            label = "" if name == "__all__" else f"{self.LABELS.get(name, name.capitalize())}: "
            lines.extend(label + error for error in errors)
        return lines

    def search(self) -> dict:
        """The keyword arguments of ``selectors.search_rounds`` for a valid form."""
        data = self.cleaned_data
        last = data.get("to")
        return {
            "table_ids": data["table"], "dealer_ids": data["dealer"],
            "game": data["game"], "status": data["status"],
            "since": casino_midnight(data["from"]) if data.get("from") else None,
            # The whole last day, up to the next midnight (a day is 23 or 25 hours when the clocks change).
            "until": casino_midnight(last + timedelta(days=1)) if last and last < date.max else None,
        }
