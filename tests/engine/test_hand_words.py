"""A hand is named with its ranks in words ("Four nines", "the dealer's three eights"), never a rank
written like a card: on the dealer's screen a card code becomes a card in its suit's colour
(``cards_in_text``), so "Four 9s: Four-of-a-kind" showed the nine of spades where four nines were
meant.  The words are checked as the engine writes them and as the screen shows them."""

from __future__ import annotations

import re

import c4_play
import ms_play
import pytest
import thb_play

from games.engine.cards import RANK_CHARS, parse_cards
from games.engine.hands.high import high_hand
from games.templatetags.dealer_assist import cards_in_text

SUITS = "♠♥♦♣"


def shown(text: str) -> str:
    """The screen's words, its cards' markup removed."""
    return re.sub(r"<[^>]+>", "", str(cards_in_text(text))).replace("&#x27;", "'")


@pytest.mark.parametrize("cards, name", [
    ("9c 9d 9h 9s Kd", "Four nines"),
    ("8c 8d 8h Ks 2d", "Three eights"),
    ("6c 6d 2h 2s Kd", "Two pair, sixes and twos"),
    ("Kh Kd Kc 4s 4d", "Full house, kings over fours"),
    ("Tc Td 7h 4s 2d", "Pair of tens"),
    ("9h 7h 5h 3h 2h", "Flush, nine high"),
    ("2c 3d 4h 5s 6d", "Straight, six high"),
])
def test_a_hand_is_named_with_its_ranks_in_words(cards, name):
    assert high_hand(parse_cards(cards)).name == name


def test_four_of_a_kind_is_never_shown_as_a_card():
    # Crazy 4 Poker names the Super Bonus row after the hand: "Four nines beats ...: Four-of-a-kind".
    # Four of every rank against a dealer's pair: the screen shows no card at all.
    for rank in RANK_CHARS:
        cards = " ".join(f"{rank}{suit}" for suit in "cdhs") + (" 2h" if rank != "2" else " 8h")
        dealer = "Kh Kd Jc 5c 4d" if rank in "AQ63" else "Ah Ad Qc 6c 3d"
        rnd = c4_play.play({1: c4_play.Hand("10", cards, play="30")}, dealer)
        for line in rnd.lines:
            assert not any(suit in shown(line.hand) for suit in SUITS), line.hand
    rnd = c4_play.play({1: c4_play.Hand("10", "9c 9d 9h 9s Kd", play="30")}, "7s 7d Qc 6c 3d")
    assert shown(rnd.lines[-1].hand) == "Four nines beats the dealer's pair of sevens: Four-of-a-kind"


def test_the_dealers_three_of_a_kind_and_the_pair_below_a_paying_one_read_as_ranks():
    rnd = thb_play.play({1: thb_play.Hand("10", "Ah Kd")}, "8c 8d 2h 4s 6c", "8h Qd")
    assert shown(rnd.lines[0].hand) == "Pair of eights loses to the dealer's three eights"
    # Mississippi Stud: only the cards in brackets are cards.
    rnd = ms_play.play({1: ms_play.Hand("10", "5c 5d")}, "Kh 9c 2d")
    assert shown(rnd.lines[0].hand) == "Pair of fives (5♣ 5♦ + K♥ 9♣ 2♦): below a pair of sixes"
