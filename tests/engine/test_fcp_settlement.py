"""Four Card Poker settlement (Chapter 641a, the 2014 text of §§ 641a.6-641a.12, 44 Pa.B. 5463).

Every expected amount is worked out here by hand from § 641a.12, in cents: the Ante and Play at
1 to 1 ((a)); the Ante Bonus on the Ante ((b)); the Aces Up Wager on Paytables A-C of (c); the
Four-Card Progressive on (d)(1) and its Envy schedules (d)(5); the Five-Card Progressive on (e)(1);
the Bad Beat Bonus on (f).  "X for 1" pays X times the wager in all (the wager went in at "no more
bets"), so its line wins X - 1 times the wager beyond it.
"""

from __future__ import annotations

import pytest
from fcp_play import DEALER, Hand, at, outcomes, play, refuse

from games.engine.core import Refused, RoundState
from games.engine.registry import game_for
from games.engine.round_sheet import play_sheet, sheet_from_log

GAME = game_for("four-card-poker")
# DEALER (Kd up; Kc 9h 6s 3c 2d): the best four of six are a pair of kings, 9 and 6.


def meters(*wagers):
    return {"progressives": {wager: {"amount": "1.00", "meters": {"": {"id": n, "name": f"FCP-{n}"}}}
                             for n, wager in enumerate(wagers, start=1)}}


def line_of(rnd, seat, wager):
    (line,) = [line for line in rnd.lines if line.seat == seat and line.wager == wager]
    return line


# -- The Ante and Play Wagers: § 641a.11(c)(3), § 641a.12(a) -----------------------------------------


def test_a_higher_hand_wins_the_ante_and_play_at_even_money():
    # Q Q 7 7, two pair, beats the dealer's pair of kings: $10 Ante and $20 Play, each 1 to 1.
    rnd = play({1: Hand("10", "Qs Qh 7c 7d 2h", "20")})
    assert outcomes(rnd, 1) == {"ante": ("win", 10_00), "play": ("win", 20_00)}


def test_a_tie_goes_to_the_player():
    # § 641a.11(c)(3)(ii) "higher than or equal to": K K 9 6 against the dealer's K K 9 6.
    rnd = play({1: Hand("10", "Ks Kh 9d 6c 2h", "10")})
    assert outcomes(rnd, 1) == {"ante": ("win", 10_00), "play": ("win", 10_00)}


def test_a_lower_hand_loses_the_ante_and_play():
    # K K 9 5 loses to K K 9 6 on the last card (§ 641a.6(c)): § 641a.11(c)(3)(i).
    rnd = play({1: Hand("10", "Ks Kh 9d 5c 2h", "30")})
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "play": ("lose", 30_00)}
    assert line_of(rnd, 1, "play").section == "§ 641a.11(c)(3)(i)"


def test_the_dealers_hand_is_the_best_four_of_six_its_up_card_included():
    # The dealer's Ah up with 2h 3h 4h hidden: A-2-3-4 of hearts, a straight flush (§ 641a.6(a)-(b)),
    # beats the player's three aces.  The Ante Bonus is still paid: three-of-a-kind 2 to 1 on $10 = $20.
    rnd = play({1: Hand("10", "As Ac Ad 5c 9s", "10")}, dealer="Ah 2h 3h 4h Kc Kd")
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "play": ("lose", 10_00), "ante_bonus": ("win", 20_00)}


def test_the_players_hand_is_the_best_four_of_five():
    # 7 7 7 with a 4 and a 2: three sevens (the best four: 7 7 7 4) beat the dealer's kings.
    rnd = play({1: Hand("10", "7c 7d 7h 4s 2h", "10")})
    assert outcomes(rnd, 1)["play"] == ("win", 10_00)


def test_the_play_decision_offers_one_to_three_times_the_ante_or_a_fold():
    prompt = at("play_decision").prompt
    assert [choice.label for choice in prompt.choices] == ["Seat 1: Play Wager $10.00", "Seat 1: Play Wager $20.00",
                                                           "Seat 1: Play Wager $30.00", "Seat 1: Fold"]
    assert prompt.amount_least == 10_00 and prompt.amount_entry[2] == 30_00


