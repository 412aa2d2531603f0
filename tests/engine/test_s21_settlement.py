"""Spanish 21 (Chapter 635a): every wager's outcome, each amount worked out by hand from § 635a.12.

Wagers are $10 unless a test says otherwise; amounts are in cents.  A dealer's hand of 9h 8d is
a hard 17 that stands (§ 635a.7(l)).
"""

import pytest
from s21_play import Box, lines, outcomes, play, refuse, sheet

from games.engine.core import DECISION, IMMEDIATE, TABLE
from games.engine.round_sheet import play_sheet

STANDS_17 = "9h 8d"


# -- Blackjack (§ 635a.7(h), (n)(3); § 635a.12(a): 3 to 2) ------------------------------------------

def test_a_blackjack_against_a_2_to_9_up_card_is_paid_3_to_2_at_once_before_the_other_hands():
    # § 635a.7(h)(1)(i): up card 8, seat 1's As Kd is paid at once: 3/2 × $10 = $15.00.
    # Seat 3's 9 9 stands on 18 against 8 9 = 17: § 635a.7(n)(2), 1 to 1: $10.00.
    rnd = play({1: Box("10", "As Kd", ""), 3: Box("10", "9h 9c")}, "8h 9d")
    blackjack = rnd.lines[0]
    assert (blackjack.seat, blackjack.wager, blackjack.outcome, blackjack.amount, blackjack.stage) == (
        1, "main", "win", 15_00, IMMEDIATE)
    assert blackjack.odds == "3 to 2" and blackjack.section == "§ 635a.12(a)"
    assert outcomes(rnd, 3) == {(1, "main"): ("win", 10_00)}


def test_a_blackjack_beats_the_dealers_blackjack():
    # § 635a.7(n)(3): a player's Blackjack wins against a dealer's 21 "in two or more cards", a
    # Blackjack included: $10 at 3 to 2 = $15.00.  Seat 2's 19 loses its $15 to the dealer's Blackjack.
    rnd = play({1: Box("10", "Ad Jd", ""), 2: Box("15", "Qs 9s", "")}, "Kc Ah", peek="yes")
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 15_00)}
    assert rnd.lines[-1].section == "§ 635a.12(a)" and "§ 635a.7(n)(3)" in rnd.lines[-1].note
    assert outcomes(rnd, 2) == {(1, "main"): ("lose", 15_00)}


def test_a_blackjack_against_a_face_card_is_announced_and_paid_with_the_others():
    # § 635a.7(h)(1)(ii): up card queen, no dealer's Blackjack: no payment until the hole card is
    # turned; then $20 at 3 to 2 = $30.00 in the settlement of every hand.
    rnd = play({1: Box("20", "As Qd", "")}, "Qh 7c", peek="no")
    assert [(line.wager, line.outcome, line.amount, line.stage) for line in rnd.lines] == [
        ("main", "win", 30_00, TABLE)]


# -- Insurance and even money (§ 635a.8; § 635a.12(d): 2 to 1) ---------------------------------------

def test_insurance_wins_2_to_1_when_the_card_reader_shows_a_blackjack():
    # Seat 1: Insurance $5 on a $10 wager, the dealer's A K: § 635a.12(d), 2 × $5 = $10.00; its 19
    # loses the $10 Spanish 21 Wager.  Seat 2: $15 wager, Insurance up to half, $7.50, which $1 chips
    # cannot make: the next unit, $8 (§ 635a.8(b)), wins 2 × $8 = $16.00.
    rnd = play({1: Box("10", "9h Qc", "", insurance="5"), 2: Box("15", "8c 8h", "", insurance="8")},
               "Ah Kc", peek="yes")
    assert outcomes(rnd, 1) == {(1, "main"): ("lose", 10_00), (1, "insurance"): ("win", 10_00)}
    assert outcomes(rnd, 2) == {(1, "main"): ("lose", 15_00), (1, "insurance"): ("win", 16_00)}


def test_insurance_is_at_most_half_the_wager_to_the_next_chip():
    written = sheet({2: Box("15", "8c 8h", "", insurance="9")}, "Ah Kc", peek="yes")
    with pytest.raises(ValueError, match=r"Insurance Wager may be up to half .*\(\$8\.00\), not \$9\.00"):
        play_sheet(written)


