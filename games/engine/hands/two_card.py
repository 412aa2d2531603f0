"""Two-card hands: the Texas Hold 'Em Bonus rows of § 647a.12(b)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.cards import Card, CardError

ACE, KING, QUEEN, JACK, TEN = 14, 13, 12, 11, 10


def holdem_bonus_hand(cards: Sequence[Card], dealer_cards: Sequence[Card] = ()) -> str | None:
    """The § 647a.12(b) row a player's first two cards make, or None when they pay nothing.

    ``dealer_cards`` matter only for "Ace-ace (dealer and player)": the player and the dealer
    both hold two aces.  A paytable without that row (Paytable B) pays such a hand as "Ace-ace".

    >>> from games.engine.cards import parse_cards
    >>> holdem_bonus_hand(parse_cards("As Qs"))
    'ace_queen_or_jack_suited'
    >>> holdem_bonus_hand(parse_cards("9h 9c"))
    'pair_ten_to_two'
    >>> holdem_bonus_hand(parse_cards("Ks Qs")) is None
    True
    """
    if len(cards) != 2:
        raise CardError(f"a Texas Hold 'Em Bonus hand is two cards, not {len(cards)}")
    high, low = sorted(cards, key=lambda card: card.rank, reverse=True)
    suited = high.suit == low.suit
    if high.rank == low.rank:
        if high.rank == ACE:
            dealer_aces = len(dealer_cards) == 2 and all(card.rank == ACE for card in dealer_cards)
            return "ace_ace_dealer_and_player" if dealer_aces else "ace_ace"
        if high.rank in (KING, QUEEN, JACK):
            return "king_queen_jack_pair"
        return "pair_ten_to_two"
    if high.rank != ACE:
        return None
    if low.rank == KING:
        return "ace_king_suited" if suited else "ace_king_offsuit"
    if low.rank in (QUEEN, JACK):
        return "ace_queen_or_jack_suited" if suited else "ace_queen_or_jack_offsuit"
    return None


def pocket_bonus_hand(cards: Sequence[Card]) -> str | None:
    """The § 677a.12(d) Pocket Bonus row a player's two cards make, or None when they lose
    (§ 677a.11(i)(1): a pair, or an ace with a king, queen or jack).

    >>> from games.engine.cards import parse_cards
    >>> pocket_bonus_hand(parse_cards("Ah Jh"))
    'ace_king_queen_or_jack_suited'
    >>> pocket_bonus_hand(parse_cards("7c 7d"))
    'pair_two_to_king'
    >>> pocket_bonus_hand(parse_cards("As Ts")) is None
    True
    """
    if len(cards) != 2:
        raise CardError(f"a Pocket Bonus hand is two cards, not {len(cards)}")
    if cards[0] == cards[1]:
        raise CardError(f"{cards[0].code} appears twice in the hand")
    high, low = sorted(cards, key=lambda card: card.rank, reverse=True)
    if high.rank == low.rank:
        return "pair_of_aces" if high.rank == ACE else "pair_two_to_king"
    if high.rank == ACE and low.rank in (KING, QUEEN, JACK):
        return "ace_king_queen_or_jack_suited" if high.suit == low.suit else "ace_king_queen_or_jack_offsuit"
    return None