@pytest.mark.parametrize("amount, words", [("35", "up to three times the Ante"), ("5", "at least \\$10.00")])
def test_a_play_wager_outside_one_to_three_times_the_ante_is_refused(amount, words):
    refusal = refuse(at("play_decision"), {"type": "decide", "seat": 1, "choice": "play", "amount": amount}, words)
    assert refusal.section == "§ 641a.7(d)(1)"


def test_any_play_wager_between_one_and_three_times_the_ante_is_taken():
    rnd = play({1: Hand("10", "Qs Qh 7c 7d 2h", "15")})
    assert outcomes(rnd, 1)["play"] == ("win", 15_00)


# -- The Ante Bonus: § 641a.12(b) --------------------------------------------------------------------------


@pytest.mark.parametrize("cards, bonus", [
    ("8s 8h 8c 8d 2h", 250_00),  # four-of-a-kind 25 to 1 on the $10 Ante
    ("5c 6c 7c 8c Ah", 200_00),  # straight flush 20 to 1
    ("Jc Jd Jh 4s 2h", 20_00),  # three-of-a-kind 2 to 1
])
def test_the_ante_bonus_is_paid_on_the_ante_of_a_player_who_played(cards, bonus):
    rnd = play({1: Hand("10", cards, "10")})
    line = line_of(rnd, 1, "ante_bonus")
    assert (line.outcome, line.amount, line.section) == ("win", bonus, "§ 641a.12(b)")


def test_no_ante_bonus_below_three_of_a_kind():
    rnd = play({1: Hand("10", "Qs Qh 7c 7d 2h", "10")})
    assert "ante_bonus" not in outcomes(rnd, 1)


# -- The Aces Up Wager: § 641a.11(c)(4), § 641a.12(c) ------------------------------------------------------

ACES_UP_ROWS = [
    # (paytable, cards, what the $5 Aces Up Wager wins)
    ("A", "8s 8h 8c 8d 2h", 250_00),  # four-of-a-kind 50 to 1
    ("A", "5c 6c 7c 8c Ah", 150_00),  # straight flush 30 to 1 on A
    ("C", "5c 6c 7c 8c Ah", 200_00),  # straight flush 40 to 1 on C
    ("A", "Jc Jd Jh 4s 2h", 45_00),  # three-of-a-kind 9 to 1 on A
    ("B", "Jc Jd Jh 4s 2h", 35_00),  # 7 to 1 on B
    ("C", "Jc Jd Jh 4s 2h", 40_00),  # 8 to 1 on C
    ("A", "2s 7s 9s Js 4h", 30_00),  # flush 6 to 1
    ("A", "Ts Jh Qd Ks 4h", 20_00),  # straight 4 to 1 on A
    ("B", "Ts Jh Qd Ks 4h", 25_00),  # straight 5 to 1 on B
    ("A", "Qs Qh 7c 7d 2h", 10_00),  # two pair 2 to 1 on A
    ("C", "Qs Qh 7c 7d 2h", 15_00),  # 3 to 1 on C
    ("A", "As Ah 7c 5d 2h", 5_00),  # pair of aces 1 to 1
]


@pytest.mark.parametrize("letter, cards, won", ACES_UP_ROWS, ids=[f"{r[0]} {r[1]}" for r in ACES_UP_ROWS])
def test_the_aces_up_wager_is_paid_on_the_tables_paytable(letter, cards, won):
    rnd = play({1: Hand(None, cards, aces_up="5")}, rules={"aces_up_paytable": letter})
    line = line_of(rnd, 1, "aces_up")
    assert (line.outcome, line.amount, line.section) == ("win", won, "§ 641a.12(c)")


