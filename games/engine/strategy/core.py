"""The common shape of every strategy analysis: a decision point valued option by option, and a
game's house edge under the strategy that maximises the player's expected return.

Values are exact: every expected value is a ``Fraction`` counted over every way the unseen cards
can fall, in units of the initial wager (the Ante, or one of Let It Ride's three equal bets).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

from games.engine.money import Odds
from games.engine.paytables import Paytable, Push


@dataclass(frozen=True)
class DecisionValue:
    """One decision point: each option open, in the order offered, with its expected value per
    initial unit.  The optimal option is the one worth most; of equal values, the first offered."""

    options: tuple[tuple[str, Fraction], ...]

    def __post_init__(self) -> None:
        if not self.options:
            raise ValueError("a decision needs at least one option")

    def ev(self, option: str) -> Fraction:
        for name, value in self.options:
            if name == option:
                return value
        raise KeyError(f"no option {option!r}: the options are {', '.join(name for name, _ in self.options)}")

    @property
    def best(self) -> str:
        return max(self.options, key=lambda item: item[1])[0]

    @property
    def value(self) -> Fraction:
        """What the decision is worth played optimally."""
        return max(value for _, value in self.options)


@dataclass(frozen=True)
class Published:
    """A published house edge to compare with: the figure as printed (a percentage, "5.22") and
    who published it.  ``agrees`` compares at the printed precision."""

    percent: str
    source: str
    average_wagered: str = ""  # as printed, where the analysis gives it
    measure: str = "house edge"  # or "element of risk": what the percent is of

    @staticmethod
    def _rounded(value: Fraction, printed: str) -> Decimal:
        places = Decimal(1).scaleb(-len(printed.partition(".")[2]))
        exact = Decimal(value.numerator) / Decimal(value.denominator)
        return exact.quantize(places, rounding=ROUND_HALF_EVEN)

    def agrees(self, edge: Fraction, average_wagered: Fraction | None = None) -> bool:
        """Whether ``edge`` per initial unit (and ``average_wagered``) print as published."""
        figure = edge / average_wagered if self.measure == "element of risk" else edge
        if self._rounded(figure * 100, self.percent) != Decimal(self.percent):
            return False
        if self.average_wagered and average_wagered is not None:
            return self._rounded(average_wagered, self.average_wagered) == Decimal(self.average_wagered)
        return True


@dataclass(frozen=True)
class Strategy:
    """The optimal strategy as a table: a header and rows, written as CSV on demand."""

    header: tuple[str, ...]
    rows: Sequence[tuple[object, ...]]

    def write_csv(self, out: io.TextIOBase) -> None:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(self.header)
        writer.writerows(self.rows)

    def csv(self) -> str:
        out = io.StringIO()
        self.write_csv(out)
        return out.getvalue()


@dataclass(frozen=True)
class HouseEdge:
    """A game's house edge under optimal play, for one choice of its paytables.

    ``edge`` is the player's expected loss per initial unit (0.0522 is 5.22% of the Ante);
    ``average_wagered`` the units wagered on average per round, the initial unit included; the
    element of risk is the loss per unit wagered in all."""

    game: str
    paytable: str  # the paytable option analysed, as the chapter names it
    section: str
    edge: Fraction
    average_wagered: Fraction
    strategy: Strategy | None = field(repr=False, compare=False)  # None for a kept figure
    published: Published | None = None
    note: str = ""  # why the figure differs from the published one, or what it rests on

    @property
    def element_of_risk(self) -> Fraction:
        return self.edge / self.average_wagered

    @property
    def agrees(self) -> bool | None:
        """Whether the published figure is matched at its printed precision; None when none applies."""
        if self.published is None:
            return None
        return self.published.agrees(self.edge, self.average_wagered)


def net(payout: Odds) -> Fraction:
    """What a winning unit wager gains (the stake kept aside): "8 to 1" is 8, "9 for 1" is 8."""
    won = Fraction(payout.numerator, payout.denominator)
    return won - 1 if payout.kind == "for" else won


def winnings_by_value(table: Paytable, slugs_of: Callable[[int], Iterable[str]], values: Iterable[int],
                      losing: Fraction | None = Fraction(-1)) -> dict[int, Fraction]:
    """A paytable read as data: each hand value's net result per unit wagered (``losing`` where
    the table pays nothing)."""
    result = {}
    for value in values:
        row = table.pay_row(slugs_of(value))
        result[value] = losing if row is None else Fraction(0) if isinstance(row.payout, Push) else net(row.payout)
    return result
