"""The round of World Poker Tour Heads-Up Hold 'Em as the dealer plays it: prompts, order and refusals.

Every refusal leaves the round exactly as it was (``refuse`` compares the round before and
after).  The sections each dealing method's prompts cite, the limits, the first decision and the
order of settlement are checked for every game in test_chapter_machinery.py; that every citation
names a section of Chapter 677a, in test_citations.py.
"""


import pytest
from wpt_play import GAME, Hand, play, refuse, tap

from games.engine.core import Refused, RoundState
from games.engine.paytables import paytables_for

SEATS = {1: Hand("10", "Ah Kh", plays="30", pocket_bonus="5"),
         3: Hand("25", "4c 5d", plays="check 50"),
         4: Hand("15", "Tc Td", plays="check check raise", trips_plus="5"),
         5: Hand("5", "Kc Kd", plays="check check fold", pocket_bonus="5")}
BOARD, DEALER = "2h 7h 9h Jc 3d", "Qs Qd"


def at(phase, *, rules=None, seats=SEATS):
    """The round just before the first action of ``phase``."""
    return play(seats, BOARD, DEALER, rules=rules, until=phase)


def bets(*wagers, rules=None):
    """A round taking wagers, with these (seat, wager, amount) placed."""
    rnd = RoundState(GAME, rules or {})
    for seat, wager, amount in wagers:
        rnd = tap(rnd, {"type": "place_wager", "seat": seat, "wager": wager, "amount": amount})
    return rnd


# -- Prompts ------------------------------------------------------------------------------------


def test_the_prompts_come_in_the_order_of_677a_11():
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"stub_count_due": True}, stub_count="correct", prompts=prompts)
    steps = [p.step for p in prompts]
    first = [step for index, step in enumerate(steps) if step not in steps[:index]]
    # The stub is counted once all five community cards are dealt (§ 677a.8(d)-(e)).
    assert first == ["wagers", "deal", "preflop_decision", "flop", "flop_decision", "turn_river", "stub_count",
                     "river_decision", "reveal", "settle", "settle_optional"]


@pytest.mark.parametrize("method", ["manual_shoe", "hand", "automated_shoe"])
def test_the_dealer_burns_one_card_before_the_flop_and_one_before_the_turn_and_river_together(method):
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"dealing_method": method}, prompts=prompts)
    flop, turn_river = (next(p for p in prompts if p.step == step) for step in ("flop", "turn_river"))
    assert "Burn one card, then deal the three-card Flop" in flop.text  # § 677a.11(c)
    assert turn_river.text.startswith("Burn one card, then deal the Turn and the River")  # § 677a.11(e)
    assert (flop.cards_needed, turn_river.cards_needed) == (3, 2)


def test_an_automated_shoe_table_deals_the_community_cards_from_the_hand():
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"dealing_method": "automated_shoe"}, prompts=prompts)
    flop = next(p for p in prompts if p.step == "flop")
    assert flop.text.startswith("Take the remaining cards out of the shoe")  # § 677a.10(c)


def test_a_reshuffling_shoe_dispenses_the_community_cards_first_and_they_are_revealed_without_burning():
    prompts = []
    play(SEATS, BOARD, DEALER, rules={"dealing_method": "reshuffling_shoe", "stub_count_due": True},
         prompts=prompts)
    deal = next(p for p in prompts if p.step == "deal")
    assert deal.text.startswith("The shoe dispenses the five community cards first")  # § 677a.10(g)
    revealed = [p.text.lower() for p in prompts if p.step in ("flop", "turn_river")]
    assert len(revealed) == 2 and not any("burn" in text for text in revealed)


def test_the_deal_names_the_seats_with_an_ante_and_an_odds_wager():
    prompt = at("deal").prompt
    assert "seats 1, 3, 4, 5 (each with an Ante and an Odds Wager)" in prompt.text  # § 677a.8(c)


def test_the_betting_prompt_asks_for_an_ante_and_an_equal_odds_wager():
    assert "an Ante and an Odds Wager equal to it" in RoundState(GAME, {}).prompt.text  # § 677a.7(d)(1)
    text = bets((1, "ante", "10"), (1, "odds", "10")).prompt.text
    assert text.startswith("Wagers are placed (Ante and Odds Wager, optional Pocket Bonus Wager and Trips Plus "
                           'Wager). Announce "no more bets"')  # § 677a.8(b)


