"""The round of Let It Ride Poker as the dealer plays it: prompts, order, dealing and refusals.

Every refusal leaves the round exactly as it was (``refuse`` compares the round before and
after).  The sections each dealing method's prompts cite, the limits, the first decision and the
order of settlement are checked for every game in test_chapter_machinery.py; that every citation
names a section of Chapter 643a, in test_citations.py.
"""


import pytest
from lir_play import GAME, Hand, outcomes, play, refuse, tap

from games.engine.cards import FULL_DECK
from games.engine.core import Refused, RoundState

SEATS = {1: Hand("10", "Ah Kh 4c", plays="pull ride", three_card_bonus="5"),
         3: Hand("25", "Tc Td 2s", plays="ride pull", six_card_bonus="5"),
         6: Hand("5", "7s 8s 9d", plays="pull pull")}
BOARD, SIX_CARDS = "Th 3c", "9c Ts 2d"
RULES = {"three_card_bonus_paytable": "A", "six_card_bonus_paytable": "A"}


def at(phase, *, rules=None, seats=SEATS):
    """The round just before the first action of ``phase``."""
    return play(seats, BOARD, SIX_CARDS, rules={**RULES, **(rules or {})}, until=phase)


def decide(seat, choice, step=None):
    return {"type": "decide", "seat": seat, "choice": choice} | ({"step": step} if step else {})


# -- Prompts ------------------------------------------------------------------------------------


def test_the_round_goes_deal_stub_count_bet_1_first_card_bet_2_second_card_six_card_bonus_cards_settlement():
    prompts = []
    play(SEATS, BOARD, SIX_CARDS, rules={**RULES, "stub_count_due": True}, stub_count="correct", prompts=prompts)
    steps = list(dict.fromkeys(p.step for p in prompts))
    # § 643a.8(e)-(f): the stub leaves the shoe once the cards are dealt, before any decision.
    assert steps == ["wagers", "deal", "stub_count", "bet1_decision", "first_community_card", "bet2_decision",
                     "second_community_card", "settle"]
    # § 643a.11(g)(6): "after settling the player's Let It Ride Poker Wagers" the dealer reveals the Six
    # Card Bonus cards, so they are turned after seat 3 (the first, from the dealer's right, with that
    # wager) is settled on its Let It Ride Wagers, and before seat 1.
    reveal = next(i for i, p in enumerate(prompts) if p.section == "§ 643a.11(g)(6)")
    assert [(p.seat, p.cards_for) for p in prompts[reveal - 1:reveal + 2]] == [
        (3, "seat:3"), (3, "six_card_bonus"), (1, "seat:1")]
    waiting = at("six_card_bonus_cards")
    assert set(outcomes(waiting, 3)) == {"bet1", "bet2", "bet3"} and not waiting.seats[3].settled


def test_a_reshuffling_shoe_dispenses_the_community_cards_first():
    text = at("deal", rules={"dealing_method": "reshuffling_shoe"}).prompt.text
    assert "community cards first" in text  # § 643a.10(g)


def test_no_six_card_bonus_cards_are_turned_when_no_seat_wagered_on_them():
    prompts = []
    play({1: Hand("10", "Ah Kh 4c")}, BOARD, rules=RULES, prompts=prompts)
    assert "six_card_bonus_cards" not in {p.step for p in prompts}


@pytest.mark.parametrize(("method", "six_card_words"), [
    ("manual_shoe", "Deal three cards face down to the Six Card Bonus area, then from the shoe"),  # § 643a.8(d)
    ("hand", "Deal three cards face down to the Six Card Bonus area, then from the hand"),  # § 643a.9(b)
    ("automated_shoe", "Then place the next stack of three on the Six Card Bonus area."),  # § 643a.10(b)
])
def test_the_deal_names_the_six_card_bonus_cards_where_the_dealing_method_deals_them(method, six_card_words):
    with_six = at("deal", rules={"dealing_method": method}).prompt.text
    without = at("deal", rules={"dealing_method": method}, seats={1: SEATS[1], 6: SEATS[6]}).prompt.text
    assert six_card_words in with_six and "Six Card Bonus" not in without
    assert "seats 1, 3, 6" in with_six


