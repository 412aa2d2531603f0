"""Caribbean Stud Poker settlement (Chapter 639a, the 2014 text of §§ 639a.11-639a.12, 44 Pa.B. 5463).

Every expected amount is worked out here by hand from § 639a.12, in cents: the Ante at 1 to 1
((a)); the Bet Wager, twice the Ante (§ 639a.11(b)), on the table of (b); the Caribbean Stud Bonus
Wager on Paytables A-C of (c); the Progressive Payout Wager on Paytables A-E of (d)(1), "X for 1"
paid X times the wager (the wager went in at "no more bets"), with the Envy Bonus of (d)(6).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from cs_play import DEALER, METER, TABLE, Hand, at, outcomes, play, refuse, tap

from games.engine.core import CAGE, Refused, RoundState
from games.engine.core.progressive import MeterParameters, check_meter, claim_percent, share_of_meter
from games.engine.registry import game_for

GAME = game_for("caribbean-stud")

# The dealer's up card first.  DEALER (Kd Ac 9h 6s 3c) is ace-king high: the least qualifying hand.
QUEEN_HIGH = "Qd Jc 9h 6s 3c"  # lower than ace-king: does not qualify
ACE_QUEEN = "Qh Ac Jd 9c 8s"  # ace-queen high: lower than ace-king, does not qualify
TWOS = "2c 2s 9h 6s 3c"  # a pair of twos: qualifies


def line_of(rnd, seat, wager):
    (line,) = [line for line in rnd.lines if line.seat == seat and line.wager == wager]
    return line


# -- The dealer's qualification: § 639a.11(c)(3) ------------------------------------------------------


@pytest.mark.parametrize("dealer", [QUEEN_HIGH, ACE_QUEEN], ids=["queen high", "ace-queen high"])
def test_a_dealer_lower_than_ace_king_pays_the_ante_and_returns_the_bet(dealer):
    # § 639a.11(c)(3)(i): the $10 Ante is paid 1 to 1 ($10, § 639a.12(a)); the $20 Bet comes back,
    # whatever the player holds: seven high here.
    rnd = play({1: Hand("10", "7h 5d 4c 3s 2h")}, dealer=dealer)
    assert outcomes(rnd, 1) == {"ante": ("win", 10_00), "bet": ("returned", 0)}
    assert line_of(rnd, 1, "bet").section == "§ 639a.11(c)(3)(i)"
    assert "does not qualify" in line_of(rnd, 1, "ante").note


def test_ace_king_is_the_least_hand_with_which_the_dealer_qualifies():
    # § 639a.11(c)(3)(ii): ace-king-nine qualifies; the player's ace-queen loses the Ante and the Bet.
    rnd = play({1: Hand("10", "As Qc Jh 8d 4c")})
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "bet": ("lose", 20_00)}
    assert line_of(rnd, 1, "ante").section == "§ 639a.11(c)(3)(ii)(A)"


def test_a_qualifying_dealer_with_a_pair_beats_a_lower_pair():
    # § 639a.11(c)(3)(ii)(A): the dealer's pair of twos against the player's... ace-king high: the player loses.
    rnd = play({1: Hand("25", "Ah Kh Qd 5c 4d")}, dealer=TWOS)
    assert outcomes(rnd, 1) == {"ante": ("lose", 25_00), "bet": ("lose", 50_00)}


def test_equal_hands_return_the_ante_and_the_bet():
    # § 639a.11(c)(3)(ii)(C): ace-king-nine-six-three of other suits is equal in rank: both push.
    rnd = play({1: Hand("10", "Kc Ah 9d 6c 3h")})
    assert outcomes(rnd, 1) == {"ante": ("push", 0), "bet": ("push", 0)}
    assert line_of(rnd, 1, "bet").section == "§ 639a.11(c)(3)(ii)(C)"


@pytest.mark.parametrize("player, outcome", [
    ("Ad Kc 9s 6h 4d", "win"),  # the fifth card decides: 4 beats the dealer's 3
    ("Ad Kc 9s 5h 4d", "lose"),  # the fourth card decides: 5 loses to the dealer's 6
    ("Ad Kc Ts 2h 4d", "win"),  # the third card decides: ten beats nine
])
def test_two_ace_king_hands_are_decided_by_their_kickers(player, outcome):
    rnd = play({1: Hand("10", player)})
    assert outcomes(rnd, 1)["bet"][0] == outcome


# -- The Bet Wager's table: § 639a.12(b) ------------------------------------------------------------------

BET_ROWS = [
    # (player's hand, the Bet of twice the $10 Ante paid)
    ("Ts Js Qs Ks As", 2_000_00),  # Royal flush 100 to 1: $20 x 100
    ("4h 5h 6h 7h 8h", 1_000_00),  # Straight flush 50 to 1: $20 x 50
    ("7c 7d 7h 7s 2d", 400_00),  # Four-of-a-kind 20 to 1: $20 x 20
    ("Qc Qd Qs 4s 4d", 140_00),  # Full house 7 to 1: $20 x 7
    ("2d 5d 8d Jd Qd", 100_00),  # Flush 5 to 1: $20 x 5
    ("4c 5d 6d 7s 8h", 80_00),  # Straight 4 to 1: $20 x 4
    ("Jc Jd Jh 4s 2d", 60_00),  # Three-of-a-kind 3 to 1: $20 x 3
    ("Tc Td 5s 5c 2h", 40_00),  # Two pair 2 to 1: $20 x 2
    ("8c 8d Qs 5h 2h", 20_00),  # A pair or less 1 to 1: $20
    ("As Kh Qd 4c 2h", 20_00),  # ace-king-queen beats ace-king-nine: "a pair or less", 1 to 1
]


@pytest.mark.parametrize("player, paid", BET_ROWS, ids=[row[0] for row in BET_ROWS])
def test_a_winning_bet_is_paid_on_the_chapters_table_and_the_ante_at_even_money(player, paid):
    rnd = play({1: Hand("10", player)})
    assert outcomes(rnd, 1) == {"ante": ("win", 10_00), "bet": ("win", paid)}
    assert (line_of(rnd, 1, "ante").section, line_of(rnd, 1, "bet").section) == ("§ 639a.12(a)", "§ 639a.12(b)")


def test_the_bet_decision_offers_twice_the_ante_or_a_fold():
    prompt = at("bet_decision").prompt
    assert (prompt.step, prompt.seat, prompt.section) == ("bet_decision", 1, "§ 639a.11(b)")
    assert [choice.label for choice in prompt.choices] == ["Seat 1: Bet Wager $20.00", "Seat 1: Fold"]


def test_a_bet_of_another_amount_is_refused():
    rnd = at("bet_decision")
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "bet", "amount": "15"}, "twice the Ante")


# -- Folding: § 639a.11(b) --------------------------------------------------------------------------------


def test_a_fold_forfeits_the_ante_and_the_side_wagers_at_once():
    rnd = play({1: Hand("10", "Ts Js Qs Ks As", decision="fold", bonus="5", progressive="1"),
                2: Hand("10", "8c 8d Qh 5h 2h")}, rules=METER, envy=False)
    # § 639a.11(b): a player who does not make the Bet Wager forfeits all wagers, a royal flush's Bonus too.
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "bonus": ("lose", 5_00), "progressive": ("lose", 1_00)}
    assert {line.stage for line in rnd.lines if line.seat == 1} == {"decision"}


def test_when_every_player_folds_the_dealers_hole_cards_are_revealed_without_being_entered():
    # § 639a.11(c) reveals them; no wager is decided on them, so the reveal is confirmed with one tap.
    rnd = play({1: Hand("10", "7h 5d 4c 3s 2h", decision="fold")})
    assert rnd.prompt.step == "close" and len(rnd.dealer_cards) == 1


# -- The Caribbean Stud Bonus Wager: § 639a.11(c)(4), § 639a.12(c) --------------------------------------

BONUS_ROWS = [
    # (paytable, player's hand, what the $5 Bonus Wager wins)
    ("A", "Ts Js Qs Ks As", 5_000_00),  # Royal flush 1,000 to 1
    ("B", "4h 5h 6h 7h 8h", 1_000_00),  # Straight flush 200 to 1
    ("C", "7c 7d 7h 7s 2d", 500_00),  # Four-of-a-kind 100 to 1
    ("A", "Qc Qd Qs 4s 4d", 250_00),  # Full house 50 to 1
    ("A", "2d 5d 8d Jd Qd", 200_00),  # Flush 40 to 1
    ("A", "4c 5d 6d 7s 8h", 125_00),  # Straight 25 to 1 on A
    ("C", "4c 5d 6d 7s 8h", 100_00),  # Straight 20 to 1 on C
    ("A", "Jc Jd Jh 4s 2d", 35_00),  # Three-of-a-kind 7 to 1 on A
    ("B", "Jc Jd Jh 4s 2d", 30_00),  # Three-of-a-kind 6 to 1 on B
    ("A", "Tc Td 5s 5c 2h", 15_00),  # Two pair 3 to 1
    ("A", "Tc Th Qs 5h 2h", 5_00),  # A pair of tens or better 1 to 1
]


@pytest.mark.parametrize("letter, player, won", BONUS_ROWS, ids=[f"{r[0]} {r[1]}" for r in BONUS_ROWS])
def test_the_bonus_wager_is_paid_on_the_tables_paytable(letter, player, won):
    rnd = play({1: Hand("10", player, bonus="5")}, rules={"bonus_paytable": letter})
    line = line_of(rnd, 1, "bonus")
    assert (line.outcome, line.amount, line.section) == ("win", won, "§ 639a.12(c)")


def test_a_pair_below_tens_loses_the_bonus_wager():
    rnd = play({1: Hand("10", "8c 8d Qs 5h 2h", bonus="5")})
    line = line_of(rnd, 1, "bonus")
    assert (line.outcome, line.amount, line.section) == ("lose", 5_00, "§ 639a.11(c)(4)")


@pytest.mark.parametrize("dealer, main", [(QUEEN_HIGH, "returned"), ("Kd Kc Kh 6s 3c", "lose")],
                         ids=["dealer does not qualify", "dealer's three kings beat the player"])
def test_the_bonus_wager_is_paid_whatever_the_dealer_holds(dealer, main):
    # § 639a.11(c)(4): two pair of jacks and tens pays 3 to 1 on the $5 Bonus, $15, even when the
    # dealer does not qualify or beats the player.
    rnd = play({1: Hand("10", "Jh Js Tc Td 2h", bonus="5")}, dealer=dealer)
    assert outcomes(rnd, 1)["bet"][0] == main
    assert outcomes(rnd, 1)["bonus"] == ("win", 15_00)


def test_the_bonus_is_settled_after_the_ante_and_bet():
    rnd = play({1: Hand("10", "Jh Js Tc Td 2h", bonus="5", progressive="1")}, rules=METER)
    assert [line.wager for line in rnd.lines] == ["ante", "bet", "bonus", "progressive"]  # § 639a.11(c)(3)-(5)


# -- The Progressive Payout Wager and the Envy Bonus: § 639a.11(c)(5), § 639a.12(d) ---------------------

PROGRESSIVE_ROWS = [
    # (paytable, player's hand, what the dealer pays on the $1 wager, "X for 1": $X in all, the wager
    # went in at "no more bets", so the line wins $X - $1 beyond it)
    ("A", "4h 5h 6h 7h 8h", 5000_00),  # Straight flush 5,000 for 1 on A
    ("D", "7c 7d 7h 7s 2d", 300_00),  # Four-of-a-kind 300 for 1 on D
    ("A", "7c 7d 7h 7s 2d", 500_00),  # Four-of-a-kind 500 for 1 on A
    ("C", "7c 7d 7h 7s 2d", 200_00),  # Four-of-a-kind 200 for 1 on C
    ("D", "Qc Qd Qs 4s 4d", 50_00),  # Full house 50 for 1 on D
    ("E", "Qc Qd Qs 4s 4d", 100_00),  # Full house 100 for 1 on E
    ("D", "2d 5d 8d Jd Qd", 40_00),  # Flush 40 for 1 on D
    ("D", "4c 5d 6d 7s 8h", 30_00),  # Straight 30 for 1 on D
    ("B", "4c 5d 6d 7s 8h", 10_00),  # Straight 10 for 1 on B
    ("D", "Jc Jd Jh 4s 2d", 9_00),  # Three-of-a-kind 9 for 1 on D
    ("A", "Jc Jd Jh 4s 2d", 3_00),  # Three-of-a-kind 3 for 1 on A
    ("A", "Tc Td 5s 5c 2h", 2_00),  # Two pair 2 for 1 on A
]


@pytest.mark.parametrize("letter, player, paid", PROGRESSIVE_ROWS, ids=[f"{r[0]} {r[1]}" for r in PROGRESSIVE_ROWS])
def test_the_progressive_is_paid_on_the_tables_paytable_and_validated(letter, player, paid):
    rnd = play({1: Hand("10", player, progressive="1")}, rules={**METER, "progressive_paytable": letter})
    line = line_of(rnd, 1, "progressive")
    assert (line.outcome, line.amount + line.stake, line.section) == ("win", paid, "§ 639a.12(d)(1)")
    assert line.instruction.startswith(f"pay ${paid // 100:,}.00")
    assert line.must_validate  # § 639a.11(c)(5)(iii): a floorperson validates every progressive payout


@pytest.mark.parametrize("letter, player", [("D", "Tc Td 5s 5c 2h"), ("E", "4c 5d 6d 7s 8h"),
                                            ("E", "Jc Jd Jh 4s 2d"), ("C", "Tc Td 5s 5c 2h")])
def test_a_hand_the_progressive_paytable_does_not_pay_loses_it(letter, player):
    # D pays from three-of-a-kind; E from a flush (Straight and Three-of-a-kind N/A); C's Two pair N/A.
    rnd = play({1: Hand("10", player, progressive="1")}, rules={**METER, "progressive_paytable": letter})
    line = line_of(rnd, 1, "progressive")
    assert (line.outcome, line.amount, line.section) == ("lose", 1_00, "§ 639a.11(c)(5)")


def test_a_royal_flush_is_paid_the_meter_at_the_players_turn_by_the_cage():
    rnd = play({1: Hand("10", "Ts Js Qs Ks As", progressive="1")}, rules=METER)
    (claim,) = rnd.claims
    assert (claim.seat, claim.share, claim.section) == (1, "100% of meter", "§ 639a.12(d)(5)")
    assert rnd.prompt.waiting_for_floor
    paid = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 12_345_67, "meter_amount": 12_345_67})
    line = line_of(paid, 1, "progressive")
    # § 639a.11(c)(5)(iv): a share of the meter is not paid from the table inventory container.
    assert (line.outcome, line.amount, line.payer, line.must_validate) == ("win", 12_345_67, CAGE, True)


def test_the_progressive_is_paid_whatever_the_dealer_holds():
    # § 639a.11(c)(5): four sevens lose to the dealer's straight flush, yet win 300 for 1 on Paytable D.
    rnd = play({1: Hand("10", "7c 7d 7h 7s 2d", progressive="1")}, dealer="9h Th Jh Qh Kh", rules=METER)
    assert outcomes(rnd, 1)["bet"] == ("lose", 20_00)
    assert outcomes(rnd, 1)["progressive"] == ("win", 299_00)  # $300 in all, $299 beyond the $1 wager


def meter_of(amount):
    return {"progressives": {"progressive": {"amount": amount, "meters": {"": {"id": 5, "name": "CSP-1"}}}}}


@pytest.mark.parametrize("letter, in_all", [("A", 100_00), ("B", 100_00), ("C", 80_00), ("E", 100_00)])
def test_a_progressive_wager_of_any_amount_plays_on_the_paytables_without_an_envy_bonus(letter, in_all):
    # § 639a.12(d)(6) schedules the Envy Bonus for $1 and $5 wagers, and only with Paytable D: a table
    # on A, B, C or E may take a $2 Progressive Payout Wager.  2d 5d 8d Jd Qd is a flush: 50 for 1 on A,
    # B and E, 40 for 1 on C (§ 639a.12(d)(1)): 50 × $2 = $100.00, 40 × $2 = $80.00 in all.
    rnd = play({1: Hand("10", "2d 5d 8d Jd Qd", progressive="2")},
               rules={**meter_of("2.00"), "progressive_paytable": letter})
    line = line_of(rnd, 1, "progressive")
    assert (line.outcome, line.stake, line.amount + line.stake) == ("win", 2_00, in_all)
    assert line.section == "§ 639a.12(d)(1)"
    assert "envy" not in rnd.completed_steps


def test_paytable_d_takes_only_the_progressive_wagers_its_envy_bonus_is_scheduled_for():
    # § 639a.12(d)(6): with Paytable D the Envy Bonus is paid on a $1 or a $5 wager; there is none for $2.
    with pytest.raises(Refused) as refusal:
        GAME.validate_rules({**meter_of("2.00"), "progressive_paytable": "D"})
    assert str(refusal.value) == ("The Envy Bonus of Paytable D is scheduled for $1 and $5 Progressive Payout "
                                  "Wagers only, not $2.00 — § 639a.12(d)(6)")
    parameters = MeterParameters("", seed=10_000_00, reset=10_000_00, rate=Decimal(10), reserve_rate=Decimal(0),
                                 wager_amount=2_00)
    with pytest.raises(Refused, match=r"Paytable D is scheduled for \$1 and \$5 .* not \$2\.00"):
        check_meter(GAME, "progressive", GAME.validate_rules({"progressive_paytable": "D"}), parameters)
    check_meter(GAME, "progressive", GAME.validate_rules({"progressive_paytable": "A"}), parameters)


def resolve_all(rnd, meter=10_000_00):
    """Answer each share of the meter claimed, the meter showing ``meter`` at each player's turn."""
    for claim in [c for c in rnd.claims if c.pending]:
        amount = share_of_meter(meter, claim_percent(claim.share))
        rnd = rnd.apply({"type": "resolve_claim", "claim": claim.id, "amount": amount, "meter_amount": meter})
    return rnd


