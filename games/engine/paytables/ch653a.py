"""Chapter 653a, Ultimate Texas Hold 'Em Poker: § 653a.12(a)-(c) (current), the 2014
§ 653a.12(d)(1) progressive, and § 653b.3's temporary Bad Beat Paytable C.

See shared/regulations/653a-ultimate-texas-hold-em.md: the current progressive tables,
Envy Bonus, Five Card Hand Bonus and Bad Beat paytables A and B were not available.
"""

from games.engine.paytables import FIVE_CARD_PROGRESSIVE_ROWS, Meter, columns, odds, register

GAME = "ultimate-texas-holdem"

ANTE_AND_PLAY = odds("1 to 1")  # § 653a.12(a)

BLIND = columns(
    GAME,
    "blind",
    "§ 653a.12(b)",
    "AB",
    (
        ("royal_flush", "Royal flush", "500 to 1", "500 to 1"),
        ("straight_flush", "Straight flush", "50 to 1", "50 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "10 to 1", "10 to 1"),
        ("full_house", "Full house", "3 to 1", "3 to 1"),
        ("flush", "Flush", "3 to 2", "3 to 2"),
        ("straight", "Straight", "1 to 1", None),
        ("any_other_hand", "Less than a straight / Less than a flush", "Push", "Push"),
    ),
    reading={"B": "Paytable B has no straight row: anything less than a flush pushes."},
    note="Paid when the player's hand beats the dealer's.",
)

TRIPS = columns(
    GAME,
    "trips",
    "§ 653a.12(c)",
    "ABCD",
    (
        ("royal_flush", "Royal flush", "50 to 1", "50 to 1", "50 to 1", "50 to 1"),
        ("straight_flush", "Straight flush", "40 to 1", "40 to 1", "40 to 1", "40 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "30 to 1", "30 to 1", "30 to 1", "20 to 1"),
        ("full_house", "Full house", "9 to 1", "8 to 1", "8 to 1", "7 to 1"),
        ("flush", "Flush", "7 to 1", "6 to 1", "7 to 1", "6 to 1"),
        ("straight", "Straight", "4 to 1", "5 to 1", "4 to 1", "5 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "3 to 1", "3 to 1", "3 to 1", "3 to 1"),
    ),
    note="Judged on the best five of the player's two cards and the five community cards; settled whether or "
    "not the player folds, as the game is commonly played (§ 653a.11 was not available).",
)

(PROGRESSIVE_2014,) = columns(
    GAME,
    "progressive",
    "§ 653a.12(d)(1)",
    ["2014"],
    FIVE_CARD_PROGRESSIVE_ROWS,
    reading=(
        "The 2014 single table (44 Pa.B. 5463), its first rows in a LaTeX array (INDEX.md defect 26). It is "
        "superseded: the current § 653a.12(d)(1) offers tables that were not available. Lettered '2014' so that "
        "it is never taken for a current table."
    ),
    meters={"2014": (Meter(),)},
    note="Judged on the player's two cards and the three-card Flop (2014 § 653a.12(d)(2)).",
)

(BAD_BEAT_C,) = columns(
    GAME,
    "bad_beat",
    "§ 653b.3(b)",
    "C",
    (
        ("straight_flush", "Straight flush", "2,500 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "500 to 1"),
        ("full_house", "Full house", "50 to 1"),
        ("flush", "Flush", "30 to 1"),
        ("straight", "Straight", "20 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "9 to 1"),
    ),
    reading="Temporary: § 653b.3 expires March 23, 2026. Its rules (§ 653a.12(h)) were not available.",
    note="An option in place of the § 653a.12(g) Bad Beat paytables, which were not available.",
)

register(*BLIND, *TRIPS, PROGRESSIVE_2014, BAD_BEAT_C)
