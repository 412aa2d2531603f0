"""Irregularities of World Poker Tour Heads-Up Hold 'Em, § 677a.13, and the stub count of § 677a.8(e)-(g).

A void waits for a floorperson; once approved every wager comes back with outcome "void",
except the Pocket Bonus Wager when more than one card is found face up after the initial two
cards (§ 677a.13(a)), and the Pocket Bonus and Trips Plus Wagers when a dealer's card is
exposed before each player has folded or raised (§ 677a.13(d)).
"""

import pytest
from wpt_play import Hand, outcomes, play, refuse, tap, turn_cards

# Seat 1: Ante $10, Pocket Bonus $5 on ace-king suited, raises $30 before the Flop; seat 3: Ante
# $25, Trips Plus $5, raises $50 after the Flop; seat 5: Ante $5, both optional wagers on a
# pair of kings, checks and folds after the River.
SEATS = {1: Hand("10", "Ah Kh", plays="30", pocket_bonus="5"),
         3: Hand("25", "9c 9d", plays="check 50", trips_plus="5"),
         5: Hand("5", "Kc Kd", plays="check check fold", pocket_bonus="5", trips_plus="5")}
BOARD, DEALER = "2h 7h 9h Jc 3d", "Qs Qd"


def at(phase, *, rules=None, seats=SEATS, stub_count=None):
    return play(seats, BOARD, DEALER, rules=rules, until=phase, stub_count=stub_count)


def irregularity(rnd, kind, **extra):
    return tap(rnd, {"type": "irregularity", "kind": kind, **extra})


def approve_void(rnd, seats=SEATS):
    """The floorperson approves the void; the dealer turns whatever cards the settlement asks for."""
    (pending,) = [a for a in rnd.approvals if a.status == "pending"]
    assert pending.kind == "void"
    return turn_cards(tap(rnd, {"type": "approve", "approval": pending.id}), seats, DEALER, board=BOARD)


def all_returned(rnd):
    """Every wager of every seat, returned as void (amount 0)."""
    return {seat: {wager: ("void", 0) for wager in rnd.seats[seat].wagers} for seat in rnd.seats}


def settled(rnd):
    return {seat: outcomes(rnd, seat) for seat in rnd.seats}


# -- One card face up: § 677a.13(a), first sentence ---------------------------------------------


def test_one_card_found_face_up_is_taken_out_of_play_and_the_round_goes_on():
    before = at("deal")
    rnd = irregularity(before, "card_face_up", card="8c")
    assert rnd.void_pending is None and rnd.void is None
    assert rnd.prompt.step == before.prompt.step == "deal"
    assert [card.code for card in rnd.discarded] == ["8c"]


def test_the_card_found_face_up_cannot_be_used_later_in_the_round():
    face_up = {"type": "irregularity", "kind": "card_face_up", "card": "Jc"}
    rnd = play(SEATS, BOARD, DEALER, before={"deal": [face_up]}, until="turn_river")
    refuse(rnd, {"type": "cards", "target": "board", "cards": ["Jc", "3d"]}, "Jc is already on the table")


# -- More than one card face up: § 677a.13(a) ----------------------------------------------------


def test_two_cards_face_up_during_the_deal_return_every_wager_including_the_optional_ones():
    rnd = irregularity(irregularity(at("deal"), "card_face_up", card="8c"), "card_face_up", card="8d")
    assert rnd.prompt.waiting_for_floor and rnd.approvals[0].section == "§ 677a.13(a)"
    rnd = approve_void(rnd)
    assert settled(rnd) == all_returned(rnd)  # § 677a.13(a): all wagers returned
    assert {line.section for line in rnd.lines} == {"§ 677a.13(a)"}
    assert rnd.prompt.step == "close"


def test_two_cards_face_up_after_the_initial_two_cards_still_settle_the_pocket_bonus_wagers():
    rnd = irregularity(irregularity(at("flop"), "card_face_up", card="8c"), "card_face_up", card="8d")
    rnd = approve_void(rnd)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "odds": ("void", 0), "raise": ("void", 0),  # § 677a.13(a): returned
            "pocket_bonus": ("win", 100_00)},  # § 677a.13(a), § 677a.12(d) A: ace-king suited 20 to 1 on $5
        3: {"ante": ("void", 0), "odds": ("void", 0), "trips_plus": ("void", 0)},  # only the Pocket Bonus survives
        5: {"ante": ("void", 0), "odds": ("void", 0), "trips_plus": ("void", 0),
            "pocket_bonus": ("win", 25_00)},  # § 677a.12(d) A: a pair of kings 5 to 1 on $5 = $25
    }
    assert rnd.prompt.step == "close"