def test_losing_insurance_is_collected_right_after_the_peek_before_any_card_is_drawn():
    # § 635a.8(d): the dealer's A 9 is no Blackjack: the $5 Insurance is collected at the peek.  The
    # 19 then loses $10 to the dealer's soft 20.
    rnd = play({1: Box("10", "9h Qc", "stand", insurance="5")}, "Ah 9c", peek="no")
    assert [(line.wager, line.outcome, line.amount, line.stage, line.section) for line in rnd.lines] == [
        ("insurance", "lose", 5_00, IMMEDIATE, "§ 635a.8(d)"), ("main", "lose", 10_00, TABLE, "§ 635a.7(p)")]


def test_even_money_pays_a_blackjack_1_to_1_at_once_where_the_table_offers_it():
    # § 635a.8(e): $10 at 1 to 1 = $10.00, and the cards are removed: nothing else is settled for seat 1.
    rnd = play({1: Box("10", "Ah Kh", "", insurance="even_money"), 2: Box("10", "Kc 9c", insurance="no")},
               "As 6c", peek="no", rules={"even_money": True})
    assert [(line.seat, line.wager, line.outcome, line.amount, line.stage) for line in rnd.lines if line.seat == 1] \
        == [(1, "main", "win", 10_00, DECISION)]
    # Seat 2 (no Insurance): K 9 = 19 against the dealer's soft 17: 1 to 1, $10.00.
    assert outcomes(rnd, 2) == {(1, "main"): ("win", 10_00)}


def test_even_money_is_not_offered_where_the_table_does_not_offer_it():
    written = sheet({1: Box("10", "Ah Kh", "", insurance="even_money")}, "As 6c", peek="no")
    with pytest.raises(ValueError, match="may choose insurance or no, not 'even_money'"):
        play_sheet(written)


# -- The bonus 21s of § 635a.12(b) -----------------------------------------------------------------

@pytest.mark.parametrize("cards, plays, won, section", [
    ("2c 3d", "4h 5s 7c", 15_00, "§ 635a.12(b)(5)"),  # five cards totaling 21: 3 to 2
    ("2c 2d", "3h 3s 4c 7d", 20_00, "§ 635a.12(b)(6)"),  # six cards: 2 to 1
    ("2c 2d", "2h 3s 3c 4d 5h", 30_00, "§ 635a.12(b)(7)"),  # seven cards: 3 to 1
    ("6c 7d", "8h", 15_00, "§ 635a.12(b)(1)"),  # 6-7-8 of mixed suits: 3 to 2
    ("6h 7h", "8h", 20_00, "§ 635a.12(b)(2)"),  # 6-7-8 of one suit: 2 to 1
    ("6s 7s", "8s", 30_00, "§ 635a.12(b)(2)"),  # 6-7-8 of spades: 3 to 1
    ("7c 7d", "7h", 15_00, "§ 635a.12(b)(3)"),  # three 7s of mixed suits: 3 to 2
    ("7d 7d", "7d", 20_00, "§ 635a.12(b)(4)"),  # three 7s of one suit: 2 to 1
    ("7s 7s", "7s", 30_00, "§ 635a.12(b)(4)"),  # three 7s of spades: 3 to 1
    ("5c 6d", "Kh", 10_00, "§ 635a.12(a)"),  # any other 21: 1 to 1
])
def test_each_bonus_21_is_paid_its_odds_on_a_10_wager(cards, plays, won, section):
    rnd = play({1: Box("10", cards, plays)}, STANDS_17)
    (line,) = rnd.lines
    assert (line.wager, line.outcome, line.amount, line.section) == ("main", "win", won, section)


def test_a_doubled_6_7_8_of_spades_is_paid_1_to_1_on_both_wagers():
    # § 635a.12(b) "in which case all of the following wagers shall be paid at odds of 1 to 1" and
    # § 635a.10(c): $10 + $10.
    rnd = play({1: Box("10", "6s 7s", "double 8s stand")}, STANDS_17)
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 10_00), (1, "double_down"): ("win", 10_00)}
    assert rnd.lines[0].section == "§ 635a.12(b)" and rnd.lines[1].section == "§ 635a.10(c)"