def test_envy_bonuses_are_paid_for_every_other_players_straight_flush_or_better_a_folded_players_too():
    rnd = resolve_all(play(*TABLE, rules=METER))
    # § 639a.12(d)(6), $1 wager: royal flush $1,000, straight flush $300.  Seat 2 holds a straight
    # flush, seat 4 a royal flush.  Seats 1 and 6 (folded: § 639a.11(b) keeps its Envy Bonus) are paid
    # for both, $1,300; seat 2 for seat 4's royal, $1,000; seat 4 for seat 2's straight flush, $300;
    # seat 3 and seat 5 placed no Progressive Payout Wager.
    envy = {line.seat: line.amount for line in rnd.lines if line.wager == "progressive_envy"}
    assert envy == {1: 1_300_00, 2: 1_000_00, 4: 300_00, 6: 1_300_00}
    assert {line.section for line in rnd.lines if line.wager == "progressive_envy"} == {"§ 639a.12(d)(6)"}


def test_a_five_dollar_progressive_wager_has_the_five_dollar_envy_schedule():
    seats = {1: Hand("10", "Kc Ks 7d 4c 2h", progressive="5"), 2: Hand("10", "8s 9s Ts Js Qs")}
    meter = {"progressives": {"progressive": {"amount": "5.00", "meters": {"": {"id": 5, "name": "CSP-1"}}}}}
    rnd = play(seats, rules=meter)
    # § 639a.12(d)(6), $5 wager: straight flush $1,500.
    assert line_of(rnd, 1, "progressive_envy").amount == 1_500_00