def test_an_ace_high_straight_needs_four_consecutive_ranks():
    # T J Q A has a gap: no straight; the best four are ace high, and the Aces Up Wager loses.
    rnd = play({1: Hand(None, "Ts Jh Qd Ac 4h", aces_up="5")})
    assert outcomes(rnd, 1)["aces_up"] == ("lose", 5_00)


def test_a_pair_of_kings_loses_the_aces_up_wager():
    rnd = play({1: Hand(None, "Ks Kh 7c 5d 2h", aces_up="5")})
    line = line_of(rnd, 1, "aces_up")
    assert (line.outcome, line.amount, line.section) == ("lose", 5_00, "§ 641a.11(c)(4)")


def test_an_aces_up_wager_alone_plays_without_a_decision_or_the_dealers_cards():
    rnd = play({3: Hand(None, "As Ah 7c 5d 2h", aces_up="10")})
    assert outcomes(rnd, 3) == {"aces_up": ("win", 10_00)}
    assert len(rnd.dealer_cards) == 1  # only the up card: nothing needed the dealer's hand


def test_a_fold_forfeits_the_ante_but_not_the_aces_up_wager():
    rnd = play({1: Hand("10", "As Ah 7c 5d 2h", "fold", aces_up="5"), 2: Hand("10", "Qs Qh 7h 7d 2c", "10")})
    # § 641a.11(b)(1): the Ante is collected at the fold; the Aces Up Wager, a pair of aces 1 to 1,
    # is settled once the other seats are (the cards wait under it).
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "aces_up": ("win", 5_00)}
    assert [line.seat for line in rnd.lines if line.stage == "settle"] == [2, 2, 1]


@pytest.mark.parametrize("letter", "DEF")
def test_aces_up_paytables_d_to_f_whose_rows_were_lost_cannot_be_offered(letter):
    with pytest.raises(Refused, match="lost its Two pair and Pair of aces rows") as refusal:
        GAME.validate_rules({"aces_up_paytable": letter})
    assert refusal.value.section == "§ 641a.12(c)"


def test_a_seat_needs_an_ante_or_an_aces_up_wager_before_a_side_wager():
    rnd = RoundState(GAME, BAD_BEAT)
    refusal = refuse(rnd, {"type": "place_wager", "seat": 2, "wager": "bad_beat", "amount": "5"},
                     "must place its Ante or Aces Up Wager")
    assert refusal.section == "§ 641a.7(d)"


# -- The progressives and the Envy Bonuses: § 641a.11(c)(5), § 641a.12(d)-(e) ----------------------------


@pytest.mark.parametrize("letter, cards, in_all", [
    ("A", "8s 8h 8c 8d 2h", 300_00),  # four-of-a-kind 300 for 1
    ("A", "5c 6c 7c 8c Ah", 100_00),  # straight flush 100 for 1
    ("A", "Jc Jd Jh 4s 2h", 9_00),  # three-of-a-kind 9 for 1 on A
    ("B", "Jc Jd Jh 4s 2h", 15_00),  # 15 for 1 on B
])
def test_the_four_card_progressive_is_paid_on_the_best_four_cards(letter, cards, in_all):
    rnd = play({1: Hand(None, cards, aces_up="5", four_card_progressive="1")},
               rules={**meters("four_card_progressive"), "four_card_progressive_paytable": letter})
    line = line_of(rnd, 1, "four_card_progressive")
    assert (line.outcome, line.amount + line.stake, line.section) == ("win", in_all, "§ 641a.12(d)(1)")


def test_four_aces_win_the_four_card_meter():
    rnd = play({1: Hand(None, "As Ah Ac Ad 2h", aces_up="5", four_card_progressive="1")},
               rules=meters("four_card_progressive"))
    (claim,) = rnd.claims
    assert (claim.share, claim.section) == ("100% of meter", "§ 641a.12(d)(4)")


def test_the_five_card_progressive_is_paid_on_all_five_cards():
    # 7 7 7 4 4: a full house of five cards (§ 641a.6(d)), 50 for 1 on $1 (§ 641a.12(e)(1)).
    rnd = play({1: Hand(None, "7c 7d 7h 4s 4h", aces_up="5", five_card_progressive="1")},
               rules=meters("five_card_progressive"))
    line = line_of(rnd, 1, "five_card_progressive")
    assert (line.outcome, line.amount + line.stake, line.section) == ("win", 50_00, "§ 641a.12(e)(1)")


