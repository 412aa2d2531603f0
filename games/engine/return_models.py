"""How the returns report values a wager's paytables: what each game declares beside its wagers.

A game names, in each ``WagerDef.returns``, what decides the wager: the cards alone (``Dealt``
with the counts of every deal), an Envy Bonus (``Envy``), Match-the-Dealer's decks
(``MatchTheDealer``), or why no number can be stated (``NotStated``).  ``games.engine.returns``
reads these through the registry; the counts come from ``games.engine.hands.counting``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from math import comb

from games.engine.cards import FULL_DECK
from games.engine.hands import counting

Counts = Counter[tuple[str, ...]]


@dataclass(frozen=True)
class Dealt:
    """The wager is settled on these cards alone: ``counts()`` over every deal."""

    counts: Callable[[], Counts]
    remark: str = ""  # an assumption or a fact the number rests on, as a sentence


@dataclass(frozen=True)
class Envy:
    """A fixed Envy Bonus per other player holding a qualifying hand dealt like ``counts()``."""

    counts: Callable[[], Counts]


@dataclass(frozen=True)
class NotStated:
    why: str


DECISIONS = NotStated("depends on player decisions")


@dataclass(frozen=True)
class MatchTheDealer:
    """§ 635a.12(e): the paytable's letter says how many decks are in the shoe."""


def two_card_counts(row_of: Callable[..., str | None], with_dealer: bool = False) -> Callable[[], Counts]:
    def counts() -> Counts:
        by_row: Counts = Counter()
        for two in combinations(FULL_DECK, 2):
            if with_dealer and all(card.rank == 14 for card in two):
                # § 647a.12(b) "Ace-ace (dealer and player)": the dealer holds the other two aces,
                # 1 of the C(50, 2) two-card hands the dealer can get.
                by_row[("ace_ace_dealer_and_player", "ace_ace")] += 1
                by_row[("ace_ace",)] += comb(50, 2) - 1
                continue
            row = row_of(two)
            by_row[(row,) if row else ()] += comb(50, 2) if with_dealer else 1
        return by_row

    return counts


FIVE = Dealt(counting.five_card_hands)
SEVEN = Dealt(lambda: counting.five_card_hands(7))
FOUR_OF_FIVE = Dealt(counting.four_card_hands)
PLAYED = "Assumes the player stays in with every hand this wager pays (folding forfeits it)."

Model = Dealt | Envy | NotStated | MatchTheDealer