def test_a_split_hand_of_three_7s_or_five_cards_is_paid_1_to_1():
    # § 635a.11(e): no bonus on a split hand.  Hand 1: 7s 7c 7h = 21, $10 at 1 to 1.  Hand 2:
    # 7d 2c 3d 4h 5s = 21 in five cards, $10 at 1 to 1.
    rnd = play({1: Box("10", "7s 7d", ("split 7c 7h", "2c 3d 4h 5s"))}, STANDS_17)
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 10_00), (2, "split"): ("win", 10_00)}
    assert {line.section for line in rnd.lines} == {"§ 635a.11(e)"}


# -- § 635a.12(c): three 7s of one suit against a 7 up -------------------------------------------------

def test_three_suited_7s_against_a_7_pay_1000_more_and_50_to_each_other_player():
    # Seat 1, $10 wager: 7h 7h 7h, three 7s of hearts, 2 to 1 = $20.00 (§ 635a.12(b)(4)), and
    # $1,000.00 for an original wager of $5 to $24.99 ((c)(1)).  Seat 2, $5 wager: $50.00 ((c)(3)),
    # and its K 9 = 19 wins $5.00 when the dealer's 7 9 8 busts.
    rnd = play({1: Box("10", "7h 7h", "7h"), 2: Box("5", "Kc 9d")}, "7c 9d 8s")
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 20_00), (1, "seven_sevens_bonus"): ("win", 1_000_00)}
    assert outcomes(rnd, 2) == {(1, "main"): ("win", 5_00), (1, "seven_sevens_share"): ("win", 50_00)}
    assert [line.section for line in rnd.lines if line.wager.startswith("seven")] == [
        "§ 635a.12(c)(1)", "§ 635a.12(c)(3)"]


def test_three_7s_of_spades_on_25_dollars_against_a_7_pay_3_to_1_and_5000():
    # § 635a.12(b)(4): 3 × $25 = $75.00; (c)(2): $5,000.00 on an original wager of $25 or more.
    rnd = play({3: Box("25", "7s 7s", "7s")}, "7d Kc")
    assert outcomes(rnd, 3) == {(1, "main"): ("win", 75_00), (1, "seven_sevens_bonus"): ("win", 5_000_00)}


@pytest.mark.parametrize("plays", ["double 7h stand", ("split 7h 7h", "Kc stand")])
def test_three_suited_7s_doubled_or_split_get_no_fixed_payout(plays):
    # § 635a.12(c)(4): no fixed payout, and none for the other players either.
    rnd = play({1: Box("10", "7h 7h", plays), 2: Box("5", "Kc 9d")}, "7c 9d 8s")
    assert not [line for line in rnd.lines if line.wager.startswith("seven")]


def test_a_player_on_two_boxes_gets_one_50_share():
    # § 635a.12(c)(3) pays "all other players": seats 2 and 3 are one player's adjacent boxes
    # (§ 635a.6(f)): one $50.00, on the first box.
    written = sheet({1: Box("10", "7h 7h", "7h"), 2: Box("5", "Kc 9d"), 3: Box("5", "Qc 9c")}, "7c 9d 8s",
                    rules={"adjacent_boxes": "2"})
    written["seats"]["3"]["player"] = 2
    rnd = play_sheet(written)[0]
    assert [(line.seat, line.amount) for line in rnd.lines if line.wager == "seven_sevens_share"] == [(2, 50_00)]


# -- Against the dealer's hand (§ 635a.7(l)-(o)) ------------------------------------------------------

def test_a_21_in_more_than_two_cards_beats_the_dealers_21_in_more_than_two():
    # § 635a.7(n)(4): seat 1's 5 6 K = 21 wins $10 against the dealer's 6 5 K = 21; seat 2's 18, the
    # hand the dealer draws for (§ 635a.7(m)), loses its $10.
    rnd = play({1: Box("10", "5c 6d", "Kh"), 2: Box("10", "9h 9c")}, "6h 5s Kd")
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 10_00)}
    assert rnd.lines[-1].section == "§ 635a.12(a)" and "§ 635a.7(n)(4)" in rnd.lines[-1].note
    assert outcomes(rnd, 2) == {(1, "main"): ("lose", 10_00)}


