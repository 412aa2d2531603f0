"""The Progressive Payout Wager of Texas Hold 'Em Bonus Poker and its Envy Bonus (§ 647a.7(d)(3),
§ 647a.11(i), § 647a.12(d)).

Each expected amount is worked out here from § 647a.12(d), in cents: the paytable of (d)(1) on the
player's two cards and the three-card Flop, "X for 1" paid X times the wager in all (the wager
went into the table inventory at "no more bets", § 647a.9(b)); the Envy Bonus schedules of (d)(5)
for $1 and $5 wagers.
"""

from decimal import Decimal

import pytest
from thb_play import Hand, outcomes, play, refuse, round_actions, tap

from games.engine.core import CAGE, Refused, RoundState
from games.engine.core.progressive import contribution, share_of_meter
from games.engine.registry import game_for
from games.engine.round_sheet import SheetError, settle_sheet, settlement_sheet, sheet_from_log

GAME = game_for("texas-holdem-bonus")


def meter(amount="5.00", down=""):
    """The round option a table fed by meter 7, "THB-LINK", starts its rounds with."""
    return {"progressives": {"progressive": {"amount": amount, "meters": {"": {"id": 7, "name": "THB-LINK"}},
                                             "down": down}}}


# Flop Th Jh Qh: Ah Kh makes a royal flush, 8h 9h a straight flush to the queen, 2s 2h a pair of twos
# (the Progressive is judged on the two cards and the Flop alone, § 647a.11(i)).
BOARD = "Th Jh Qh 2c 3d"
DEALER = "5s 5c"


def line_of(rnd, seat, wager):
    (line,) = [line for line in rnd.lines if line.seat == seat and line.wager == wager]
    return line


