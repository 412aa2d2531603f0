"""Every wager outcome of Mississippi Stud, each amount worked out by hand from § 655a.12.

The Ante and each Street Wager are paid "X to 1" on the one table of § 655a.12(a): X times the
stake, the stake returned besides.  A pair of 6s to 10s pushes; a pair of twos to fives or no pair
loses (2014 § 655a.11(i)(1)-(2)).  The Progressive Payout Wager is paid "X for 1" on § 655a.12(c)(1):
X times the wager in all (it went into the table inventory at "no more bets"), so X − 1 beyond it.
Amounts are in cents.
"""

import pytest
from ms_play import Hand, outcomes, play, refuse, settle, tap

from games.engine.core import CAGE, RoundState
from games.engine.registry import game_for

GAME = game_for("mississippi-stud")
MAIN = ("ante", "third_street", "fourth_street", "fifth_street")

# Five-card hands: (the player's two cards, the three community cards).
FIVE = {
    "royal_flush": ("As Ks", "Qs Js Ts"),
    "straight_flush": ("9h 8h", "7h 6h 5h"),
    "four_of_a_kind": ("Kc Kd", "Kh Ks 2c"),
    "full_house": ("Qc Qd", "Qh 4s 4c"),
    "flush": ("Ad 9d", "7d 4d 2d"),
    "straight": ("Ah 2d", "3c 4s 5h"),  # ace low, § 655a.6(a)
    "three_of_a_kind": ("7c 7d", "7h Ks 2c"),
    "two_pair": ("9c 9d", "3h 3s Kc"),
    "pair_of_aces": ("As Ad", "4d 9s 2c"),
    "pair_of_jacks": ("Jh Jc", "4d 9s 2c"),
    "pair_of_tens": ("Th Tc", "4d 9s 2c"),
    "pair_of_sixes": ("6h 6c", "4d 9s 2c"),
    "pair_of_fives": ("5h 5c", "4d 9s 2c"),
    "ace_high": ("Ah Kd", "Qc 2s 3h"),  # K-Q-A-2-3 is no straight, § 655a.6(a)
}


def line_of(rnd, seat, wager):
    (line,) = [line for line in rnd.lines if line.seat == seat and line.wager == wager]
    return line


# -- The Ante and the Street Wagers, § 655a.12(a) ---------------------------------------------------

@pytest.mark.parametrize(("hand", "each", "odds"), [
    ("royal_flush", 5_000_00, "500 to 1"),  # § 655a.12(a): 500 to 1 on $10 = $5,000
    ("straight_flush", 1_000_00, "100 to 1"),  # 100 to 1 on $10 = $1,000
    ("four_of_a_kind", 400_00, "40 to 1"),  # 40 to 1 on $10 = $400
    ("full_house", 100_00, "10 to 1"),  # 10 to 1 on $10 = $100
    ("flush", 60_00, "6 to 1"),  # 6 to 1 on $10 = $60
    ("straight", 40_00, "4 to 1"),  # 4 to 1 on $10 = $40
    ("three_of_a_kind", 30_00, "3 to 1"),  # 3 to 1 on $10 = $30
    ("two_pair", 20_00, "2 to 1"),  # 2 to 1 on $10 = $20
    ("pair_of_aces", 10_00, "1 to 1"),  # pair of jacks or better: 1 to 1 on $10 = $10
    ("pair_of_jacks", 10_00, "1 to 1"),  # the least pair paid: 1 to 1 on $10 = $10
])
def test_the_ante_and_each_street_wager_are_paid_on_the_chapters_table(hand, each, odds):
    cards, board = FIVE[hand]
    rnd = play({1: Hand("10", cards)}, board)
    assert outcomes(rnd, 1) == {wager: ("win", each) for wager in MAIN}
    assert {line_of(rnd, 1, wager).odds for wager in MAIN} == {odds}
    assert {line_of(rnd, 1, wager).section for wager in MAIN} == {"§ 655a.12(a)"}


