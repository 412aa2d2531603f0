"""The paytable rows a settlement line can have paid under: for each game's paytable wagers, the
letter its round played and the row its hand matched, as conditions the database evaluates, with
each row's exact probability.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Case, CharField, Q, QuerySet, Value, When
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Coalesce

from games.engine import returns
from games.engine.core.records import DECISION, LOSE, PUSH
from games.engine.paytables import MeterShare, paytable, paytables_for
from games.engine.registry import GAMES
from games.models import SettlementLine
from games.reports.figures import (
    ACTION,
    TENTH,
    ratio,
)


@dataclass(frozen=True)
class PaytableKey:
    game: str
    wager: str
    option: str  # the rules option holding its letter; "" where the chapter has one table for it
    default: str  # the letter when the round's rules do not name one (the one table's letter)
    letters: tuple[str, ...]  # the letters of its registered paytables


def paytable_wagers(games: Iterable[str]) -> list[PaytableKey]:
    """Every wager of these games paid on a paytable: one the table chooses, or the chapter's only one."""
    keys = []
    for slug in games:
        game = GAMES.get(slug)
        for wager in getattr(game, "wagers", ()):
            if wager.paytable is not None:
                keys.append(PaytableKey(slug, wager.slug, wager.paytable_option,
                                        game.default_rules.get(wager.paytable_option, ""),
                                        tuple(game.paytable_letters[wager.slug])))
            elif len(tables := paytables_for(slug, wager.slug)) == 1:
                keys.append(PaytableKey(slug, wager.slug, "", tables[0].letter, (tables[0].letter,)))
    return keys


def _row_conditions(table) -> list[tuple[Q, str]]:
    """How a settlement line names the row it was paid under: by its odds, which are the row's
    payout, and where two rows pay the same, by the row's label in its ``hand`` too ("...: Flush
    (Paytable A)", or "Flush ... (Paytable A)" when the hand's own name says it).  A progressive
    jackpot's line carries no odds: its label names the row."""
    payouts = Counter(str(row.payout) for row in table.rows)
    title = f" ({table.title})"
    conditions = []
    # Longest labels first: "Straight flush (...)" must not be read as "Straight".
    for row in sorted(table.rows, key=lambda row: -len(row.label)):
        named = Q(hand__endswith=f": {row.label}{title}") | Q(hand__istartswith=row.label, hand__endswith=title)
        if isinstance(row.payout, MeterShare):
            conditions.append((Q(odds="") & named, row.hand))
        elif payouts[str(row.payout)] == 1:
            conditions.append((Q(odds=str(row.payout)), row.hand))
        else:
            conditions.append((Q(odds=str(row.payout)) & named, row.hand))
    return conditions


@dataclass
class HitRow:
    name: str
    payout: str
    probability: Fraction | None  # None: a paytable the player's decisions play on has no exact one
    observed: int
    trials: int
    p_value: Decimal | None
    flagged: bool

    @property
    def expected(self) -> Decimal | None:
        if self.probability is None:
            return None
        return (Decimal(self.trials) * self.probability.numerator / self.probability.denominator).quantize(TENTH)

    @property
    def observed_frequency(self) -> Decimal | None:
        return ratio(self.observed, self.trials, Decimal("0.000001")) if self.trials else None

    @property
    def theoretical_frequency(self) -> Decimal | None:
        if self.probability is None:
            return None
        return (Decimal(self.probability.numerator) / self.probability.denominator).quantize(Decimal("0.000001"))

    @property
    def direction(self) -> str:
        if not self.flagged:
            return ""
        return "more often than theory" if self.observed > self.expected else "less often than theory"


UNKNOWN = "?"
PUSHED = "="  # a wager judged on its cards that neither won nor lost (a Blind below a straight)


class HitRows:
    """The lines judged on their cards of these games' paytable wagers, each annotated with the
    paytable ``letter`` its round played (its rules' option, the table's default where they name
    none, or the chapter's one table) and the ``row`` it paid under ("" for a loss, ``UNKNOWN``
    when no row matches, ``PUSHED`` for a push).  Every paytable played is counted: ``known`` holds
    those with an exact probability per row (the return report's one line per row), ``observed``
    the others (paid on the player's decisions or the dealer's hand: the Blind, the Super Bonus,
    the Odds Wager), whose counts stand without theory, the return report saying why."""

    def __init__(self, games: Iterable[str]):
        self.keys = paytable_wagers(sorted(games))
        self.known: dict[tuple[str, str, str], tuple[Any, Any]] = {}
        self.observed: dict[tuple[str, str, str], tuple[Any, Any]] = {}
        for key in self.keys:
            for table_letter in key.letters:
                table = paytable(key.game, key.wager, table_letter)
                entry = returns.paytable_return_of(key.game, key.wager, table_letter)
                one_line_per_row = len(entry.hands) == len(table.rows) + 1
                (self.known if one_line_per_row else self.observed)[key.game, key.wager, table_letter] = (table, entry)

    @functools.cached_property
    def whens(self) -> list[When]:
        """Each known row's condition on a line (only the lines' query needs them, not the stored counts)."""
        return [When(Q(round__game=game, wager=wager, letter=table_letter) & condition, then=Value(hand))
                for (game, wager, table_letter), (table, _) in (*self.known.items(), *self.observed.items())
                for condition, hand in _row_conditions(table)]

    def lines(self, lines: QuerySet[SettlementLine]) -> QuerySet[SettlementLine]:
        letter = Case(*(When(Q(round__game=key.game, wager=key.wager),
                             then=Coalesce(KeyTextTransform(key.option, "round__rules"), Value(key.default),
                                           output_field=CharField()) if key.option else Value(key.default))
                        for key in self.keys), default=Value(""), output_field=CharField())
        row = Case(When(outcome=LOSE, then=Value("")), When(outcome=PUSH, then=Value(PUSHED)), *self.whens,
                   default=Value(UNKNOWN), output_field=CharField())
        return (lines.filter(outcome__in=ACTION, wager__in={key.wager for key in self.keys}).exclude(stage=DECISION)
                .annotate(letter=letter).annotate(row=row))


@functools.cache
def _hand_lines(game: str, wager: str, letter: str) -> tuple[tuple[str, str, Fraction], ...]:
    """Each row's name, payout and exact probability (a ``Fraction`` made once, not per table)."""
    hands = returns.paytable_return_of(game, wager, letter).hands
    return tuple((line.name, line.payout, line.probability) for line in hands)
