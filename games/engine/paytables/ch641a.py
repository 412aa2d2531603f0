"""Chapter 641a, Four Card Poker: § 641a.12 (2014 text, 44 Pa.B. 5463; the current text of
§ 641a.12 is not available, see shared/regulations/641a-four-card-poker.md)."""

from games.engine.paytables import FIVE_CARD_ENVY_ROWS, FIVE_CARD_PROGRESSIVE_ROWS, Meter, columns, odds, register

GAME = "four-card-poker"
CURRENT_TEXT = " The current § 641a.12 was not available: check it before relying on this 2014 table."

ANTE_AND_PLAY = odds("1 to 1")  # § 641a.12(a)

(ANTE_BONUS,) = columns(
    GAME,
    "ante_bonus",
    "§ 641a.12(b)",
    [""],
    (
        ("four_of_a_kind", "Four-of-a-kind", "25 to 1"),
        ("straight_flush", "Straight flush", "20 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "2 to 1"),
    ),
    reading="The rows are merged into one line in the scan (INDEX.md defect 18)." + CURRENT_TEXT,
    note="A bonus on the Ante of a player who made the Play Wager, whatever the dealer holds.",
)

_ACES_UP_RECOVERED = (
    ("four_of_a_kind", "Four-of-a-kind", "50 to 1", "50 to 1", "50 to 1", "50 to 1", "50 to 1", "50 to 1"),
    ("straight_flush", "Straight flush", "30 to 1", "30 to 1", "40 to 1", "40 to 1", "30 to 1", "40 to 1"),
    ("three_of_a_kind", "Three-of-a-kind", "9 to 1", "7 to 1", "8 to 1", "8 to 1", "8 to 1", "7 to 1"),
    ("flush", "Flush", "6 to 1", "6 to 1", "5 to 1", "6 to 1", "6 to 1", "5 to 1"),
    ("straight", "Straight", "4 to 1", "5 to 1", "4 to 1", "4 to 1", "4 to 1", "4 to 1"),
    ("two_pair", "Two pair", "2 to 1", "2 to 1", "3 to 1", None, None, None),
    ("pair_of_aces", "Pair of aces", "1 to 1", "1 to 1", "1 to 1", None, None, None),
)
ACES_UP = columns(
    GAME,
    "aces_up",
    "§ 641a.12(c)",
    "ABCDEF",
    _ACES_UP_RECOVERED,
    reading={
        letter: (
            "The D-F block is printed as repeated, accumulating rows (INDEX.md defect 19): the Two pair and "
            "Pair of aces rows are lost. Pair of aces is probably 1 to 1 as in A-C, but Two pair cannot be "
            "recovered, so this table is incomplete and cannot be offered or valued until the current "
            "§ 641a.12(c) is read." + CURRENT_TEXT
        )
        for letter in "DEF"
    },
    missing={letter: ("Two pair", "Pair of aces") for letter in "DEF"},
    note="Judged on the best four of the player's five cards, whatever the dealer holds (§ 641a.11(c)(4)).",
)

FOUR_CARD_PROGRESSIVE = columns(
    GAME,
    "four_card_progressive",
    "§ 641a.12(d)(1)",
    "AB",
    (
        ("four_aces", "Four aces", "100% of meter", "100% of meter"),
        ("four_of_a_kind", "Four-of-a-kind", "300 for 1", "300 for 1"),
        ("straight_flush", "Straight flush", "100 for 1", "100 for 1"),
        ("three_of_a_kind", "Three-of-a-kind", "9 for 1", "15 for 1"),
    ),
    reading=(
        "The Hand column is lost and the values printed twice (INDEX.md defect 20): the hands are those of the "
        "identical § 657a.12(d)(1), in four-card rank order (§ 641a.6(b)), which the Envy table confirms."
        + CURRENT_TEXT
    ),
    meters={"A": (Meter(least_reset=500_000),), "B": (Meter(least_reset=100_000),)},
    note="Judged on the best four of the player's five cards; the least reset is $5,000 (A) or $1,000 (B), "
    "§ 641a.12(d)(3).",
)

FOUR_CARD_ENVY = columns(
    GAME,
    "four_card_progressive_envy",
    "§ 641a.12(d)(5)",
    ["A $1", "A $5", "B $1", "B $5"],
    (
        ("four_aces", "Four aces", "$100", "$500", "$100", "$500"),
        ("four_of_a_kind", "Four-of-a-kind", "$10", "$50", "$25", "$125"),
        ("straight_flush", "Straight flush", "$5", "$25", None, None),
    ),
    note="Paid to a Four-Card Progressive wagerer for each other player's qualifying hand.",
)

(FIVE_CARD_PROGRESSIVE,) = columns(
    GAME,
    "five_card_progressive",
    "§ 641a.12(e)(1)",
    [""],
    FIVE_CARD_PROGRESSIVE_ROWS,
    meters={"": (Meter(least_reset=1_000_000),)},
    note="Judged on all five of the player's cards (§ 641a.11(c)(5)); the least reset is $10,000 (§ 641a.12(e)(3)).",
)

FIVE_CARD_ENVY = columns(
    GAME,
    "five_card_progressive_envy",
    "§ 641a.12(e)(5)",
    ["$1", "$5"],
    FIVE_CARD_ENVY_ROWS,
    note="Paid to a Five-Card Progressive wagerer for each other player's straight flush or better.",
)

BAD_BEAT = columns(
    GAME,
    "bad_beat",
    "§ 641a.12(f)",
    "AB",
    (
        ("four_of_a_kind", "Four-of-a-kind", "25,000 to 1", "10,000 to 1"),
        ("straight_flush", "Straight flush", "10,000 to 1", "5,000 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "100 to 1", "100 to 1"),
        ("flush", "Flush", "25 to 1", "25 to 1"),
        ("straight", "Straight", "15 to 1", "15 to 1"),
        ("two_pair", "Two pair", "4 to 1", "4 to 1"),
    ),
    reading="One table split at a page break with its header repeated (INDEX.md defect 21).",
    note="Paid on the rank of the losing hand when a two pair or better loses (§ 641a.11(c)(6)).",
)

register(
    ANTE_BONUS, *ACES_UP, *FOUR_CARD_PROGRESSIVE, *FOUR_CARD_ENVY, FIVE_CARD_PROGRESSIVE, *FIVE_CARD_ENVY, *BAD_BEAT
)
