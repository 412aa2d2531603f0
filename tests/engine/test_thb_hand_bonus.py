"""The Five Card Hand Bonus Wager of Texas Hold 'Em Bonus Poker on the player's hand, with the
Magic Card and Lucky Bonuses (§ 647a.7(d)(4), § 647a.11(j), § 647a.12(e)).

Worked out by hand from § 647a.12(e): the paytable of (e)(1) on the two cards and the three-card
Flop, "X for 1" credited X times the wager in all (the electronic wagering system took it); the
Magic Card 20 for 1 and the Lucky Bonus 5 for 1 of (e)(3), paid besides, X times the wager.
"""

import pytest
from play import named
from thb_play import Hand, outcomes, play, refuse, round_actions, tap

from games.engine.core import ACCOUNT, CAGE, RoundState
from games.engine.registry import game_for
from games.engine.round_sheet import settle_sheet, settlement_sheet, sheet_from_log

GAME = game_for("texas-holdem-bonus")
RULES = {"progressives": {"five_card_hand_bonus": {"amount": "5.00", "meters": {"": {"id": 9, "name": "FCHB"}}}}}
FLUSH_FLOP = "9h Kh 4h 2c 3d"  # with Ah 2h: a flush on the Flop (Ah 2h 9h Kh 4h)
NO_DRAW = ("7s", "dealer")  # a Magic Card on no seat's five cards and the dealer's position: no extra bonus


def lines(rnd, seat):
    return {line.wager: line for line in rnd.lines if line.seat == seat}


def test_the_system_draws_before_the_deal_and_the_dealer_waits_for_it():
    rnd = play({1: Hand("10", "Ah 2h", hand_bonus="5")}, FLUSH_FLOP, "5s 5c", rules=RULES, until="magic_draw",
               draw=NO_DRAW)
    assert rnd.prompt.step == "magic_draw" and rnd.prompt.choices == ()
    refuse(rnd, {"type": "deal"}, "Not now")
    refuse(rnd, {"type": "system_draw", "magic_card": "Qs", "lucky": 7}, "one of 1, 2, 3, 4, 5, 6, \"dealer\", not 7")
    refuse(rnd, {"type": "system_draw", "magic_card": "Zz", "lucky": 2}, "no rank 'Z'")
    drawn = tap(rnd, {"type": "system_draw", "magic_card": "Qs", "lucky": "dealer"})
    assert drawn.step_results["magic_draw"] == {"magic_card": "Qs", "lucky": "dealer"}
    assert drawn.prompt.step == "deal"


def test_no_draw_without_a_hand_bonus_wager():
    rnd = play({1: Hand("10", "Ah 2h")}, FLUSH_FLOP, "5s 5c", rules=RULES, until="deal")
    assert "magic_draw" not in rnd.step_results and rnd.prompt.step == "deal"


def test_a_flush_is_credited_50_for_1_to_the_game_account():
    rnd = play({1: Hand("10", "Ah 2h", hand_bonus="5")}, FLUSH_FLOP, "5s 5c", rules=RULES, draw=NO_DRAW)
    line = lines(rnd, 1)["five_card_hand_bonus"]
    # § 647a.12(e)(1): flush, 50 for 1 on $5 = $250 credited, $245 beyond the wager.
    assert (line.outcome, line.amount, line.odds, line.payer) == ("win", 245_00, "50 for 1", ACCOUNT)
    assert line.instruction == "the system credits $250.00 to the player's game account"
    assert not line.must_validate and rnd.approvals == []  # below 500 for 1: no floorperson (§ 647a.11(j)(2))


def test_four_of_a_kind_at_500_for_1_is_verified_by_a_floorperson():
    rnd = play({1: Hand("10", "8s 8d", hand_bonus="5")}, "8c 8h 2s Kc 3d", "5s 5c", rules=RULES, draw=NO_DRAW)
    line = lines(rnd, 1)["five_card_hand_bonus"]
    assert (line.amount, line.must_validate) == (2_495_00, True)  # 500 for 1 on $5 = $2,500 in all
    assert [(a.kind, a.seat) for a in rnd.approvals] == [("payout", 1)]


def test_a_royal_flush_claims_the_meter_paid_by_the_cage_not_the_game_account():
    rnd = play({1: Hand("10", "Ah Kh", hand_bonus="5")}, "Th Jh Qh 2c 3d", "5s 5c", rules=RULES, draw=NO_DRAW)
    (claim,) = rnd.claims
    assert (claim.wager, claim.share, claim.meter, claim.section) == (
        "five_card_hand_bonus", "100% of meter", "FCHB", "§ 647a.12(e)(1)")
    paid = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 12_000_00, "meter_amount": 12_000_00})
    assert lines(paid, 1)["five_card_hand_bonus"].payer == CAGE  # § 647a.11(j)(3)


