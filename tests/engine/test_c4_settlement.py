"""Crazy 4 Poker settlement (Chapter 657a, 2014 text): every outcome of the Ante, Play, Super
Bonus and Queens Up Wagers, the progressives and their Envy Bonuses, each amount worked out by
hand from the chapter's tables.  The hands are the best four of each side's five cards (§ 657a.6(b),
§ 657a.11(c)(2))."""

from __future__ import annotations

import pytest
from c4_play import DEALER, GAME, Hand, outcomes, play, refuse, tap

from games.engine.core import RoundState

QUALIFYING = DEALER  # a pair of sevens
QUEEN_HIGH = "Qh Jd 9c 7s 3d"  # queen high: the dealer does not qualify (§ 657a.11(c)(3)(i))
KING_HIGH = "Kh Qd 9c 7s 3d"  # king high: the least that qualifies


def settle(cards: str, dealer: str = QUALIFYING, play_amount: str = "play", rules: dict | None = None,
           **wagers: str) -> dict[str, tuple[str, int]]:
    rnd = play({1: Hand("10", cards, play=play_amount, **wagers)}, dealer, rules=rules)
    return outcomes(rnd, 1)


# -- Ante, Play and Super Bonus against the dealer (§ 657a.11(c)(3)) ------------------------------


def test_a_dealer_below_king_high_returns_the_ante_pays_the_play_and_returns_a_lesser_super_bonus():
    # § 657a.11(c)(3)(i): the Ante returned; the Play paid 1 to 1 (§ 657a.12(a)): $10; the Super Bonus
    # returned on less than a straight, even though the dealer's queen high beats nothing here.
    assert settle("2c 2d 5h 8s 4c", QUEEN_HIGH) == {
        "ante": ("push", 0), "play": ("win", 10_00), "super_bonus": ("push", 0)}


def test_a_dealer_who_does_not_qualify_still_pays_the_play_on_a_hand_that_would_lose_to_it():
    # § 657a.11(c)(3)(i) pays "the Play" whatever the hands: jack high is below the dealer's queen high.
    assert settle("Jc 8d 6h 4s 2c", QUEEN_HIGH)["play"] == ("win", 10_00)


def test_king_high_qualifies_the_dealer():
    # § 657a.11(c)(3)(ii)(A): king high qualifies and beats jack high: Ante, Play and Super Bonus lost.
    assert settle("Jc 8d 6h 4s 2c", KING_HIGH) == {
        "ante": ("lose", 10_00), "play": ("lose", 10_00), "super_bonus": ("lose", 10_00)}


def test_a_winning_hand_below_a_straight_is_paid_on_the_ante_and_play_and_its_super_bonus_returned():
    # § 657a.11(c)(3)(ii)(B): a pair of kings beats the dealer's sevens: Ante and Play 1 to 1 ($10
    # each, § 657a.12(a)); the Super Bonus is returned, not being a straight or better.
    rnd = play({1: Hand("10", "Kc Kh 8d 4s 2c")})
    assert outcomes(rnd, 1) == {"ante": ("win", 10_00), "play": ("win", 10_00), "super_bonus": ("push", 0)}
    assert [line.section for line in rnd.lines] == ["§ 657a.12(a)", "§ 657a.12(a)", "§ 657a.11(c)(3)(ii)(B)"]


def test_a_losing_straight_loses_the_ante_and_play_but_its_super_bonus_is_paid():
    # Four-card rankings (§ 657a.6(b)): three-of-a-kind beats a straight.  § 657a.11(c)(3)(ii)(A)
    # still pays the Super Bonus on its table: a straight 1 to 1 (§ 657a.12(b)): $10.
    assert settle("5c 6d 7h 8s Kd", "Ks Kh Kc 2d 3s") == {
        "ante": ("lose", 10_00), "play": ("lose", 10_00), "super_bonus": ("win", 10_00)}


