"""The Bad Beat and High Hand jackpots (§§ 637a.15-637a.16: not available, so as commonly played, each
point a rules option): the drops build each table's funds, a qualifying Bad Beat pays the Bad Beat
fund by the Rules Submission's shares, the period's best qualifying high hand is paid the High Hand
fund; the cage pays both, once a floorperson approves."""

from __future__ import annotations

from decimal import Decimal

from poker_play import GAME, actions, lines, play, refuse, run
from pokerkit import StandardHighHand

from games.engine.poker.jackpots import BadBeatRules, bad_beat
from games.engine.poker.pots import Showing
from games.engine.round_sheet import settle_sheet, sheet_from_log

# The $0.50 drop is taken at a table whose smallest chip is $0.50: a drop is whole chips (§ 637a.11(k)).
JACKPOTS = {"rake_method": "none", "bad_beat_drop": "1.00", "high_hand_drop": "0.50", "drop_minimum_pot": "0.00",
            "chip_unit": "0.50"}
FOUR = {str(seat): {"stack": 100_00} for seat in (1, 3, 5, 7)}
# The button on seat 7 (as it was), the blinds on seats 1 and 3: the next hand's button is seat 1.
TABLE = {"seats": FOUR, "button": 5, "moves": True, "funds": {"bad_beat": 500_00, "high_hand": 80_00}}
# Button 7, small blind 1, big blind 3.  Everyone calls $2 and checks to the showdown: $8 in the pot.
# Seat 1's 9h 9d make four nines with both of its own cards, beaten by seat 3's Ks Qs straight flush
# (Ks Qs Js Ts 9s), both of its own cards too.
BAD_BEAT = """
    start
    deal
    5 call
    7 call
    1 call
    3 check
    flop 9s 9c Ts
    1 check
    3 check
    5 check
    7 check
    turn Js
    1 check
    3 check
    5 check
    7 check
    river 2d
    1 check
    3 check
    5 check
    7 check
    1 shows 9h 9d
    3 shows Ks Qs
    5 mucks
    7 mucks
"""


def test_a_bad_beat_pays_the_fund_by_its_shares_once_a_floorperson_approves():
    rnd = play(BAD_BEAT, JACKPOTS, TABLE)
    # The drops come out of the $8 main pot (§ 637a.7(e)(6)(iv)): $1 and $0.50; seat 3 is pushed $6.50.
    # The Bad Beat fund: $500.00 + $1.00 = $501.00.  50% to the losing hand: $250.50; 25% to the winning
    # hand: $125.25; 25% ($125.25) shared by seats 5 and 7: $62.62 each, and the cent left over goes to
    # the losing hand: $250.51.  $250.51 + $125.25 + 2 × $62.62 = $501.00.
    assert lines(rnd) == {(0, "bad_beat_drop"): ("drop", 1_00), (0, "high_hand_drop"): ("drop", 50),
                          (3, "main_pot"): ("award", 6_50), (1, "bad_beat_losing_hand"): ("win", 250_51),
                          (3, "bad_beat_winning_hand"): ("win", 125_25), (5, "bad_beat_table_share"): ("win", 62_62),
                          (7, "bad_beat_table_share"): ("win", 62_62)}
    paid = [line for line in rnd.lines if line.wager.startswith("bad_beat_") and line.outcome == "win"]
    assert all(line.payer == "cage" and line.section == "§ 637a.15" for line in paid)
    assert "Four of a kind" in paid[0].hand and "Straight flush" in paid[1].hand
    (approval,) = rnd.approvals
    assert approval.kind == "payout" and approval.section == "§ 637a.15" and approval.status == "pending"
    # The hand does not close while the payout waits.
    refuse(rnd, "close", "A floorperson approves or refuses the payout first", "§ 637a.15")
    rnd = run(rnd, "approve\nclose")
    carried = GAME.carried_options(rnd)["positions"]
    # The Bad Beat fund is paid out whole; the High Hand fund has the $0.50 drop: $80.50, and seat 3's
    # straight flush (four of a kind or better, both of its own cards) is the period's High Hand.
    assert carried["funds"] == {"high_hand": 80_50}
    assert carried["high_hand"]["seat"] == 3
    assert sorted(carried["high_hand"]["cards"]) == ["9s", "Js", "Ks", "Qs", "Ts"]


def test_a_refused_bad_beat_pays_nothing_and_the_fund_stays():
    rnd = run(play(BAD_BEAT, JACKPOTS, TABLE), "refuse\nclose")
    assert not [line for line in rnd.lines if line.wager.startswith("bad_beat_") and line.outcome == "win"]
    assert GAME.carried_options(rnd)["positions"]["funds"] == {"bad_beat": 501_00, "high_hand": 80_50}


def test_the_odd_cent_may_stay_in_the_fund_and_the_shares_are_the_rules_options():
    rules = {**JACKPOTS, "bad_beat_odd_cents": "stays", "bad_beat_losing_share": "40",
             "bad_beat_winning_share": "40", "bad_beat_table_share": "20"}
    rnd = run(play(BAD_BEAT, rules, TABLE), "approve\nclose")
    # $501.00: 40% is $200.40 to each hand; 20% is $100.20, $50.10 to each of seats 5 and 7: nothing left.
    assert lines(rnd)[(1, "bad_beat_losing_hand")] == ("win", 200_40)
    assert lines(rnd)[(5, "bad_beat_table_share")] == ("win", 50_10)
    assert "bad_beat" not in GAME.carried_options(rnd)["positions"]["funds"]
    rules |= {"bad_beat_losing_share": "50", "bad_beat_winning_share": "25", "bad_beat_table_share": "25"}
    rnd = run(play(BAD_BEAT, rules, TABLE), "approve\nclose")
    # As in the first test, but the cent none of the shares divides stays: $250.50 to the losing hand.
    assert lines(rnd)[(1, "bad_beat_losing_hand")] == ("win", 250_50)
    assert GAME.carried_options(rnd)["positions"]["funds"]["bad_beat"] == 1