def test_each_wager_is_paid_on_its_own_amount():
    cards, board = FIVE["flush"]
    # § 655a.12(a) 6 to 1: Ante $10 = $60; 3rd Street $30 = $180; 4th $20 = $120; 5th $10 = $60.
    assert settle(cards, board, plays="3x 2x 1x") == {
        "ante": ("win", 60_00), "third_street": ("win", 180_00), "fourth_street": ("win", 120_00),
        "fifth_street": ("win", 60_00)}


@pytest.mark.parametrize("hand", ["pair_of_tens", "pair_of_sixes"])
def test_a_pair_of_6s_to_10s_pushes_every_wager(hand):
    cards, board = FIVE[hand]
    rnd = play({1: Hand("25", cards, plays="2x 3x 1x")}, board)
    # § 655a.12(a) "Push", 2014 § 655a.11(i)(2): neither paid nor collected.
    assert outcomes(rnd, 1) == {wager: ("push", 0) for wager in MAIN}
    assert line_of(rnd, 1, "ante").section == "§ 655a.11(i)(2)"


@pytest.mark.parametrize("hand", ["pair_of_fives", "ace_high"])
def test_a_hand_below_a_pair_of_6s_loses_every_wager(hand):
    cards, board = FIVE[hand]
    rnd = play({1: Hand("25", cards, plays="1x 2x 3x")}, board)
    # 2014 § 655a.11(i)(1): Ante $25, 3rd Street $25, 4th $50, 5th $75 collected.
    assert outcomes(rnd, 1) == {"ante": ("lose", 25_00), "third_street": ("lose", 25_00),
                                "fourth_street": ("lose", 50_00), "fifth_street": ("lose", 75_00)}
    assert line_of(rnd, 1, "ante").section == "§ 655a.11(i)(1)"


def test_the_best_five_card_hand_of_the_two_cards_and_the_board_decides():
    # 6c 6d with Kc Kh 6h: a full house of sixes over kings, 10 to 1 on $10 = $100 each.
    assert settle("6c 6d", "Kc Kh 6h")["ante"] == ("win", 100_00)
    # 2c 3d with Ah Ad 7s: the pair of aces is on the board and still pays, 1 to 1 = $10.
    assert settle("2c 3d", "Ah Ad 7s")["fifth_street"] == ("win", 10_00)


# -- Street decisions, § 655a.1 ------------------------------------------------------------------------

@pytest.mark.parametrize("multiple", [1, 2, 3])
def test_a_street_wager_is_one_two_or_three_times_the_ante(multiple):
    rnd = play({1: Hand("10", "Ah Kh", plays=f"{multiple}x 1x 1x")}, until="first_community_card")
    assert rnd.seats[1].wagers["third_street"] == multiple * 10_00


@pytest.mark.parametrize("amount", ["15", "40", "5"])
def test_a_street_wager_between_or_beyond_the_multiples_is_refused(amount):
    rnd = play({1: Hand("10", "Ah Kh")}, until="third_street_decision")
    refusal = refuse(rnd, {"type": "decide", "seat": 1, "choice": "bet", "amount": amount},
                     r"one, two or three times the Ante \(\$10.00, \$20.00 or \$30.00\)")
    assert refusal.section == "§ 655a.1"


def test_a_street_wager_without_an_amount_is_refused():
    rnd = play({1: Hand("10", "Ah Kh")}, until="third_street_decision")
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "bet"}, "say how much")


def test_each_street_is_offered_again_at_every_multiple_whatever_was_bet_before():
    rnd = play({1: Hand("10", "Ah Kh", plays="1x 1x 1x")}, until="fourth_street_decision")
    labels = [choice.label for choice in rnd.prompt.choices]
    assert labels == ["Seat 1: 4th Street Wager $10.00", "Seat 1: 4th Street Wager $20.00",
                      "Seat 1: 4th Street Wager $30.00", "Seat 1: Fold"]