def test_no_envy_bonus_is_paid_unless_the_table_selects_paytable_d():
    rnd = resolve_all(play(*TABLE, rules={**METER, "progressive_paytable": "B"}))
    assert not [line for line in rnd.lines if line.wager == "progressive_envy"]
    assert "envy" not in rnd.completed_steps


def test_a_players_own_hand_and_the_dealers_earn_no_envy_bonus():
    seats = {1: Hand("10", "8s 9s Ts Js Qs", progressive="1"), 2: Hand("10", "Kc Ks 7d 4c 2h")}
    rnd = resolve_all(play(seats, dealer="9h Th Jh Qh Kh", rules=METER))
    assert not [line for line in rnd.lines if line.wager == "progressive_envy"]


# -- The aggregate payout limit --------------------------------------------------------------------------


def test_there_is_no_payout_limit_unless_the_table_sets_one():
    rnd = play({1: Hand("500", "Ts Js Qs Ks As")})
    # $500 Ante 1 to 1 and the $1,000 Bet 100 to 1: $100,500 in all, not capped.
    assert outcomes(rnd, 1) == {"ante": ("win", 500_00), "bet": ("win", 100_000_00)}


def test_the_payout_limit_caps_the_ante_and_bet_but_not_the_bonus():
    rnd = play({1: Hand("500", "Ts Js Qs Ks As", bonus="5")}, rules={"payout_limit": "50000"})
    # $500 + $100,000 = $100,500 on the Ante and Bet, capped at $50,000: -$50,500.  The $5 Bonus
    # royal flush, 1,000 to 1 = $5,000, is outside the limit.
    capped = line_of(rnd, 1, "payout_limit")
    assert (capped.outcome, capped.amount, capped.section) == ("capped", -50_500_00, "§ 639a.12")
    assert outcomes(rnd, 1)["bonus"] == ("win", 5_000_00)


