"""Spanish 21 (Chapter 635a) as the dealer's tablet shows it: every amount on the prompt that asks
for it, the "next" line, the dealer's total, and entries the dealer can take back or must confirm."""

import pytest
from s21_play import GAME, Box, actions, card, dealt, opened, turn

from games.engine.core import RoundState


def prompt_lines(rnd: RoundState) -> dict[tuple[int, str], tuple[str, int]]:
    return {(line.seat, line.wager): (line.outcome, line.amount) for line in rnd.lines}


def test_the_match_the_dealer_amounts_are_there_when_the_prompt_asks_to_pay_them():
    # § 635a.7(f): right after the deal, before any tap.  The up card is 8h; six decks (§ 635a.12(e)(1)).
    # Seat 1, $5: 8s 8d, two cards of its rank of another suit: 4 to 1 each, 2 x 4 x $5 = $40.00 ((f)(2)).
    # Seat 2, $5: 8h 3c, one card of the same suit: 9 to 1, $45.00.  Seat 3, $5: 5h 6c: collected, $5.00.
    rnd = RoundState(GAME, {"match_the_dealer": True})
    for seat in (1, 2, 3):
        for wager, amount in (("main", "10"), ("match_the_dealer", "5")):
            rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": seat, "wager": wager, "amount": amount})
    rnd = rnd.apply({"type": "no_more_bets", "step": "wagers"})
    for seat, cards in ((1, ["8s", "8d"]), (2, ["8h", "3c"]), (3, ["5h", "6c"])):
        rnd = rnd.apply({"type": "cards", "step": "deal", "target": f"seat:{seat}", "cards": cards})
    rnd = rnd.apply({"type": "cards", "step": "deal", "target": "dealer", "cards": ["8h"]})
    assert rnd.prompt.step == "match" and "pay each matching card" in rnd.prompt.text
    assert prompt_lines(rnd) == {(1, "match_the_dealer"): ("win", 4000), (2, "match_the_dealer"): ("win", 4500),
                                 (3, "match_the_dealer"): ("lose", 500)}
    # The tap confirms the table is settled: it adds nothing.
    confirmed = rnd.apply(rnd.prompt.choices[0].action)
    assert confirmed.prompt.step == "play" and confirmed.lines == rnd.lines


def test_the_final_amounts_are_there_when_the_prompt_asks_to_collect_and_pay():
    # Up card 9h, hole card 9c: 18, the dealer stands (§ 635a.7(l)).  Seat 1, $10: 7s 7d hits 7h:
    # three 7s of mixed suits, 21 beats 18, 3 to 2 (§ 635a.12(b)(3)): $15.00.  Seat 2, $10: 9d 8d
    # doubles for $10, gets 2c: 19 beats 18, 1 to 1 on each (§ 635a.12(b), § 635a.10(c)): $10.00 and
    # $10.00.  Seat 3, $10: Kd 6s stands on 16: collected, $10.00 (§ 635a.7(p)).
    taken = actions({1: Box("10", "7s 7d", "7h"), 2: Box("10", "9d 8d", "double 2c stand"),
                     3: Box("10", "Kd 6s", "stand")}, "9h 9c")
    rnd = RoundState(GAME, {})
    for action in taken[:-1]:
        rnd = rnd.apply(action)
    assert taken[-1]["step"] == "settle" and rnd.prompt.step == "settle"
    assert rnd.prompt.text.startswith("You have hard 18. Collect all losing wagers, then pay all winning wagers")
    assert [(line.seat, line.wager, line.outcome, line.amount) for line in rnd.lines] == [
        (3, "main", "lose", 1000),  # § 635a.7(p)(1): every loser collected before any winner is paid
        (2, "main", "win", 1000), (2, "double_down", "win", 1000), (1, "main", "win", 1500)]


