"""Chapter 635a, Spanish 21: § 635a.12 (2012 text, 42 Pa.B. 2686)."""

from games.engine.paytables import columns, register

GAME = "spanish-21"

(MAIN,) = columns(
    GAME,
    "main",
    "§ 635a.12(a)-(b)",
    [""],
    (
        ("blackjack", "Blackjack", "3 to 2"),
        ("six_seven_eight_spades", "6-7-8 of spades", "3 to 1"),
        ("six_seven_eight_suited", "6-7-8 of the same suit", "2 to 1"),
        ("six_seven_eight_mixed", "6-7-8 of mixed suits", "3 to 2"),
        ("three_sevens_spades", "Three 7s of spades", "3 to 1"),
        ("three_sevens_suited", "Three 7s of the same suit", "2 to 1"),
        ("three_sevens_mixed", "Three 7s of mixed suits", "3 to 2"),
        ("five_card_21", "Five cards totaling 21", "3 to 2"),
        ("six_card_21", "Six cards totaling 21", "2 to 1"),
        ("seven_or_more_card_21", "Seven or more cards totaling 21", "3 to 1"),
        ("any_other_hand", "Any other winning hand", "1 to 1"),
    ),
    note="A winning hand with a Double Down Wager is paid 1 to 1 whatever its shape (§ 635a.12(b)).",
)

SUPER_SEVENS = columns(
    GAME,
    "main_seven_sevens_bonus",
    "§ 635a.12(c)",
    ["$5 to $24.99", "$25 or more", "other players"],
    (
        (
            "three_sevens_suited_dealer_seven",
            "Three 7s of the same suit, dealer's up card a 7",
            "$1,000",
            "$5,000",
            "$50",
        ),
    ),
    note="Fixed amounts on top of (b)(4), by the player's original wager; not with a Double Down or a split hand.",
)

(INSURANCE,) = columns(
    GAME, "insurance", "§ 635a.12(d)", [""], (("dealer_blackjack", "Dealer has Blackjack", "2 to 1"),)
)

MATCH_THE_DEALER = columns(
    GAME,
    "match_the_dealer",
    "§ 635a.12(e)",
    ["6 decks", "8 decks"],
    (
        ("match_same_suit", "Each matching card of the same suit", "9 to 1", "12 to 1"),
        ("match_different_suit", "Each matching card of a different suit", "4 to 1", "3 to 1"),
    ),
    note="Each of the player's first two cards matching the rank of the dealer's up card is paid (§ 635a.6(e)).",
)

register(MAIN, *SUPER_SEVENS, INSURANCE, *MATCH_THE_DEALER)
