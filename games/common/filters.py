"""The filters of rounds that the history and the reports share, with django-filter: one
definition of a table, a dealer, a game and the training switch, and of how a refusal reads.

A table is chosen by its name and a dealer by their username, exactly (in any case: "TH-1" is not
UTH-1 or TH-12), from the lists the pages offer (``names_to_pick``); either is resolved to ids
when the form is cleaned (a name nobody has is refused), so the rounds are then filtered on
``table_id``/``dealer_id``, the first column of the history's indexes, never through a join.
Training rounds (dealt from a virtual shoe) are left out unless asked for.
"""

from __future__ import annotations

import django_filters
from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from games.engine.registry import GAMES
from games.models import Round, Table

EXCLUDE, ONLY, INCLUDE = "exclude", "only", "all"
TRAINING = ((EXCLUDE, "Excluded"), (ONLY, "Training rounds only"))
DATE_ERRORS = {"invalid": "Enter a real date as YYYY-MM-DD."}
GAME_CHOICES = [(slug, game.name) for slug, game in GAMES.items()]


def game_irregularities(game) -> dict[str, str]:
    """Its kinds, each named by its label up to what the procedure does ("…: to the discard rack")."""
    return {kind: i.label.split(":")[0] for kind, i in getattr(game, "irregularities", {}).items()
            if not kind.startswith("stub_")}


def humanized(slug: str) -> str:
    """A slug as words, where nothing names it better: "wrong_card_count" -> "Wrong card count"."""
    return slug.replace("_", " ").capitalize()


def irregularity_label(kind: str, game: str = "") -> str:
    """An irregularity's kind as a screen names it: its game's label, or where no game is given
    the label every game gives it (its kind in words where they differ)."""
    if game in GAMES:
        return game_irregularities(GAMES[game]).get(kind) or humanized(kind)
    labels = {label for engine in GAMES.values() if (label := game_irregularities(engine).get(kind))}
    return labels.pop() if len(labels) == 1 else humanized(kind)


def names_to_pick(dealer_group: str) -> dict[str, list[str]]:
    """The tables' names and the dealers' usernames the filters offer to choose from (a dealer
    is a member of ``dealer_group``; any user who dealt is still found by name)."""
    return {"tables": list(Table.objects.order_by("name").values_list("name", flat=True)),
            "dealers": list(get_user_model().objects.filter(groups__name=dealer_group).order_by("username")
                            .values_list("username", flat=True).distinct())}


def as_given(queryset: QuerySet, name: str, value) -> QuerySet:
    """A value the filterset's ``filter_queryset`` applies with others (a period, a seat's wager)."""
    return queryset


def user_ids(username: str) -> list[int]:
    return list(get_user_model().objects.filter(username__iexact=username).order_by().values_list("id", flat=True))


def named_users(name: str | None) -> list[int] | None:
    """The ids of the users a filter names (any case), None when it names nobody; refused when no user
    has that name."""
    name = (name or "").strip()
    if not name:
        return None
    ids = user_ids(name)
    if not ids:
        raise forms.ValidationError(f"Nobody is named {name!r}.")
    return ids


class NamedRefusals:
    """A filter form's refusals, each as one line naming the filter it concerns (``LABELS``)."""

    LABELS: dict[str, str] = {}

    def messages(self) -> list[str]:
        lines = []
        for name, errors in self.errors.items():
            label = "" if name == "__all__" else f"{self.LABELS.get(name, name.capitalize())}: "
            lines.extend(label + error for error in errors)
        return lines


class RoundFilterForm(NamedRefusals, forms.Form):
    """The checks of the shared filters, and every refusal as one line naming its filter."""

    LABELS = {"from": "From", "to": "To"}

    def clean_table(self) -> list[int] | None:
        name = (self.cleaned_data.get("table") or "").strip()
        if not name:
            return None
        ids = list(Table.objects.filter(name__iexact=name).order_by().values_list("id", flat=True))
        if not ids:
            raise forms.ValidationError(f"No table is named {name!r}.")
        return ids

    def clean_dealer(self) -> list[int] | None:
        return named_users(self.cleaned_data.get("dealer"))


def _ids_in(field: str):
    def filter_ids(queryset: QuerySet, name: str, ids: list[int] | None) -> QuerySet:
        return queryset if ids is None else queryset.filter(**{f"{field}__in": ids})
    return filter_ids


def training_rounds(queryset: QuerySet, name: str, value: str) -> QuerySet:
    if value == ONLY:
        return queryset.filter(shoe_order__isnull=False)
    if value == INCLUDE:
        return queryset
    return queryset.filter(shoe_order__isnull=True)


class RoundFilterSet(django_filters.FilterSet):
    """Table, dealer (each by its exact name), game and the training switch (exclude by default)."""

    table = django_filters.CharFilter(method=_ids_in("table_id"), max_length=Table._meta.get_field("name").max_length,
                                      label="Table")
    dealer = django_filters.CharFilter(method=_ids_in("dealer_id"),
                                       max_length=get_user_model()._meta.get_field("username").max_length)
    game = django_filters.ChoiceFilter(field_name="game", choices=GAME_CHOICES, empty_label="any")
    training = django_filters.ChoiceFilter(method=training_rounds, choices=TRAINING, empty_label=None,
                                           label="Training rounds")

    class Meta:
        model = Round
        fields: list[str] = []
        form = RoundFilterForm

    DEFAULTS = {"training": EXCLUDE}

    @classmethod
    def of(cls, query, queryset: QuerySet | None = None):
        """The filter of a request's query string, with the defaults of the values left out."""
        data = query.copy()
        for name, value in cls.DEFAULTS.items():
            if not data.get(name):
                data[name] = value
        return cls(data, queryset=Round.objects.all() if queryset is None else queryset)

    def only_training(self) -> bool:
        return self.form.cleaned_data.get("training") == ONLY
