"""Chapter 655a, Mississippi Stud: § 655a.12(a) and (c)(1) (current; the Three Card Bonus
paytable of § 655a.12(d) and the meter rates were not available, see
shared/regulations/655a-mississippi-stud.md)."""

from games.engine.paytables import Meter, columns, register

GAME = "mississippi-stud"

MAIN = {
    wager: columns(
        GAME,
        wager,
        "§ 655a.12(a)",
        [""],
        (
            ("royal_flush", "Royal flush", "500 to 1"),
            ("straight_flush", "Straight flush", "100 to 1"),
            ("four_of_a_kind", "Four-of-a-kind", "40 to 1"),
            ("full_house", "Full house", "10 to 1"),
            ("flush", "Flush", "6 to 1"),
            ("straight", "Straight", "4 to 1"),
            ("three_of_a_kind", "Three-of-a-kind", "3 to 1"),
            ("two_pair", "Two pair", "2 to 1"),
            ("pair_of_jacks_or_better", "Pair of jacks or better", "1 to 1"),
            ("pair_6_to_10", "Pair of 6s to 10s", "Push"),
        ),
        reading="Nothing below a pair of 6s is listed: such a hand loses (2014 § 655a.11(i)(1)-(2)).",
        note="One table pays the Ante and every street wager, on the player's two cards and three community cards.",
    )[0]
    for wager in ("ante", "third_street", "fourth_street", "fifth_street")
}

_MEGA_MAJOR_MINOR = (Meter("mega"), Meter("major"), Meter("minor"))
PROGRESSIVE = columns(
    GAME,
    "progressive",
    "§ 655a.12(c)(1)",
    "ABCD",
    (
        ("royal_flush", "Royal flush", "100% of meter", *["100% mega jackpot"] * 3),
        ("straight_flush", "Straight flush", "10% of meter", *["100% major jackpot"] * 3),
        ("four_of_a_kind", "Four-of-a-kind", "300 for 1", "300 for 1", "100% minor jackpot", "100% minor jackpot"),
        ("full_house", "Full house", "50 for 1", "50 for 1", "50 for 1", "50 for 1"),
        ("flush", "Flush", "40 for 1", "40 for 1", "40 for 1", "40 for 1"),
        ("straight", "Straight", "30 for 1", "30 for 1", "30 for 1", "30 for 1"),
        ("three_of_a_kind", "Three-of-a-kind", "9 for 1", "9 for 1", "10 for 1", "9 for 1"),
    ),
    meters={"A": (Meter(),), "B": _MEGA_MAJOR_MINOR[:2], "C": _MEGA_MAJOR_MINOR, "D": _MEGA_MAJOR_MINOR},
    note="Judged on the player's two cards and the three community cards (§ 655a.12(c)(2)); the seeds and rates "
    "of § 655a.12(c)(3) were not available.",
)

register(*MAIN.values(), *PROGRESSIVE)