def test_a_pocket_bonus_that_pays_nothing_is_collected_in_a_void_after_the_deal():
    seats = {2: Hand("10", "9c 8d", pocket_bonus="5")}
    rnd = irregularity(irregularity(at("flop", seats=seats), "card_face_up", card="4c"), "card_face_up", card="4s")
    rnd = approve_void(rnd, seats)
    assert outcomes(rnd, 2) == {"ante": ("void", 0), "odds": ("void", 0), "raise": ("void", 0),
                                "pocket_bonus": ("lose", 5_00)}  # § 677a.11(i)(1)(ii): nine-eight pays nothing


@pytest.mark.parametrize("phase", ["reveal", "settle"])
def test_a_card_found_face_up_after_every_card_is_dealt_is_refused(phase):
    # § 677a.13(a): the rule is about a card found face up "while the cards are being dealt".
    refusal = refuse(at(phase), {"type": "irregularity", "kind": "card_face_up", "card": "8c"}, "has been dealt")
    assert refusal.section == "§ 677a.13(a)"


# -- Incorrect number of cards: § 677a.13(c) -----------------------------------------------------


def test_an_incorrect_number_of_cards_voids_the_round_and_returns_every_wager():
    rnd = approve_void(irregularity(at("flop_decision"), "wrong_card_count"))
    assert settled(rnd) == all_returned(rnd)  # § 677a.13(c): the optional wagers too
    assert {line.section for line in rnd.lines} == {"§ 677a.13(c)"}


def test_a_refused_void_lets_the_round_go_on_at_the_same_prompt():
    before = at("flop")
    rnd = tap(irregularity(before, "wrong_card_count"), {"type": "refuse", "approval": 1})
    assert rnd.void is None and rnd.prompt == before.prompt


def test_an_irregularity_while_the_round_is_taking_wagers_is_refused():
    refuse(at("no_more_bets"), {"type": "irregularity", "kind": "wrong_card_count"}, "still taking wagers")


# -- A dealer's card exposed: § 677a.13(d) -------------------------------------------------------


def test_a_dealer_card_exposed_after_the_turn_and_river_returns_the_main_wagers_and_settles_both_optional_ones():
    # Seat 5 has not yet raised or folded: the exposure voids the round.
    rnd = irregularity(at("river_decision"), "dealer_card_exposed")
    assert rnd.approvals[0].section == "§ 677a.13(d)"
    rnd = approve_void(rnd)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "odds": ("void", 0), "raise": ("void", 0),  # § 677a.13(d): returned
            "pocket_bonus": ("win", 100_00)},  # § 677a.12(d) A: ace-king suited 20 to 1 on $5 = $100
        3: {"ante": ("void", 0), "odds": ("void", 0), "raise": ("void", 0),
            "trips_plus": ("win", 15_00)},  # § 677a.12(e) A: 9c 9d + 9h: three nines, 3 to 1 on $5 = $15
        5: {"ante": ("void", 0), "odds": ("void", 0),
            "pocket_bonus": ("win", 25_00),  # § 677a.12(d) A: a pair of kings 5 to 1 on $5 = $25
            "trips_plus": ("lose", 5_00)},  # § 677a.11(i)(2)(ii): a pair of kings is below three-of-a-kind
    }
    assert {line.note for line in rnd.lines if line.wager in ("pocket_bonus", "trips_plus")} == {
        "Settled although the round is void (§ 677a.13(d))"}
    assert rnd.prompt.step == "close"


def test_a_dealer_card_exposed_before_the_board_is_complete_deals_the_rest_to_settle_the_trips_plus():
    # Before the Flop: the Pocket Bonus is decided by the two cards; the Trips Plus Wager is on the
    # five community cards (§ 677a.7(d)(3)), so the void deals them before settling it (§ 677a.13(d)).
    rnd = irregularity(at("preflop_decision"), "dealer_card_exposed")
    (pending,) = [a for a in rnd.approvals if a.status == "pending"]
    rnd = tap(rnd, {"type": "approve", "approval": pending.id})
    assert (rnd.prompt.step, rnd.prompt.cards_for, rnd.prompt.cards_needed) == ("void_board", "board", 5)
    rnd = turn_cards(rnd, SEATS, DEALER, board=BOARD)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "odds": ("void", 0), "pocket_bonus": ("win", 100_00)},  # § 677a.12(d) A
        # Board 2h 7h 9h Jc 3d: 9c 9d make three nines, § 677a.12(e) A 3 to 1 on $5 = $15.
        3: {"ante": ("void", 0), "odds": ("void", 0), "trips_plus": ("win", 15_00)},
        # Kc Kd: a pair of kings, below three-of-a-kind: the Trips Plus $5 is collected.
        5: {"ante": ("void", 0), "odds": ("void", 0), "pocket_bonus": ("win", 25_00),  # § 677a.12(d) A
            "trips_plus": ("lose", 5_00)},
    }