def test_the_automated_shoe_deal_discards_one_card_of_the_community_stack():
    text = at("deal", rules={"dealing_method": "automated_shoe"}).prompt.text
    assert "a stack of three to the community area" in text and "discard the card on your left unseen" in text


def test_bet_1_is_asked_naming_its_amount():
    prompt = at("bet1_decision").prompt
    assert (prompt.seat, prompt.text) == (1, "Seat 1: withdraw Bet 1 ($10.00) or Let It Ride?")


def test_bet_2_is_asked_of_every_seat_whatever_it_did_with_bet_1():
    rnd = at("bet2_decision")
    asked = []
    while rnd.prompt.step == "bet2_decision":
        asked.append(rnd.prompt.seat)
        rnd = tap(rnd, decide(rnd.prompt.seat, "ride"))
    assert asked == [1, 3, 6]  # § 643a.11(d): "regardless of the decision made concerning Bet Number 1"


def test_the_seats_are_settled_from_the_dealers_right():
    rnd = at("settle")
    settled = []
    while rnd.prompt.step == "settle":
        if rnd.prompt.cards_for == "six_card_bonus":
            rnd = tap(rnd, {"type": "cards", "target": "six_card_bonus", "cards": SIX_CARDS.split()})
            continue
        seat = rnd.prompt.seat
        settled.append(seat)
        rnd = tap(rnd, {"type": "cards", "target": f"seat:{seat}", "cards": SEATS[seat].cards.split()})
    assert settled == [6, 3, 1]  # § 643a.11(f): counterclockwise from the dealer's right


def test_a_withdrawn_bet_stays_on_the_seats_record_of_what_it_wagered():
    rnd = at("first_community_card")
    # § 643a.11(b)(2): seat 1's Bet 1 went back; the seat still shows the three bets it placed.
    assert rnd.seats[1].wagers == {"bet1": 1_000, "bet2": 1_000, "bet3": 1_000, "three_card_bonus": 500}
    assert outcomes(rnd, 1) == {"bet1": ("returned", 0)}


# -- The dealing of the virtual shoe (training mode) and of a card-reading shoe -----------------

DECK = [card.code for card in FULL_DECK]  # As Ks Qs ... in a known order: dealt from the top


def dealt(method, seats):
    rnd = RoundState(GAME, {**RULES, "dealing_method": method}, shoe_order=DECK)
    for number, hand in seats.items():
        for wager, amount in hand.wagers.items():
            rnd = tap(rnd, {"type": "place_wager", "seat": number, "wager": wager, "amount": amount})
    rnd = tap(tap(rnd, {"type": "no_more_bets"}), {"type": "deal"})
    for _decision in ("bet1", "bet2"):
        for number in seats:
            rnd = tap(rnd, decide(number, "ride"))
        rnd = tap(rnd, {"type": "cards", "target": "board"})
    if rnd.prompt.step == "six_card_bonus_cards":
        rnd = tap(rnd, {"type": "cards", "target": "six_card_bonus"})
    return rnd


def codes(cards):
    return [card.code for card in cards]


TWO_SEATS = {1: Hand("10", "2c 2d 2h"), 3: Hand("10", "3c 3d 3h", six_card_bonus="5")}


def test_the_virtual_shoe_deals_the_six_card_bonus_cards_first_then_one_card_at_a_time_from_a_manual_shoe():
    rnd = dealt("manual_shoe", TWO_SEATS)
    d = DECK
    assert codes(rnd.zone("six_card_bonus").cards) == d[0:3]  # § 643a.8(d): the Six Card Bonus cards first
    # then seat 1, seat 3, the community area, three times round (the community only twice)
    assert codes(rnd.seats[1].cards) == [d[3], d[6], d[9]]
    assert codes(rnd.seats[3].cards) == [d[4], d[7], d[10]]
    assert codes(rnd.board) == [d[5], d[8]]  # § 643a.11(c): the first dealt is turned first


