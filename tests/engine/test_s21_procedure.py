"""Spanish 21 (Chapter 635a): the order of the round, the prompts, and the decisions each hand may make."""

import pytest
from s21_play import GAME, Box, actions, card, dealt, opened, refuse, turn, until

from games.engine.cards import Shoe
from games.engine.core import Refused, RoundState

STANDS_17 = "9h 8d"


def test_the_deal_asks_each_seats_two_cards_clockwise_then_the_up_card():
    # § 635a.7(e): every player's card and the dealer's first are dealt face up; the hole card face down.
    rnd = opened({5: "10", 2: "10"})
    asked = []
    for codes in (["9c", "8c"], ["7d", "7h"], ["6s"]):
        asked.append((rnd.prompt.step, rnd.prompt.section, rnd.prompt.cards_for, rnd.prompt.cards_needed))
        rnd = rnd.apply(rnd.prompt.card_action | {"cards": codes})
    assert asked == [("deal", "§ 635a.7(e)", "seat:2", 2), ("deal", "§ 635a.7(e)", "seat:5", 2),
                     ("deal", "§ 635a.7(e)", "dealer", 1)]
    assert rnd.seats[2].cards_shown and [c.code for c in rnd.zone("dealer").up_cards] == ["6s"]
    refuse(dealt({1: "9c 8c"}, "6s"), {"type": "cards", "step": "play", "target": "seat:1", "hand": 1,
                                          "cards": ["Ts"]}, r"Ts is not in this game's deck.*§ 635a\.3\(a\)")


def test_a_seventh_copy_of_a_card_is_refused_in_six_decks_and_accepted_in_eight():
    cards = {1: "7s 7s", 2: "7s 7s", 3: "7s 7s"}
    six, eight = dealt(cards, "9c"), dealt(cards, "9c", {"decks": "8"})
    refuse(six, {"type": "cards", "step": "play", "target": "seat:1", "hand": 1, "cards": ["7s"]},
           "7s is already on the table 6 times, all 6 decks")
    assert [c.code for c in card(eight, 1, "7s").seats[1].cards] == ["7s", "7s", "7s"]


def test_the_training_shoe_holds_six_or_eight_decks_of_48_cards():
    for decks in ("6", "8"):
        deck = GAME.deck_for(GAME.validate_rules({"decks": decks}))
        codes = Shoe(deck.cards()).order()
        assert len(codes) == 48 * int(decks) and codes.count("Ah") == int(decks)
        assert not any(code.startswith("T") for code in codes)


def test_the_virtual_shoe_deals_a_card_to_each_box_the_up_card_a_second_round_and_the_hole_card():
    order = Shoe(GAME.deck_for({"decks": "6"}).cards()).order()
    rnd = RoundState(GAME, {}, shoe_order=order)
    for seat in (1, 4):
        rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": seat, "wager": "main", "amount": "10"})
    rnd = rnd.apply({"type": "no_more_bets", "step": "wagers"})
    assert [choice.label for choice in rnd.prompt.choices] == ["Deal from the virtual shoe"]
    rnd = rnd.apply(rnd.prompt.choices[0].action)
    assert [c.code for c in rnd.seats[1].cards] == [order[0], order[3]]
    assert [c.code for c in rnd.seats[4].cards] == [order[1], order[4]]
    zone = rnd.zone("dealer")
    assert [c.code for c in zone.up_cards] == [order[2]] and [c.code for c in zone.down_cards] == [order[5]]


def test_insurance_is_offered_only_on_an_ace_and_the_peek_only_on_an_ace_or_a_face_card():
    taken = [a.get("step") for a in actions({1: Box("10", "9c 8c", "", insurance="no")}, "Ah Kd", peek="yes")]
    assert taken[-4:] == ["insurance", "peek", "hole_card", "settle"]
    for up in ("Kh", "Qh", "Jh"):
        taken = [a.get("step") for a in actions({1: Box("10", "9c 8c", "")}, up + " Ad", peek="yes")]
        assert "insurance" not in taken and "peek" in taken
    taken = [a.get("step") for a in actions({1: Box("10", "9c 8c")}, "9d 8d")]
    assert "insurance" not in taken and "peek" not in taken


def test_a_dealers_blackjack_at_the_peek_ends_the_decisions():
    # § 635a.7(g): "no additional cards shall be dealt": the hole card is turned and every hand settled.
    taken = [a.get("step") for a in actions({1: Box("10", "5c 6d", "")}, "Kh As", peek="yes")]
    assert "play" not in taken and taken[-2:] == ["hole_card", "settle"]


