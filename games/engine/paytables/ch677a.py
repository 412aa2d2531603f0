"""Chapter 677a, World Poker Tour Heads-Up Hold 'Em: § 677a.12."""

from games.engine.paytables import columns, odds, register

GAME = "wpt-heads-up"

ANTE_AND_RAISE = odds("1 to 1")  # § 677a.12(a)

(ODDS,) = columns(
    GAME,
    "odds",
    "§ 677a.12(b)",
    [""],
    (
        ("royal_flush", "Royal flush", "500 to 1"),
        ("straight_flush", "Straight flush", "50 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "10 to 1"),
        ("full_house", "Full house", "3 to 1"),
        ("flush", "Flush", "3 to 2"),
        ("straight", "Straight", "1 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "Push"),
        ("two_pair", "Two pair", "Push"),
        ("pair", "Pair", "Push"),
        ("any_other_hand", "Lower than a pair", "Push"),
    ),
    reading=(
        "The source lost the header and the whole Hand column; ten payouts remain. They are read as the ten "
        "ranks of § 677a.6(b)-(c) in order, royal flush down to a hand with none of them: the six paying values "
        "match the Ultimate Texas Hold 'Em Blind paytable A (§ 653a.12(b)) and § 677a.11(h) pays the Odds Wager "
        "only when the player beats the dealer. The label of the last row is ours."
    ),
    note="Paid only when the player's hand beats the dealer's (§ 677a.11(h)).",
)

(BAD_BEAT,) = columns(
    GAME,
    "odds_bad_beat",
    "§ 677a.12(c)",
    [""],
    (
        ("royal_flush", "Royal flush", None),
        ("straight_flush", "Straight flush", "500 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "25 to 1"),
        ("full_house", "Full house", "6 to 1"),
        ("flush", "Flush", "5 to 1"),
        ("straight", "Straight", "4 to 1"),
    ),
    reading="The royal flush row prints N/A: a royal flush cannot lose to the dealer.",
    note="A Bad Beat Bonus on the Odds Wager when the player's straight or better loses (§ 677a.11(h)(2)(iii)(B)).",
)

POCKET_BONUS = columns(
    GAME,
    "pocket_bonus",
    "§ 677a.12(d)",
    "ABC",
    (
        ("pair_of_aces", "Pair of aces", "30 to 1", "25 to 1", "30 to 1"),
        (
            "ace_king_queen_or_jack_suited",
            "Ace and a king, queen or jack of the same suit",
            "20 to 1",
            "20 to 1",
            "20 to 1",
        ),
        (
            "ace_king_queen_or_jack_offsuit",
            "Ace and a king, queen or jack of different suits",
            "10 to 1",
            "10 to 1",
            "10 to 1",
        ),
        ("pair_two_to_king", "Pair of 2s—kings", "5 to 1", "5 to 1", "4 to 1"),
    ),
    note="Judged on the player's first two cards (§ 677a.11(i)(1)).",
)

TRIPS_PLUS = columns(
    GAME,
    "trips_plus",
    "§ 677a.12(e)",
    "ABCD",
    (
        ("royal_flush", "Royal flush", "100 to 1", "100 to 1", "100 to 1", "100 to 1"),
        ("straight_flush", "Straight flush", "40 to 1", "40 to 1", "40 to 1", "40 to 1"),
        ("four_of_a_kind", "Four-of-a-kind", "30 to 1", "30 to 1", "30 to 1", "30 to 1"),
        ("full_house", "Full house", "9 to 1", "8 to 1", "7 to 1", "8 to 1"),
        ("flush", "Flush", "7 to 1", "6 to 1", "6 to 1", "7 to 1"),
        ("straight", "Straight", "4 to 1", "5 to 1", "5 to 1", "4 to 1"),
        ("three_of_a_kind", "Three-of-a-kind", "3 to 1", "3 to 1", "3 to 1", "3 to 1"),
    ),
    note="Judged on the best five of the player's two cards and the five community cards (§ 677a.11(i)(2)).",
)

register(ODDS, BAD_BEAT, *POCKET_BONUS, *TRIPS_PLUS)