def test_it_offers_the_progressive_only_when_a_meter_feeds_the_table():
    rnd = RoundState(GAME, {})
    rnd = tap(rnd, {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"})
    refuse(rnd, {"type": "place_wager", "seat": 1, "wager": "progressive", "amount": "5"},
           "not a wager this table offers")
    assert "progressive" in GAME.betting_wagers(GAME.validate_rules(meter()))


def test_a_progressive_wager_is_exactly_the_meters_amount():
    rnd = tap(RoundState(GAME, meter("5.00")), {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"})
    refusal = refuse(rnd, {"type": "place_wager", "seat": 1, "wager": "progressive", "amount": "1"},
                     r"must be \$5.00, the amount every wager on this progressive requires")
    assert refusal.section == "§ 605a.7(e)(3)"


def test_a_link_that_is_down_refuses_progressive_wagers_and_the_base_game_goes_on():
    rnd = RoundState(GAME, meter(down="the link THB-LINK is down (controller fault)"))
    rnd = tap(rnd, {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"})
    refusal = refuse(rnd, {"type": "place_wager", "seat": 1, "wager": "progressive", "amount": "5"},
                     "Progressive Payout Wagers are not accepted: the link THB-LINK is down")
    assert refusal.section == "§ 605a.8(c)"
    assert "progressive" not in GAME.betting_wagers(rnd.rules)
    played = play({1: Hand("10", "Ah Kh", plays="flop check check")}, BOARD, DEALER,
                  rules=meter(down="the link THB-LINK is down"))
    assert outcomes(played, 1)["ante"] == ("win", 10_00)  # the royal flush beats two 5s: § 647a.12(a) 1 to 1


def test_no_progressive_wager_is_placed_after_no_more_bets():
    rnd = play({1: Hand("10", "Ah Kh")}, BOARD, DEALER, rules=meter(), until="deal")
    refuse(rnd, {"type": "place_wager", "seat": 1, "wager": "progressive", "amount": "5"}, "Not now")


def test_the_betting_prompt_says_to_lock_out_and_collect_the_progressive_wagers():
    rnd = tap(RoundState(GAME, meter()), {"type": "place_wager", "seat": 1, "wager": "ante", "amount": "10"})
    assert "Progressive Payout Wager of $5.00" in rnd.prompt.text
    assert "Lock out the Progressive Payout Wagers" in rnd.prompt.text


@pytest.mark.parametrize("cards, board, won, odds", [
    # 7h 7d + 7c 2s 9d: three-of-a-kind, 9 for 1 on $5 = $45 in all, $40 beyond the wager (§ 647a.12(d)(1))
    ("7h 7d", "7c 2s 9d Kc 4s", 40_00, "9 for 1"),
    # 4h 6c + 5d 7s 8h: straight, 30 for 1 on $5 = $150 in all, $145 beyond the wager
    ("4h 6c", "5d 7s 8h Kc 2s", 145_00, "30 for 1"),
    # Ah 2h + 9h Kh 4h: flush, 40 for 1 on $5 = $200 in all, $195 beyond
    ("Ah 2h", "9h Kh 4h Qc 2s", 195_00, "40 for 1"),
    # 9s 9d + 9c 4h 4s: full house, 50 for 1 on $5 = $250 in all, $245 beyond
    ("9s 9d", "9c 4h 4s Kc 2d", 245_00, "50 for 1"),
    # 8s 8d + 8c 8h 2s: four-of-a-kind, 300 for 1 on $5 = $1,500 in all, $1,495 beyond
    ("8s 8d", "8c 8h 2s Kc 3d", 1_495_00, "300 for 1"),
])
def test_it_pays_the_progressive_at_its_odds_on_the_two_cards_and_the_flop(cards, board, won, odds):
    rnd = play({1: Hand("10", cards, progressive="5")}, board, "Ac Ad", rules=meter())
    line = line_of(rnd, 1, "progressive")
    assert (line.outcome, line.amount, line.odds, line.section) == ("win", won, odds, "§ 647a.12(d)(1)")
    assert line.stake_collected and line.must_validate and line.payer == "table"
    assert line.instruction == f"pay ${(won + 5_00) // 100:,}.00 (the wager was collected before the deal)"
    # Every progressive payout is validated by a floorperson whatever the table's threshold (§ 647a.11(i)(3)).
    assert [(a.kind, a.seat, a.status) for a in rnd.approvals] == [("payout", 1, "pending")]


def test_the_turn_and_river_do_not_count_for_the_progressive():
    # 7h 7d + 2c 5s 9d is a pair of sevens on the Flop; the Turn 7c would make three sevens, too late (§ 647a.11(i)).
    rnd = play({1: Hand("10", "7h 7d", progressive="5")}, "2c 5s 9d 7c Ks", "Ac Ad", rules=meter())
    line = line_of(rnd, 1, "progressive")
    assert (line.outcome, line.amount) == ("lose", 5_00)
    assert line.instruction == "nothing: the $5.00 was collected before the deal"


def test_a_royal_flush_claims_the_whole_meter_at_the_players_turn():
    rnd = play({1: Hand("10", "Ah Kh", progressive="5"), 3: Hand("10", "4c 4d")}, BOARD, DEALER, rules=meter())
    (claim,) = rnd.claims
    assert (claim.seat, claim.wager, claim.meter, claim.share, claim.tier) == (1, "progressive", "THB-LINK",
                                                                              "100% of meter", "")
    assert claim.section == "§ 647a.12(d)(4)" and "Royal flush" in claim.reason
    assert rnd.prompt.waiting_for_floor and "THB-LINK" in rnd.prompt.text
    # § 647a.12(d)(1): 100% of a meter showing $23,456.78 is $23,456.78.
    with pytest.raises(Refused, match=r"100% of meter of \$23,456.78 is \$23,456.78, not \$23,000.00"):
        rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 23_000_00, "meter_amount": 23_456_78})
    paid = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 23_456_78, "meter_amount": 23_456_78})
    line = line_of(paid, 1, "progressive")
    assert (line.outcome, line.amount, line.payer, line.must_validate) == ("win", 23_456_78, CAGE, True)
    assert "$23,456.78 on the meter at seat 1's turn" in line.note
    assert "cards stay on the layout" in line.note
    assert line.instruction.startswith("the cage pays $23,456.78")


def test_a_straight_flush_claims_ten_percent_of_the_meter_to_the_cent_below():
    rnd = play({1: Hand("10", "8h 9h", progressive="5")}, BOARD, DEALER, rules=meter())
    (claim,) = rnd.claims
    assert claim.share == "10% of meter"
    # § 647a.12(d)(1): 10% of $12,345.67 is $1,234.567, paid $1,234.56.
    assert share_of_meter(12_345_67, Decimal(10)) == 1_234_56
    with pytest.raises(Refused, match=r"is \$1,234.56, not \$1,234.57"):
        rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 1_234_57, "meter_amount": 12_345_67})
    paid = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 1_234_56, "meter_amount": 12_345_67})
    assert line_of(paid, 1, "progressive").amount == 1_234_56


def test_a_folded_player_is_not_eligible_for_the_progressive():
    rnd = play({1: Hand("10", "Ah Kh", progressive="5", plays="fold"), 2: Hand("10", "4c 4d")}, BOARD, DEALER,
               rules=meter())
    assert rnd.claims == []  # a royal flush, but folded: § 647a.11(b)(2)(i)(B)
    line = line_of(rnd, 1, "progressive")
    assert (line.outcome, line.section) == ("lose", "§ 647a.11(b)(2)(i)(B)")


def test_the_flop_is_dealt_for_the_progressive_even_when_every_player_folds():
    rnd = play({1: Hand("10", "2s 2h", progressive="5", plays="fold")}, BOARD, DEALER, rules=meter())
    assert len(rnd.board) == 3 and rnd.prompt.step == "close"


# -- Envy Bonuses: § 647a.11(i)(5), § 647a.12(d)(5) ---------------------------------------------------------------

ENVY_TABLE = {
    1: Hand("10", "Ah Kh"),  # royal flush on the Flop Th Jh Qh: an Envy Bonus Qualifying Hand
    2: Hand("10", "2s 2h"),  # a pair of twos: not qualifying
    3: Hand("10", "8h 9h", plays="fold"),  # straight flush to the queen, folded: still qualifying (§ 647a.11(b)(2))
    4: Hand("10", "4c 6d"),  # no Progressive Payout Wager: no Envy Bonus
}