def test_a_payout_limit_below_fifty_thousand_dollars_is_refused():
    with pytest.raises(Refused, match=r"below the least the regulation allows: \$50,000.00") as refusal:
        GAME.validate_rules({"payout_limit": "49999"})
    assert refusal.value.section == "§ 639a.12"


def test_the_most_won_at_the_minimum_ante_is_the_ante_and_a_royal_flush_bet():
    # A $5 Ante 1 to 1 ($5) and its $10 Bet at 100 to 1 ($1,000): $1,005.
    assert GAME.most_won_at_minimum(GAME.validate_rules({})) == 1_005_00


# -- The deal: the dealer's up card ------------------------------------------------------------------------


def test_the_deal_asks_for_the_dealers_up_card_and_refuses_a_deal_without_it():
    rnd = at("deal")
    prompt = rnd.prompt
    assert (prompt.cards_for, prompt.cards_needed, prompt.cards_label) == ("dealer", 1, "the dealer's up card")
    assert "commonly played" in prompt.text and prompt.section == "§ 639a.8"
    refuse(rnd, {"type": "deal"}, "Enter the dealer's up card")
    refuse(rnd, {"type": "cards", "target": "dealer", "cards": ["Kd", "Ac"]}, "1 face-up")
    dealt = tap(rnd, {"type": "cards", "target": "dealer", "cards": ["Kd"]})
    assert dealt.zone("dealer").up_cards == (dealt.dealer_cards[0],) and not dealt.zone("dealer").down_cards