def test_a_payout_over_the_threshold_waits_for_a_floorperson_from_the_moment_it_is_shown():
    # Seat 1, $5 Match-the-Dealer: 8s 8d against 8h, $40.00 (as above); approval from $25.00.
    rnd = RoundState(GAME, {"match_the_dealer": True, "approval_threshold": "25.00"})
    for wager, amount in (("main", "10"), ("match_the_dealer", "5")):
        rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": 1, "wager": wager, "amount": amount})
    rnd = rnd.apply({"type": "no_more_bets", "step": "wagers"})
    rnd = rnd.apply({"type": "cards", "step": "deal", "target": "seat:1", "cards": ["8s", "8d"]})
    rnd = rnd.apply({"type": "cards", "step": "deal", "target": "dealer", "cards": ["8h"]})
    assert rnd.prompt.step == "match"
    assert [(a.kind, a.seat, a.status) for a in rnd.approvals] == [("payout", 1, "pending")]


# What each step is called on the "next" line (tests/engine/test_s21_tablet.py's own words for the
# steps of Chapter 635a, in its order).
NAMED = {
    "deal": "deal the cards", "match": "Match-the-Dealer", "insurance": "Insurance", "peek": "card reader",
    "insurance_lost": "collect every Insurance Wager", "play": "each hand's decisions", "hole_card": "hole card",
    "surrenders": "surrenders", "dealer_draws": "draw", "settle": "settle every hand", "close": "discard rack",
}
ROUNDS = {
    "match, split, surrender, draws": dict(
        boxes={1: Box("10", "8s 8d", ("split 3c double 9h stand", "Kd stand"), match="5"),
               3: Box("10", "5c 6d", "surrender"), 5: Box("10", "2c 4d", "5s 3h Js")},
        dealer="Kh 6d 4s", peek="no", rules={"match_the_dealer": True}),
    "insurance, dealer blackjack": dict(
        boxes={1: Box("10", "9c 5c", "", insurance="5"), 2: Box("10", "As Kd", "", insurance="no")},
        dealer="Ah Kc", peek="yes"),
    "insurance lost, surrender waits": dict(
        boxes={1: Box("10", "9c 5c", "surrender", insurance="5"), 2: Box("10", "9d 8d", "stand", insurance="no")},
        dealer="Ah 5c 2d", peek="no"),
    "no draw below 17": dict(boxes={1: Box("10", "9c 5c", "Js"), 2: Box("10", "7d 8d", "9s")}, dealer="6h 9c"),
    "paid at once, pay from the right": dict(
        boxes={1: Box("10", "As Kd", ""), 2: Box("10", "9d 8d", "stand")}, dealer="5h 9c 3d",
        rules={"settlement_order": "right_to_left"}),
}


@pytest.mark.parametrize("name", ROUNDS)
def test_the_next_line_names_the_step_that_follows(name):
    played = ROUNDS[name]
    rnd = RoundState(GAME, played.get("rules") or {})
    for action in actions(**played):
        before = rnd.prompt
        rnd = rnd.apply(action)
        after = rnd.prompt
        if after.step == before.step and after.step not in ("play", "insurance"):
            continue  # the same step, more cards (the deal's places, the dealer's draws)
        if after.step == before.step:
            if (after.seat, after.hand) == (before.seat, before.hand):
                continue  # the same hand goes on (a hit, a split hand's second card)
            # The next seat, or hand of a seat that split, is named first.
            who = f"seat {after.seat}" + (f" hand {after.hand}" if len(rnd.seats[after.seat].hands) > 1 else "")
            assert before.upcoming.startswith(f"next: {who}"), (before.step, before.upcoming, who)
            continue
        then = before.upcoming.partition("then ")[2]
        assert NAMED[after.step] in then, (name, before.step, before.upcoming, after.step)


def test_the_dealer_who_stands_below_17_is_told_why():
    # § 635a.7(m): seat 1 is over 21 (24) and seat 2 has 21 in three cards, which beats any dealer's
    # hand but a Blackjack (§ 635a.7(n)(4)): 6h 9c is 15 and the dealer draws nothing.
    rnd = RoundState(GAME, {})
    played = ROUNDS["no draw below 17"]
    for action in actions(**played)[:-1]:
        rnd = rnd.apply(action)
    assert rnd.prompt.step == "settle"
    assert rnd.prompt.text.startswith("You stand on hard 15: every hand is decided whatever you draw, so you draw "
                                      "no card (§ 635a.7(m)).")
    assert GAME.describe_zone(rnd, "dealer") == "hard 15"