@pytest.mark.parametrize("draw, extras", [
    (("Kh", "dealer"), {"magic_card_bonus": 100_00}),  # Kh is on the Flop: 20 for 1 on $5 = $100 (§ 647a.12(e)(3))
    (("2h", "dealer"), {"magic_card_bonus": 100_00}),  # 2h is one of the player's cards
    (("7s", 1), {"lucky_bonus": 25_00}),  # seat 1 is the Lucky position: 5 for 1 on $5 = $25
    (("Ah", 1), {"magic_card_bonus": 100_00, "lucky_bonus": 25_00}),  # both
    (("2c", 3), {}),  # 2c is the Turn, not among the five cards; seat 3 is not seat 1
])
def test_the_magic_card_and_lucky_bonuses_are_paid_besides_the_hand(draw, extras):
    rnd = play({1: Hand("10", "Ah 2h", hand_bonus="5")}, FLUSH_FLOP, "5s 5c", rules=RULES, draw=draw)
    paid = {wager: line.amount for wager, line in lines(rnd, 1).items() if wager in ("magic_card_bonus", "lucky_bonus")}
    assert paid == extras
    for wager in extras:
        assert lines(rnd, 1)[wager].payer == ACCOUNT


def test_the_magic_card_is_paid_even_when_the_hand_loses():
    rnd = play({1: Hand("10", "4c 6d", hand_bonus="5")}, "9h Kh Qs 2c 3d", "5s 5c", rules=RULES, draw=("Qs", 2))
    assert outcomes(rnd, 1)["five_card_hand_bonus"] == ("lose", 5_00)
    assert outcomes(rnd, 1)["magic_card_bonus"] == ("win", 100_00)


def test_a_folded_players_hand_bonus_is_still_settled():
    rnd = play({1: Hand("10", "Ah 2h", hand_bonus="5", plays="fold")}, FLUSH_FLOP, "5s 5c", rules=RULES,
               draw=NO_DRAW)
    assert outcomes(rnd, 1)["five_card_hand_bonus"] == ("win", 245_00)  # § 647a.11(b)(2)(i)(C), (j)


def drawn_round() -> tuple[RoundState, list[dict]]:
    """A round with the Magic Card Kh and seat 1 Lucky, and the log of its actions as tapped."""
    actions = []
    rnd = RoundState(GAME, RULES)
    for _, action in round_actions({1: Hand("10", "Ah 2h", hand_bonus="5")}, FLUSH_FLOP, "5s 5c", draw=("Kh", 1)):
        actions.append(named(rnd, action))
        rnd = rnd.apply(actions[-1])
    return rnd, actions


def test_the_draw_replays_from_the_log():
    rnd, actions = drawn_round()
    replayed = RoundState.replay(GAME, RULES, actions)
    assert replayed.step_results["magic_draw"] == rnd.step_results["magic_draw"] == {"magic_card": "Kh", "lucky": 1}
    assert replayed.lines == rnd.lines


def test_the_round_sheet_carries_the_draw():
    rnd, actions = drawn_round()
    sheet = sheet_from_log(GAME.slug, RULES, actions)
    assert sheet["inputs"]["magic_draw"] == {"magic_card": "Kh", "lucky": 1}
    assert settle_sheet(sheet)["lines"] == settlement_sheet(rnd)["lines"]


# -- the Five Card Hand Bonus Wager on the dealer's hand (§ 647a.7(d)(4), § 647a.12(e)(2)) -----------

DEALER_RULES = {"progressives": {**RULES["progressives"],
                                 "five_card_hand_bonus_dealer": RULES["progressives"]["five_card_hand_bonus"]}}


def test_a_flush_on_the_dealers_hand_is_credited_to_the_player_who_wagered_on_it():
    # The dealer's 2h 5h and the Flop 9h Kh 4h make a flush; seat 1's own 4c 6d make a pair of fours.
    rnd = play({1: Hand("10", "4c 6d", hand_bonus="5", dealer_hand_bonus="5")}, FLUSH_FLOP, "2h 5h",
               rules=DEALER_RULES, draw=NO_DRAW[:1] + (2,))
    paid = lines(rnd, 1)
    # § 647a.12(e)(1): a flush is 50 for 1: $5 x 50 = $250 credited, $245 beyond the wager.
    assert (paid["five_card_hand_bonus_dealer"].outcome, paid["five_card_hand_bonus_dealer"].amount) == ("win", 245_00)
    assert paid["five_card_hand_bonus_dealer"].payer == ACCOUNT
    assert "Dealer's flush" in paid["five_card_hand_bonus_dealer"].hand
    assert outcomes(rnd, 1)["five_card_hand_bonus"] == ("lose", 5_00)  # the player's own pair of fours


