"""Chapter 639a, Caribbean Stud Poker: § 639a.12 (2014 text, 44 Pa.B. 5463; the current
§ 639a.12 is not available, see shared/regulations/639a-caribbean-stud-poker.md)."""

from games.engine.paytables import FIVE_CARD_ENVY_ROWS, Meter, columns, odds, register

GAME = "caribbean-stud"
CURRENT_TEXT = " The current § 639a.12 was not available: check it before relying on this 2014 table."

ANTE = odds("1 to 1")  # § 639a.12(a)

(BET,) = columns(
    GAME,
    "bet",
    "§ 639a.12(b)",
    [""],
    (
        ("royal_flush", "Royal flush", "100 to 1"),
        ("straight_flush", "Straight flush", "50 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "20 to 1"),
        ("full_house", "Full house", "7 to 1"),
        ("flush", "Flush", "5 to 1"),
        ("straight", "Straight", "4 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "3 to 1"),
        ("two_pair", "Two pair", "2 to 1"),
        ("any_other_hand", "A pair or less", "1 to 1"),
    ),
    reading="One table split by a page break with its header repeated (INDEX.md defect 15).",
    note="Paid when the dealer qualifies with ace-king or better and the player's hand is higher (§ 639a.11(c)(3)).",
)

BONUS = columns(
    GAME,
    "bonus",
    "§ 639a.12(c)",
    "ABC",
    (
        ("royal_flush", "Royal flush", "1,000 to 1", "1,000 to 1", "1,000 to 1"),
        ("straight_flush", "Straight flush", "200 to 1", "200 to 1", "200 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "100 to 1", "100 to 1", "100 to 1"),
        ("full_house", "Full house", "50 to 1", "50 to 1", "50 to 1"),
        ("flush", "Flush", "40 to 1", "40 to 1", "40 to 1"),
        ("straight", "Straight", "25 to 1", "25 to 1", "20 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "7 to 1", "6 to 1", "6 to 1"),
        ("two_pair", "Two pair", "3 to 1", "3 to 1", "3 to 1"),
        ("pair_of_tens_or_better", "A pair of 10s or better", "1 to 1", "1 to 1", "1 to 1"),
    ),
    reading="'A pair of 10s or better' is one row split over two lines (INDEX.md defect 15)." + CURRENT_TEXT,
    note="Judged on the player's five cards, whatever the dealer holds (§ 639a.11(c)(4)).",
)

_READING_A_TO_C = (
    "The rows are shifted in the scan (INDEX.md defect 16): each cell starting 'meter' ends the '100% of meter' "
    "above it, the rows from Four-of-a-kind down are merged into one cell, and column C is typesetting debris "
    "read by position; C's Two pair prints N/A."
)
PROGRESSIVE = columns(
    GAME,
    "progressive",
    "§ 639a.12(d)(1)",
    "ABCDE",
    (
        ("royal_flush", "Royal flush", *["100% of meter"] * 5),
        ("straight_flush", "Straight flush", "5,000 for 1", *["10% of meter"] * 4),
        ("four_of_a_kind", "Four-of-a-kind", "500 for 1", "500 for 1", "200 for 1", "300 for 1", "500 for 1"),
        ("full_house", "Full house", "100 for 1", "100 for 1", "50 for 1", "50 for 1", "100 for 1"),
        ("flush", "Flush", "50 for 1", "50 for 1", "40 for 1", "40 for 1", "50 for 1"),
        ("straight", "Straight", "10 for 1", "10 for 1", "30 for 1", "30 for 1", None),
        ("three_of_a_kind", "Three-of-a-kind", "3 for 1", "3 for 1", "9 for 1", "9 for 1", None),
        ("two_pair", "Two pair", "2 for 1", "2 for 1", None, None, None),
    ),
    reading={
        **dict.fromkeys("ABC", _READING_A_TO_C + CURRENT_TEXT),
        "D": (
            "Lost in the scan but for the fragments '50 40 30' (INDEX.md defect 17). Read as the standard "
            "five-card progressive table of every other 2014 chapter (100% / 10% of meter, 300, 50, 40, 30, "
            "9 for 1): the fragments match its Full house, Flush and Straight, and D is the table that goes with "
            "the Envy Bonus and linked play (§ 639a.12(d)(3), (6)), as the standard table does in §§ 641a.12(e), "
            "643a.12(e), 647a.12(d) and 657a.12(e). Not verified." + CURRENT_TEXT
        ),
        "E": "The leading '1' of '100% of meter' is lost (INDEX.md defect 17); Straight and "
        "Three-of-a-kind print N/A." + CURRENT_TEXT,
    },
    meters=dict.fromkeys("ABCDE", (Meter(least_reset=1_000_000),)),
    note="Judged on the player's five cards; the least reset is $10,000 (§ 639a.12(d)(4)). Paytables A, B, C "
    "and E may not be linked across tables (§ 639a.12(d)(3)).",
)

PROGRESSIVE_ENVY = columns(
    GAME,
    "progressive_envy",
    "§ 639a.12(d)(6)",
    ["$1", "$5"],
    FIVE_CARD_ENVY_ROWS,
    note="With Paytable D only: paid for each other player's straight flush or better.",
)

register(BET, *BONUS, *PROGRESSIVE, *PROGRESSIVE_ENVY)
