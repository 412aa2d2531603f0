"""Spanish 21 hands: totals (§ 635a.3(c), § 635a.1) and the bonus shapes of § 635a.12(b).

Spanish 21 decks have no tens (§ 635a.3(a)): a ten is refused, naming the card.  An ace
counts 11 unless that would take the hand past 21, then 1; a total is soft while an ace
still counts 11.  A Blackjack is an ace and a jack, queen or king as the first two cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.engine.cards import Card, CardError

ACE, TEN = 14, 10


@dataclass(frozen=True)
class BlackjackTotal:
    total: int
    soft: bool  # an ace still counts 11
    blackjack: bool
    bust: bool

    def __str__(self) -> str:
        if self.blackjack:
            return "Blackjack"
        return f"{'soft' if self.soft else 'hard'} {self.total}" + (" (bust)" if self.bust else "")


def spanish_card_value(card: Card) -> int:
    """A card's value in Spanish 21, the ace as 1 (§ 635a.3(c))."""
    if card.rank == TEN:
        raise CardError(f"{card.code} is not in a Spanish 21 deck: the tens are removed (§ 635a.3(a))")
    if card.rank == ACE:
        return 1
    return min(card.rank, 10)


def blackjack_total(cards: Sequence[Card]) -> BlackjackTotal:
    """The total of a Spanish 21 hand of one or more cards."""
    return _total(tuple(cards))


@lru_cache(maxsize=4096)
def _total(cards: tuple[Card, ...]) -> BlackjackTotal:
    # A round asks the total of the same few hands at every step: remember them (cards are values).
    if not cards:
        raise CardError("a Spanish 21 hand holds at least one card")
    hard = sum(spanish_card_value(card) for card in cards)
    soft = any(card.rank == ACE for card in cards) and hard + 10 <= 21
    total = hard + 10 if soft else hard
    blackjack = len(cards) == 2 and total == 21 and soft
    return BlackjackTotal(total, soft, blackjack, total > 21)


def spanish21_bonus(cards: Sequence[Card], *, doubled: bool = False) -> str | None:
    """The § 635a.12(b) bonus row a winning hand makes, or None when it is paid 1 to 1.

    A hand with a Double Down Wager is paid 1 to 1 whatever its shape (§ 635a.12(b)).
    """
    total = blackjack_total(cards)
    if doubled or total.total != 21:
        return None
    ranks = sorted(card.rank for card in cards)
    suits = {card.suit for card in cards}
    if len(cards) == 3 and ranks in ([6, 7, 8], [7, 7, 7]):
        shape = "six_seven_eight" if ranks == [6, 7, 8] else "three_sevens"
        if suits == {"s"}:
            return f"{shape}_spades"
        return f"{shape}_suited" if len(suits) == 1 else f"{shape}_mixed"
    if len(cards) >= 7:
        return "seven_or_more_card_21"
    return {5: "five_card_21", 6: "six_card_21"}.get(len(cards))