@pytest.mark.parametrize("letter, envy", [("A", 10_00), ("B", 25_00)])
def test_the_four_card_envy_bonus_follows_the_tables_paytable(letter, envy):
    # § 641a.12(d)(5), $1 wager: another player's four-of-a-kind pays $10 on A, $25 on B.
    seats = {1: Hand(None, "Qs Qh 7c 5d 2h", aces_up="5", four_card_progressive="1"),
             2: Hand(None, "8s 8h 8c 8d 2c", aces_up="5")}
    rnd = play(seats, rules={**meters("four_card_progressive"), "four_card_progressive_paytable": letter})
    line = line_of(rnd, 1, "four_card_progressive_envy")
    assert (line.amount, line.section) == (envy, "§ 641a.12(d)(5)")


def test_a_straight_flush_earns_no_four_card_envy_bonus_on_paytable_b():
    seats = {1: Hand(None, "Qs Qh 7c 5d 2h", aces_up="5", four_card_progressive="1"),
             2: Hand(None, "5s 6s 7s 8s Ah", aces_up="5")}
    rnd = play(seats, rules={**meters("four_card_progressive"), "four_card_progressive_paytable": "B"})
    assert not [line for line in rnd.lines if line.wager == "four_card_progressive_envy"]


def five_dollar_meter():
    return {"progressives": {"four_card_progressive": {"amount": "5.00", "meters": {"": {"id": 1, "name": "FCP-1"}}}}}


@pytest.mark.parametrize("schedule, paid, hands", [
    # § 641a.12(d)(5), $5 Progressive Payout Wager.  Envy A: four-of-a-kind $50 + straight flush $25 =
    # $75.  Envy B: four-of-a-kind $125, a straight flush N/A: $125.  The Progressive paytable is A
    # throughout; "" takes its letter.
    ("", 75_00, "Four-of-a-kind $50.00; seat 3: Straight flush, queen high (9d Td Jd Qd 3h), Straight flush $25.00"),
    ("A", 75_00, "Four-of-a-kind $50.00; seat 3: Straight flush, queen high (9d Td Jd Qd 3h), Straight flush $25.00"),
    ("B", 125_00, "Four-of-a-kind $125.00"),
])
def test_the_four_card_envy_schedule_is_selected_apart_from_the_progressive_paytable(schedule, paid, hands):
    # Seat 1 ($5 on the Four-Card Progressive) is paid for seat 2's four eights and seat 3's straight flush
    # 9d-Qd, another player's hands (§ 641a.11(c)(5)(v)(A)).
    seats = {1: Hand(None, "Qs Qh 7c 5d 2h", aces_up="5", four_card_progressive="5"),
             2: Hand(None, "8s 8h 8c 8d 2c", aces_up="5"), 3: Hand(None, "9d Td Jd Qd 3h", aces_up="5")}
    rules = {**five_dollar_meter(), "four_card_progressive_paytable": "A", "four_card_envy_paytable": schedule}
    line = line_of(play(seats, rules=rules), 1, "four_card_progressive_envy")
    assert (line.outcome, line.amount, line.section) == ("win", paid, "§ 641a.12(d)(5)")
    assert line.hand == f"seat 2: Four eights (8s 8h 8c 8d 2c), {hands}"


def test_the_envy_schedule_left_to_the_paytable_follows_paytable_b_as_before():
    # § 641a.12(d)(5) B, $5: another player's four-of-a-kind pays $125.
    seats = {1: Hand(None, "Qs Qh 7c 5d 2h", aces_up="5", four_card_progressive="5"),
             2: Hand(None, "8s 8h 8c 8d 2c", aces_up="5")}
    rnd = play(seats, rules={**five_dollar_meter(), "four_card_progressive_paytable": "B"})
    assert line_of(rnd, 1, "four_card_progressive_envy").amount == 125_00


