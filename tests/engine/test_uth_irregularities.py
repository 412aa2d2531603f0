"""The irregularities of Ultimate Texas Hold 'Em Poker that are its own.

§ 653a.13 is not available: the game follows the shared procedure of Chapter 677a, whose round is
shaped like this one.  A void waits for a floorperson; once approved every wager comes back with
outcome "void", except the Trips Wager, decided on the five community cards, when more than one
card is found face up after the initial two cards (§ 677a.13(a)) or a dealer's card is exposed
before each player has folded or made the Play Wager (§ 677a.13(d)): the rest of the board is
dealt and it is settled.  What every banked poker chapter words alike is checked in
test_chapter_machinery.py.
"""

from play import approve_void, report, settled
from uth_play import ROUND, at, refuse

# Seat 1: Ante and Blind $10 on Ah Kh, plays $40 before the Flop; seat 3: Ante and Blind $25 and
# Trips $5 on 9c 9d, plays after the Flop; seat 5: Ante and Blind $5 and Trips $5 on Kc Kd, checks
# and folds after the River.  Board 2h 7h 9h Jc 3d, the dealer's Qs Qd.


def test_a_dealer_card_exposed_before_the_flop_returns_the_main_wagers_and_settles_trips_on_the_whole_board():
    rnd = report(at("preflop_decision"), "dealer_card_exposed")
    assert rnd.approvals[0].section == "§ 677a.13(d)"
    prompts = []
    rnd = approve_void(rnd, ROUND, prompts)
    # The void deals the five community cards before the Trips Wagers are settled.
    assert [(p.step, p.cards_needed) for p in prompts][0] == ("void_board", 5)
    assert settled(rnd) == {
        1: {"ante": ("void", 0), "blind": ("void", 0)},
        3: {"ante": ("void", 0), "blind": ("void", 0),
            "trips": ("win", 15_00)},  # § 653a.12(c) B: 9c 9d + 9h, three nines, 3 to 1 on $5 = $15
        5: {"ante": ("void", 0), "blind": ("void", 0),
            "trips": ("lose", 5_00)},  # a pair of kings is below three-of-a-kind
    }
    assert rnd.prompt.step == "close"


def test_a_dealer_card_exposed_after_the_river_returns_the_play_wagers_too():
    rnd = approve_void(report(at("river_decision"), "dealer_card_exposed"), ROUND)
    assert settled(rnd)[1] == {"ante": ("void", 0), "blind": ("void", 0), "play": ("void", 0)}
    assert settled(rnd)[3]["play"] == ("void", 0)


def test_a_dealer_card_exposed_once_every_player_decided_is_refused():
    refusal = refuse(at("reveal"), {"type": "irregularity", "kind": "dealer_card_exposed"},
                     "only before each player has folded or made the Play Wager")
    assert refusal.section == "§ 677a.13(d)"


def test_two_cards_face_up_after_the_deal_still_settle_the_trips_wagers():
    rnd = report(report(at("flop"), "card_face_up", card="8c"), "card_face_up", card="8d")
    assert rnd.void_pending.section == "§ 677a.13(a)"
    rnd = approve_void(rnd, ROUND)
    # Before the Flop seat 1 had played $40, seat 3 not yet.
    assert settled(rnd)[1] == {"ante": ("void", 0), "blind": ("void", 0), "play": ("void", 0)}
    assert settled(rnd)[3] == {"ante": ("void", 0), "blind": ("void", 0),
                               "trips": ("win", 15_00)}  # § 653a.12(c) B: three nines, 3 to 1 on $5 = $15


def test_two_cards_face_up_while_dealing_void_every_wager_the_trips_too():
    rnd = report(report(at("deal"), "card_face_up", card="8c"), "card_face_up", card="8d")
    rnd = approve_void(rnd, ROUND)
    assert settled(rnd)[5] == {"ante": ("void", 0), "blind": ("void", 0), "trips": ("void", 0)}