def test_the_dealers_hand_pays_each_wagerer_on_their_own_wager_at_odds():
    # The dealer's 8s 8d with the Flop 8c 8h 2s: four eights, 500 for 1 (§ 647a.12(e)(1)) on each wager,
    # not divided: $5 x 500 = $2,500 in all ($2,495 beyond it) to each; each verified ((j)(2)).
    rnd = play({1: Hand("10", "4c 6d", dealer_hand_bonus="5"), 2: Hand("10", "4s 6s", dealer_hand_bonus="5")},
               "8c 8h 2s Kc 3d", "8s 8d", rules=DEALER_RULES, draw=NO_DRAW[:1] + (3,))
    assert outcomes(rnd, 1)["five_card_hand_bonus_dealer"] == ("win", 2_495_00)
    assert outcomes(rnd, 2)["five_card_hand_bonus_dealer"] == ("win", 2_495_00)
    assert sorted(a.seat for a in rnd.approvals) == [1, 2]


def test_a_jackpot_on_the_dealers_hand_is_divided_equally_among_the_players_who_wagered_on_it():
    """§ 647a.12(e)(2): the dealer's Ah Kh and the Flop Th Jh Qh are a royal flush, 100% of the meter;
    three players wagered on the dealer's hand, so a $10,000.00 meter is divided in three: $3,333.33
    each, the odd cent staying on the meter.  Seat 4 wagered only on its own hand, which loses."""
    hands = {1: Hand("10", "4c 6d", dealer_hand_bonus="5"), 3: Hand("10", "4s 6s", dealer_hand_bonus="5"),
             4: Hand("10", "7c 7d", hand_bonus="5"), 5: Hand("10", "9c 9d", dealer_hand_bonus="5", plays="fold")}
    rnd = play(hands, "Th Jh Qh 2c 3d", "Ah Kh", rules=DEALER_RULES, draw=NO_DRAW[:1] + (2,))
    (claim,) = rnd.claims
    assert (claim.wager, claim.share, claim.section, claim.divisor) == (
        "five_card_hand_bonus_dealer", "100% of meter", "§ 647a.12(e)(2)", 3)
    assert sorted(claim.shared_by) == [1, 3, 5]
    refuse(rnd, {"type": "resolve_claim", "claim": 1, "amount": 3_333_33, "meter_amount": 10_000_00},
           "100% of meter of \\$10,000.00 is \\$10,000.00")
    paid = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 10_000_00, "meter_amount": 10_000_00})
    for seat in (1, 3, 5):
        line = lines(paid, seat)["five_card_hand_bonus_dealer"]
        assert (line.outcome, line.amount, line.payer, line.must_validate) == ("win", 3_333_33, CAGE, True)
        assert "divided equally among the 3 players" in line.note
    assert outcomes(paid, 4)["five_card_hand_bonus"] == ("lose", 5_00)
    assert sorted(a.seat for a in paid.approvals if a.kind == "payout") == [1, 3, 5]


def test_the_magic_card_and_lucky_bonuses_on_the_dealers_hand():
    # § 647a.1: the Magic Card Kh is on the Flop, so it is among both hands' five cards; the Lucky
    # position drawn is the dealer's.  § 647a.12(e)(3) on a $5 wager: Magic Card 20 for 1 = $100,
    # Lucky Bonus 5 for 1 = $25, each on the wager that earned it.
    rnd = play({1: Hand("10", "4c 6d", hand_bonus="5", dealer_hand_bonus="5")}, FLUSH_FLOP, "2h 5h",
               rules=DEALER_RULES, draw=("Kh", "dealer"))
    paid = {wager: line.amount for wager, line in lines(rnd, 1).items() if line.outcome == "win"}
    assert paid == {"magic_card_bonus": 100_00, "magic_card_bonus_dealer": 100_00, "lucky_bonus_dealer": 25_00,
                    "five_card_hand_bonus_dealer": 245_00}


def test_the_dealers_hand_bonus_needs_the_dealers_cards_even_when_every_seat_folds():
    rnd = play({2: Hand("10", "4c 6d", dealer_hand_bonus="5", plays="fold")}, FLUSH_FLOP, "2h 5h",
               rules=DEALER_RULES, draw=NO_DRAW[:1] + (3,))
    assert outcomes(rnd, 2)["five_card_hand_bonus_dealer"] == ("win", 245_00)
    assert outcomes(rnd, 2)["ante"] == ("lose", 10_00)
