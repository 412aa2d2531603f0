"""What decided a comparison of two poker hands, in the words a dealer says it.

Every poker evaluator here packs a hand's ``value`` the same way (``high.pack``): its category,
then the ranks that break ties, most significant first.  Two hands are compared category first,
then rank by rank until one differs (§ 647a.6(c), § 641a.6(c), § 657a.6(c)); the text names the
hands down to that rank and no further, so the dealer and the floorperson read why the hand won:

    "Pair of kings, ace kicker beats the dealer's pair of kings, queen kicker"
    "Flush, king high beats the dealer's straight, nine high"
    "Ties the dealer: both two pair, aces and fives, jack kicker"
"""

from __future__ import annotations

from typing import Protocol

from games.engine.cards import RANK_NAMES
from games.engine.hands.high import deciding_ranks

# How many of a category's deciding ranks its name already says ("Two pair, aces and fives": two);
# the ranks after those are kickers, or, for hands named by their top card, the next cards down.
NAMED_RANKS = {"TWO_PAIR": 2, "FULL_HOUSE": 2, "ROYAL_FLUSH": 5}
NAMED_BY_TOP = frozenset({"HIGH_CARD", "FLUSH"})


class PokerHand(Protocol):
    value: int
    name: str

    @property
    def category(self): ...


def _first_difference(a: list[int], b: list[int]) -> int | None:
    return next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)


def named_down_to(hand: PokerHand, ranks_shown: int) -> str:
    """The hand's name, with its deciding ranks after those the name says up to ``ranks_shown``.

    >>> from games.engine.cards import parse_cards
    >>> from games.engine.hands.high import high_hand
    >>> named_down_to(high_hand(parse_cards("Kh Kd Ac 9s 4h")), 2)
    'Pair of kings, ace kicker'
    >>> named_down_to(high_hand(parse_cards("Kh Kd Ac 9s 4h")), 4)
    'Pair of kings, ace-nine-four kickers'
    >>> named_down_to(high_hand(parse_cards("Kh Qh 9h 5h 2h")), 3)
    'Flush, king-queen-nine high'
    """
    category = hand.category.name
    ranks = deciding_ranks(hand.value)
    named = NAMED_RANKS.get(category, 1)
    extra = ranks[named:ranks_shown]
    if not extra:
        return hand.name
    words = "-".join(RANK_NAMES[rank] for rank in extra)
    if category in NAMED_BY_TOP:
        return f"{hand.name.removesuffix(' high')}-{words} high"
    return f"{hand.name}, {words} kicker{'s' if len(extra) > 1 else ''}"


def _lower(text: str) -> str:
    return text[0].lower() + text[1:]


def against_dealer(player: PokerHand, dealer: PokerHand) -> str:
    """The player's hand against the dealer's, named down to what decided it: the category, or
    the first rank that differs; a tie names every rank both hands hold.

    >>> from games.engine.cards import parse_cards
    >>> from games.engine.hands.high import high_hand
    >>> against_dealer(high_hand(parse_cards("As Ad 2c 7h 9s")), high_hand(parse_cards("Ks Qd 2d 7c 9h")))
    "Pair of aces beats the dealer's high card, king high"
    >>> against_dealer(high_hand(parse_cards("Kh Kd Qc 9s 4h")), high_hand(parse_cards("Ks Kc Ad 9c 4d")))
    "Pair of kings, queen kicker loses to the dealer's pair of kings, ace kicker"
    """
    mine, theirs = deciding_ranks(player.value), deciding_ranks(dealer.value)
    if player.value == dealer.value:
        return f"Ties the dealer: both {_lower(named_down_to(player, len(mine)))}"
    verb = "beats" if player.value > dealer.value else "loses to"
    if player.category != dealer.category:
        return f"{player.name} {verb} the dealer's {_lower(dealer.name)}"
    at = _first_difference(mine, theirs)
    shown = len(mine) if at is None else at + 1
    return f"{named_down_to(player, shown)} {verb} the dealer's {_lower(named_down_to(dealer, shown))}"
