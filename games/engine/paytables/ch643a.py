"""Chapter 643a, Let It Ride Poker: § 643a.12.

The readings of the tables the scan damaged follow ``shared/regulations/INDEX.md``
(defects 5-11), checked against the 2014 text of the same tables (44 Pa.B. 5463).
"""

from decimal import Decimal

from games.engine.paytables import Meter, columns, register

GAME = "let-it-ride"

ROYAL = ("royal_flush", "Royal flush")
STRAIGHT_FLUSH = ("straight_flush", "Straight flush")
FOUR = ("four_of_a_kind", "Four-of-a-kind")
FULL_HOUSE = ("full_house", "Full house")
FLUSH = ("flush", "Flush")
STRAIGHT = ("straight", "Straight")
TRIPS = ("three_of_a_kind", "Three-of-a-kind")
TWO_PAIR = ("two_pair", "Two pair")
TENS = ("pair_of_tens_or_better", "Pair of tens, jacks, queens, kings or aces")

_PLAYER_FIVE = "Judged on the player's three cards and the two community cards."
_LET_IT_RIDE_ROWS = (
    (*ROYAL, "1,000 to 1", "500 to 1"),
    (*STRAIGHT_FLUSH, "200 to 1", "200 to 1"),
    (*FOUR, "50 to 1", "50 to 1"),
    (*FULL_HOUSE, "11 to 1", "11 to 1"),
    (*FLUSH, "8 to 1", "8 to 1"),
    (*STRAIGHT, "5 to 1", "5 to 1"),
    (*TRIPS, "3 to 1", "3 to 1"),
    (*TWO_PAIR, "2 to 1", "2 to 1"),
    (*TENS, "1 to 1", "1 to 1"),
)
# One table pays all three Let It Ride Wagers (§ 643a.12(a)); Bets 1 and 2 may be withdrawn.
LET_IT_RIDE = {
    wager: columns(GAME, wager, "§ 643a.12(a)", "AB", _LET_IT_RIDE_ROWS, note=_PLAYER_FIVE)
    for wager in ("bet1", "bet2", "bet3")
}

FIVE_CARD_BONUS = columns(
    GAME,
    "five_card_bonus",
    "§ 643a.12(b)",
    "ABCDEFG",
    (
        (*ROYAL, "20,000 for 1", "20,000 for 1", "20,000 for 1", *["10,000 for 1"] * 3, "25,000 for 1"),
        (*STRAIGHT_FLUSH, *["2,000 for 1"] * 6, "2,500 for 1"),
        (*FOUR, "150 for 1", "200 for 1", "100 for 1", "200 for 1", "200 for 1", "100 for 1", "400 for 1"),
        (*FULL_HOUSE, "75 for 1", "75 for 1", "75 for 1", "75 for 1", "100 for 1", "75 for 1", "200 for 1"),
        (*FLUSH, "50 for 1", "50 for 1", "50 for 1", "50 for 1", "50 for 1", "50 for 1", "50 for 1"),
        (*STRAIGHT, "25 for 1", "25 for 1", "25 for 1", "25 for 1", "25 for 1", "25 for 1", "25 for 1"),
        (*TRIPS, "4 for 1", "5 for 1", "9 for 1", "5 for 1", "10 for 1", "9 for 1", "5 for 1"),
        (*TWO_PAIR, "3 for 1", "4 for 1", "6 for 1", "4 for 1", "6 for 1", "6 for 1", None),
        (*TENS, "2 for 1", "1 for 1", None, "1 for 1", None, None, None),
    ),
    reading=(
        "The scan splits the A-C table at a page break (A's cells broken into '75 t' / 'o 1') and shifts every "
        "D-G cell across a tab under a header 'Paytable I E'. Read as INDEX.md defects 6-7: the values match the "
        "2014 dollar table of 44 Pa.B. 5463 for A-F. An empty cell pays nothing: § 643a.7(e) lets a paytable "
        "start at a pair of tens, at two pair or at three-of-a-kind, and 2014 printed $0 there (C, E, F); "
        "G was added later and cannot be cross-checked. The chapter prints 'X to 1'; it is paid 'X for 1' "
        "(X times the wager in all): the dealer collects every Five Card Bonus Wager into the table inventory "
        "container before the deal (§ 643a.8(b)(1), § 643a.9(a)(3)(i), § 643a.10(a)(2)(i)), so no stake stays "
        "on the layout to be returned, and the 2014 text paid the same figures as dollar amounts on a $1 wager. "
        "Read 'to 1', Paytables A, B, D and E would return more than is wagered."
    ),
    note="Judged on the player's three cards and the two community cards (§ 643a.11(g)(1)).",
)

