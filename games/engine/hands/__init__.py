"""Hand evaluators, each ranking hands exactly as its chapter defines them; ``counting`` counts every deal
by hand, for the returns report."""

from games.engine.hands.four_card import FourCardCategory, FourCardHand, four_card_hand
from games.engine.hands.high import Category, HighHand, hand_value, high_hand, rank_value
from games.engine.hands.three_card import ThreeCardCategory, ThreeCardHand, three_card_hand

__all__ = [
    "Category",
    "FourCardCategory",
    "FourCardHand",
    "HighHand",
    "ThreeCardCategory",
    "ThreeCardHand",
    "four_card_hand",
    "hand_value",
    "high_hand",
    "rank_value",
    "three_card_hand",
]