def test_the_raise_before_the_flop_may_be_any_amount_up_to_three_times_the_ante():
    prompt = at("preflop_decision").prompt
    assert prompt.amount_entry == ("raise", "Raise Wager", 30_00)  # § 677a.11(b): up to three times the $10 Ante


def test_the_raise_after_the_flop_offers_up_to_twice_the_ante_or_check():
    prompt = at("flop_decision").prompt
    assert (prompt.seat, prompt.section) == (3, "§ 677a.11(d)")  # seat 1 raised before the Flop
    assert [choice.label for choice in prompt.choices] == ["Seat 3: Raise Wager $25.00", "Seat 3: Raise Wager $50.00",
                                                           "Seat 3: Check"]
    assert prompt.amount_entry == ("raise", "Raise Wager", 50_00)


def test_the_last_raise_equals_the_ante_or_the_player_folds():
    prompt = at("river_decision").prompt
    assert (prompt.seat, prompt.section) == (4, "§ 677a.11(f)")
    assert [choice.label for choice in prompt.choices] == ["Seat 4: Raise Wager $15.00", "Seat 4: Fold"]


def test_only_the_seats_that_have_not_raised_are_asked_again():
    prompts = []
    play(SEATS, BOARD, DEALER, prompts=prompts)
    asked = [(p.step, p.seat) for p in prompts if p.step.endswith("_decision")]
    assert asked == [("preflop_decision", 1), ("preflop_decision", 3), ("preflop_decision", 4),  # § 677a.11(b)
                     ("preflop_decision", 5),
                     ("flop_decision", 3), ("flop_decision", 4), ("flop_decision", 5),  # § 677a.11(d)
                     ("river_decision", 4), ("river_decision", 5)]  # § 677a.11(f)


def test_a_raise_places_the_raise_wager_at_the_amount_given():
    rnd = tap(at("preflop_decision"), {"type": "decide", "seat": 1, "choice": "raise", "amount": "17.50"})
    assert rnd.seats[1].wagers["raise"] == 17_50  # § 677a.11(b): any amount up to three times the Ante


def test_the_turn_and_river_are_entered_together():
    rnd = tap(at("turn_river"), {"type": "cards", "target": "board", "cards": ["Jc", "3d"]})
    assert [card.code for card in rnd.board] == "2h 7h 9h Jc 3d".split()  # § 677a.11(e)
    assert rnd.prompt.step == "river_decision"


# -- The virtual shoe of training mode -----------------------------------------------------------

ORDER = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh".split()


def training_deal(method):
    rnd = RoundState(GAME, {"dealing_method": method}, shoe_order=ORDER)
    for seat in (1, 3):
        rnd = tap(rnd, {"type": "place_wager", "seat": seat, "wager": "ante", "amount": "10"})
        rnd = tap(rnd, {"type": "place_wager", "seat": seat, "wager": "odds", "amount": "10"})
    return tap(tap(rnd, {"type": "no_more_bets"}), {"type": "deal"})


def dealt(rnd):
    return [[c.code for c in cards] for cards in (rnd.seats[1].cards, rnd.seats[3].cards, rnd.dealer_cards)]


def checks_through_the_flop(rnd):
    for seat in (1, 3):
        rnd = tap(rnd, {"type": "decide", "seat": seat, "choice": "check"})
    rnd = tap(rnd, {"type": "cards", "target": "board"})
    for seat in (1, 3):
        rnd = tap(rnd, {"type": "decide", "seat": seat, "choice": "check"})
    return tap(rnd, {"type": "cards", "target": "board"})


@pytest.mark.parametrize("method", ["manual_shoe", "hand"])
def test_the_virtual_shoe_deals_one_card_at_a_time_clockwise_the_dealer_last(method):
    rnd = training_deal(method)
    # § 677a.8(c), § 677a.9(b): seat 1, seat 3, the dealer; twice.
    assert dealt(rnd) == [["As", "Js"], ["Ks", "Ts"], ["Qs", "9s"]]
    # § 677a.11(c): 8s burned, the Flop 7s 6s 5s; § 677a.11(e): 4s burned, the Turn and River 3s 2s.
    assert [c.code for c in checks_through_the_flop(rnd).board] == ["7s", "6s", "5s", "3s", "2s"]