_THREE_CARD = (
    (*STRAIGHT_FLUSH, "40 to 1", "40 to 1", "40 to 1", "40 to 1", "40 to 1", "40 to 1"),
    (*TRIPS, "30 to 1", "30 to 1", "30 to 1", "30 to 1", "30 to 1", "30 to 1"),
    (*STRAIGHT, "6 to 1", "5 to 1", "6 to 1", "6 to 1", "5 to 1", "6 to 1"),
    (*FLUSH, "4 to 1", "4 to 1", "3 to 1", "4 to 1", "4 to 1", "3 to 1"),
    ("pair", "Pair", "1 to 1", "1 to 1", "1 to 1", "1 to 1", "1 to 1", "1 to 1"),
)
THREE_CARD_BONUS = columns(
    GAME,
    "three_card_bonus",
    "§ 643a.12(c)",
    "ABCDEF",
    (("mini_royal", "Mini-royal", None, None, None, "50 to 1", "50 to 1", "50 to 1"), *_THREE_CARD),
    reading={
        letter: "No mini-royal row: an A-K-Q of one suit is paid as the straight flush it is (§ 643a.6(c)(2))."
        for letter in "ABC"
    },
    note="Judged on the player's three cards alone (§ 643a.11(g)(2)).",
)

THREE_CARD_PROGRESSIVE = columns(
    GAME,
    "three_card_progressive",
    "§ 643a.12(d)(1)",
    "AB",
    (
        ("mini_royal_spades", "Mini-royal, spades", "100% of meter", "100% of meter"),
        ("mini_royal_other_suits", "Mini-royal, hearts, diamonds, clubs", "500 for 1", "500 for 1"),
        (*STRAIGHT_FLUSH, "70 for 1", "100 for 1"),
        (*TRIPS, "60 for 1", "90 for 1"),
        (*STRAIGHT, "6 for 1", None),
    ),
    reading=(
        "The 2014 print merges the rows (INDEX.md defect 23); the 2019 print reads as here. Paytable B's empty "
        "Straight cell pays nothing: its Three-Card Progressive Payout Hand starts at three-of-a-kind (§ 643a.1)."
    ),
    meters={
        "A": (Meter(seed_for_1=1_000, reseed_for_1=1_000, primary_rate=Decimal(14), section="§ 643a.12(d)(3)"),),
        "B": (Meter(seed_for_1=1_000, reseed_for_1=1_000, primary_rate=Decimal(20), section="§ 643a.12(d)(3)"),),
    },
    note="Judged on the player's three cards alone; seed, reseed and rates from § 643a.12(d)(3).",
)

THREE_CARD_ENVY = columns(
    GAME,
    "three_card_progressive_envy",
    "§ 643a.12(d)(5)",
    ["$1", "$5"],
    (
        ("mini_royal_spades", "Mini-royal, spades", "$100", "$500"),
        ("mini_royal_other_suits", "Mini-royal, hearts, diamonds, clubs", "$25", "$125"),
    ),
    note="Paid to a Three-Card Progressive wagerer for each other player's mini-royal, by the size of the wager.",
)


_FIVE_METERS = "§ 643a.12(e)(3)"


def _mega(rate: int) -> Meter:
    return Meter("mega", seed_for_1=10_000, reseed_for_1=10_000, primary_rate=Decimal(rate), section=_FIVE_METERS)


def _major(rate: int) -> Meter:
    return Meter("major", seed_for_1=1_000, reseed_for_1=1_000, primary_rate=Decimal(rate), section=_FIVE_METERS)


def _minor(rate: int) -> Meter:
    return Meter("minor", seed_for_1=250, reseed_for_1=250, primary_rate=Decimal(rate), section=_FIVE_METERS)


FIVE_CARD_PROGRESSIVE = columns(
    GAME,
    "five_card_progressive",
    "§ 643a.12(e)(1)",
    "ABCD",
    (
        (*ROYAL, "100% of meter", "100% mega jackpot", "100% mega jackpot", "100% mega jackpot"),
        (*STRAIGHT_FLUSH, "10% of meter", "100% major jackpot", "100% major jackpot", "100% major jackpot"),
        (*FOUR, "300 for 1", "300 for 1", "100% minor jackpot", "100% minor jackpot"),
        (*FULL_HOUSE, "50 for 1", "50 for 1", "50 for 1", "50 for 1"),
        (*FLUSH, "40 for 1", "40 for 1", "40 for 1", "40 for 1"),
        (*STRAIGHT, "30 for 1", "30 for 1", "30 for 1", "30 for 1"),
        (*TRIPS, "9 for 1", "9 for 1", "10 for 1", "9 for 1"),
    ),
    reading=(
        "The scan lost the Hand column and prints the table twice (INDEX.md defect 8). The hands are the "
        "Five-Card Progressive Payout Hands of § 643a.1, three-of-a-kind or better, in rank order; every value "
        "matches the printed table of § 655a.12(c)(1), which names them."
    ),
    meters={
        "A": (Meter(seed_for_1=10_000, reseed_for_1=10_000, primary_rate=Decimal(21), section=_FIVE_METERS),),
        "B": (_mega(11), _major(10)),
        "C": (_mega(9), _major(7), _minor(3)),
        "D": (_mega(10), _major(8), _minor(3)),
    },
    note="Judged on the player's three cards and the two community cards; meters from § 643a.12(e)(3).",
)

