"""Money in integer cents, and payout odds.

Amounts never touch float.  ``Odds`` covers the two ways the regulations print payouts:
"X to 1" returns the stake plus X times the stake; "X for 1" returns X times the stake in
all (the stake included), so a winning "X for 1" wager wins X - 1 times the stake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

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


# Dollars as a dealer writes them: ASCII digits, an optional leading "$", thousands separators
# only every three digits from the point ("1,000", "12,345.50"), and up to two decimals.
_DOLLARS = re.compile(r"\$?(?P<whole>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+)(?:\.(?P<cents>[0-9]+))?")
# A billion dollars less a cent: far beyond any table's limits, and always within a 64-bit column of cents.
MAX_WHOLE_DIGITS = 9


def parse_dollars(text: str | int) -> Cents:
    """Read "25", "25.50", "$1,000" or an int number of dollars into cents.

    One strict grammar, so that an amount is never read as something the dealer did not mean:

    >>> parse_dollars("$1,000.5"), parse_dollars("12,345.50"), parse_dollars(25)
    (100050, 1234550, 2500)
    >>> parse_dollars("1.005")
    Traceback (most recent call last):
    ...
    games.engine.money.MoneyError: '1.005' has fractions of a cent
    >>> for text in ["1,5", "5 0", "1e2", "1_0", "\u0661\u0660", " 10", "-5", "1,0000", ".5", "inf"]:
    ...     try:
    ...         parse_dollars(text)
    ...     except MoneyError as error:
    ...         print(error)
    '1,5' is not an amount in dollars (like 25, 25.50 or 1,000)
    '5 0' is not an amount in dollars (like 25, 25.50 or 1,000)
    '1e2' is not an amount in dollars (like 25, 25.50 or 1,000)
    '1_0' is not an amount in dollars (like 25, 25.50 or 1,000)
    '١٠' is not an amount in dollars (like 25, 25.50 or 1,000)
    ' 10' is not an amount in dollars (like 25, 25.50 or 1,000)
    '-5' is not an amount in dollars (like 25, 25.50 or 1,000)
    '1,0000' is not an amount in dollars (like 25, 25.50 or 1,000)
    '.5' is not an amount in dollars (like 25, 25.50 or 1,000)
    'inf' is not an amount in dollars (like 25, 25.50 or 1,000)
    >>> parse_dollars(2.5)
    Traceback (most recent call last):
    ...
    games.engine.money.MoneyError: 2.5 is not an amount in dollars: write it as text, like "2.50"
    >>> parse_dollars("1000000000")
    Traceback (most recent call last):
    ...
    games.engine.money.MoneyError: '1000000000' is too large: at most 9 digits of dollars
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if text < 0:
            raise MoneyError(f"{text!r} is not an amount in dollars: amounts are never negative")
        if len(str(text)) > MAX_WHOLE_DIGITS:
            raise MoneyError(f"{text!r} is too large: at most {MAX_WHOLE_DIGITS} digits of dollars")
        return text * 100
    if not isinstance(text, str):
        raise MoneyError(f'{text!r} is not an amount in dollars: write it as text, like "2.50"')
    match = _DOLLARS.fullmatch(text)
    if match is None:
        raise MoneyError(f"{text[:40]!r} is not an amount in dollars (like 25, 25.50 or 1,000)")
    whole, cents = match["whole"].replace(",", ""), match["cents"] or ""
    if len(cents) > 2:
        raise MoneyError(f"{text!r} has fractions of a cent")
    if len(whole.lstrip("0")) > MAX_WHOLE_DIGITS:
        raise MoneyError(f"{text[:40]!r} is too large: at most {MAX_WHOLE_DIGITS} digits of dollars")
    return int(whole) * 100 + int(cents.ljust(2, "0"))


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