def test_equal_totals_push_both_the_wager_and_its_double_down():
    # § 635a.7(o): 17 against 17, and 5 6 + 6 = 17 doubled against 17: both returned.
    rnd = play({1: Box("10", "9c 8h"), 2: Box("10", "5d 6d", "double 6h stand")}, STANDS_17)
    assert outcomes(rnd, 1) == {(1, "main"): ("push", 0)}
    assert outcomes(rnd, 2) == {(1, "main"): ("push", 0), (1, "double_down"): ("push", 0)}


def test_the_dealer_stands_on_a_soft_17():
    # § 635a.7(l): A 6 is a soft 17: no card is drawn; the 18 wins $10.
    written = sheet({1: Box("10", "9h 9c")}, "6c As")
    rnd, taken = play_sheet(written)
    prompts = [action.get("step") for action in taken]
    assert "dealer_draws" not in prompts
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 10_00)}


def test_the_dealer_draws_nothing_when_every_hand_is_decided():
    # § 635a.7(m): seat 1 busts, seat 2's Blackjack was paid at once: the dealer's 6 5 = 11 stays.
    rnd, taken = play_sheet(sheet({1: Box("10", "Kc Qd", "5h"), 2: Box("10", "As Kd", "")}, "6h 5c"))
    assert "dealer_draws" not in [action.get("step") for action in taken]
    assert lines(rnd) == [(2, 1, "main", "win", 15_00), (1, 1, "main", "lose", 10_00)]


# -- Double down and rescue (§ 635a.10) ----------------------------------------------------------------

def test_a_rescue_takes_back_the_double_down_and_forfeits_the_wager():
    # § 635a.10(d): 5 5 doubled for $10, the 2 makes 12: rescued, the $10 Double Down comes back and
    # the $10 Spanish 21 Wager is collected, at the decision.
    rnd = play({1: Box("10", "5c 5d", "double 2s rescue")}, STANDS_17)
    assert [(line.wager, line.outcome, line.amount, line.stage, line.section) for line in rnd.lines] == [
        ("main", "lose", 10_00, DECISION, "§ 635a.10(d)"), ("double_down", "returned", 0, DECISION, "§ 635a.10(d)")]


def test_a_double_down_over_21_cannot_be_rescued_and_loses_both():
    # § 635a.10(d) "as long as the additional card does not result in ... in excess of 21": K 5 + 9.
    rnd = play({1: Box("10", "Kc 5d", "double 9s"), 2: Box("10", "9h 9c")}, STANDS_17)
    assert outcomes(rnd, 1) == {(1, "main"): ("lose", 10_00), (1, "double_down"): ("lose", 10_00)}


def test_a_double_down_may_be_less_than_the_wager():
    # § 635a.10(a): $5 on a $10 wager; 5 6 K = 21 beats 17: $10 + $5.
    rnd = play({1: Box("10", "5c 6d", "double=5 Kh stand")}, STANDS_17)
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 10_00), (1, "double_down"): ("win", 5_00)}


def test_a_double_down_larger_than_the_wager_is_refused():
    with pytest.raises(ValueError, match=r"Double Down may be up to \$10\.00, not \$15\.00"):
        play({1: Box("10", "5c 6d", "double=15 Kh stand")}, STANDS_17)


# -- Surrender (§ 635a.9) ---------------------------------------------------------------------------------

def test_a_surrender_against_a_2_to_9_is_settled_at_once_for_half():
    # § 635a.9(a)(1): half of $15 collected, $7.50, half returned.
    rnd = play({1: Box("15", "Kc 6h", "surrender")}, "9h 8d")
    (line,) = rnd.lines
    assert (line.outcome, line.amount, line.stage, line.section) == ("lose", 7_50, DECISION, "§ 635a.9(a)(1)")


def test_a_surrender_against_a_face_card_waits_for_the_hole_card():
    # § 635a.9(a)(2): up card king, no dealer's Blackjack: half of $10 collected once the hole card is turned.
    rnd, taken = play_sheet(sheet({1: Box("10", "Kc 6h", "surrender")}, "Kh 7c", peek="no"))
    (line,) = rnd.lines
    assert (line.outcome, line.amount, line.stage, line.section) == ("lose", 5_00, IMMEDIATE, "§ 635a.9(a)(2)")
    steps = [action.get("step") for action in taken]
    assert steps.index("hole_card") < steps.index("surrenders")


