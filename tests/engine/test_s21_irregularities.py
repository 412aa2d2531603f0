"""Spanish 21 (Chapter 635a): the irregularities of § 635a.13 and what each does to the round."""

from s21_play import GAME, dealt, opened, refuse, turn

from games.engine.core import RETURNED, VOID, RoundState


def irregular(rnd: RoundState, kind: str, **fields) -> RoundState:
    return rnd.apply({"type": "irregularity", "kind": kind, **fields})


def with_match(rules=None) -> RoundState:
    """Seat 1: $10 and a $5 Match-the-Dealer Wager that wins (8s against an 8 up: 4 to 1, $20)."""
    rnd = RoundState(GAME, {"match_the_dealer": True, **(rules or {})})
    rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": 1, "wager": "main", "amount": "10"})
    rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": 1, "wager": "match_the_dealer", "amount": "5"})
    rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": 2, "wager": "main", "amount": "10"})
    rnd = rnd.apply({"type": "no_more_bets", "step": "wagers"})
    for target, codes in (("seat:1", ["8s", "5c"]), ("seat:2", ["9c", "7d"]), ("dealer", ["8h"])):
        rnd = rnd.apply({"type": "cards", "step": "deal", "target": target, "cards": codes})
    return rnd.apply({"type": "settle", "step": "match"})


def test_a_card_found_face_up_is_discarded_and_a_second_voids_the_round_keeping_what_was_settled():
    # § 635a.13(a).  The Match-the-Dealer Wager was settled before (§ 635a.7(f)): it stands; the
    # Spanish 21 Wagers still in action are returned once a floorperson confirms the void.
    rnd = irregular(with_match(), "card_face_up", card="Qd")
    assert [c.code for c in rnd.discarded] == ["Qd"] and rnd.prompt.step == "play"
    rnd = irregular(rnd, "card_face_up")
    assert rnd.prompt.waiting_for_floor and "More than one card found face up" in rnd.prompt.text
    refuse(rnd, {"type": "play", "step": "play", "seat": 1, "hand": 1, "move": "stand"}, "confirm the void")
    rnd = rnd.apply({"type": "approve", "approval": rnd.approvals[-1].id})
    assert [(line.seat, line.wager, line.outcome, line.amount) for line in rnd.lines] == [
        (1, "match_the_dealer", "win", 20_00), (1, "main", VOID, 0), (2, "main", VOID, 0)]
    assert rnd.prompt.step == "close"


def test_one_ten_in_the_shoe_is_torn_up_and_a_second_voids_the_round_and_removes_the_decks():
    # § 635a.13(b).
    rnd = irregular(with_match(), "ten_in_shoe")
    assert rnd.void_pending is None and rnd.prompt.step == "play"
    rnd = irregular(rnd, "ten_in_shoe")
    assert rnd.void_pending.removes_deck and rnd.void_pending.section == "§ 635a.13(b)"


def test_a_box_dealt_no_cards_is_dead_and_its_wagers_returned():
    # § 635a.13(h): seat 2 gets no card; the deal goes on without it and nothing else asks for it.
    rnd = opened({1: "10", 2: "25"})
    rnd = rnd.apply({"type": "cards", "step": "deal", "target": "seat:1", "cards": ["9c", "8c"]})
    rnd = irregular(rnd, "seat_not_dealt", seat=2)
    assert [(line.seat, line.wager, line.outcome, line.section) for line in rnd.lines] == [
        (2, "main", RETURNED, "§ 635a.13(h)")]
    assert rnd.prompt.cards_for == "dealer"
    rnd = rnd.apply({"type": "cards", "step": "deal", "target": "dealer", "cards": ["7h"]})
    assert (rnd.prompt.step, rnd.prompt.seat) == ("play", 1)
    rnd = turn(rnd, 1, "stand")
    assert rnd.prompt.step == "hole_card"
    refuse(rnd, {"type": "irregularity", "kind": "seat_not_dealt", "seat": 1}, "cards are dealt")


def test_a_hand_called_dead_for_a_card_not_dealt_gets_its_wagers_back():
    # § 635a.13(i): seat 1 asked for a card, the dealer went on; the player calls the hand dead.
    rnd = dealt({1: "9c 4c", 2: "9d 8d"}, "7h")
    rnd = irregular(rnd, "card_not_dealt", seat=1, hand=1)
    assert [(line.seat, line.wager, line.outcome, line.amount) for line in rnd.lines] == [(1, "main", RETURNED, 0)]
    assert (rnd.prompt.step, rnd.prompt.seat) == ("play", 2)
    refuse(rnd, {"type": "irregularity", "kind": "card_not_dealt", "seat": 2, "hand": 3}, "has no hand 3")


def test_the_card_reader_used_on_a_2_to_9_voids_the_round_if_a_player_could_see_the_hole_card():
    # § 635a.13(j)(1) calls every hand dead (a floorperson confirms); (j)(2) lets play go on.
    rnd = dealt({1: "9c 4c"}, "7h")
    voided = irregular(rnd, "card_reader_shown")
    voided = voided.apply({"type": "approve", "approval": voided.approvals[-1].id})
    assert [(line.wager, line.outcome) for line in voided.lines] == [("main", VOID)] and voided.void
    hidden = irregular(rnd, "card_reader_hidden")
    assert hidden.prompt.step == "play" and hidden.void is None and hidden.lines == []
    refuse(dealt({1: "9c 4c"}, "Kh"), {"type": "irregularity", "kind": "card_reader_shown"},
           r"the card reader is meant to be used \(§ 635a\.7\(g\)\)")


def test_a_card_the_dealer_draws_on_17_goes_to_the_discard_rack():
    # § 635a.13(e).
    rnd = turn(dealt({1: "9c 8c"}, "7h"), 1, "stand")
    refuse(rnd, {"type": "irregularity", "kind": "dealer_drew_on_17", "card": "5s"}, "does not hold 17")
    rnd = rnd.apply({"type": "cards", "step": "hole_card", "target": "dealer", "cards": ["Kd"]})
    rnd = irregular(rnd, "dealer_drew_on_17", card="5s")
    assert [c.code for c in rnd.discarded] == ["5s"] and rnd.prompt.step == "settle"


def test_a_hand_called_dead_keeps_its_match_the_dealer_wager_settled():
    # § 635a.13(i) returns the wagers still in action; the Match-the-Dealer Wager was settled at the deal.
    rnd = irregular(with_match(), "card_not_dealt", seat=1, hand=1)
    assert [(line.wager, line.outcome, line.amount) for line in rnd.lines if line.seat == 1] == [
        ("match_the_dealer", "win", 20_00), ("main", RETURNED, 0)]