FIVE_CARD_ENVY = columns(
    GAME,
    "five_card_progressive_envy",
    "§ 643a.12(e)(5)",
    ["$1", "$5"],
    ((*ROYAL, "$1,000", "$5,000"), (*STRAIGHT_FLUSH, "$300", "$1,500")),
    reading="The $5 table is printed as one run-on line (INDEX.md defect 25).",
    note="Paid to a Five-Card Progressive wagerer for each other player's straight flush or better.",
)

(FIVE_CARD_HAND_BONUS,) = columns(
    GAME,
    "five_card_hand_bonus",
    "§ 643a.12(f)(1)",
    [""],
    (
        (*ROYAL, "100% of meter"),
        (*STRAIGHT_FLUSH, "10% of meter"),
        (*FOUR, "500 for 1"),
        (*FULL_HOUSE, "100 for 1"),
        (*FLUSH, "50 for 1"),
    ),
    reading="Printed as one run-on paragraph (INDEX.md defect 9); the rows are those of § 647a.12(e)(1).",
    meters={"": (Meter(seed_for_1=10_000, reseed_for_1=0, primary_rate=Decimal(13), reserve_rate=Decimal(8),
                       section="§ 643a.12(f)(4)"),)},
    note="Judged on the player's three cards and the two community cards; meter from § 643a.12(f)(4).",
)

(FIVE_CARD_HAND_BONUS_EXTRAS,) = columns(
    GAME,
    "five_card_hand_bonus_extras",
    "§ 643a.12(f)(3)",
    [""],
    (("magic_card", "Magic Card", "20 for 1"), ("lucky_bonus", "Lucky Bonus", "5 for 1")),
    reading="Printed as one run-on line (INDEX.md defect 9).",
    note="Paid on a card or a seat the table game system picks at random (§ 643a.1).",
)

_SIX_CARD = (
    (*ROYAL, "1,000 to 1", "1,000 to 1", "1,000 to 1", "1,000 to 1", "1,000 to 1"),
    (*STRAIGHT_FLUSH, "200 to 1", "200 to 1", "200 to 1", "200 to 1", "200 to 1"),
    (*FOUR, "50 to 1", "50 to 1", "100 to 1", "100 to 1", "50 to 1"),
    (*FULL_HOUSE, "25 to 1", "25 to 1", "20 to 1", "20 to 1", "20 to 1"),
    (*FLUSH, "20 to 1", "15 to 1", "15 to 1", "15 to 1", "15 to 1"),
    (*STRAIGHT, "10 to 1", "10 to 1", "9 to 1", "10 to 1", "10 to 1"),
    (*TRIPS, "5 to 1", "5 to 1", "8 to 1", "7 to 1", "5 to 1"),
)
SIX_CARD_BONUS = columns(
    GAME,
    "six_card_bonus",
    "§ 643a.12(g)",
    "ABCDE",
    (
        ("six_card_royal_flush_diamonds", "Six-card royal flush—diamonds", None, None, None, None, "200,000 to 1"),
        (
            "six_card_royal_flush_other",
            "Six-card royal flush—hearts, spades or clubs",
            None,
            None,
            None,
            None,
            "20,000 to 1",
        ),
        *_SIX_CARD,
    ),
    reading={
        "D": (
            "The two six-card royal flush rows have a value under E only (INDEX.md defect 10): D pays no six-card "
            "royal flush apart, so one is paid as the royal flush it holds."
        )
    },
    note="Judged on the player's three cards and the three Six Card Bonus cards (§ 643a.11(g)(6)).",
)

register(
    *(table for tables in LET_IT_RIDE.values() for table in tables),
    *FIVE_CARD_BONUS,
    *THREE_CARD_BONUS,
    *THREE_CARD_PROGRESSIVE,
    *THREE_CARD_ENVY,
    *FIVE_CARD_PROGRESSIVE,
    *FIVE_CARD_ENVY,
    FIVE_CARD_HAND_BONUS,
    FIVE_CARD_HAND_BONUS_EXTRAS,
    *SIX_CARD_BONUS,
)
