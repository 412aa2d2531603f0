"""Chapter 647a, Texas Hold 'Em Bonus Poker: § 647a.12."""

from decimal import Decimal

from games.engine.paytables import (
    FIVE_CARD_ENVY_ROWS,
    FIVE_CARD_PROGRESSIVE_ROWS,
    Meter,
    MeterShare,
    PayRow,
    Paytable,
    columns,
    odds,
    register,
)

GAME = "texas-holdem-bonus"

ANTE_FLOP_TURN_RIVER = odds("1 to 1")  # § 647a.12(a)

_BONUS_ROWS = [
    ("ace_ace_dealer_and_player", "Ace-ace (dealer and player)", "1,000 to 1", None),
    ("ace_ace", "Ace-ace", "30 to 1", "30 to 1"),
    ("ace_king_suited", "Ace-king (same suit)", "25 to 1", "25 to 1"),
    ("ace_queen_or_jack_suited", "Ace-queen or ace-jack (same suit)", "20 to 1", "20 to 1"),
    ("ace_king_offsuit", "Ace-king (different suits)", "15 to 1", "15 to 1"),
    ("king_queen_jack_pair", "King-king, queen-queen or jack-jack", "10 to 1", "10 to 1"),
    ("ace_queen_or_jack_offsuit", "Ace-queen or ace-jack (different suits)", "5 to 1", "5 to 1"),
    ("pair_ten_to_two", "A pair of 10-10 through 2-2", "3 to 1", "3 to 1"),
]

BONUS_A = Paytable(
    GAME, "bonus", "A", "§ 647a.12(b)",
    tuple(PayRow(hand, label, odds(a)) for hand, label, a, _ in _BONUS_ROWS),
)
BONUS_B = Paytable(
    GAME, "bonus", "B", "§ 647a.12(b)",
    tuple(PayRow(hand, label, odds(b)) for hand, label, _, b in _BONUS_ROWS if b),
    reading="Paytable B prints N/A for 'Ace-ace (dealer and player)': an ace-ace hand is paid as 'Ace-ace'.",
)

(PROGRESSIVE,) = columns(
    GAME, "progressive", "§ 647a.12(d)(1)", [""], FIVE_CARD_PROGRESSIVE_ROWS,
    meters={"": (Meter(least_reset=1_000_000, section="§ 647a.12(d)(3)"),)},  # at least $10,000
    note="Judged on the player's two cards and the three-card Flop (§ 647a.11(i)).",
)

ENVY_BONUS_1, ENVY_BONUS_5 = columns(GAME, "progressive_envy", "§ 647a.12(d)(5)", ["$1", "$5"], FIVE_CARD_ENVY_ROWS)

FIVE_CARD_HAND_BONUS = Paytable(
    GAME, "five_card_hand_bonus", "", "§ 647a.12(e)(1)",
    (
        PayRow("royal_flush", "Royal flush", MeterShare(Decimal(100))),
        PayRow("straight_flush", "Straight flush", MeterShare(Decimal(10))),
        PayRow("four_of_a_kind", "Four-of-a-kind", odds("500 for 1")),
        PayRow("full_house", "Full house", odds("100 for 1")),
        PayRow("flush", "Flush", odds("50 for 1")),
    ),
    reading="The print says 'payable' for 'paytable' (INDEX.md defect 4).",
    meters=(Meter(least_reset=1_000_000, section="§ 647a.12(e)(4)"),),  # at least $10,000
    note="Judged on the two cards and the three-card Flop (§ 647a.11(j)).",
)
FIVE_CARD_HAND_BONUS_EXTRAS = Paytable(
    GAME, "five_card_hand_bonus_extras", "", "§ 647a.12(e)(3)",
    (
        PayRow("magic_card", "Magic Card", odds("20 for 1")),
        PayRow("lucky_bonus", "Lucky Bonus", odds("5 for 1")),
    ),
)

register(BONUS_A, BONUS_B, PROGRESSIVE, ENVY_BONUS_1, ENVY_BONUS_5, FIVE_CARD_HAND_BONUS, FIVE_CARD_HAND_BONUS_EXTRAS)