def test_the_virtual_automated_shoe_deals_stacks_discards_a_community_card_and_deals_the_six_card_stack_last():
    rnd = dealt("automated_shoe", TWO_SEATS)
    d = DECK
    assert codes(rnd.seats[1].cards) == d[0:3] and codes(rnd.seats[3].cards) == d[3:6]
    assert codes(rnd.board) == d[7:9]  # § 643a.10(b): d[6], the stack's card on the dealer's left, is discarded
    assert codes(rnd.zone("six_card_bonus").cards) == d[9:12]  # then the Six Card Bonus stack


def test_the_virtual_reshuffling_shoe_dispenses_the_community_cards_first():
    rnd = dealt("reshuffling_shoe", TWO_SEATS)
    d = DECK
    assert codes(rnd.board) == d[0:2]  # § 643a.10(g)
    assert codes(rnd.seats[1].cards) == d[2:5] and codes(rnd.seats[3].cards) == d[5:8]
    assert codes(rnd.zone("six_card_bonus").cards) == d[8:11]


def test_the_virtual_shoe_deals_no_six_card_bonus_cards_when_no_seat_wagered_on_them():
    rnd = dealt("manual_shoe", {1: Hand("10", "2c 2d 2h")})
    assert tuple(rnd.zone("six_card_bonus").cards) == () and codes(rnd.seats[1].cards) == [DECK[0], DECK[2], DECK[4]]


def test_community_cards_read_at_the_deal_wait_face_down_until_each_is_turned():
    rnd = play(SEATS, BOARD, SIX_CARDS, rules=RULES, card_reader=True, until="first_community_card")
    assert rnd.board == ()
    prompt = rnd.prompt
    assert [choice.label for choice in prompt.choices] == ["Community card turned"] and not prompt.cards_for
    rnd = tap(rnd, {"type": "cards", "target": "board"})
    assert codes(rnd.board) == ["Th"]


def test_it_refuses_a_community_card_entered_when_the_shoe_read_it_at_the_deal():
    rnd = play(SEATS, BOARD, SIX_CARDS, rules=RULES, card_reader=True, until="first_community_card")
    refuse(rnd, {"type": "cards", "target": "board", "cards": ["Th"]}, "read by the shoe at the deal")


@pytest.mark.parametrize(("cards", "problem"), [
    ({"seat:1": ["Ah", "Kh", "4c"], "board": ["Ah", "3c"]}, "Ah is already on the table"),
    ({"seat:1": ["Ah", "Kh", "4c"], "dealer": ["2c", "3c", "4d"]}, "No cards are dealt to dealer"),
    ({"seat:2": ["Ah", "Kh", "4c"]}, "seat:2 has no Bet 1"),
    ({"seat:1": ["Ah", "Kh"]}, "3 cards, not 2"),
    ({"six_card_bonus": ["2c", "3c"]}, "3 cards, not 2"),
])
def test_it_refuses_a_deal_read_by_the_shoe_that_cannot_be(cards, problem):
    refuse(at("deal"), {"type": "deal", "cards": cards}, problem)


def test_it_refuses_six_card_bonus_cards_when_no_seat_wagered_on_them():
    rnd = at("deal", seats={1: SEATS[1]})
    refuse(rnd, {"type": "deal", "cards": {"six_card_bonus": ["2c", "3c", "4d"]}}, "No seat has a Six Card Bonus")


# -- Refusals at each decision point -------------------------------------------------------------

def test_it_refuses_to_withdraw_bet_1_once_the_first_community_card_is_turned():
    refusal = refuse(at("bet2_decision"), decide(1, "pull", "bet1_decision"), "bet1_decision step is not current")
    assert refusal.section == "§ 643a.11(d)"


def test_it_refuses_to_withdraw_bet_1_while_the_first_community_card_is_due():
    refuse(at("first_community_card"), decide(3, "pull"), "Not now")


def test_it_refuses_to_withdraw_bet_2_before_the_first_community_card_is_turned():
    refuse(at("bet1_decision"), decide(1, "pull", "bet2_decision"), "bet2_decision step is not current")


def test_it_refuses_to_withdraw_a_bet_after_the_second_community_card_is_turned():
    refuse(at("six_card_bonus_cards"), decide(1, "pull", "bet2_decision"), "Not now")


def test_it_refuses_a_decision_out_of_turn():
    refuse(at("bet1_decision"), decide(3, "pull"), "It is seat 1's turn, not seat 3's")