def test_a_surrender_waiting_for_the_hole_card_is_settled_beside_the_boxs_insurance():
    # § 635a.9(b): the Insurance Wager and the surrendered wager "will be settled separately".
    # $10 on K♦ 6♠ with $5 Insurance, then a surrender; the dealer's A♠ 8♣ is no Blackjack:
    # § 635a.8(d): the $5 Insurance is collected at the peek; § 635a.9(a)(2): half the $10,
    # $5.00, is collected once the hole card is turned, and $5.00 is returned.
    rnd = play({1: Box("10", "Kd 6s", "surrender", insurance="5")}, "As 8c", peek="no")
    assert outcomes(rnd, 1) == {(1, "insurance"): ("lose", 5_00), (1, "main"): ("lose", 5_00)}
    surrender = rnd.lines[-1]
    assert (surrender.section, surrender.stage, surrender.note) == ("§ 635a.9(a)(2)", IMMEDIATE, "Half collected, "
                                                                    "$5.00 returned")


def test_a_surrender_waiting_for_the_hole_card_is_settled_beside_the_boxs_match_the_dealer():
    # § 635a.7(f): the $5 Match-the-Dealer Wager on K♦ 6♠ against the up card K♥ has one matching
    # card of a different suit: six decks, 4 to 1 (§ 635a.12(e)(1)), 4 × $5 = $20.00 paid.
    # § 635a.9(a)(2): the dealer's K♥ 7♣ is no Blackjack: half the $10 surrendered, $5.00, collected.
    rnd = play({1: Box("10", "Kd 6s", "surrender", match="5")}, "Kh 7c", peek="no",
               rules={"match_the_dealer": True})
    assert outcomes(rnd, 1) == {(1, "match_the_dealer"): ("win", 20_00), (1, "main"): ("lose", 5_00)}


def test_a_surrender_beside_a_match_the_dealer_loses_it_all_to_a_blackjack_the_card_reader_missed():
    # The reader answered "no", yet the hole card makes K♥ A♥.  § 635a.7(f): the $5 Match-the-Dealer
    # on K♦ 6♠ is paid 4 to 1, $20.00 (§ 635a.12(e)(1)); § 635a.9(a)(2): "collecting the entire wager
    # if the dealer has Blackjack": the whole $10 surrendered is collected.
    rnd = play({1: Box("10", "Kd 6s", "surrender", match="5")}, "Kh Ah", peek="no",
               rules={"match_the_dealer": True})
    assert outcomes(rnd, 1) == {(1, "match_the_dealer"): ("win", 20_00), (1, "main"): ("lose", 10_00)}
    assert rnd.lines[-1].section == "§ 635a.9(a)(2)"


def test_a_dealers_blackjack_the_card_reader_missed_takes_what_the_chapter_says():
    # The reader answered "no", yet the hole card makes A-K.  § 635a.9(a)(2): the whole surrendered
    # $10 is collected.  § 635a.10(b): the doubled hand loses only its $10 wager, the $10 Double Down
    # comes back.  § 635a.11(d): the split seat loses its original $10; the split hand's $10 comes back.
    rnd = play({1: Box("10", "Kc 6h", "surrender"), 2: Box("10", "5c 6d", "double 9h stand"),
                3: Box("10", "8s 8d", ("split 2c stand", "3c stand"))}, "Kh As", peek="no")
    assert outcomes(rnd, 1) == {(1, "main"): ("lose", 10_00)}
    assert outcomes(rnd, 2) == {(1, "main"): ("lose", 10_00), (1, "double_down"): ("returned", 0)}
    assert outcomes(rnd, 3) == {(1, "main"): ("lose", 10_00), (2, "split"): ("returned", 0)}


# -- Splits (§ 635a.11) ----------------------------------------------------------------------------------

def test_a_resplit_makes_a_third_hand_played_before_the_second():
    # § 635a.11(b): the first incomplete hand is completed first.  8 8 split; hand 1 draws another 8 and
    # is split again (hand 3, played next), then 8 3 = 11 stands; hand 3: 8 K = 18; hand 2: 8 9 = 17.
    # Against 17: hand 1 loses $10, hand 3 wins $10 at 1 to 1, hand 2 pushes.
    rnd = play({1: Box("10", "8s 8d", ("split 8c split 3h stand", "Kh stand", "9c stand"))}, STANDS_17)
    assert [hand.number for hand in rnd.seats[1].hands] == [1, 3, 2]
    assert outcomes(rnd, 1) == {(1, "main"): ("lose", 10_00), (3, "split"): ("win", 10_00), (2, "split"): ("push", 0)}


