"""Every paytable of the regulations as data.

A paytable is a tuple of rows, each naming a hand (a stable slug the evaluators return),
its label as the regulation prints it, and the payout.  Each table cites its section; a
table damaged by scanning carries the reading chosen, in ``reading``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from games.engine.money import Cents, Odds


@dataclass(frozen=True, slots=True)
class MeterShare:
    """A progressive payout: a share of the meter ("100% of meter", "10% of meter")."""

    percent: Decimal

    def __str__(self) -> str:
        return f"{self.percent.normalize():f}% of meter"


@dataclass(frozen=True, slots=True)
class FixedAmount:
    """A fixed sum, as in the Envy Bonus schedules ("$1,000")."""

    amount: Cents

    def __str__(self) -> str:
        from games.engine.money import dollars

        return dollars(self.amount)


Payout = Odds | MeterShare | FixedAmount


@dataclass(frozen=True, slots=True)
class PayRow:
    hand: str  # slug, e.g. "royal_flush", "ace_king_suited"
    label: str  # as the regulation prints it
    payout: Payout


@dataclass(frozen=True, slots=True)
class Paytable:
    game: str  # game slug, e.g. "texas-holdem-bonus"
    wager: str  # wager slug, e.g. "bonus"
    letter: str  # "A", "B", ... or "" where the chapter has one table only
    section: str  # e.g. "§ 647a.12(b)"
    rows: tuple[PayRow, ...]
    reading: str = ""  # how a table damaged in the source was read, and why

    def row(self, hand: str) -> PayRow | None:
        return next((row for row in self.rows if row.hand == hand), None)

    @property
    def title(self) -> str:
        return f"Paytable {self.letter}" if self.letter else "Paytable"


def odds(text: str) -> Odds:
    return Odds.parse(text)


REGISTRY: dict[tuple[str, str, str], Paytable] = {}


def register(*tables: Paytable) -> None:
    for table in tables:
        key = (table.game, table.wager, table.letter)
        if key in REGISTRY:
            raise ValueError(f"paytable {key} is registered twice")
        REGISTRY[key] = table


def paytable(game: str, wager: str, letter: str = "") -> Paytable:
    _load_all()
    try:
        return REGISTRY[(game, wager, letter)]
    except KeyError:
        raise KeyError(f"no paytable {letter or '(single)'} for the {wager} wager of {game}") from None


def paytables_for(game: str, wager: str) -> list[Paytable]:
    _load_all()
    return [table for (g, w, _), table in sorted(REGISTRY.items()) if g == game and w == wager]


def _load_all() -> None:
    # Chapters register their tables on import; importing them here keeps the registry complete.
    from games.engine.paytables import ch647a  # noqa: F401