@pytest.mark.parametrize(("plays", "collected"), [
    ("fold", {"ante": ("lose", 10_00)}),  # § 655a.1 "Fold": the Ante only
    ("2x fold", {"ante": ("lose", 10_00), "third_street": ("lose", 20_00)}),  # and the 3rd Street Wager
    ("3x 1x fold", {"ante": ("lose", 10_00), "third_street": ("lose", 30_00),
                    "fourth_street": ("lose", 10_00)}),  # 2014 § 655a.11(h): and the 4th Street Wager
])
def test_a_fold_forfeits_the_ante_and_every_street_wager_already_made_whatever_the_cards(plays, collected):
    cards, board = FIVE["royal_flush"]
    rnd = play({1: Hand("10", cards, plays=plays)}, board)
    assert outcomes(rnd, 1) == collected
    assert {line.section for line in rnd.lines} == {"§ 655a.11(h)"}


def test_no_community_card_is_turned_once_every_seat_has_folded():
    rnd = play({1: Hand("10", "7c 2d", plays="fold"), 3: Hand("10", "8c 3d", plays="fold")})
    assert rnd.board == () and rnd.prompt.step == "close"


def test_a_folded_seat_is_asked_nothing_more():
    rnd = play({1: Hand("10", "7c 2d", plays="fold"), 3: Hand("10", "8c 3d")}, until="fourth_street_decision")
    assert rnd.prompt.seat == 3 and "seat 1" not in rnd.prompt.upcoming


# -- The payout limit, § 655a.12(b) ------------------------------------------------------------------

def test_a_hands_payout_above_50000_is_capped():
    cards, board = FIVE["royal_flush"]
    rnd = play({1: Hand("100", cards, plays="3x 3x 3x")}, board)
    # § 655a.12(a): 500 to 1 on $100 + $300 + $300 + $300 = $500,000; § 655a.12(b) caps the hand at $50,000
    # (the most won at the $5 minimum, 4 x $5 x 500 = $10,000, is less): $450,000 comes off.
    capped = line_of(rnd, 1, "payout_limit")
    assert (capped.outcome, capped.amount, capped.section) == ("capped", -450_000_00, "§ 655a.12(b)")
    assert sum(line.amount for line in rnd.lines if line.outcome == "win") + capped.amount == 50_000_00


def test_a_payout_of_50000_is_not_capped():
    cards, board = FIVE["royal_flush"]
    # § 655a.12(a): 500 to 1 on $25 x 4 = $50,000, exactly the limit of § 655a.12(b).
    rnd = play({1: Hand("25", cards)}, board)
    assert sum(line.amount for line in rnd.lines if line.outcome == "win") == 50_000_00
    assert "payout_limit" not in outcomes(rnd, 1)


def test_the_limit_is_the_most_won_betting_the_minimum_when_that_is_more():
    rules = GAME.validate_rules({"min_ante": "50.00"})
    # § 655a.12(b): $50 Ante and three $50 Street Wagers on a royal flush, 500 to 1: $100,000 > $50,000.
    assert GAME.payout_limit(RoundState(GAME, rules)) == 100_000_00
    assert GAME.payout_limit(RoundState(GAME, {})) == 50_000_00


# -- The Progressive Payout Wager, § 655a.12(c) ------------------------------------------------------

def meter(letter="A", amount="5.00"):
    tiers = {"A": [""], "B": ["mega", "major"], "C": ["mega", "major", "minor"], "D": ["mega", "major", "minor"]}
    return {"progressive_paytable": letter, "progressives": {"progressive": {
        "amount": amount, "meters": {tier: {"id": n, "name": f"MS-{tier or 'ONE'}"}
                                     for n, tier in enumerate(tiers[letter], 1)}}}}


@pytest.mark.parametrize(("hand", "letter", "won", "odds"), [
    ("four_of_a_kind", "A", 1_495_00, "300 for 1"),  # § 655a.12(c)(1) A: 300 for 1 on $5 = $1,500 in all, $1,495 won
    ("full_house", "B", 245_00, "50 for 1"),  # 50 for 1 on $5 = $250 in all
    ("flush", "C", 195_00, "40 for 1"),  # 40 for 1 on $5 = $200 in all
    ("straight", "D", 145_00, "30 for 1"),  # 30 for 1 on $5 = $150 in all
    ("three_of_a_kind", "C", 45_00, "10 for 1"),  # C: 10 for 1 on $5 = $50 in all
    ("three_of_a_kind", "D", 40_00, "9 for 1"),  # D: 9 for 1 on $5 = $45 in all
])
def test_the_progressive_pays_on_the_tables_paytable_after_the_main_wagers(hand, letter, won, odds):
    cards, board = FIVE[hand]
    rnd = play({1: Hand("10", cards, progressive="5")}, board, rules=meter(letter))
    line = line_of(rnd, 1, "progressive")
    assert (line.outcome, line.amount, line.odds, line.section) == ("win", won, odds, "§ 655a.12(c)(1)")
    assert line.stake_collected and line.must_validate  # 2014 § 655a.11(i)(4)(i)(C): a floorperson validates
    assert [line.wager for line in rnd.lines][-1] == "progressive"  # after the Mississippi Stud wagers, (i)(4)


