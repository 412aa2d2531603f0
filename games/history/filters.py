"""What the history search accepts, with django-filter: the page and its CSV share it, and it
extends the filters the reports share (``games.common.filters``).

Every value is checked and a bad one is refused with a message naming its filter (an impossible
date, an unknown game, status, wager or irregularity, a seat no game has, an amount that is not
dollars and cents, a table, dealer or floorperson nobody has, a broken page link): showing the
unfiltered history instead would answer a question nobody asked.

What a round holds (a seat's wager, a settlement line's amount, an approval, an irregularity) is
asked with ``EXISTS`` on the table that holds it, probed by its round: a round matches once however
many of its rows do, so the history's order and keyset pages stay those of the rounds alone.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

import django_filters
from django import forms
from django.contrib.auth import get_user_model
from django.core.validators import RegexValidator
from django.db.models import Exists, OuterRef, Q, QuerySet

from games.common import calendar
from games.common.calendar import gaming_day_start
from games.common.filters import (
    DATE_ERRORS,
    INCLUDE,
    TRAINING,
    RoundFilterForm,
    RoundFilterSet,
    as_given,
    game_irregularities,
    humanized,
    named_users,
    training_rounds,
)
from games.engine.core.records import COLLECTED, WIN
from games.engine.registry import GAMES
from games.history import selectors
from games.history.selectors import Cursor
from games.models import Approval, MeterEntry, Round, RoundEvent, SettlementLine, Wager

CURSOR = RegexValidator(r"^\d{1,20}-\d{1,19}\Z", "This is not a page of this history; start from the first page.")
ANY = "any"
APPROVALS = ((ANY, "any approval"), *Approval.Status.choices)
MAX_SEAT = max(game.seat_count for game in GAMES.values())
MAX_DOLLARS = Decimal("99999999.99")  # far above any wager or payout; keeps cents within a bigint


def _labelled(pairs, *, when_they_differ) -> list[tuple[str, str]]:
    """(slug, label) of every game's, once per slug, by label: where games label one slug
    differently, ``when_they_differ`` says what the list shows of their labels."""
    labels: dict[str, list[str]] = {}
    for slug, label in pairs:
        if label not in labels.setdefault(slug, []):
            labels[slug].append(label)
    return sorted(((slug, names[0] if len(names) == 1 else when_they_differ(slug, names))
                   for slug, names in labels.items()), key=lambda pair: pair[1].lower())


def game_wagers(game) -> dict[str, str]:
    return {wager.slug: wager.label for wager in game.wagers}


WAGER_CHOICES = _labelled((pair for game in GAMES.values() for pair in game_wagers(game).items()),
                          when_they_differ=lambda slug, names: " / ".join(names))
# An irregularity's label is a game's procedure: where they differ, the list names the kind.
IRREGULARITY_CHOICES = [(ANY, "any irregularity"), *_labelled(
    (pair for game in GAMES.values() for pair in game_irregularities(game).items()),
    when_they_differ=lambda kind, names: humanized(kind))]
HISTORY_TRAINING = (*TRAINING, (INCLUDE, "Included"))
JACKPOT = (("yes", "paid a jackpot"),)


class HistoryForm(RoundFilterForm):
    LABELS = {**RoundFilterForm.LABELS, "jackpot": "Jackpots", "older": "Page", "newer": "Page",
              "amount_min": "Amount from", "amount_max": "Amount to", "floorperson": "Decided by"}

    def clean_floorperson(self) -> list[int] | None:
        return named_users(self.cleaned_data.get("floorperson"))

    def _cursor(self, name: str) -> Cursor | None:
        token = self.cleaned_data.get(name)
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
        low, high = data.get("amount_min"), data.get("amount_max")
        if low is not None and high is not None and low > high:
            raise forms.ValidationError(f"The amounts run backwards: from {low} to {high}.")
        if data.get("shift") and not (first and last):
            self.add_error("shift", "A shift is of gaming days: choose From and To as well.")
        if data.get("older") and data.get("newer"):
            raise forms.ValidationError("A page is either newer or older than another, not both.")
        game = GAMES.get(data.get("game") or "")
        if game is not None:
            self._of_the_game(game, "seat", data.get("seat"), lambda seat: seat <= game.seat_count,
                              f"{game.name} has seats 1 to {game.seat_count}.")
            self._of_the_game(game, "wager", data.get("wager"), lambda wager: wager in game_wagers(game),
                              f"{game.name} takes no such wager.")
            kind = data.get("irregularity")
            self._of_the_game(game, "irregularity", kind, lambda k: k == ANY or k in game_irregularities(game),
                              f"{game.name} has no such irregularity.")
        return data

    def _of_the_game(self, game, name: str, value, fits, message: str) -> None:
        """A value every game has but not the one chosen: refused rather than matching nothing."""
        if value not in (None, "") and not fits(value):
            self.add_error(name, message)


class IntegerFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


def dollars_filter(label: str) -> django_filters.NumberFilter:
    """Dollars and cents, parsed exactly (Decimal, never float)."""
    return django_filters.NumberFilter(method=as_given, label=label, min_value=Decimal(0), max_value=MAX_DOLLARS,
                                       max_digits=10, decimal_places=2)


def cents(dollars: Decimal) -> int:
    """
    >>> cents(Decimal("12.5")), cents(Decimal("0.07"))
    (1250, 7)
    """
    return int(dollars * 100)


def dealt_by(queryset: QuerySet, name: str, ids: list[int] | None) -> QuerySet:
    """The history's dealer: the one who started the round or a relief dealer who tapped in it."""
    return queryset if ids is None else selectors.rounds_dealt_by(queryset, ids)


