"""Chapter 657a, Crazy 4 Poker: § 657a.12 (2014 text, 44 Pa.B. 5463, complete; the current
§ 657a.12 is not available, see shared/regulations/657a-crazy-4-poker.md)."""

from games.engine.paytables import FIVE_CARD_ENVY_ROWS, FIVE_CARD_PROGRESSIVE_ROWS, Meter, columns, odds, register

GAME = "crazy-4-poker"

ANTE_AND_PLAY = odds("1 to 1")  # § 657a.12(a)

(SUPER_BONUS,) = columns(
    GAME,
    "super_bonus",
    "§ 657a.12(b)",
    [""],
    (
        ("four_aces", "Four aces", "200 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "30 to 1"),
        ("straight_flush", "Straight flush", "15 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "2 to 1"),
        ("flush", "Flush", "3 to 2"),
        ("straight", "Straight", "1 to 1"),
    ),
    note="Less than a straight pushes or loses with the Ante against the dealer (§ 657a.11(c)(3)).",
)

QUEENS_UP = columns(
    GAME,
    "queens_up",
    "§ 657a.12(c)",
    "ABCD",
    (
        ("four_of_a_kind", "Four-of-a-kind", "50 to 1", "50 to 1", "50 to 1", "50 to 1"),
        ("straight_flush", "Straight flush", "30 to 1", "40 to 1", "30 to 1", "40 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "9 to 1", "8 to 1", "8 to 1", "7 to 1"),
        ("flush", "Flush", "4 to 1", "4 to 1", "4 to 1", "4 to 1"),
        ("straight", "Straight", "3 to 1", "3 to 1", "3 to 1", "3 to 1"),
        ("two_pair", "Two pair", "2 to 1", "2 to 1", "2 to 1", "2 to 1"),
        ("pair_of_queens_or_better", "Pair of queens or better", "1 to 1", "1 to 1", "1 to 1", "1 to 1"),
    ),
    note="Judged on the best four of the player's five cards, whatever the dealer holds (§ 657a.11(d)).",
)

FOUR_CARD_PROGRESSIVE = columns(
    GAME,
    "four_card_progressive",
    "§ 657a.12(d)(1)",
    "AB",
    (
        ("four_aces", "Four aces", "100% of meter", "100% of meter"),
        ("four_of_a_kind", "Four-of-a-kind", "300 for 1", "300 for 1"),
        ("straight_flush", "Straight flush", "100 for 1", "100 for 1"),
        ("three_of_a_kind", "Three-of-a-kind", "9 for 1", "15 for 1"),
    ),
    meters={"A": (Meter(least_reset=500_000),), "B": (Meter(least_reset=100_000),)},
    note="Judged on the best four of the player's five cards; the least reset is $5,000 (A) or $1,000 (B), "
    "§ 657a.12(d)(3).",
)

FOUR_CARD_ENVY = columns(
    GAME,
    "four_card_progressive_envy",
    "§ 657a.12(d)(5)",
    ["A $1", "A $5", "B $1", "B $5"],
    (
        ("four_aces", "Four aces", "$100", "$500", "$100", "$500"),
        ("four_of_a_kind", "Four-of-a-kind", "$10", "$50", "$25", "$125"),
        ("straight_flush", "Straight flush", "$5", "$25", None, None),
    ),
    reading={"B $5": "The $5 table of (d)(5)(ii) is garbled in the scan (INDEX.md defect 27): five times $1."},
    note="Paid to a Four-Card Progressive wagerer for each other player's qualifying hand.",
)

(FIVE_CARD_PROGRESSIVE,) = columns(
    GAME,
    "five_card_progressive",
    "§ 657a.12(e)(1)",
    [""],
    FIVE_CARD_PROGRESSIVE_ROWS,
    meters={"": (Meter(least_reset=1_000_000),)},
    note="Judged on all five of the player's cards (§ 657a.11(e)); the least reset is $10,000 (§ 657a.12(e)(3)).",
)

FIVE_CARD_ENVY = columns(
    GAME,
    "five_card_progressive_envy",
    "§ 657a.12(e)(5)",
    ["$1", "$5"],
    FIVE_CARD_ENVY_ROWS,
    note="Paid to a Five-Card Progressive wagerer for each other player's straight flush or better.",
)

register(SUPER_BONUS, *QUEENS_UP, *FOUR_CARD_PROGRESSIVE, *FOUR_CARD_ENVY, FIVE_CARD_PROGRESSIVE, *FIVE_CARD_ENVY)