def test_the_virtual_automated_shoe_dispenses_a_stack_of_two_per_seat_then_the_dealers():
    assert dealt(training_deal("automated_shoe")) == [["As", "Ks"], ["Qs", "Js"], ["Ts", "9s"]]  # § 677a.10(b)


def test_the_virtual_reshuffling_shoe_dispenses_the_community_cards_first_and_reveals_them_in_order():
    rnd = training_deal("reshuffling_shoe")
    # § 677a.10(g): As Ks Qs Js Ts are the five community cards; then the stacks of two.
    assert dealt(rnd) == [["9s", "8s"], ["7s", "6s"], ["5s", "4s"]]
    assert [c.code for c in checks_through_the_flop(rnd).board] == ["As", "Ks", "Qs", "Js", "Ts"]


# -- Refusals: each leaves the round unchanged --------------------------------------------------


def test_it_refuses_an_odds_wager_unequal_to_the_ante_when_it_is_placed():
    refusal = refuse(bets((2, "ante", "10")), {"type": "place_wager", "seat": 2, "wager": "odds", "amount": "15"},
                     r"Seat 2's Odds Wager must equal its Ante \(\$10\.00\), not \$15\.00")
    assert refusal.section == "§ 677a.7(d)(1)"


def test_it_refuses_no_more_bets_while_a_seat_has_an_ante_without_an_odds_wager():
    rnd = bets((1, "ante", "10"), (1, "odds", "10"), (2, "ante", "10"))
    refusal = refuse(rnd, {"type": "no_more_bets"}, r"Seat 2 has an Ante of \$10\.00 but no Odds Wager")
    assert refusal.section == "§ 677a.7(d)(1)"


def test_it_refuses_no_more_bets_when_an_ante_was_changed_away_from_its_odds_wager():
    rnd = bets((2, "ante", "10"), (2, "odds", "10"), (2, "ante", "20"))
    refuse(rnd, {"type": "no_more_bets"}, r"Seat 2's Odds Wager must equal its Ante \(\$20\.00\), not \$10\.00")
    fixed = tap(rnd, {"type": "place_wager", "seat": 2, "wager": "odds", "amount": "20"})
    assert tap(fixed, {"type": "no_more_bets"}).prompt.step == "deal"


def test_it_refuses_an_odds_wager_before_the_ante():
    refusal = refuse(RoundState(GAME, {}), {"type": "place_wager", "seat": 2, "wager": "odds", "amount": "10"},
                     "must place its Ante before its Odds Wager")
    assert refusal.section == "§ 677a.7(d)(1)"


def test_it_refuses_to_remove_an_ante_under_an_odds_wager():
    refuse(bets((2, "ante", "10"), (2, "odds", "10")), {"type": "remove_wager", "seat": 2, "wager": "ante"},
           "Remove seat 2's other wagers first")


def test_it_refuses_a_raise_of_four_times_the_ante_before_the_flop():
    refusal = refuse(at("preflop_decision"), {"type": "decide", "seat": 1, "choice": "raise", "amount": "40"},
                     r"Seat 1's Raise Wager may be up to three times the Ante \(\$30\.00\), not \$40\.00")
    assert refusal.section == "§ 677a.11(b)"


def test_it_refuses_a_raise_of_three_times_the_ante_after_the_flop():
    refusal = refuse(at("flop_decision"), {"type": "decide", "seat": 3, "choice": "raise", "amount": "75"},
                     r"Seat 3's Raise Wager may be up to twice the Ante \(\$50\.00\), not \$75\.00")
    assert refusal.section == "§ 677a.11(d)"


@pytest.mark.parametrize("phase, seat, section", [("flop_decision", 1, "§ 677a.11(d)"),
                                                  ("river_decision", 1, "§ 677a.11(f)"),
                                                  ("river_decision", 3, "§ 677a.11(f)")])
def test_it_refuses_a_raise_by_a_seat_that_already_raised(phase, seat, section):
    refusal = refuse(at(phase), {"type": "decide", "seat": seat, "choice": "raise", "amount": "10"},
                     f"Seat {seat} has already placed a Raise Wager")
    assert refusal.section == section  # § 677a.11(d), (f): only a player who has not raised


def test_it_refuses_a_last_raise_that_is_not_equal_to_the_ante():
    refusal = refuse(at("river_decision"), {"type": "decide", "seat": 4, "choice": "raise", "amount": "30"},
                     r"must be equal to the Ante \(\$15\.00\), not \$30\.00")
    assert refusal.section == "§ 677a.11(f)"