def test_the_deal_prompt_follows_the_order_of_the_deal():
    # § 635a.7(e)(1)-(4): a card to each box, the dealer's up card, a second to each box, the hole card.
    text = opened({1: "10", 4: "10"}).prompt.text
    order = [text.index(part) for part in ("(1) a card face up to each box (seats 1, 4)", "(2) your up card",
                                           "(3) a second card face up to each box", "(4) your hole card face down")]
    assert order == sorted(order)


def undo(rnd: RoundState) -> RoundState:
    offer = rnd.undo_offer()
    assert offer is not None, rnd.prompt.text
    return rnd.apply(offer[1])


def test_a_stand_a_double_and_a_surrender_waiting_on_the_hole_card_are_taken_back_by_undo():
    rnd = dealt({1: "9c 7d", 2: "5h 6c"}, "Kh")
    rnd = rnd.apply({"type": "input", "step": "peek", "value": "no"})
    surrendered = turn(rnd, 1, "surrender")  # against a king: nothing settled until the hole card (§ 635a.9(a)(2))
    assert not surrendered.lines
    assert undo(surrendered).prompt.text == rnd.prompt.text
    doubled = turn(rnd, 1, "stand")
    assert undo(doubled).prompt.seat == 1
    doubled = card(turn(doubled, 2, "double", amount="10"), 2, "9h")
    assert undo(undo(doubled)).prompt.seat == 2 and "double_down" not in undo(undo(doubled)).seats[2].hand.wagers


def test_dealer_blackjack_is_taken_back_by_undo():
    rnd = dealt({1: "9c 7d"}, "Kh")
    peeked = rnd.apply({"type": "input", "step": "peek", "value": "yes"})
    assert peeked.prompt.step == "hole_card"
    assert undo(peeked).prompt.step == "peek"


def confirms(rnd: RoundState) -> dict[str, bool]:
    return {choice.label: choice.confirm for choice in rnd.prompt.choices}


def test_what_settles_at_once_asks_for_a_confirming_tap_and_a_floorperson_corrects_it():
    # § 635a.9(a)(1): on a 2-9 up card half the wager is collected at once; § 635a.10(d): a rescue
    # forfeits the wager at once; § 635a.8(e): even money is paid at once.  Undo cannot take those back.
    rnd = dealt({1: "9c 7d"}, "6h")
    assert confirms(rnd)["Seat 1: Surrender half"] and not confirms(rnd)["Seat 1: Stand"]
    surrendered = turn(rnd, 1, "surrender")
    assert surrendered.undo_offer() is None
    assert [entry for entry, _, _ in surrendered.correction_offers()][0] == len(surrendered.log)
    doubled = card(turn(dealt({1: "5c 6d"}, "6h"), 1, "double", amount="10"), 1, "2h")
    assert confirms(doubled) == {"Seat 1: Keep the Double Down": False,
                                 "Seat 1: Rescue: take back the Double Down, forfeit the wager": True}
    against_king = dealt({1: "9c 7d"}, "Kh").apply({"type": "input", "step": "peek", "value": "no"})
    assert not confirms(against_king)["Seat 1: Surrender half"]


def test_even_money_and_no_blackjack_after_insurance_ask_for_a_confirming_tap():
    rnd = dealt({1: "As Kd", 2: "9c 7d"}, "Ah", {"even_money": True})
    assert confirms(rnd) == {"Seat 1: Insurance $5.00": False, "Seat 1: Even money": True,
                             "Seat 1: No Insurance": False}
    rnd = rnd.apply({"type": "decide", "step": "insurance", "seat": 1, "choice": "no"})
    rnd = rnd.apply({"type": "decide", "step": "insurance", "seat": 2, "choice": "insurance", "amount": "5"})
    # § 635a.8(d): "No Blackjack" collects seat 2's $5.00 Insurance at once; "Dealer Blackjack" settles nothing yet.
    assert confirms(rnd) == {"No Blackjack": True, "Dealer Blackjack": False}
    collected = rnd.apply({"type": "input", "step": "peek", "value": "no"})
    assert [(line.seat, line.wager, line.outcome, line.amount) for line in collected.lines] == [
        (2, "insurance", "lose", 500)]