def test_no_bad_beat_when_a_hole_card_does_not_play_or_too_few_were_dealt_in():
    # The board 9s 9c 9d Js Ts: seat 1's four nines use only one of its cards (9h); seat 3's Ks Qs still
    # make the straight flush.  With both cards required there is no Bad Beat; with one, there is.
    script = BAD_BEAT.replace("flop 9s 9c Ts", "flop 9s 9c 9d").replace("river 2d", "river Ts").replace(
        "1 shows 9h 9d", "1 shows 9h 2c")
    rnd = play(script, JACKPOTS, TABLE)
    assert not rnd.approvals and (1, "bad_beat_losing_hand") not in lines(rnd)
    rnd = play(script, {**JACKPOTS, "bad_beat_hole_cards": "one"}, TABLE)
    assert (1, "bad_beat_losing_hand") in lines(rnd)
    # Five players dealt in required: four were.
    rnd = play(BAD_BEAT, {**JACKPOTS, "bad_beat_min_players": "5"}, TABLE)
    assert not rnd.approvals


def test_the_high_hand_of_the_period_is_paid_the_fund_between_hands_once_approved():
    queens = {"seat": 5, "cards": ["Qs", "Qh", "Qd", "Qc", "2s"]}
    carried = {**TABLE, "funds": {"high_hand": 80_00}, "high_hand": queens}
    rnd = play(BAD_BEAT, {**JACKPOTS, "bad_beat_drop": "0.00"}, carried)
    # Seat 3's straight flush beats the four queens standing; seat 1's four nines do not.
    assert rnd.high_hand.seat == 3
    rnd = run(rnd, "close")
    after = GAME.carried_options(rnd)["positions"]
    rnd = GAME.new_round({**JACKPOTS, "positions": after})
    (offered,) = [c for c in rnd.prompt.choices if c.action.get("do") == "high_hand_payout"]
    assert offered.label == "End of the qualifying period: pay the High Hand jackpot ($80.50) to seat 3"
    rnd = rnd.apply(offered.action)
    # The fund: $80.00 and the $0.50 drop; the cage pays it to seat 3.
    assert lines(rnd) == {(3, "high_hand_jackpot"): ("win", 80_50)}
    refuse(rnd, {"type": "start_hand", "step": "seating"}, "A floorperson approves or refuses", "§ 637a.16")
    refuse(rnd, {"type": "seating", "step": "seating", "do": "high_hand_payout"}, "paid in this round already")
    rnd = run(rnd, "approve")
    after = GAME.carried_options(rnd)["positions"]
    assert "high_hand" not in after and "funds" not in after  # a new period, an empty fund
    refuse(GAME.new_round({**JACKPOTS, "positions": after}),
           {"type": "seating", "step": "seating", "do": "high_hand_payout"}, "nothing to pay", "§ 637a.16")


def test_the_shares_must_add_up_to_100_percent():
    for value in ("60", "x"):
        try:
            GAME.new_round({"bad_beat_losing_share": value})
        except Exception as error:  # noqa: BLE001 - the message is what is checked
            assert "§ 637a.15" in str(error)
        else:
            raise AssertionError(value)


def test_a_bad_beat_round_trips_through_its_sheet():
    rules = {**JACKPOTS, "positions": TABLE}
    script = BAD_BEAT + "approve\nclose"
    sheet = sheet_from_log("poker", rules, actions(script, rules))
    assert sheet["jackpot_funds"] == {"bad_beat": "500.00", "high_hand": "80.00"}
    assert settle_sheet(sheet)["lines"] == [line.as_dict() for line in play(script, JACKPOTS, TABLE).lines]


def test_a_bad_beat_round_trips_through_phh_with_the_funds_it_started_with():
    rnd = play(BAD_BEAT, JACKPOTS, TABLE)
    text = GAME.hand_history(rnd)
    assert "_dealer_assist_start" in text
    # The Bad Beat lines, computed from the $500.00 the fund held, come back the same (still to approve).
    assert settle_sheet(GAME.sheet_from_hand_history(text))["lines"] == [line.as_dict() for line in rnd.lines]


def test_heads_up_the_table_share_goes_with_the_losing_hand():
    # Two players dealt in: $100.01 in the fund.  25% ($25.00) to the winning hand; the losing hand has
    # its 50% ($50.00) and the table's 25% ($25.00) no one else shares, and the cent left over: $75.01.
    loser = Showing(1, {"high": StandardHighHand("9h9d9s9cTs")}, ("9h", "9d"))
    winner = Showing(3, {"high": StandardHighHand("KsQsJsTs9s")}, ("Ks", "Qs"))
    rules = BadBeatRules("aces_full_of_tens", "both", 2, Decimal(50), Decimal(25), Decimal(25), "losing_hand")
    paid = bad_beat([loser, winner], [1, 3], 100_01, rules, board_game=True)
    assert [(line.seat, line.wager, line.amount) for line in paid] == [
        (1, "bad_beat_losing_hand", 75_01), (3, "bad_beat_winning_hand", 25_00)]