@pytest.mark.parametrize("value", ["C", "a", "AB", 1, None])
def test_an_envy_schedule_the_chapter_does_not_print_is_refused(value):
    with pytest.raises(Refused, match="Four-Card Envy Bonus schedule is A or B") as refusal:
        GAME.validate_rules({"four_card_envy_paytable": value})
    assert refusal.value.section == "§ 641a.12(d)(5)"


def test_the_envy_schedule_option_defaults_to_the_progressive_paytables_letter():
    assert GAME.validate_rules({})["four_card_envy_paytable"] == ""
    option = next(o for o in GAME.rule_options if o.key == "four_card_envy_paytable")
    assert (option.section, [value for value, _ in option.choices]) == ("§ 641a.12(d)(5)", ["", "A", "B"])
    assert GAME.validate_rules({"four_card_envy_paytable": "B", "four_card_progressive_paytable": "A"})


def test_a_folded_player_forfeits_the_progressive_but_keeps_the_envy_bonus():
    seats = {1: Hand("10", "Qs Qh 7c 5d 2h", "fold", four_card_progressive="1"),
             2: Hand("10", "8s 8h 8c 8d 2c", "10")}
    rnd = play(seats, rules=meters("four_card_progressive"))
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "four_card_progressive": ("lose", 1_00),
                                "four_card_progressive_envy": ("win", 10_00)}
    assert line_of(rnd, 1, "four_card_progressive").section == "§ 641a.11(b)(2)"


@pytest.mark.parametrize(("wager", "envy_amount", "readings"), [
    ("four_card_progressive", 5_00, []), ("five_card_progressive", 1_000_00, ["10000.00"])])
def test_a_player_on_two_boxes_gets_no_envy_bonus_for_his_own_other_box(wager, envy_amount, readings):
    # One player on the adjacent boxes 2 and 3 (§ 641a.7(e); seat 3's "player" is 2), another on seat 5,
    # each box with $1 on the table's progressive (one a table, § 605a.7(e)(2)).  Box 2 holds As Ks Qs
    # Js Ts: a royal flush of five, whose best four (As Ks Qs Js) are a straight flush.
    # § 641a.11(c)(5)(v)(A)-(B): the Envy Bonus is for "another player['s]" hand, never "his own hand":
    # box 3 gets none for box 2, nor box 2 for itself.  Seat 5 gets it: Four-Card Paytable A, $1 wager,
    # straight flush $5 (§ 641a.12(d)(5)); Five-Card, $1 wager, royal flush $1,000 (§ 641a.12(e)(5)).
    both = {wager: "1"}
    sheet = {"game": "four-card-poker",
             "rules": {"adjacent_boxes": "2", **meters(wager)},
             "seats": {"2": {"wagers": {"ante": "5", **both}, "decisions": {"play": "5"},
                             "cards": ["As", "Ks", "Qs", "Js", "Ts"]},
                       "3": {"wagers": {"ante": "5", **both}, "decisions": {"play": "5"}, "player": 2,
                             "cards": ["8h", "8d", "5c", "4s", "2h"]},
                       "5": {"wagers": {"ante": "5", **both}, "decisions": {"play": "5"},
                             "cards": ["7c", "7d", "4h", "4c", "2c"]}},
             "dealer": DEALER.split(), "meter_amounts": readings}
    rnd, _ = play_sheet(sheet)
    envy = [(line.seat, line.wager, line.amount) for line in rnd.lines if line.wager.endswith("_envy")]
    assert envy == [(5, f"{wager}_envy", envy_amount)]
    # The round sheet carries who holds which boxes, and settles the same from it.
    written = sheet_from_log("four-card-poker", sheet["rules"], rnd.log)
    assert written["seats"]["3"]["player"] == 2 and "player" not in written["seats"]["2"]
    assert [line.as_dict() for line in play_sheet(written)[0].lines] == [line.as_dict() for line in rnd.lines]