def envy_round(amount):
    seats = {n: Hand(h.ante, h.cards, plays=h.plays, progressive=amount if n != 4 else None)
             for n, h in ENVY_TABLE.items()}
    rnd = play(seats, BOARD, DEALER, rules=meter(f"{amount}.00"), until="envy")
    rnd = rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 10_000_00, "meter_amount": 10_000_00})
    assert rnd.prompt.step == "envy"
    return tap(rnd, {"type": "settle"})


@pytest.mark.parametrize("amount, royal, straight_flush", [
    ("5", 5_000_00, 1_500_00),  # § 647a.12(d)(5), $5 Progressive Payout Wager: royal $5,000, straight flush $1,500
    ("1", 1_000_00, 300_00),  # § 647a.12(d)(5), $1 Progressive Payout Wager: royal $1,000, straight flush $300
])
def test_each_wagerer_is_paid_an_envy_bonus_per_other_qualifying_hand(amount, royal, straight_flush):
    rnd = envy_round(amount)
    envy = {line.seat: line.amount for line in rnd.lines if line.wager == "progressive_envy"}
    assert envy == {
        1: straight_flush,  # seat 3's straight flush; never its own royal flush
        2: royal + straight_flush,  # seat 1's royal flush and seat 3's straight flush
        3: royal,  # folded, still paid for seat 1's royal flush; never its own hand
    }  # seat 4 placed no Progressive Payout Wager: nothing
    assert line_of(rnd, 2, "progressive_envy").section == "§ 647a.12(d)(5)"
    assert "seat 1: Royal flush" in line_of(rnd, 2, "progressive_envy").hand


def test_the_dealers_hand_never_earns_an_envy_bonus():
    # Flop 5d 6d 7d: the dealer's 8d 9d is a straight flush, seat 1's 3d 4d another.
    seats = {1: Hand("10", "3d 4d", progressive="5"), 2: Hand("10", "Kc Qs", progressive="5")}
    rnd = play(seats, "5d 6d 7d 2c Jh", "8d 9d", rules=meter(), until="envy")
    rnd = tap(rnd.apply({"type": "resolve_claim", "claim": 1, "amount": 1_000_00, "meter_amount": 10_000_00}),
              {"type": "settle"})
    # § 647a.12(d)(5), $5 wager: seat 2 gets $1,500 for seat 1's straight flush and nothing for the dealer's.
    assert {line.seat: line.amount for line in rnd.lines if line.wager == "progressive_envy"} == {2: 1_500_00}


def test_without_a_qualifying_hand_there_is_no_envy_step():
    rnd = play({1: Hand("10", "2s 2h", progressive="5")}, BOARD, DEALER, rules=meter())
    assert rnd.prompt.step == "close" and not any(line.wager == "progressive_envy" for line in rnd.lines)


def test_a_meter_amount_without_an_envy_schedule_is_refused():
    with pytest.raises(Refused, match=r"scheduled for \$1 and \$5 Progressive Payout Wagers only, not \$2.00"):
        GAME.validate_rules(meter("2.00"))


def test_contributions_are_whole_cents_or_the_rate_is_refused():
    assert contribution(5_00, Decimal("21")) == 1_05  # 21% of $5.00
    with pytest.raises(Refused, match="not a whole number of cents"):
        contribution(1_00, Decimal("12.5"))


# -- the round sheet carries the meter's amount at each player's turn --------------------------------------------

def logged_jackpot_round():
    """A round whose log holds the service's answer to seat 1's royal flush: the meter showed $23,456.78."""
    seats = {1: Hand("10", "Ah Kh", progressive="5"), 2: Hand("10", "2s 2h", progressive="5")}
    actions = []
    rnd = RoundState(GAME, meter())
    for _, action in round_actions(seats, BOARD, DEALER):
        step = rnd.current_step()
        action = {**action, "step": step.id}
        rnd = rnd.apply(action)
        actions.append(action)
        for claim in [c for c in rnd.claims if c.pending]:
            answer = {"type": "resolve_claim", "claim": claim.id, "amount": 23_456_78, "meter_amount": 23_456_78}
            rnd = rnd.apply(answer)
            actions.append(answer)
    settle = {"type": "settle", "step": "envy"}
    return rnd.apply(settle), [*actions, settle]


def test_a_jackpot_round_sheet_settles_to_the_same_lines():
    rnd, actions = logged_jackpot_round()
    sheet = sheet_from_log(GAME.slug, meter(), actions)
    assert sheet["meter_amounts"] == ["23456.78"]
    assert settle_sheet(sheet)["lines"] == settlement_sheet(rnd)["lines"]
    (jackpot,) = [line for line in settle_sheet(sheet)["lines"] if (line["wager"], line["seat"]) == ("progressive", 1)]
    assert (jackpot["amount"], jackpot["payer"]) == ("$23,456.78", "cage")


def test_a_sheet_without_the_meters_amount_is_refused():
    _, actions = logged_jackpot_round()
    sheet = sheet_from_log(GAME.slug, meter(), actions)
    del sheet["meter_amounts"]
    with pytest.raises(SheetError, match="needs the meter's amount at its turn"):
        settle_sheet(sheet)
