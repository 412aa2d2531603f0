"""The irregularities of Texas Hold 'Em Bonus Poker that are its own, § 647a.13.

A void waits for a floorperson; once approved every wager comes back with outcome "void",
except the Texas Hold 'Em Bonus Wager where § 647a.13(a) (cards found face up after the
initial two cards) or § 647a.13(d) (a dealer's card exposed early) keeps it alive.  What every
banked poker chapter words alike (a card found face up while dealing, a wrong number of cards,
a shoe jam, the stub count) is checked for every game in test_chapter_machinery.py.
"""

import pytest
from play import Round, approve_void, report, settled
from thb_play import ROUND, Hand, at, outcomes, play, refuse

# Seat 1: Ante $10, Bonus $5 on ace-king suited; seat 3: Ante $25, no Bonus; seat 5: Ante $5,
# Bonus $5 on king-king, folds.  Board 2h 7h 9h Jc 3d, the dealer's Qs Qd.
SEATS, BOARD, DEALER = ROUND


# -- More than one card face up after the initial two cards: § 647a.13(a) ----------------------


def test_two_cards_face_up_after_the_initial_deal_still_settle_the_bonus_wagers():
    rnd = report(at("flop"), "card_face_up", card="8c")
    rnd = report(rnd, "card_face_up", card="8d")
    rnd = approve_void(rnd, ROUND)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "flop": ("void", 0),  # § 647a.13(a): wagers returned
            "bonus": ("win", 125_00)},  # § 647a.13(a), § 647a.12(b) A: ace-king suited 25 to 1 on $5 = $125
        3: {"ante": ("void", 0), "flop": ("void", 0)},  # § 647a.13(a)
        5: {"ante": ("void", 0),  # § 647a.13(a): all wagers returned, the folded Ante too
            "bonus": ("win", 50_00)},  # § 647a.12(b) A: king-king 10 to 1 on $5 = $50
    }


def test_a_bonus_wager_that_pays_nothing_is_collected_in_a_void_after_the_deal():
    seats = {2: Hand("10", "9c 8d", bonus="5")}
    rnd = report(report(at("flop", seats=seats), "card_face_up", card="4c"), "card_face_up",
                       card="4s")
    rnd = approve_void(rnd, Round(seats, BOARD, DEALER))
    assert outcomes(rnd, 2) == {"ante": ("void", 0), "flop": ("void", 0),
                                "bonus": ("lose", 5_00)}  # § 647a.12(b): nine-eight pays nothing


def test_a_void_after_the_deal_pays_ace_ace_dealer_and_player_when_the_dealer_holds_two_aces():
    # § 647a.13(a): the Bonus Wager is settled by § 647a.12(b), whose Paytable A pays
    # "Ace-ace (dealer and player)" 1,000 to 1: the dealer's two cards decide between that row
    # and "Ace-ace" (30 to 1), so the void must take them into account.
    seats = {2: Hand("10", "As Ah", bonus="5")}
    rnd = report(report(at("flop", seats=seats), "card_face_up", card="4c"), "card_face_up",
                       card="4s")
    rnd = approve_void(rnd, Round(seats, BOARD, "Ad Ac"))
    assert outcomes(rnd, 2)["bonus"] == ("win", 5_000_00)  # § 647a.12(b) A: 1,000 to 1 on $5 = $5,000


def test_a_card_reading_shoe_settles_ace_ace_dealer_and_player_in_a_void():
    seats = {2: Hand("10", "As Ah", bonus="5")}
    rnd = play(seats, BOARD, "Ad Ac", until="flop", card_reader=True)
    rnd = report(report(rnd, "card_face_up", card="4c"), "card_face_up", card="4s")
    rnd = approve_void(rnd, Round(seats, BOARD, "Ad Ac"))
    assert outcomes(rnd, 2)["bonus"] == ("win", 5_000_00)  # § 647a.12(b) A: 1,000 to 1 on $5 = $5,000


# -- A dealer's card exposed: § 647a.13(d) -------------------------------------------------------


def test_a_dealer_card_exposed_before_the_decisions_end_returns_the_main_wagers_and_settles_the_bonus():
    rnd = report(at("turn_decision"), "dealer_card_exposed")
    assert rnd.approvals[0].section == "§ 647a.13(d)"
    rnd = approve_void(rnd, ROUND)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "flop": ("void", 0),  # § 647a.13(d): Ante and Flop returned
            "bonus": ("win", 125_00)},  # § 647a.13(d), § 647a.12(b) A: ace-king suited 25 to 1 on $5 = $125
        3: {"ante": ("void", 0), "flop": ("void", 0)},
        5: {"ante": ("void", 0), "bonus": ("win", 50_00)},  # § 647a.12(b) A: king-king 10 to 1 on $5 = $50
    }
    assert rnd.prompt.step == "close"


def test_a_dealer_card_exposed_during_the_river_decisions_returns_the_turn_wager_too():
    rnd = play(SEATS, BOARD, DEALER, until="river_decision")
    rnd = approve_void(report(rnd, "dealer_card_exposed"), ROUND)
    assert outcomes(rnd, 1) == {"ante": ("void", 0), "flop": ("void", 0), "turn": ("void", 0),  # § 647a.13(d)
                                "bonus": ("win", 125_00)}  # § 647a.12(b) A: 25 to 1 on $5


@pytest.mark.parametrize("phase", ["river", "reveal", "settle"])
def test_a_dealer_card_exposed_after_every_decision_is_not_a_void(phase):
    refusal = refuse(at(phase), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")
    assert refusal.section == "§ 647a.13(d)"


def test_a_dealer_card_exposed_after_every_player_folded_is_not_a_void():
    seats = {2: Hand("10", "Kc Kd", bonus="5", plays="fold")}
    refuse(at("flop", seats=seats), {"type": "irregularity", "kind": "dealer_card_exposed"}, "applies only")


def test_a_dealer_card_exposed_during_the_deal_is_a_void():
    rnd = report(at("deal"), "dealer_card_exposed")
    assert rnd.void_pending.section == "§ 647a.13(d)"
