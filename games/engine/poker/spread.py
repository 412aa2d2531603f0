"""Spread limits (§ 637a.8(k)): a table posts the minimum and maximum bets in effect and the most
raises a betting round may take, whatever its structure.  The options, the words for what they allow,
and the check that a hand can be dealt with them; the betting (``betting.py``) keeps every bet and
raise within them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engine.core.game import RuleOption
from games.engine.core.records import Refused
from games.engine.money import Cents, dollars

SECTION = "§ 637a.8(k)"
DEFAULTS: dict[str, Any] = {"spread_min_bet": "", "spread_max_bet": "", "spread_max_raises": ""}
OPTIONS = (
    RuleOption("spread_min_bet", "Spread limit: the smallest bet or raise (empty for none)", "money", SECTION,
               help="Any structure: a bet, or the amount a raise adds, at least this (a player may go all-in for "
                    "less)."),
    RuleOption("spread_max_bet", "Spread limit: the largest bet or raise (empty for none)", "money", SECTION,
               help="Any structure: a bet, or the amount a raise adds, at most this."),
    RuleOption("spread_max_raises", "Spread limit: most raises in one betting round after its first bet (before "
                                    "the flop the big blind is the bet)", "choice", SECTION,
               (("", "No cap"), ("1", "1"), ("2", "2"), ("3", "3"), ("4", "4"), ("5", "5"))),
)


def spread_text(low: Cents | None, high: Cents | None) -> str:
    """The bets and raises a spread allows ("" for none).

    >>> spread_text(400, 1000), spread_text(400, None), spread_text(None, 1000), spread_text(None, None)
    ('$4.00 to $10.00', 'at least $4.00', 'at most $10.00', '')
    """
    if low is not None and high is not None:
        return f"{dollars(low)} to {dollars(high)}"
    if low is not None:
        return f"at least {dollars(low)}"
    return f"at most {dollars(high)}" if high is not None else ""


def check_spread(low: Cents | None, high: Cents | None, minimum_bet: Cents,
                 limits: Iterable[tuple[Cents, Cents]]) -> None:
    """A spread a hand can be dealt with: its smallest bet more than $0.00 and not above its largest, its
    largest not below the table's minimum bet, and the fixed bets of a limit game (``limits``: the posted
    ones, and a kill hand's) within it."""
    if low is not None and low <= 0:
        raise Refused("The spread's smallest bet must be more than $0.00", SECTION)
    if low is not None and high is not None and low > high:
        raise Refused(f"The spread's smallest bet ({dollars(low)}) is above its largest ({dollars(high)})", SECTION)
    if high is not None and high < minimum_bet:
        raise Refused(f"The spread's largest bet ({dollars(high)}) is below the table's minimum bet "
                      f"({dollars(minimum_bet)})", SECTION)
    for small, big in limits:
        if any((low is not None and bet < low) or (high is not None and bet > high) for bet in (small, big)):
            raise Refused(f"The limit bets ({dollars(small)}/{dollars(big)}) must lie within the spread "
                          f"({spread_text(low, high)})", SECTION)