def test_split_aces_take_cards_like_any_pair_and_an_ace_and_king_is_21_not_blackjack():
    # § 635a.11(c): a split hand stands, draws or doubles; § 635a.1: a Blackjack is the initial two
    # cards.  Hand 1 A K = 21 wins $10 at 1 to 1; hand 2 A 9 = soft 20 wins $10.
    rnd = play({1: Box("10", "As Ad", ("split Kd", "9c stand"))}, STANDS_17)
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 10_00), (2, "split"): ("win", 10_00)}


def test_a_split_hand_may_double_down():
    # § 635a.10(a) "or the first two cards of any split pair": hand 2, 5 + 6 = 11, doubles for $10 and
    # gets a K: 21 beats 17, $10 on the split wager and $10 on the Double Down.
    rnd = play({1: Box("10", "5s 5d", ("split Kh stand", "6c double Kc stand"))}, STANDS_17)
    assert outcomes(rnd, 1) == {(1, "main"): ("lose", 10_00), (2, "split"): ("win", 10_00),
                                (2, "double_down"): ("win", 10_00)}


# -- Match-the-Dealer (§ 635a.7(f), § 635a.12(e)) -----------------------------------------------------------

@pytest.mark.parametrize("decks, cards, outcome, won", [
    # Up card K♥, $5 wager.  Six decks: same suit 9 to 1 ($45), other suit 4 to 1 ($20);
    # eight decks: 12 to 1 ($60) and 3 to 1 ($15); each matching card is paid ((f)(2)).
    ("6", "Kh 5c", "win", 45_00), ("8", "Kh 5c", "win", 60_00),
    ("6", "Kd 5c", "win", 20_00), ("8", "Kd 5c", "win", 15_00),
    ("6", "Kh Kh", "win", 90_00), ("8", "Kh Kh", "win", 120_00),
    ("6", "Kh Ks", "win", 65_00), ("8", "Kh Ks", "win", 75_00),
    ("6", "Kd Ks", "win", 40_00), ("8", "Kd Ks", "win", 30_00),
    # (f)(1): a queen has a king's value but matches only a queen.
    ("6", "Qh 5c", "lose", 5_00), ("8", "Qh 5c", "lose", 5_00),
])
def test_match_the_dealer_pays_each_matching_card_on_the_table_for_the_decks(decks, cards, outcome, won):
    rules = {"match_the_dealer": True, "decks": decks}
    rnd = play({1: Box("10", cards, match="5")}, "Kh 7c", peek="no", rules=rules)
    match = rnd.lines[0]
    assert (match.wager, match.outcome, match.amount, match.stage) == ("match_the_dealer", outcome, won, IMMEDIATE)


def test_match_the_dealer_is_settled_from_the_dealers_right_before_insurance_and_the_peek():
    rules = {"match_the_dealer": True}
    rnd, taken = play_sheet(sheet({2: Box("10", "As 5c", match="5", insurance="no"),
                                   5: Box("10", "9c 5d", match="5", insurance="no")}, "Ad 9s", peek="no", rules=rules))
    assert [(line.seat, line.wager) for line in rnd.lines[:2]] == [(5, "match_the_dealer"), (2, "match_the_dealer")]
    steps = [action.get("step") for action in taken]
    assert steps.index("match") < steps.index("insurance") < steps.index("peek")


def test_match_the_dealer_is_not_offered_unless_the_table_offers_it():
    written = sheet({1: Box("10", "Kh 5c", match="5")}, "Kd 7c", peek="no")
    with pytest.raises(ValueError, match="'match_the_dealer' is not a wager this table offers"):
        play_sheet(written)


# -- The order of § 635a.7(p) ---------------------------------------------------------------------------------