def test_a_tie_below_a_straight_pushes_all_three():
    # § 657a.11(c)(3)(ii)(C) and § 657a.6(c): best four 9 9 A K on both sides; the fifth card does not play.
    assert settle("9c 9d Ah Kc 2s", "9h 9s Ad Kd 3c") == {
        "ante": ("push", 0), "play": ("push", 0), "super_bonus": ("push", 0)}


def test_a_tie_on_a_straight_pushes_the_ante_and_play_and_pays_the_super_bonus():
    # § 657a.11(c)(3)(ii)(C): A-K-Q-J against A-K-Q-J; the straight is paid 1 to 1 (§ 657a.12(b)): $10.
    assert settle("Ac Kd Qh Jc 3s", "As Kh Qd Js 4c") == {
        "ante": ("push", 0), "play": ("push", 0), "super_bonus": ("win", 10_00)}


def test_the_highest_card_the_other_hand_lacks_breaks_a_tie_of_pairs():
    # § 657a.6(c): 9 9 A K against 9 9 A Q, the king beats the queen; the fifth cards do not play.
    assert settle("9c 9d Ah Kc 2s", "9h 9s Ad Qd 8c")["ante"] == ("win", 10_00)
    assert settle("9c 9d Ah Qc 2s", "9h 9s Ad Kd 3c")["ante"] == ("lose", 10_00)


@pytest.mark.parametrize("cards, odds, paid", [
    ("Ah Ad Ac As 2c", "200 to 1", 2000_00),  # four aces: 200 x $10
    ("Jh Jd Jc Js 2c", "30 to 1", 300_00),  # four-of-a-kind: 30 x $10
    ("9h Th Jh Qh 2c", "15 to 1", 150_00),  # straight flush: 15 x $10
    ("Tc Td Th 4s 2c", "2 to 1", 20_00),  # three-of-a-kind: 2 x $10
    ("2h 6h 9h Kh 3c", "3 to 2", 15_00),  # flush: $10 x 3 / 2
    ("Ah 2d 3c 4s 9c", "1 to 1", 10_00),  # straight, the ace low (§ 657a.6(a)): 1 x $10
])
def test_each_row_of_the_super_bonus_table(cards, odds, paid):
    # § 657a.12(b), against the dealer's pair of sevens: every one of these hands wins.
    rnd = play({1: Hand("10", cards)})
    (line,) = [line for line in rnd.lines if line.wager == "super_bonus"]
    assert (line.outcome, line.amount, line.odds, line.section) == ("win", paid, odds, "§ 657a.12(b)")


def test_king_ace_two_three_is_no_straight():
    # § 657a.6(a): K-A-2-3 does not wrap; ace high beats nothing against the dealer's pair.
    assert settle("Kc Ad 2h 3s 8c")["super_bonus"] == ("lose", 10_00)


def test_the_best_four_of_five_cards_play():
    # 5h 6h 7h 8h 8c: the straight flush 5-8 of hearts, not the pair of eights (§ 657a.6(b), § 657a.11(c)(2)).
    assert settle("5h 6h 7h 8h 8c")["super_bonus"] == ("win", 150_00)


def test_the_play_wager_of_three_times_the_ante_is_paid_at_even_money():
    # § 657a.11(b) lets a pair of aces play $30 on a $10 Ante; § 657a.12(a) pays it 1 to 1: $30.
    assert settle("Ah Ad 9c 5d 2h", play_amount="30")["play"] == ("win", 30_00)


# -- Queens Up (§ 657a.11(d), § 657a.12(c)) --------------------------------------------------------