@pytest.mark.parametrize("hand", ["two_pair", "pair_of_tens"])
def test_the_progressive_loses_below_three_of_a_kind(hand):
    cards, board = FIVE[hand]
    rnd = play({1: Hand("10", cards, progressive="5")}, board, rules=meter())
    assert outcomes(rnd, 1)["progressive"] == ("lose", 5_00)


@pytest.mark.parametrize(("hand", "letter", "share", "meter_name", "owed"), [
    ("royal_flush", "A", "100% of meter", "MS-ONE", 12_345_67),  # § 655a.12(c)(1) A: the whole $12,345.67
    ("straight_flush", "A", "10% of meter", "MS-ONE", 1_234_56),  # 10% of $12,345.67, to the cent below
    ("royal_flush", "B", "100% mega jackpot", "MS-mega", 12_345_67),
    ("straight_flush", "D", "100% major jackpot", "MS-major", 12_345_67),
    ("four_of_a_kind", "C", "100% minor jackpot", "MS-minor", 12_345_67),
])
def test_a_share_of_a_meter_is_claimed_at_the_players_turn_and_paid_from_the_cage(hand, letter, share, meter_name,
                                                                                   owed):
    cards, board = FIVE[hand]
    rnd = play({1: Hand("10", cards, progressive="5")}, board, rules=meter(letter))
    (claim,) = rnd.claims
    assert (claim.seat, claim.share, claim.meter, claim.section) == (1, share, meter_name, "§ 655a.11(i)(4)(i)(D)")
    paid = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": owed, "meter_amount": 12_345_67})
    line = line_of(paid, 1, "progressive")
    assert (line.amount, line.payer, line.must_validate) == (owed, CAGE, True)


def test_the_progressive_is_outside_the_payout_limit():
    cards, board = FIVE["four_of_a_kind"]
    rnd = play({1: Hand("500", cards, plays="3x 3x 3x", progressive="5")}, board, rules=meter())
    # § 655a.12(a) 40 to 1 on $500 + 3 x $1,500 = $200,000, capped to $50,000 by § 655a.12(b): $150,000 off;
    # the progressive's 300 for 1 on $5, $1,495 won, is paid in full on its own table.
    assert line_of(rnd, 1, "payout_limit").amount == -150_000_00
    assert line_of(rnd, 1, "progressive").amount == 1_495_00


def test_a_fold_forfeits_the_progressive():
    cards, board = FIVE["royal_flush"]
    rnd = play({1: Hand("10", cards, plays="1x fold", progressive="5")}, board, rules=meter())
    # 2014 § 655a.11(h): the Ante, the 3rd Street Wager and the Progressive Payout Wager are forfeited.
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "third_street": ("lose", 10_00),
                                "progressive": ("lose", 5_00)}
    assert rnd.claims == []


def test_the_betting_prompt_offers_the_progressive_and_says_to_lock_it_out():
    rnd = tap(RoundState(GAME, meter()), {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"})
    assert "Progressive Payout Wager of $5.00" in rnd.prompt.text
    assert "Lock out the Progressive Payout Wagers" in rnd.prompt.text


def test_no_three_card_bonus_or_five_card_hand_bonus_is_offered():
    # § 655a.12(d) (the Three Card Bonus paytable) and the Five Card Hand Bonus are not available.
    assert {wager.slug for wager in GAME.wagers} == {"ante", *MAIN[1:], "progressive"}