def test_a_dealer_card_exposed_during_the_deal_is_a_void():
    rnd = irregularity(at("deal"), "dealer_card_exposed")
    assert rnd.void_pending.section == "§ 677a.13(d)"


@pytest.mark.parametrize("phase", ["reveal", "settle", "settle_optional"])
def test_a_dealer_card_exposed_after_each_player_folded_or_raised_is_not_a_void(phase):
    refusal = refuse(at(phase), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")
    assert refusal.section == "§ 677a.13(d)"


def test_once_every_player_has_raised_before_the_flop_an_exposed_dealer_card_is_not_a_void():
    # § 677a.13(d): "prior to each player having either folded or placed a Raise Wager".
    seats = {1: Hand("10", "Ah Kh", plays="30"), 2: Hand("10", "4c 5d", plays="10")}
    refuse(at("flop", seats=seats), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")


# -- Automated shoe jam: § 677a.13(f) ------------------------------------------------------------


@pytest.mark.parametrize("method", ["manual_shoe", "hand"])
def test_a_shoe_jam_is_refused_on_a_table_without_an_automated_shoe(method):
    rnd = at("flop", rules={"dealing_method": method})
    refusal = refuse(rnd, {"type": "irregularity", "kind": "shoe_jam"}, "does not deal from an automated shoe")
    assert refusal.section == "§ 677a.13(f)"


@pytest.mark.parametrize("method", ["automated_shoe", "reshuffling_shoe"])
def test_a_shoe_jam_voids_the_round_and_returns_every_wager(method):
    rnd = approve_void(irregularity(at("flop", rules={"dealing_method": method}), "shoe_jam"))
    assert settled(rnd) == all_returned(rnd)  # § 677a.13(f): all wagers returned
    assert {line.section for line in rnd.lines} == {"§ 677a.13(f)"}


# -- The stub count: § 677a.8(e)-(g), § 677a.9(d)-(f), § 677a.10(d)-(f) ---------------------------

STUB_DUE = {"stub_count_due": True}


def test_the_stub_count_is_prompted_once_the_turn_and_river_are_dealt_when_it_is_due():
    rnd = at("stub_count", rules=STUB_DUE, stub_count="correct")
    assert (rnd.prompt.step, rnd.prompt.section) == ("stub_count", "§ 677a.8(e)")
    assert len(rnd.board) == 5  # § 677a.8(d): after all community cards have been dealt
    assert [c.action["result"] for c in rnd.prompt.choices] == ["correct", "misdealt", "incorrect"]


@pytest.mark.parametrize("rules", [{}, {"stub_count_due": True, "counting_shuffler": True}])
def test_no_stub_count_is_prompted_when_not_due_or_with_a_counting_shuffler(rules):
    prompts = []
    play(SEATS, BOARD, DEALER, rules=rules, prompts=prompts)
    assert "stub_count" not in {p.step for p in prompts}


@pytest.mark.parametrize("result, deck_removed", [("misdealt", False), ("incorrect", True)])
def test_a_wrong_stub_count_voids_the_round_and_returns_every_wager(result, deck_removed):
    rnd = play(SEATS, BOARD, DEALER, rules=STUB_DUE, stub_count=result, until="river_decision")
    assert rnd.prompt.waiting_for_floor
    rnd = approve_void(rnd)
    assert settled(rnd) == all_returned(rnd)  # § 677a.8(g): all hands void, all wagers returned
    assert {line.section for line in rnd.lines} == {"§ 677a.8(g)"}
    # § 677a.8(g): if the cards were not misdealt, the entire deck is removed from the table.
    assert rnd.void.removes_deck is deck_removed


@pytest.mark.parametrize("method, section", [("hand", "§ 677a.9(f)"), ("automated_shoe", "§ 677a.10(f)")])
def test_a_wrong_stub_count_cites_the_misdeal_rule_of_the_tables_dealing_method(method, section):
    rnd = play(SEATS, BOARD, DEALER, rules={**STUB_DUE, "dealing_method": method}, stub_count="misdealt",
               until="river_decision")
    assert (rnd.void_pending.section, rnd.approvals[0].section) == (section, section)