@pytest.mark.parametrize("cards, letter, paid", [
    ("Qs Qd 8h 4s 2c", "A", 5_00),  # pair of queens or better: 1 to 1 on $5
    ("Ac Ad 8h 4s 2c", "A", 5_00),  # a pair of aces is a pair of queens or better
    ("Tc Td 8h 8s 2c", "A", 10_00),  # two pair: 2 to 1
    ("5c 6d 7h 8s Kd", "A", 15_00),  # straight: 3 to 1
    ("2h 6h 9h Kh 3c", "A", 20_00),  # flush: 4 to 1
    ("Tc Td Th 4s 2c", "A", 45_00),  # three-of-a-kind: 9 to 1 on Paytable A
    ("Tc Td Th 4s 2c", "B", 40_00),  # 8 to 1 on Paytable B
    ("Tc Td Th 4s 2c", "D", 35_00),  # 7 to 1 on Paytable D
    ("9h Th Jh Qh 2c", "A", 150_00),  # straight flush: 30 to 1 on A
    ("9h Th Jh Qh 2c", "B", 200_00),  # 40 to 1 on B
    ("Jh Jd Jc Js 2c", "C", 250_00),  # four-of-a-kind: 50 to 1
])
def test_each_row_of_the_queens_up_tables(cards, letter, paid):
    rules = {"queens_up_paytable": letter}
    assert settle(cards, rules=rules, queens_up="5")["queens_up"] == ("win", paid)


def test_queens_up_is_paid_although_the_dealer_wins():
    # § 657a.11(d): "irrespective of whether the player's ... hand outranks the dealer's": two queens
    # lose to three kings, the Queens Up still pays 1 to 1: $5.
    result = settle("Qc Qd 8h 4s 2c", "Ks Kh Kc 2d 3s", queens_up="5")
    assert result["ante"] == ("lose", 10_00) and result["queens_up"] == ("win", 5_00)


def test_a_pair_of_jacks_loses_the_queens_up():
    rnd = play({1: Hand("10", "Jc Jd 8h 4s 2c", queens_up="5")})
    (line,) = [line for line in rnd.lines if line.wager == "queens_up"]
    assert (line.outcome, line.amount, line.section) == ("lose", 5_00, "§ 657a.11(d)")


# -- folding (§ 657a.11(b)(1)-(2)) ------------------------------------------------------------------


def test_a_fold_forfeits_the_ante_super_bonus_and_queens_up_at_once():
    rnd = play({1: Hand("10", "Qc Qd 8h 4s 2c", play="fold", queens_up="5"),
                2: Hand("10", "Kc Kh 8d 4s 2c")})
    assert outcomes(rnd, 1) == {"ante": ("lose", 10_00), "super_bonus": ("lose", 10_00), "queens_up": ("lose", 5_00)}
    assert {line.section for line in rnd.lines if line.seat == 1} == {"§ 657a.11(b)(1)"}
    assert all(line.stage == "decision" for line in rnd.lines if line.seat == 1)


def test_when_every_player_folds_the_dealers_cards_are_turned_without_being_entered():
    # § 657a.11(c) reveals them; no wager is decided on them, so the reveal is confirmed with one tap.
    rnd = play({1: Hand("10", "Qc Qd 8h 4s 2c", play="fold")})
    assert rnd.prompt.step == "close" and not rnd.dealer_shown


# -- the Play decision (§ 657a.11(b)) ---------------------------------------------------------------


def test_the_play_decision_offers_the_ante_twice_and_three_times_it_and_a_fold():
    # § 657a.11(b): a Play Wager equal to the Ante, or with a pair of aces or better up to three
    # times it: twice the Ante is a button like the others, not an amount to type.
    rnd = play({1: Hand("10", "Qc Qd 8h 4s 2c")}, until="play_decision")
    prompt = rnd.prompt
    assert prompt.section == "§ 657a.11(b)"
    assert [choice.label for choice in prompt.choices] == [
        "Seat 1: Play Wager $10.00", "Seat 1: Play Wager $20.00", "Seat 1: Play Wager $30.00", "Seat 1: Fold"]


