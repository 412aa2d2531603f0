"""Every paytable of the regulations as data.

A paytable is a tuple of rows, each naming a hand (a stable slug the evaluators return),
its label as the regulation prints it, and the payout.  Each table cites its section; a
table damaged by scanning carries the reading chosen, in ``reading``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from importlib import import_module

from games.engine.money import Cents, Odds, parse_dollars


@dataclass(frozen=True, slots=True)
class MeterShare:
    """A progressive payout: a share of the meter ("100% of meter", "10% of meter").

    ``meter`` names one of several meters ("mega", "major", "minor" in § 643a.12(e)(1)); it is
    empty where the table has one meter.
    """

    percent: Decimal
    meter: str = ""

    def __str__(self) -> str:
        if self.meter:
            return f"{self.percent.normalize():f}% {self.meter} jackpot"
        return f"{self.percent.normalize():f}% of meter"


@dataclass(frozen=True, slots=True)
class Push:
    """The wager is returned, neither paid nor collected (§ 677a.12(b), § 653a.12(b))."""

    def __str__(self) -> str:
        return "Push"


PUSH = Push()


@dataclass(frozen=True, slots=True)
class Meter:
    """How a progressive meter starts and grows, where the chapter fixes it.

    Amounts "N for 1" of the wager (§ 643a.12(d)(3)) are ``seed_for_1``/``reseed_for_1``;
    a chapter that leaves the amount to the Rules Submission gives only a floor in cents
    (``least_reset``, "at least $10,000", § 647a.12(d)(3)).  Rates are percents of each wager.
    """

    name: str = ""
    seed_for_1: int | None = None
    reseed_for_1: int | None = None
    least_reset: Cents | None = None
    primary_rate: Decimal | None = None
    reserve_rate: Decimal | None = None
    section: str = ""  # where the chapter says it ("§ 647a.12(d)(3)")


@dataclass(frozen=True, slots=True)
class FixedAmount:
    """A fixed sum, as in the Envy Bonus schedules ("$1,000")."""

    amount: Cents

    def __str__(self) -> str:
        from games.engine.money import dollars

        return dollars(self.amount)


Payout = Odds | MeterShare | FixedAmount | Push


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
    missing: tuple[str, ...] = ()  # labels of rows the source lost beyond recovery: the table cannot be used
    meters: tuple[Meter, ...] = ()  # the progressive meters behind its MeterShare rows
    note: str = ""  # what the table is judged on, where the chapter says it elsewhere

    def row(self, hand: str) -> PayRow | None:
        return next((row for row in self.rows if row.hand == hand), None)

    def pay_row(self, slugs: Iterable[str]) -> PayRow | None:
        """The row a hand is paid under: the first of its ``slugs`` (most specific first) that
        the table has, else the table's catch-all row for any other hand, else None (it loses)."""
        for slug in (*slugs, ANY_OTHER_HAND):
            row = self.row(slug)
            if row is not None:
                return row
        return None

    @property
    def title(self) -> str:
        return f"Paytable {self.letter}" if self.letter else "Paytable"


ANY_OTHER_HAND = "any_other_hand"  # a row such as "Less than a straight: Push"


def odds(text: str) -> Odds:
    return Odds.parse(text)


_METER = re.compile(r"^(\d+)% (?:of meter|(\w+) jackpot)$")


def payout(text: str) -> Payout:
    """Read a cell as printed: "3 to 2", "9 for 1", "100% of meter", "100% mega jackpot", "$1,000", "Push".

    >>> payout("10% of meter")
    MeterShare(percent=Decimal('10'), meter='')
    >>> payout("$1,500")
    FixedAmount(amount=150000)
    """
    if text == "Push":
        return PUSH
    if text.startswith("$"):
        return FixedAmount(parse_dollars(text))
    match = _METER.match(text)
    if match:
        return MeterShare(Decimal(match[1]), match[2] or "")
    return Odds.parse(text)


# The standard Five-Card Progressive table and its Envy Bonus schedules ($1 and $5 wagers), which
# several chapters print alike (e.g. § 641a.12(e)(1) and (5), § 657a.12(e)(1) and (5), § 639a.12(d)(6),
# § 647a.12(d)); each chapter still registers its own table, citing its own section.
FIVE_CARD_PROGRESSIVE_ROWS = (
    ("royal_flush", "Royal flush", "100% of meter"),
    ("straight_flush", "Straight flush", "10% of meter"),
    ("four_of_a_kind", "Four-of-a-kind", "300 for 1"),
    ("full_house", "Full house", "50 for 1"),
    ("flush", "Flush", "40 for 1"),
    ("straight", "Straight", "30 for 1"),
    ("three_of_a_kind", "Three-of-a-kind", "9 for 1"),
)
FIVE_CARD_ENVY_ROWS = (
    ("royal_flush", "Royal flush", "$1,000", "$5,000"),
    ("straight_flush", "Straight flush", "$300", "$1,500"),
)


def columns(
    game: str,
    wager: str,
    section: str,
    letters: str | Sequence[str],
    rows: Sequence[tuple[str, str, *tuple[str | None, ...]]],
    *,
    reading: str | dict[str, str] = "",
    meters: dict[str, tuple[Meter, ...]] | None = None,
    missing: dict[str, tuple[str, ...]] | None = None,
    note: str = "",
) -> tuple[Paytable, ...]:
    """One ``Paytable`` per letter from a table printed with one column per letter.

    Each row is ``(slug, label, cell for the first letter, cell for the next...)``; a cell of
    None is a hand that column does not pay (an empty cell, "N/A").  ``reading`` is one text
    for every letter or a text per letter.
    """
    tables = []
    for column, letter in enumerate(letters):
        tables.append(
            Paytable(
                game,
                wager,
                letter,
                section,
                tuple(PayRow(slug, label, payout(cells[column])) for slug, label, *cells in rows if cells[column]),
                reading=reading.get(letter, "") if isinstance(reading, dict) else reading,
                missing=(missing or {}).get(letter, ()),
                meters=(meters or {}).get(letter, ()),
                note=note,
            )
        )
    return tuple(tables)


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


CHAPTERS = ("ch635a", "ch639a", "ch641a", "ch643a", "ch647a", "ch653a", "ch655a", "ch657a", "ch677a")


def _load_all() -> None:
    # Chapters register their tables on import; importing them here keeps the registry complete.
    for chapter in CHAPTERS:
        import_module(f"games.engine.paytables.{chapter}")


def all_paytables() -> list[Paytable]:
    _load_all()
    return [table for _, table in sorted(REGISTRY.items())]