def test_it_refuses_a_raise_without_an_amount_before_the_flop():
    refuse(at("preflop_decision"), {"type": "decide", "seat": 1, "choice": "raise"}, "say how much")


@pytest.mark.parametrize("phase, choice, offered", [
    ("preflop_decision", "fold", "raise or check"),  # § 677a.11(b): no fold before the Flop
    ("flop_decision", "fold", "raise or check"),  # § 677a.11(d)
    ("river_decision", "check", "raise or fold"),  # § 677a.11(f): raise or fold, no more checking
])
def test_it_refuses_a_choice_the_decision_point_does_not_offer(phase, choice, offered):
    rnd = at(phase)
    refuse(rnd, {"type": "decide", "seat": rnd.prompt.seat, "choice": choice}, f"may choose {offered}")


def test_it_refuses_a_decision_out_of_turn():
    refusal = refuse(at("preflop_decision"), {"type": "decide", "seat": 3, "choice": "check"}, "seat 1's turn")
    assert refusal.section == "§ 677a.11(b)"


def test_it_refuses_a_second_decision_by_the_same_seat():
    rnd = tap(at("preflop_decision"), {"type": "decide", "seat": 1, "choice": "check"})
    refuse(rnd, {"type": "decide", "seat": 1, "choice": "raise", "amount": "30"}, "already decided")


def test_it_refuses_a_decision_once_every_seat_has_raised_or_folded():
    refuse(at("reveal"), {"type": "decide", "step": "river_decision", "seat": 5, "choice": "raise"}, "Not now")


def test_it_refuses_a_single_card_for_the_turn_and_river():
    refuse(at("turn_river"), {"type": "cards", "target": "board", "cards": ["Jc"]}, "must be 2 cards, not 1")


@pytest.mark.parametrize("wager", ["pocket_bonus", "trips_plus"])
def test_it_refuses_an_optional_wager_the_table_does_not_offer(wager):
    rnd = bets((2, "ante", "10"), (2, "odds", "10"), rules={f"{wager}_paytable": ""})
    refusal = refuse(rnd, {"type": "place_wager", "seat": 2, "wager": wager, "amount": "5"}, "not a wager")
    assert refusal.section == "§ 677a.7(d)"  # § 677a.7(d)(2)-(3): only if the Rules Submission offers it


def test_it_refuses_a_seat_beyond_the_six_of_677a_2_a():
    refusal = refuse(RoundState(GAME, {}), {"type": "place_wager", "seat": 7, "wager": "ante", "amount": "10"},
                     "There is no seat 7")
    assert refusal.section == "§ 677a.2(a)"


def test_it_refuses_a_wager_after_no_more_bets():
    refuse(at("deal"), {"type": "place_wager", "seat": 2, "wager": "ante", "amount": "10"}, "Not now")  # § 677a.7(c)


@pytest.mark.parametrize("rules, problem", [
    ({"pocket_bonus_paytable": "D"}, "one of A, B, C"),  # § 677a.12(d) has Paytables A-C
    ({"trips_plus_paytable": "E"}, "one of A, B, C, D"),  # § 677a.12(e) has Paytables A-D
    ({"dealing_method": "shuffle_master"}, "manual_shoe"),  # §§ 677a.8-677a.10
    ({"min_ante": "50", "max_ante": "10"}, "minimum"),
    ({"max_trips_plus": "lots"}, "not an amount"),
    ({"bonus_paytable": "A"}, "Unknown rules option"),  # Texas Hold 'Em Bonus's option is not this chapter's
])
def test_it_refuses_rules_options_the_chapter_does_not_allow(rules, problem):
    with pytest.raises(Refused, match=problem):
        RoundState(GAME, rules)


def test_the_configuration_page_offers_every_rules_option():
    assert [option.key for option in GAME.rule_options] == list(GAME.default_rules)


def test_each_paytable_option_selects_a_paytable_of_677a_12():
    selectable = {option.paytable_wager: [letter for letter, _ in option.choices if letter]
                  for option in GAME.rule_options if option.paytable_wager}
    assert selectable == {"pocket_bonus": ["A", "B", "C"], "trips_plus": ["A", "B", "C", "D"]}  # § 677a.12(d)-(e)
    for wager, letters in selectable.items():
        assert [table.letter for table in paytables_for(GAME.slug, wager)] == letters