def test_the_two_times_button_plays_twice_the_ante_on_a_pair_of_aces_without_a_question():
    rnd = play({1: Hand("10", "Ah Ad 9c 5d 2h")}, until="play_decision")
    (twice,) = [choice for choice in rnd.prompt.choices if choice.label == "Seat 1: Play Wager $20.00"]
    rnd = tap(rnd, twice.action)
    rnd = tap(rnd, {"type": "cards", "target": "dealer", "cards": QUALIFYING.split()})
    rnd = tap(rnd, {"type": "cards", "target": "seat:1", "cards": "Ah Ad 9c 5d 2h".split()})
    # A pair of aces beats the dealer's pair of sevens: § 657a.12(a) pays the $20 Play 1 to 1, $20,
    # and the $10 Ante 1 to 1, $10; the Super Bonus is returned below a straight (§ 657a.11(c)(3)(ii)(B)).
    assert rnd.approvals == []
    assert outcomes(rnd, 1) == {"ante": ("win", 10_00), "play": ("win", 20_00), "super_bonus": ("push", 0)}


def test_the_two_times_button_on_a_lesser_hand_goes_to_a_floorperson():
    rnd = at_the_question(play_amount="20")
    (question,) = rnd.approvals
    assert "Play Wager of $20.00 on pair of kings, above the $10.00 Ante" in question.reason


@pytest.mark.parametrize("amount, message", [
    ("31", r"Seat 1's Play Wager may be up to three times the Ante.*\(\$30\.00\), not \$31\.00"),
    ("5", r"Seat 1's Play Wager must be at least its Ante \(\$10\.00\), not \$5\.00"),
])
def test_a_play_wager_outside_the_ante_to_three_times_it_is_refused(amount, message):
    rnd = play({1: Hand("10", "Qc Qd 8h 4s 2c")}, until="play_decision")
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "play", "amount": amount}, message)


# -- a Play above the Ante on a lesser hand: the floorperson decides --------------------------------


def at_the_question(cards: str = "Kc Kh 8d 4s 2c", play_amount: str = "30") -> RoundState:
    rnd = play({1: Hand("10", cards, play=play_amount)}, until="settle")
    return tap(rnd, {"type": "cards", "target": "seat:1", "cards": cards.split()})


def test_a_play_above_the_ante_without_a_pair_of_aces_waits_for_a_floorperson():
    rnd = at_the_question()
    (question,) = rnd.approvals
    assert (question.kind, question.seat, question.status, question.section) == ("play_wager", 1, "pending",
                                                                                  "§ 657a.11(b)")
    assert "Play Wager of $30.00 on pair of kings, above the $10.00 Ante" in question.reason
    assert rnd.prompt.waiting_for_floor and not rnd.lines
    refuse(rnd, {"type": "cards", "target": "seat:1"}, "Seat 1's Play Wager waits for a floorperson")
    refuse(rnd, {"type": "close", "step": "close"}, "Not now|not current")


def test_approved_the_play_stands_at_the_ante_and_the_rest_is_returned():
    rnd = tap(at_the_question(), {"type": "approve", "approval": 1})
    # Pair of kings beats the dealer's sevens: Ante $10 and the Play, now $10, paid 1 to 1; $20 returned.
    assert outcomes(rnd, 1) == {"play_excess": ("returned", 0), "ante": ("win", 10_00), "play": ("win", 10_00),
                                "super_bonus": ("push", 0)}
    excess = next(line for line in rnd.lines if line.wager == "play_excess")
    assert excess.stake == 20_00 and excess.instruction == "return $20.00"
    assert rnd.prompt.step == "close"


def test_refused_the_cards_are_entered_again_and_checked_again():
    rnd = tap(at_the_question(), {"type": "refuse", "approval": 1})
    assert rnd.prompt.cards_for == "seat:1" and not rnd.lines
    # The cards were misread: they hold a pair of aces, which may play three times the Ante.
    rnd = tap(rnd, {"type": "cards", "target": "seat:1", "cards": ["Ac", "Ah", "8d", "4s", "2c"]})
    assert outcomes(rnd, 1)["play"] == ("win", 30_00)
    assert [a.status for a in rnd.approvals] == ["refused"]