def test_a_reading_shoe_gives_the_dealers_five_cards_the_up_card_first():
    dealt = tap(at("deal"), {"type": "deal", "cards": {
        "seat:1": "Kh Ks 7d 4c 2h".split(), "seat:3": "2d 5d 8d Jd Qd".split(), "seat:5": "Qc Jh 8s 5h 4d".split(),
        "dealer": DEALER.split()}})
    zone = dealt.zone("dealer")
    assert [c.code for c in zone.up_cards] == ["Kd"] and [c.code for c in zone.down_cards] == DEALER.split()[1:]
    # The hole cards are then only turned (§ 639a.11(c)).
    assert dealt.prompt.step == "bet_decision"


def test_training_mode_deals_one_card_at_a_time_and_turns_the_dealers_last_card_up():
    order = [card.code for card in GAME.deck.cards()]
    rnd = RoundState(GAME, {}, shoe_order=order)
    rnd = tap(tap(rnd, {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"}), {"type": "no_more_bets"})
    rnd = tap(rnd, {"type": "deal"})
    # One seat and the dealer, five times round: the seat gets cards 1, 3, 5, 7, 9 of the shoe, the
    # dealer 2, 4, 6, 8, 10, its last turned face up.
    assert [c.code for c in rnd.seats[1].cards] == order[0:10:2]
    assert [c.code for c in rnd.zone("dealer").up_cards] == [order[9]]
    assert [c.code for c in rnd.zone("dealer").down_cards] == order[1:9:2]