def test_it_refuses_a_second_decision_by_the_same_seat():
    rnd = tap(at("bet1_decision"), decide(1, "pull"))
    refuse(rnd, decide(1, "ride"), "Seat 1 has already decided")


def test_it_refuses_a_choice_the_decision_does_not_offer():
    refuse(at("bet1_decision"), decide(1, "fold"), "may choose ride or pull")


@pytest.mark.parametrize(("wagers", "problem"), [
    ({"bet1": "10", "bet2": "10", "bet3": "15"}, r"must be equal, not Bet 1 \$10.00, Bet 2 \$10.00, Bet 3 \$15.00"),
    ({"bet1": "10", "bet2": "10"}, "it has no Bet 3"),
    ({"bet1": "10"}, "it has no Bet 2 or Bet 3"),
])
def test_it_refuses_no_more_bets_until_each_seat_has_three_equal_bets(wagers, problem):
    rnd = RoundState(GAME, {})
    for wager, amount in wagers.items():
        rnd = tap(rnd, {"type": "place_wager", "seat": 2, "wager": wager, "amount": amount})
    refusal = refuse(rnd, {"type": "no_more_bets"}, problem)
    assert refusal.section == "§ 643a.7(d)"


def test_three_bets_can_be_changed_one_after_the_other_before_no_more_bets():
    rnd = at("no_more_bets", seats={1: Hand("10", "2c 3c 4c")})
    for bet in ("bet1", "bet2", "bet3"):
        rnd = tap(rnd, {"type": "place_wager", "seat": 1, "wager": bet, "amount": "20"})
    assert tap(rnd, {"type": "no_more_bets"}).seats[1].wagers == {"bet1": 2_000, "bet2": 2_000, "bet3": 2_000}


@pytest.mark.parametrize("wager", ["five_card_bonus", "three_card_bonus", "six_card_bonus"])
def test_it_refuses_a_side_wager_the_table_does_not_offer(wager):
    rnd = at("no_more_bets", rules={f"{wager}_paytable": ""}, seats={1: Hand("10", "2c 3c 4c")})
    refuse(rnd, {"type": "place_wager", "seat": 1, "wager": wager, "amount": "5"}, "not a wager this table offers")


def test_it_refuses_a_side_wager_before_the_let_it_ride_wagers():
    refuse(RoundState(GAME, RULES), {"type": "place_wager", "seat": 1, "wager": "three_card_bonus", "amount": "5"},
           "must place its Bet 1 before a Three Card Bonus Wager")


def test_it_refuses_a_seat_beyond_the_seven_of_643a_2_a():
    refusal = refuse(RoundState(GAME, {}), {"type": "place_wager", "seat": 8, "wager": "bet1", "amount": "10"},
                     "seats 1 to 7")
    assert refusal.section == "§ 643a.2(a)"


def test_it_refuses_a_players_card_already_on_the_board():
    refuse(at("settle"), {"type": "cards", "target": "seat:6", "cards": ["7s", "8s", "Th"]}, "Th is already on")


def test_it_refuses_a_players_card_already_among_the_six_card_bonus_cards():
    rnd = tap(at("six_card_bonus_cards"), {"type": "cards", "target": "six_card_bonus", "cards": SIX_CARDS.split()})
    refuse(rnd, {"type": "cards", "target": "seat:1", "cards": ["Ah", "Kh", "9c"]}, "9c is already on")


def test_it_refuses_two_community_cards_at_once():
    refuse(at("first_community_card"), {"type": "cards", "target": "board", "cards": ["Th", "3c"]}, "1 card, not 2")


def test_it_refuses_six_card_bonus_cards_that_are_not_three():
    refuse(at("six_card_bonus_cards"), {"type": "cards", "target": "six_card_bonus", "cards": ["9c", "Ts"]},
           "3 cards, not 2")


def test_it_refuses_a_seat_with_two_cards_at_settlement():
    refuse(at("settle"), {"type": "cards", "target": "seat:6", "cards": ["7s", "8s"]}, "3 cards, not 2")