@pytest.mark.parametrize("dealer, hole, needed", [
    # § 635a.1: a Blackjack is an ace and a card valued 10; Spanish 21 has no tens (§ 635a.3(a)).
    ("Ah", "8c", "a king, queen or jack"), ("Kh", "9c", "an ace"), ("Qd", "Kc", "an ace"), ("Ad", "As", "a king"),
])
def test_a_hole_card_that_contradicts_the_card_readers_blackjack_is_refused(dealer, hole, needed):
    # § 635a.7(g): the card reader said the hole card gives the dealer a Blackjack, so no card is dealt
    # and every hand is settled against it; a hole card making no Blackjack is refused and changes nothing.
    blackjack = "Kc" if dealer.startswith("A") else "Ac"
    insurance = "no" if dealer.startswith("A") else None
    rnd = until(actions({1: Box("10", "9c 5c", "", insurance=insurance)}, f"{dealer} {blackjack}", peek="yes"),
                "hole_card")
    assert rnd.prompt.step == "hole_card"
    refuse(rnd, {"type": "cards", "step": "hole_card", "target": "dealer", "cards": [hole]},
           rf"The card reader showed the dealer's Blackjack, but the hole card {hole} makes none with the up card "
           rf"{dealer}: the hole card must be {needed}.*§ 635a\.7\(g\)")
    settled = rnd.apply({"type": "cards", "step": "hole_card", "target": "dealer", "cards": [blackjack]})
    assert settled.prompt.step == "settle"


def test_the_virtual_shoes_hole_card_that_contradicts_the_card_readers_blackjack_is_refused():
    # Training mode, the cards entered by hand: the virtual shoe's next card, 9c, is the hole card it
    # would turn; against the up card Kh it makes no Blackjack (§ 635a.1), so "Deal from the virtual
    # shoe" is refused after the reader's "Dealer Blackjack" (§ 635a.7(g)), and the shoe keeps its card.
    rnd = RoundState(GAME, {}, shoe_order=["9c", *Shoe(GAME.deck_for({"decks": "6"}).cards()).order()])
    rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": 1, "wager": "main", "amount": "10"})
    rnd = rnd.apply({"type": "no_more_bets", "step": "wagers"})
    rnd = rnd.apply({"type": "cards", "step": "deal", "target": "seat:1", "cards": ["9d", "8c"]})
    rnd = rnd.apply({"type": "cards", "step": "deal", "target": "dealer", "cards": ["Kh"]})
    rnd = rnd.apply({"type": "input", "step": "peek", "value": "yes"})
    refuse(rnd, rnd.prompt.choices[0].action,
           r"the hole card 9c makes none with the up card Kh: the hole card must be an ace")
    assert rnd.shoe.cards[0].code == "9c" and len(rnd.zone("dealer").cards) == 1


def test_each_hand_is_asked_in_turn_from_the_dealers_left_naming_its_seat_and_hand():
    rnd = dealt({3: "8s 8d", 1: "9c 5c"}, "7h")
    assert (rnd.prompt.step, rnd.prompt.seat, rnd.prompt.hand) == ("play", 1, 1)
    refuse(turn(rnd, 1, "stand"), {"type": "play", "step": "play", "seat": 3, "hand": 2, "move": "stand"},
           "It is seat 3's turn, not seat 3's hand 2")
    refuse(rnd, {"type": "play", "step": "play", "seat": 3, "hand": 1, "move": "stand"},
           "It is seat 1's turn, not seat 3's")
    rnd = turn(turn(rnd, 1, "stand"), 3, "split", amount="10")
    assert (rnd.prompt.seat, rnd.prompt.hand, rnd.prompt.cards_needed) == (3, 1, 1)
    assert "Seat 3 hand 1 (8s: split, waiting for its second card)" in rnd.prompt.text
    assert rnd.prompt.choices == ()  # only the card: no decision before it (§ 635a.11(c))
    refuse(rnd, {"type": "play", "step": "play", "seat": 3, "hand": 1, "move": "stand"}, "is owed a card first")


def test_a_hand_may_hit_again_and_again_until_21_and_no_more():
    # § 635a.7(j)(1): no card on 21.
    rnd = dealt({1: "2c 3d"}, "7h")
    for code in ("4h", "5s"):
        rnd = card(rnd, 1, code)
    assert rnd.prompt.cards_needed == 1 and "hard 14" in rnd.prompt.text
    rnd = card(rnd, 1, "7c")
    assert rnd.prompt.step == "hole_card"