# -- The Bad Beat Bonus Wager: § 641a.11(c)(6), § 641a.12(f) ---------------------------------------------

BAD_BEAT = {"bad_beat_paytable": "A"}


def test_the_players_two_pair_losing_to_the_dealer_is_a_bad_beat():
    # Q Q 7 7 loses to the dealer's three kings: two pair 4 to 1 on $5 = $20 (§ 641a.12(f) A).
    rnd = play({1: Hand("10", "Qs Qh 7c 7d 2h", "10", bad_beat="5")}, dealer="Kd Kc Kh 6s 3c 2d", rules=BAD_BEAT)
    assert outcomes(rnd, 1)["bad_beat"] == ("win", 20_00)


def test_the_dealers_two_pair_losing_to_the_player_is_a_bad_beat():
    # The dealer's K K 9 9 loses to three sevens: paid on the losing hand, two pair 4 to 1: $20.
    rnd = play({1: Hand("10", "7c 7d 7h 4s 2h", "10", bad_beat="5")}, dealer="Kd Kc 9h 9s 3c 2d", rules=BAD_BEAT)
    assert outcomes(rnd, 1)["play"] == ("win", 10_00)
    assert outcomes(rnd, 1)["bad_beat"] == ("win", 20_00)


@pytest.mark.parametrize("letter, won", [("A", 125_000_00), ("B", 50_000_00)])
def test_a_losing_four_of_a_kind_pays_the_bad_beat_top_row(letter, won):
    # Four eights lose to the dealer's four kings: 25,000 to 1 (A) or 10,000 to 1 (B) on $5.
    rnd = play({1: Hand("10", "8s 8h 8c 8d 2h", "10", bad_beat="5")}, dealer="Kd Kc Kh Ks 3c 2d",
               rules={"bad_beat_paytable": letter})
    assert outcomes(rnd, 1)["bad_beat"] == ("win", won)


def test_a_losing_pair_loses_the_bad_beat():
    rnd = play({1: Hand("10", "Qs Qh 7c 5d 2h", "10", bad_beat="5")}, rules=BAD_BEAT)
    line = line_of(rnd, 1, "bad_beat")
    assert (line.outcome, line.amount, line.section) == ("lose", 5_00, "§ 641a.11(c)(6)")


def test_the_bad_beat_is_settled_last():
    rnd = play({1: Hand("10", "Qs Qh 7c 7d 2h", "10", aces_up="5", bad_beat="5")}, dealer="Kd Kc Kh 6s 3c 2d",
               rules=BAD_BEAT)
    assert [line.wager for line in rnd.lines] == ["ante", "play", "aces_up", "bad_beat"]  # § 641a.11(c)(3)-(6)


# -- The aggregate payout limit ------------------------------------------------------------------------------


def test_the_payout_limit_caps_the_ante_play_and_ante_bonus():
    rules = {"max_ante": "5000", "payout_limit": "50000"}
    rnd = play({1: Hand("2000", "8s 8h 8c 8d 2h", "6000")}, rules=rules)
    # $2,000 + $6,000 + the Ante Bonus, four-of-a-kind 25 to 1 on $2,000 = $50,000: $58,000, capped
    # at $50,000: -$8,000.
    capped = line_of(rnd, 1, "payout_limit")
    assert (capped.outcome, capped.amount, capped.section) == ("capped", -8_000_00, "§ 641a.12")


def test_the_most_won_at_the_minimum_ante():
    # $5 Ante 1 to 1, a $15 Play 1 to 1, and the Ante Bonus's 25 to 1 on $5: $5 + $15 + $125 = $145.
    assert GAME.most_won_at_minimum(GAME.validate_rules({})) == 145_00


def test_the_deal_asks_for_the_dealers_up_card_of_six():
    prompt = at("deal").prompt
    assert (prompt.cards_for, prompt.cards_needed, prompt.section) == ("dealer", 1, "§ 641a.8")
    assert "six to the dealer" in prompt.text and "commonly played" in prompt.text

