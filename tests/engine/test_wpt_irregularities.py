"""The irregularities of World Poker Tour Heads-Up Hold 'Em that are its own, § 677a.13.

A void waits for a floorperson; once approved every wager comes back with outcome "void",
except the Pocket Bonus Wager when more than one card is found face up after the initial two
cards (§ 677a.13(a)), and the Pocket Bonus and Trips Plus Wagers when a dealer's card is
exposed before each player has folded or raised (§ 677a.13(d)).  What every banked poker chapter
words alike (a card found face up while dealing, a wrong number of cards, a shoe jam, the stub
count) is checked for every game in test_chapter_machinery.py.
"""

import pytest
from play import Round, approve_void, report, settled
from wpt_play import ROUND, Hand, at, outcomes, refuse, tap, turn_cards

# Seat 1: Ante $10, Pocket Bonus $5 on ace-king suited, raises $30 before the Flop; seat 3: Ante
# $25, Trips Plus $5, raises $50 after the Flop; seat 5: Ante $5, both optional wagers on a
# pair of kings, checks and folds after the River.  Board 2h 7h 9h Jc 3d, the dealer's Qs Qd.
SEATS, BOARD, DEALER = ROUND


# -- More than one card face up after the initial two cards: § 677a.13(a) ----------------------


def test_two_cards_face_up_after_the_initial_two_cards_still_settle_the_pocket_bonus_wagers():
    rnd = report(report(at("flop"), "card_face_up", card="8c"), "card_face_up", card="8d")
    rnd = approve_void(rnd, ROUND)
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
    rnd = report(report(at("flop", seats=seats), "card_face_up", card="4c"), "card_face_up", card="4s")
    rnd = approve_void(rnd, Round(seats, BOARD, DEALER))
    assert outcomes(rnd, 2) == {"ante": ("void", 0), "odds": ("void", 0), "raise": ("void", 0),
                                "pocket_bonus": ("lose", 5_00)}  # § 677a.11(i)(1)(ii): nine-eight pays nothing


# -- A dealer's card exposed: § 677a.13(d) -------------------------------------------------------


def test_a_dealer_card_exposed_after_the_turn_and_river_returns_the_main_wagers_and_settles_both_optional_ones():
    # Seat 5 has not yet raised or folded: the exposure voids the round.
    rnd = report(at("river_decision"), "dealer_card_exposed")
    assert rnd.approvals[0].section == "§ 677a.13(d)"
    rnd = approve_void(rnd, ROUND)
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
    rnd = report(at("preflop_decision"), "dealer_card_exposed")
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
    rnd = report(at("deal"), "dealer_card_exposed")
    assert rnd.void_pending.section == "§ 677a.13(d)"


@pytest.mark.parametrize("phase", ["reveal", "settle", "settle_optional"])
def test_a_dealer_card_exposed_after_each_player_folded_or_raised_is_not_a_void(phase):
    refusal = refuse(at(phase), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")
    assert refusal.section == "§ 677a.13(d)"


def test_once_every_player_has_raised_before_the_flop_an_exposed_dealer_card_is_not_a_void():
    # § 677a.13(d): "prior to each player having either folded or placed a Raise Wager".
    seats = {1: Hand("10", "Ah Kh", plays="30"), 2: Hand("10", "4c 5d", plays="10")}
    refuse(at("flop", seats=seats), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")
