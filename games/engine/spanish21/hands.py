"""What a Spanish 21 hand is at any point of the round, read from its cards, wagers and plays.

A hand records its turn in ``plays``: each decision ("split", "double", "stand", "surrender",
"rescue") and each card dealt to it after its first ones (a card asked for is a hit).  What was
done to it outside its turn is in ``decisions``: a Blackjack paid at once, a hand called dead by
an irregularity; even money is the seat's Insurance decision.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from games.engine.cards import Card
from games.engine.core.state import Hand, Seat
from games.engine.hands.blackjack import BlackjackTotal, blackjack_total, spanish_card_value

if TYPE_CHECKING:
    from games.engine.core.machine import RoundState

# The dealer's first card that makes the dealer check the hole card for a Blackjack (§ 635a.7(g)):
# an ace, king, queen or jack (Spanish 21 decks have no tens).
PEEK_RANKS = frozenset({14, 13, 12, 11})
ACE = 14
SEVEN = 7

# What was done to a hand outside its turn, in ``Hand.decisions``.
BLACKJACK_PAID = "blackjack_paid"  # § 635a.7(h)(1)(i)
DEAD = "dead"  # § 635a.13(h), (i)
EVEN_MONEY = "even_money"  # § 635a.8(e), the seat's only hand


def up_card(rnd: RoundState) -> Card | None:
    zone = rnd.zone("dealer")
    return zone.cards[0] if zone.cards and zone.face_up[0] else None


def dealer_peeks(rnd: RoundState) -> bool:
    card = up_card(rnd)
    return card is not None and card.rank in PEEK_RANKS


def peeked_blackjack(rnd: RoundState) -> bool:
    """The card reader showed a dealer's Blackjack (§ 635a.7(g)): no more cards, settle at once."""
    return rnd.step_results.get("peek") == "yes"


def dealer_total(rnd: RoundState) -> BlackjackTotal:
    return blackjack_total(tuple(rnd.zone("dealer").cards))


def dealer_blackjack(rnd: RoundState) -> bool:
    zone = rnd.zone("dealer")
    return len(zone.cards) >= 2 and all(zone.face_up[:2]) and blackjack_total(tuple(zone.cards[:2])).blackjack


def total(hand: Hand) -> BlackjackTotal:
    return blackjack_total(hand.cards)


def split_seat(seat: Seat) -> bool:
    """The seat split its pair: each of its hands is a split hand (§ 635a.11(e))."""
    return len(seat.hands) > 1


def is_blackjack(seat: Seat, hand: Hand) -> bool:
    """An ace and a king, queen or jack as the player's first two cards (§ 635a.1): never a split hand."""
    return not split_seat(seat) and len(hand.cards) == 2 and total(hand).blackjack


def shown_total(seat: Seat, hand: Hand) -> str:
    """The hand's total as a settlement line names it: "Blackjack" only for a Blackjack, the first two
    cards dealt (§ 635a.1); a split hand's ace and ten-value card is a soft 21."""
    count = total(hand)
    if count.blackjack and not is_blackjack(seat, hand):
        return str(dataclasses.replace(count, blackjack=False))
    return str(count)


def dead(seat: Seat, hand: Hand) -> bool:
    return hand.decisions.get("irregularity") == DEAD


def seat_dead(seat: Seat) -> bool:
    return all(dead(seat, hand) for hand in seat.hands)


def surrendered(hand: Hand) -> bool:
    return "surrender" in hand.plays


def doubled(hand: Hand) -> bool:
    return "double_down" in hand.wagers


def rescued(hand: Hand) -> bool:
    return "rescue" in hand.plays


def stood(hand: Hand) -> bool:
    return "stand" in hand.plays


def even_money(seat: Seat) -> bool:
    return seat.decisions.get("insurance") == EVEN_MONEY


def own_wager(hand: Hand) -> str:
    """The wager the hand plays for: the Spanish 21 Wager, or the wager on a split hand."""
    return "main" if "main" in hand.wagers else "split"


def pair(hand: Hand) -> bool:
    """Two first cards identical in value: two 7s, or a king and a jack (§ 635a.11(a))."""
    return len(hand.cards) == 2 and spanish_card_value(hand.cards[0]) == spanish_card_value(hand.cards[1])


def settled_early(seat: Seat, hand: Hand) -> bool:
    """Settled before the end of the round: dead, surrendered, rescued, or a Blackjack paid at once
    or at even money."""
    return (dead(seat, hand) or surrendered(hand) or rescued(hand) or hand.decisions.get("blackjack") == BLACKJACK_PAID
            or even_money(seat))


def decided_without_dealer(seat: Seat, hand: Hand) -> bool:
    """The hand's result no longer depends on the dealer's draws (§ 635a.7(m)): settled, busted, a
    Blackjack, or 21 in more than two cards (which beats any dealer's hand but a Blackjack,
    § 635a.7(n)(4)).  A split hand's 21 in two cards still ties a dealer's 21 (§ 635a.7(o))."""
    if settled_early(seat, hand) or is_blackjack(seat, hand):
        return True
    count = total(hand)
    return count.bust or (count.total == 21 and len(hand.cards) > 2)


def describe(rnd: RoundState, seat: Seat, hand: Hand) -> str:
    """The hand as the seat's view shows it: "soft 17", "Blackjack", "bust (24) · doubled"."""
    if dead(seat, hand):
        return "dead, wagers returned"
    if not hand.cards:
        return "no cards yet"
    count = total(hand)
    if is_blackjack(seat, hand):
        state = "Blackjack"
    elif len(hand.cards) == 1:
        state = "split, waiting for its second card"
    else:
        state = f"{'soft' if count.soft else 'hard'} {count.total}" if not count.bust else f"bust ({count.total})"
    notes = [note for note, applies in (
        ("doubled", doubled(hand) and not rescued(hand)), ("rescued", rescued(hand)),
        ("surrendered", surrendered(hand)), ("stands", stood(hand) and not doubled(hand)),
        ("paid", hand.decisions.get("blackjack") == BLACKJACK_PAID), ("even money", even_money(seat)),
    ) if applies]
    return " · ".join([state, *notes])
