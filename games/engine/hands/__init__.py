"""Hand evaluators, each ranking hands exactly as its chapter defines them."""

from games.engine.hands.high import Category, HighHand, high_hand

__all__ = ["Category", "HighHand", "high_hand"]