def test_a_void_while_the_question_waits_returns_every_wager_and_the_answer_changes_nothing():
    rnd = tap(at_the_question(), {"type": "irregularity", "kind": "wrong_card_count"})
    rnd = tap(rnd, {"type": "approve", "approval": 2})  # the floorperson confirms the void (§ 657a.13)
    returned = outcomes(rnd, 1)
    assert returned == {"ante": ("void", 0), "super_bonus": ("void", 0), "play": ("void", 0)}
    rnd = tap(rnd, {"type": "approve", "approval": 1})
    assert outcomes(rnd, 1) == returned
    rnd = tap(rnd, {"type": "close"})
    assert rnd.closed


def test_a_play_of_three_times_the_ante_on_a_pair_of_aces_asks_nothing():
    rnd = at_the_question("Ac Ah 8d 4s 2c")
    assert rnd.approvals == [] and outcomes(rnd, 1)["play"] == ("win", 30_00)


def test_a_play_equal_to_the_ante_is_never_questioned():
    rnd = at_the_question("Kc Kh 8d 4s 2c", "play")
    assert rnd.approvals == [] and outcomes(rnd, 1)["play"] == ("win", 10_00)


# -- the aggregate payout limit ----------------------------------------------------------------------


def test_a_payout_limit_below_the_least_allowed_is_refused():
    # Betting the minimum $5 Ante and $1 Queens Up: $5 + $15 + $1,000 (four aces 200 to 1) + $50 = $1,070,
    # so $50,000 is the least limit.
    from games.engine.core import Refused
    with pytest.raises(Refused, match=r"\$49,999\.00 is below the least.*\$50,000\.00"):
        GAME.validate_rules({"payout_limit": "49999"})


def test_the_payout_limit_caps_the_ante_play_super_bonus_and_queens_up():
    # $500 Ante on four aces, $1,500 Play, $100 Queens Up: $500 + $1,500 + $100,000 (200 to 1) + $5,000
    # (four-of-a-kind 50 to 1) = $107,000, capped at the table's $50,000: $57,000 off.
    rnd = play({1: Hand("500", "Ah Ad Ac As 2c", play="1500", queens_up="100")},
               rules={"payout_limit": "50000", "max_ante": "500"})
    cap = next(line for line in rnd.lines if line.wager == "payout_limit")
    assert (cap.outcome, cap.amount) == ("capped", -57_000_00)


# -- progressives and Envy Bonuses (§ 657a.11(e), § 657a.12(d)-(e)) -----------------------------------

# A table offers one of the two progressives (§ 605a.7(e)(2)).
PROGRESSIVES = {"progressives": {
    "four_card_progressive": {"amount": "5", "meters": {"": {"id": 1, "name": "C4 four-card"}}}}}
FIVE_CARD = {"progressives": {
    "five_card_progressive": {"amount": "1", "meters": {"": {"id": 2, "name": "C4 five-card"}}}}}


def test_the_four_card_progressive_pays_for_one_and_envy_bonuses_go_to_the_other_wagerers():
    rnd = play({1: Hand("10", "8c 8d 8h 8s 2c", play="30", four_card_progressive="5"),
                3: Hand("10", "2h 5h 9h Jh Kh", four_card_progressive="5")},
               rules=PROGRESSIVES)
    rnd = tap(rnd, {"type": "settle"})
    # § 657a.12(d)(1) Paytable A: four-of-a-kind 300 for 1 on $5: $1,500 in all, $1,495 beyond the stake.
    four = next(line for line in rnd.lines if line.seat == 1 and line.wager == "four_card_progressive")
    assert (four.outcome, four.amount, four.stake_collected, four.must_validate) == ("win", 1495_00, True, True)
    # Seat 3's flush of five is no four-card hand of Paytable A: its Four-Card Progressive loses.
    assert outcomes(rnd, 3)["four_card_progressive"] == ("lose", 5_00)
    # § 657a.12(d)(5)(i), the $5 table: $50 to seat 3 for seat 1's four-of-a-kind; none to seat 1 for its own.
    envy = [line for line in rnd.lines if line.wager == "four_card_progressive_envy"]
    assert [(line.seat, line.amount, line.section, line.odds) for line in envy] == [
        (3, 50_00, "§ 657a.12(d)(5)", "A $5 schedule")]