@pytest.mark.parametrize("order, seats", [("collect_then_pay", [3, 5, 1]), ("right_to_left", [5, 3, 1])])
def test_the_table_settles_losers_first_or_from_the_dealers_right_as_its_rules_say(order, seats):
    # Against 17: seat 1's 19 and seat 5's 18 win, seat 3's 16 loses.  (p)(1) collects seat 3 first,
    # then pays 5 and 1 (from the dealer's right); (p)(2) goes 5, 3, 1.
    rnd = play({1: Box("10", "9h Kc"), 3: Box("10", "9d 7c"), 5: Box("10", "9s 9c")}, STANDS_17,
               rules={"settlement_order": order})
    assert [line.seat for line in rnd.lines] == seats


def test_an_unknown_settlement_order_is_refused():
    from s21_play import GAME

    with pytest.raises(Exception, match=r"settlement order option must be one of .* § 635a\.7\(p\)"):
        GAME.validate_rules({"settlement_order": "whenever"})


def test_the_dealers_wrong_answer_about_a_known_hole_card_is_refused():
    from s21_play import GAME

    from games.engine.core import RoundState

    rnd = RoundState(GAME, {})
    rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": 1, "wager": "main", "amount": "10"})
    rnd = rnd.apply({"type": "no_more_bets", "step": "wagers"})
    rnd = rnd.apply({"type": "deal", "step": "deal", "cards": {"seat:1": ["9c", "8c"], "dealer": ["Kc", "As"]}})
    assert [choice.label for choice in rnd.prompt.choices] == ["Dealer Blackjack"]
    refuse(rnd, {"type": "input", "step": "peek", "value": "no"}, "must show a Blackjack")


def test_a_split_hands_21_in_two_cards_makes_the_dealer_draw_and_ties_a_dealers_21():
    # A A split; each hand takes a king: 21 in two cards, not a Blackjack (§ 635a.1).  The dealer's draw
    # can still tie them (§ 635a.7(o)), so the dealer draws (§ 635a.7(m)): 6 5 K = 21 in three cards.
    # § 635a.7(n)(4) needs both 21s in more than two cards: both Spanish 21 and Split Wagers are returned.
    rnd, taken = play_sheet(sheet({1: Box("10", "As Ad", ("split Kd", "Kc"))}, "6h 5c Ks"))
    assert "dealer_draws" in [action.get("step") for action in taken]
    assert outcomes(rnd, 1) == {(1, "main"): ("push", 0), (2, "split"): ("push", 0)}
    # Each line names the hand's total as 21, never a Blackjack.
    assert [line.hand.split(" against")[0] for line in rnd.lines] == ["As Kd (soft 21)", "Ad Kc (soft 21)"]


def test_insurance_collected_on_the_card_readers_answer_says_so_when_the_hole_card_makes_a_blackjack():
    # The reader answered "no": § 635a.8(d) collects the $5 Insurance before any card is drawn.  The hole
    # card turned then makes A♥ K♥, a Blackjack the reader missed: the line says what decided it.
    rnd = play({1: Box("10", "Kd 6s", insurance="5")}, "Ah Kh", peek="no")
    (insurance,) = [line for line in rnd.lines if line.wager == "insurance"]
    assert (insurance.outcome, insurance.amount, insurance.section) == ("lose", 5_00, "§ 635a.8(d)")
    assert insurance.hand == "The card reader shows no Blackjack"


def test_three_suited_7s_on_less_than_5_dollars_get_no_fixed_payout_but_the_others_get_their_50():
    # § 635a.12(c)(1)-(2) pay the winner only on an original wager of $5 or more; (c)(3) pays "all other
    # players" $50 whatever the winner wagered.  Seat 1, $3: three 7s of hearts, 2 to 1 = $6.00
    # (§ 635a.12(b)(4)) and nothing more; seat 2, $5: K 9 = 19 beats the dealer's bust, $5.00, and $50.00.
    rnd = play({1: Box("3", "7h 7h", "7h"), 2: Box("5", "Kc 9d")}, "7c 9d 8s", rules={"min_main": "1.00"})
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 6_00)}
    assert outcomes(rnd, 2) == {(1, "main"): ("win", 5_00), (1, "seven_sevens_share"): ("win", 50_00)}


def test_a_fraction_of_a_cent_is_paid_to_the_cent_below():
    # § 635a.12(a): a Blackjack on $5.05 against an 8 up, paid at once 3 to 2: $7.575, paid $7.57.
    rnd = play({1: Box("5.05", "As Kd", "")}, "8h 9d")
    assert outcomes(rnd, 1) == {(1, "main"): ("win", 7_57)}