def test_surrender_is_the_first_decision_only_and_not_on_a_split_hand():
    # § 635a.9(a): "prior to the player indicating whether he wishes to double down ..., stand or draw".
    rnd = dealt({1: "9c 4c", 2: "6s 6d"}, "7h")
    assert "Seat 1: Surrender half" in [c.label for c in rnd.prompt.choices]
    hit = card(rnd, 1, "2d")
    refuse(hit, {"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "surrender"},
           "may double or split or stand now, not 'surrender'|may stand now, not 'surrender'")
    split = card(turn(turn(rnd, 1, "stand"), 2, "split", amount="10"), 2, "5c")
    assert not any("Surrender" in c.label for c in split.prompt.choices)


def test_a_double_down_is_on_the_first_two_cards_and_gets_exactly_one_card():
    # § 635a.10(a): "on the first two cards dealt to him or the first two cards of any split pair ...
    # Only one additional card shall be dealt".
    rnd = dealt({1: "5c 6d"}, "7h")
    hit = card(rnd, 1, "2c")
    assert not any("Double" in c.label for c in hit.prompt.choices)
    doubled = turn(rnd, 1, "double", amount="10")
    assert doubled.prompt.cards_needed == 1 and doubled.prompt.choices == ()
    after = card(doubled, 1, "2c")
    assert [c.label for c in after.prompt.choices] == [
        "Seat 1: Keep the Double Down", "Seat 1: Rescue: take back the Double Down, forfeit the wager"]
    assert after.prompt.cards_needed == 0  # no second card
    refuse(after, {"type": "cards", "step": "play", "target": "seat:1", "hand": 1, "cards": ["3c"]},
           "may not draw a card now")


def test_a_blackjack_has_no_decision_but_its_payment_on_a_2_to_9_up_card():
    rnd = dealt({1: "As Kd", 2: "9c 9d"}, "7h")
    assert [c.label for c in rnd.prompt.choices] == ["Seat 1: Pay the Blackjack $15.00 and remove the cards"]
    assert rnd.prompt.cards_needed == 0 and rnd.prompt.section == "§ 635a.7(h)"
    face = dealt({1: "As Kd", 2: "9c 9d"}, "Kh").apply({"type": "input", "step": "peek", "value": "no"})
    assert (face.prompt.step, face.prompt.seat) == ("play", 2)  # announced, paid with the others


def test_split_needs_two_cards_of_one_value_an_equal_wager_and_the_tables_limit():
    # § 635a.11(a): "identical in value": a king and a jack split, a king and a nine do not.
    assert "Seat 1: Split $10.00" in [c.label for c in dealt({1: "Kc Jd"}, "7h").prompt.choices]
    assert not any("Split" in c.label for c in dealt({1: "Kc 9d"}, "7h").prompt.choices)
    rnd = dealt({1: "8c 8d"}, "7h")
    refuse(rnd, {"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "split", "amount": "5"},
           r"Split is \$10\.00, not \$5\.00")
    # § 635a.11(c): no additional split at this table: the second pair of 8s stands or draws.
    none = card(turn(dealt({1: "8c 8d"}, "7h", {"additional_splits": "0"}), 1, "split", amount="10"), 1, "8s")
    assert not any("Split" in c.label for c in none.prompt.choices)
    one = card(turn(dealt({1: "8c 8d"}, "7h", {"additional_splits": "1"}), 1, "split", amount="10"), 1, "8s")
    assert "Seat 1 hand 1: Split $10.00" in [c.label for c in one.prompt.choices]


def test_the_insurance_offer_names_half_the_wager_and_even_money_only_for_a_blackjack():
    rnd = dealt({1: "As Kd", 2: "9c 9d"}, "Ah", {"even_money": True})
    assert [c.label for c in rnd.prompt.choices] == [
        "Seat 1: Insurance $5.00", "Seat 1: Even money", "Seat 1: No Insurance"]
    rnd = rnd.apply({"type": "decide", "step": "insurance", "seat": 1, "choice": "no"})
    assert [c.label for c in rnd.prompt.choices] == ["Seat 2: Insurance $5.00", "Seat 2: No Insurance"]
    refuse(rnd, {"type": "decide", "step": "insurance", "seat": 2, "choice": "even_money"},
           "may choose insurance or no, not 'even_money'")


def test_the_prompt_shows_the_dealers_total_while_drawing_to_17():
    taken = actions({1: Box("10", "9c 9d")}, "6h 5c 3d 4s")
    rnd = until(taken, "settle")
    assert [c.code for c in rnd.zone("dealer").cards] == ["6h", "5c", "3d", "4s"]
    rnd = RoundState(GAME, {})
    texts = []
    for action in taken:
        if action.get("step") == "dealer_draws":
            texts.append(rnd.prompt.text)
        rnd = rnd.apply(action)
    assert [text.split(":")[0] for text in texts] == ["You have hard 11", "You have hard 14"]


def test_every_action_for_a_step_that_is_over_is_refused():
    rnd = dealt({1: "9c 8c"}, "7h")
    with pytest.raises(Refused, match="The deal step is not current"):
        rnd.apply({"type": "cards", "step": "deal", "target": "seat:1", "cards": ["9c", "8c"]})


def test_a_payout_at_the_tables_threshold_waits_for_a_floorperson_and_a_refusal_leaves_the_lines_as_dealt():
    # Seat 1's $10 Blackjack on a 7 up is paid at once, 3 to 2 = $15.00 (§ 635a.7(h)(1)(i)): at the
    # table's $15 threshold.  Every card was entered face up as it fell, so a refused payout is not
    # re-entered: the lines stand as the record of the cards, and the round may close.
    rnd = turn(dealt({1: "As Kd", 2: "9c 9d"}, "7h", {"approval_threshold": "15"}), 1, "pay_blackjack")
    (approval,) = rnd.approvals
    assert (approval.kind, approval.seat, approval.status, approval.section) == ("payout", 1, "pending", "§ 635a.12(a)")
    rnd = rnd.apply({"type": "refuse", "approval": 1})
    assert [(line.seat, line.wager, line.amount) for line in rnd.lines] == [(1, "main", 15_00)]
    assert (rnd.prompt.step, rnd.prompt.seat) == ("play", 2)