def test_it_refuses_to_close_while_a_payout_approval_is_pending():
    rnd = play(SEATS, BOARD, SIX_CARDS, rules={**RULES, "approval_threshold": "50"})
    # Seat 3: Tc Td 2s + Th 3c, three tens, Bets 1 and 3 at 3 to 1 on $25 = $75 each, $150 (§ 643a.12(a));
    # its Six Card Bonus, Tc Td 2s + 9c Ts 2d, is a full house: 25 to 1 on $5 = $125 (§ 643a.12(g) A).
    pending = [approval for approval in rnd.approvals if approval.status == "pending"]
    assert [(a.seat, a.reason) for a in pending] == [
        (3, "Seat 3: payout of $275.00 (table requires approval from $50.00)")]
    refuse(rnd, {"type": "close"}, "floorperson's approval is pending")
    assert tap(tap(rnd, {"type": "approve", "approval": 1}), {"type": "close"}).closed


# -- Rules options ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rules", "problem"), [
    ({"let_it_ride_paytable": "C"}, "must be one of A, B"),  # § 643a.12(a)
    ({"five_card_bonus_paytable": "H"}, "one of A, B, C, D, E, F, G"),  # § 643a.12(b)
    ({"three_card_bonus_paytable": "G"}, "one of A, B, C, D, E, F"),  # § 643a.12(c)
    ({"six_card_bonus_paytable": "F"}, "one of A, B, C, D, E"),  # § 643a.12(g)
    ({"dealing_method": "shuffle_master"}, "manual_shoe"),  # §§ 643a.8-643a.10
    ({"min_bet": "50", "max_bet": "10"}, "minimum"),
    ({"min_three_card_bonus": "0"}, "minimum"),
    ({"payout_limit": "49999.99"}, r"least the regulation allows: \$50,000.00"),
    # § 643a.12(h): three $25 bets on a royal flush, 1,000 to 1 each, could win $75,000 betting the minimum.
    ({"min_bet": "25", "payout_limit": "60000"}, r"least the regulation allows: \$75,000.00"),
    ({"payout_limit": "lots"}, "not an amount"),
    ({"bonus_paytable": "A"}, "Unknown rules option"),
])
def test_it_refuses_rules_options_the_chapter_does_not_allow(rules, problem):
    with pytest.raises(Refused, match=problem):
        RoundState(GAME, rules)


def test_the_payout_limit_floor_follows_the_tables_paytable_and_minimum_bet():
    # § 643a.12(h) with Paytable B: 3 × 500 to 1 on a $40 minimum = $60,000.
    assert GAME.minimum_payout_limit({"let_it_ride_paytable": "B", "min_bet": "40"}) == 6_000_000
    assert GAME.minimum_payout_limit({"let_it_ride_paytable": "A", "min_bet": "5"}) == 5_000_000  # $50,000


def test_every_rules_option_is_on_the_configuration_page_with_its_section():
    assert {option.key for option in GAME.rule_options} == set(GAME.default_rules)


@pytest.mark.parametrize("method, section", [
    ("manual_shoe", "§ 643a.8(b)(1)"), ("hand", "§ 643a.9(a)(3)(i)"), ("automated_shoe", "§ 643a.10(a)(2)(i)")])
def test_with_a_table_game_system_the_five_card_bonus_wagers_are_collected_at_no_more_bets(method, section):
    rules = {"five_card_bonus_paytable": "A", "five_card_bonus_table_game_system": True, "dealing_method": method}
    prompt = tap(tap(tap(RoundState(GAME, rules),
        {"type": "place_wager", "seat": 1, "wager": "bet1", "amount": "10"}),
        {"type": "place_wager", "seat": 1, "wager": "bet2", "amount": "10"}),
        {"type": "place_wager", "seat": 1, "wager": "bet3", "amount": "10"}).prompt
    assert "collect the Five Card Bonus Wagers" in prompt.text and section in prompt.text
    without = RoundState(GAME, {**rules, "five_card_bonus_table_game_system": False})
    assert "Five Card Bonus Wagers" not in without.steps[0].text


def test_the_players_cards_are_face_down_before_the_second_community_card():
    (step,) = [s for s in GAME.steps(GAME.validate_rules({})) if s.id == "second_community_card"]
    assert "face down" in step.text and "§ 643a.11(a)(3)" in step.text
