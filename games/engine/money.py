"""Money in integer cents, and payout odds.

Amounts never touch float.  ``Odds`` covers the two ways the regulations print payouts:
"X to 1" returns the stake plus X times the stake; "X for 1" returns X times the stake in
all (the stake included), so a winning "X for 1" wager wins X - 1 times the stake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal, InvalidOperation

Cents = int


class MoneyError(ValueError):
    """An amount that cannot be read as dollars and cents."""


def dollars(amount: Cents) -> str:
    """Format cents as dollars and cents.

    >>> dollars(123456)
    '$1,234.56'
    >>> dollars(-500)
    '−$5.00'
    """
    sign = "−" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}${whole:,}.{cents:02d}"


def plain_dollars(amount: Cents) -> str:
    """Cents as a plain dollar amount, as round sheets and actions write it.

    >>> plain_dollars(3050)
    '30.50'
    """
    sign = "-" if amount < 0 else ""
    whole, cents = divmod(abs(amount), 100)
    return f"{sign}{whole}.{cents:02d}"


def parse_dollars(text: str | int | Decimal) -> Cents:
    """Read "25", "25.50", "$1,000" or an int number of dollars into cents.

    >>> parse_dollars("$1,000.5")
    100050
    >>> parse_dollars("1.005")
    Traceback (most recent call last):
    ...
    games.engine.money.MoneyError: '1.005' has fractions of a cent
    """
    if isinstance(text, bool):
        raise MoneyError(f"{text!r} is not an amount")
    if isinstance(text, int):
        return text * 100
    cleaned = re.sub(r"[\s$,]", "", str(text))
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise MoneyError(f"{text!r} is not an amount in dollars") from None
    if not value.is_finite():
        raise MoneyError(f"{text!r} is not an amount in dollars")
    cents = value * 100
    if cents != cents.to_integral_value():
        raise MoneyError(f"{text!r} has fractions of a cent")
    return int(cents)


def round_down_to_cent(amount: Decimal) -> Cents:
    """Payouts that come out in fractions of a cent are paid to the cent below: the house
    never pays more than the odds allow."""
    return int(amount.to_integral_value(rounding=ROUND_DOWN))


_ODDS = re.compile(r"^\s*([\d,]+)\s+(to|for)\s+([\d,]+)\s*$")


@dataclass(frozen=True, slots=True)
class Odds:
    """Payout odds as printed in a paytable: ``Odds(3, 2)`` is "3 to 2", ``Odds(9, 1, "for")`` is "9 for 1"."""

    numerator: int
    denominator: int = 1
    kind: str = "to"

    @classmethod
    def parse(cls, text: str) -> Odds:
        """Read odds as a paytable prints them.

        >>> Odds.parse("1,000 to 1")
        Odds(numerator=1000, denominator=1, kind='to')
        """
        match = _ODDS.match(text)
        if not match:
            raise ValueError(f"{text!r} is not odds like '3 to 2' or '9 for 1'")
        return cls(int(match[1].replace(",", "")), int(match[3].replace(",", "")), match[2])

    def winnings(self, stake: Cents) -> Cents:
        """What the house pays beyond returning the stake.

        >>> Odds(3, 2).winnings(1000)
        1500
        >>> Odds(9, 1, "for").winnings(500)
        4000
        """
        total = Decimal(stake) * self.numerator / self.denominator
        if self.kind == "for":
            total -= stake
        return round_down_to_cent(total)

    def __str__(self) -> str:
        return f"{self.numerator:,} {self.kind} {self.denominator:,}"


EVEN_MONEY = Odds(1, 1)