class HistoryFilter(RoundFilterSet):
    dealer = django_filters.CharFilter(method=dealt_by, label="Dealer (or relief dealer)",
                                       max_length=get_user_model()._meta.get_field("username").max_length)
    status = django_filters.ChoiceFilter(field_name="status", choices=Round.Status.choices, empty_label="any")
    training = django_filters.ChoiceFilter(method=training_rounds,
                                           choices=HISTORY_TRAINING, empty_label=None, label="Training rounds")
    seat = IntegerFilter(method=as_given, min_value=1, max_value=MAX_SEAT)
    wager = django_filters.ChoiceFilter(method=as_given, choices=WAGER_CHOICES, empty_label="any")
    amount_min = dollars_filter("Amount from ($)")
    amount_max = dollars_filter("Amount to ($)")
    approval = django_filters.ChoiceFilter(method="filter_approval", choices=APPROVALS, empty_label="—")
    floorperson = django_filters.CharFilter(method="filter_floorperson", label="Decided by",
                                            max_length=get_user_model()._meta.get_field("username").max_length)
    irregularity = django_filters.ChoiceFilter(method="filter_irregularity", choices=IRREGULARITY_CHOICES,
                                               empty_label="—")
    shift = django_filters.ChoiceFilter(method=as_given, empty_label="whole gaming day",
                                        choices=[(str(n), label) for n, label in calendar.shift_choices()])
    jackpot = django_filters.ChoiceFilter(method="filter_jackpot", choices=JACKPOT, empty_label="—",
                                          label="Jackpots")
    older = django_filters.CharFilter(method=as_given, max_length=45, validators=[CURSOR])
    newer = django_filters.CharFilter(method=as_given, max_length=45, validators=[CURSOR])

    class Meta(RoundFilterSet.Meta):
        form = HistoryForm

    def filter_queryset(self, queryset: QuerySet) -> QuerySet:
        data = self.form.cleaned_data
        queryset = super().filter_queryset(queryset)
        first, last = data.get("from"), data.get("to")
        # Dates are gaming days (settings.GAMING_DAY_START), as in the reports: a round dealt at
        # 2:00 belongs to the day before, and a day is 23 or 25 hours when the clocks change.
        shift = data.get("shift")
        if shift and first and last and last < date.max:
            # One shift of each gaming day, as the reports cut them (games.common.calendar.windows).
            spans = Q(pk__in=[])
            for start, end in calendar.windows(first, last, int(shift)):
                spans |= Q(started_at__gte=start, started_at__lt=end)
            queryset = queryset.filter(spans)
        if first:
            queryset = queryset.filter(started_at__gte=gaming_day_start(first))
        if last and last < date.max:
            queryset = queryset.filter(started_at__lt=gaming_day_start(last + timedelta(days=1)))
        # A seat and a wager together ask for that wager on that seat; an amount, for a line of them.
        seat, wager = data.get("seat"), data.get("wager")
        of_the_seat = {**({"seat": seat} if seat is not None else {}), **({"wager": wager} if wager else {})}
        if of_the_seat:
            queryset = queryset.filter(Exists(Wager.objects.filter(round=OuterRef("pk"), **of_the_seat)))
        low, high = data.get("amount_min"), data.get("amount_max")
        if low is not None or high is not None:
            amount = {**({"amount__gte": cents(low)} if low is not None else {}),
                      **({"amount__lte": cents(high)} if high is not None else {})}
            queryset = queryset.filter(Exists(SettlementLine.objects.filter(
                round=OuterRef("pk"), outcome__in=[WIN, *COLLECTED], **amount, **of_the_seat)))
        return queryset

    def filter_approval(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        status = {} if value == ANY else {"status": value}
        return queryset.filter(Exists(Approval.objects.filter(round=OuterRef("pk"), **status)))

    def filter_jackpot(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        """The rounds that paid a jackpot from a progressive meter (its ledger says so)."""
        if value != "yes":
            return queryset
        return queryset.filter(Exists(MeterEntry.objects.filter(round=OuterRef("pk"), kind=MeterEntry.Kind.PAYOUT)))

    def filter_floorperson(self, queryset: QuerySet, name: str, ids: list[int] | None) -> QuerySet:
        if ids is None:
            return queryset
        return queryset.filter(Exists(Approval.objects.filter(round=OuterRef("pk"), decided_by_id__in=ids)))

    def filter_irregularity(self, queryset: QuerySet, name: str, value: str) -> QuerySet:
        # The same condition as the partial index irregularity_events, so the probe reads it.
        kind = {} if value == ANY else {"action__kind": value}
        return queryset.filter(Exists(RoundEvent.objects.filter(round=OuterRef("pk"), action__type="irregularity",
                                                                **kind)))

    # -- the values, once valid ------------------------------------------------------------------

    def page_from(self) -> dict[str, Cursor | None]:
        """The keyword arguments of ``selectors.history_page``: where the page starts."""
        return {"older": self.form.cleaned_data.get("older"), "newer": self.form.cleaned_data.get("newer")}


# "from" is a Python keyword: these two cannot be declared in the class body.
for _name in ("from", "to"):
    HistoryFilter.base_filters[_name] = django_filters.DateFilter(method=as_given, input_formats=["%Y-%m-%d"],
                                                                  error_messages=DATE_ERRORS)


def history_filter(query) -> HistoryFilter:
    """The filter of a request's query string, over the history's narrow rounds, newest first."""
    return HistoryFilter.of(query, selectors.history_rounds())