def test_paytable_b_pays_no_envy_bonus_on_a_straight_flush():
    # § 657a.1: a straight flush qualifies only "if included in the paytable"; (d)(5)(ii) has none.
    rules = {**PROGRESSIVES, "four_card_progressive_paytable": "B"}
    rnd = play({1: Hand("10", "9h Th Jh Qh 2c", four_card_progressive="5"),
                3: Hand("10", "Kc Kh 8d 4s 2s", four_card_progressive="5")}, rules=rules)
    assert rnd.prompt.step == "close"
    assert outcomes(rnd, 1)["four_card_progressive"] == ("win", 495_00)  # 100 for 1 on $5: $500 in all


def test_a_folded_wagerer_forfeits_its_progressive_but_keeps_its_envy_bonus():
    rnd = play({1: Hand("10", "8c 8d 8h 8s 2c", play="30", four_card_progressive="5"),
                2: Hand("10", "3c 4d 9s Ts 6h", play="fold", four_card_progressive="5")}, rules=PROGRESSIVES)
    rnd = tap(rnd, {"type": "settle"})
    folded = next(line for line in rnd.lines if line.seat == 2 and line.wager == "four_card_progressive")
    assert (folded.outcome, folded.section, folded.stake_collected) == ("lose", "§ 657a.11(b)(2)", True)
    assert outcomes(rnd, 2)["four_card_progressive_envy"] == ("win", 50_00)


def test_the_five_card_progressive_pays_a_flush_at_a_table_that_offers_it():
    rnd = play({3: Hand("10", "2h 5h 9h Jh Kh", five_card_progressive="1")}, rules=FIVE_CARD)
    # § 657a.12(e)(1): a flush, 40 for 1 on $1: $39 beyond the stake.
    assert outcomes(rnd, 3)["five_card_progressive"] == ("win", 39_00)


def test_a_royal_flush_is_owed_the_five_card_meter():
    rnd = play({1: Hand("10", "Ah Kh Qh Jh Th", five_card_progressive="1")}, rules=FIVE_CARD)
    (claim,) = rnd.claims
    assert (claim.wager, claim.share, claim.meter, claim.section) == (
        "five_card_progressive", "100% of meter", "C4 five-card", "§ 657a.12(e)(4)")


# -- the wagers before the deal (§ 657a.7(d)(1)) -----------------------------------------------------


def test_a_super_bonus_other_than_the_ante_is_refused():
    rnd = play({1: Hand("10", "Kc Kh 8d 4s 2c")}, until="no_more_bets")
    refusal = refuse(rnd, {"type": "place_wager", "seat": 1, "wager": "super_bonus", "amount": "15"},
                     r"Seat 1's Super Bonus Wager must equal its Ante \(\$10\.00\), not \$15\.00")
    assert refusal.section == "§ 657a.7(d)(1)"


def test_an_ante_without_a_super_bonus_cannot_close_the_wagers():
    rnd = tap(RoundState(GAME, {}), {"type": "place_wager", "step": "wagers", "seat": 2, "wager": "ante",
                                     "amount": "10"})
    refuse(rnd, {"type": "no_more_bets"}, "Seat 2 has an Ante of \\$10.00 but no Super Bonus Wager")
    assert "Seat 2 has an Ante of $10.00 but no Super Bonus Wager" in rnd.prompt.text


def test_the_virtual_shoe_deals_five_cards_to_each_seat_and_the_dealer():
    order = [card.code for card in GAME.deck.cards()]
    rnd = RoundState(GAME, {"training": True}, shoe_order=order)
    for action in ({"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"},
                   {"type": "place_wager", "seat": 1, "wager": "super_bonus", "amount": "10"},
                   {"type": "no_more_bets"}, {"type": "deal"}):
        rnd = tap(rnd, action)
    # One card at a time around the table, the dealer last (procedure as commonly played).
    assert [card.code for card in rnd.seats[1].cards] == order[0:10:2]
    assert [card.code for card in rnd.dealer_cards] == order[1:10:2]
