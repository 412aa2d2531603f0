"""A game shaped like Spanish 21, built on the shared core alone, proves the core is not hold'em's:
six decks of 48 cards (no tens), a dealer's up card entered at the deal and a hole card turned
later, a wager settled right after the deal, a pair split into two hands on one seat each with its
own wager, and a table-wide pass that collects every losing wager before paying any winner.

It is a test fixture, not Chapter 635a: its rules are simplified where the chapter's do not matter
to the core (no doubling, no insurance, the dealer draws nothing)."""

from __future__ import annotations

from typing import Any

import pytest
from play import tap

from games.engine.cards import Deck, Shoe
from games.engine.core import (
    CAGE,
    IMMEDIATE,
    LOSE,
    PUSH,
    TABLE,
    WIN,
    AskInput,
    Betting,
    Choice,
    Close,
    Deal,
    Game,
    Prompt,
    Refused,
    RoundState,
    Seat,
    SettlementLine,
    SettlementPass,
    Step,
    ZoneCards,
    ZoneSpec,
)
from games.engine.core.schema import NAME, SEAT, ActionSchema, Cards, accepts
from games.engine.hands.blackjack import blackjack_total
from games.engine.money import EVEN_MONEY


class SplitPairs(Step):
    """Each seat whose two cards are a pair splits them into two hands (with a wager equal to the
    first for the second) or stands; a split deals one more card to each hand."""

    actions = accepts(ActionSchema("decide", {"seat": SEAT, "choice": NAME}, {"cards": Cards()}))

    def pending(self, rnd: RoundState) -> list[int]:
        return [n for n in rnd.playing_seats()
                if self.id not in rnd.seats[n].decisions and len({c.rank for c in rnd.seats[n].cards}) == 1]

    def done(self, rnd: RoundState) -> bool:
        return not self.pending(rnd)

    def prompt(self, rnd: RoundState) -> Prompt:
        seat_no = self.pending(rnd)[0]
        return Prompt(self.id, "§ 635a.11", f"Seat {seat_no}: split the pair, or stand?", (
            Choice(f"Seat {seat_no}: Split", self.action("decide", seat=seat_no, choice="split")),
            Choice(f"Seat {seat_no}: Stand", self.action("decide", seat=seat_no, choice="stand")),
        ), seat=seat_no)

    def apply(self, rnd: RoundState, action: Any) -> None:
        seat_no = rnd.seat_number(action.get("seat"))
        if seat_no != self.pending(rnd)[0]:
            raise Refused(f"It is seat {self.pending(rnd)[0]}'s turn, not seat {seat_no}'s", "§ 635a.11")
        seat = rnd.seats[seat_no]
        if action.get("choice") == "split":
            first, second = seat.cards
            new = seat.split("main", seat.wagers["main"])
            drawn = rnd.checked_cards(action.get("cards") or [], 2, f"seat {seat_no}'s split hands")
            seat.hand.cards, new.cards = (first, drawn[0]), (second, drawn[1])
        seat.decisions[self.id] = action.get("choice")


class ShoeTwentyOne(Game):
    slug = "shoe-21-test"
    name = "Spanish-21-shaped test game"
    chapter = "635a"
    seat_count = 6
    table_section = "§ 635a.2"
    required_wager = "main"
    wager_section = "§ 635a.6"
    wager_labels = {"main": "Spanish 21 Wager", "match": "Match-the-Dealer Wager", "progressive": "Progressive"}
    irregularities = {}
    default_rules = {"approval_threshold": ""}
    zones = (ZoneSpec("dealer", "Dealer"),)
    deck = Deck(decks=6, without_ranks=(10,), section="§ 635a.3")

    def betting_wagers(self, rules):
        return ("main", "match", "progressive")

    def steps(self, rules):
        return [
            Betting("wagers", "§ 635a.6", "Wagers are placed. Announce \"no more bets\"."),
            Deal("deal", "§ 635a.7(e)", "Deal two cards to seats {seats} and two to the dealer.", cards_each=2,
                 zones={"dealer": 2}),
            ZoneCards("up_card", "§ 635a.7(e)", "Turn the dealer's first card face up.", 1, zone="dealer"),
            AskInput("peek", "§ 635a.7(g)", "Check the hole card with the card reader: does the dealer have "
                     "blackjack?", (("no", "No blackjack"), ("yes", "Dealer blackjack")),
                     applies=lambda rnd: rnd.zone("dealer").up_cards[0].rank >= 11),
            SettlementPass("match", "§ 635a.7(f)", "Settle the Match-the-Dealer Wagers.", stage=IMMEDIATE),
            SplitPairs("split", "§ 635a.11"),
            ZoneCards("hole_card", "§ 635a.7(l)", "Turn the dealer's hole card face up.", 1, zone="dealer"),
            SettlementPass("settle", "§ 635a.7(q)", "Collect all losing wagers, then pay all winners.",
                           losers_first=True),
            Close("close", "§ 635a.7(r)", "Close the round."),
        ]

    def settle_pass(self, rnd, step):
        if step.id == "match":  # pays 1 to 1 on a player's card of the up card's rank
            up = rnd.zone("dealer").up_cards[0]
            return [SettlementLine(n, "match", seat.wagers["match"], WIN if up.rank in {c.rank for c in seat.cards}
                                   else LOSE, seat.wagers["match"], "§ 635a.12(c)")
                    for n, seat in sorted(rnd.seats.items()) if "match" in seat.wagers]
        dealer = blackjack_total(tuple(rnd.zone("dealer").cards)).total
        lines = []
        for n, seat in sorted(rnd.seats.items()):  # a suited pair of sevens is owed 10% of the meter
            first, second = seat.hand.cards[0], seat.hands[-1].cards[-1]
            if "progressive" in seat.wagers and first.rank == second.rank == 7 and first.suit == second.suit:
                rnd.claim(n, "progressive", "M1", "10%", "§ 605a.7", "Suited 7-7")
        for n in reversed(rnd.playing_seats()):
            for hand in rnd.seats[n].hands:
                total, stake = blackjack_total(hand.cards).total, hand.wagers["main"]
                outcome = WIN if total > dealer else LOSE if total < dealer else PUSH
                amount = EVEN_MONEY.winnings(stake) if outcome == WIN else stake if outcome == LOSE else 0
                lines.append(SettlementLine(n, "main", stake, outcome, amount, "§ 635a.12(a)", hand_no=hand.number))
        return lines

    def deal_from_shoe(self, rnd, step):
        targets = [f"seat:{n}" for n in rnd.playing_seats()] + ["dealer"]
        return {target: [card.code for card in rnd.shoe.draw(2)] for target in targets}


GAME = ShoeTwentyOne()


def opened(seats: dict[int, tuple[str, str | None]], deal: dict[str, list[str]]) -> RoundState:
    rnd = RoundState(GAME, {})
    for number, (main, match) in seats.items():
        rnd = tap(rnd, {"type": "place_wager", "seat": number, "wager": "main", "amount": main})
        if match:
            rnd = tap(rnd, {"type": "place_wager", "seat": number, "wager": "match", "amount": match})
    return tap(tap(rnd, {"type": "no_more_bets"}), {"type": "deal", "cards": deal})


def test_the_same_card_twice_is_legal_in_a_six_deck_shoe_and_a_ten_is_refused():
    rnd = opened({1: ("10", None), 2: ("10", None)}, {"seat:1": ["7s", "7s"], "seat:2": ["7s", "Kd"]})
    assert [c.code for c in rnd.seats[1].cards] == ["7s", "7s"]
    before = rnd.seq
    with pytest.raises(Refused, match=r"Ts is not in this game's deck.*§ 635a\.3"):
        tap(rnd, {"type": "cards", "target": "dealer", "cards": ["Ts"]})
    assert rnd.seq == before


def test_no_card_is_accepted_more_often_than_the_six_decks_hold_it():
    rnd = opened({n: ("10", None) for n in (1, 2, 3)},
                 {"seat:1": ["7s", "7s"], "seat:2": ["7s", "7s"], "seat:3": ["7s", "7s"]})
    with pytest.raises(Refused, match="7s is already on the table 6 times, all 6 decks"):
        tap(rnd, {"type": "cards", "target": "dealer", "cards": ["7s"]})


def test_the_up_card_is_face_up_at_the_deal_and_the_hole_card_stays_down():
    rnd = opened({1: ("10", None)}, {"seat:1": ["9h", "8c"], "dealer": ["Kc", "6d"]})
    rnd = tap(rnd, {"type": "cards", "target": "dealer"})
    zone = rnd.zone("dealer")
    assert [c.code for c in zone.up_cards] == ["Kc"] and [c.code for c in zone.down_cards] == ["6d"]


def test_match_the_dealer_is_settled_right_after_the_deal_before_any_decision():
    rnd = opened({1: ("10", "5"), 2: ("10", "5")},
                 {"seat:1": ["Kh", "8c"], "seat:2": ["9s", "9d"], "dealer": ["Kc", "6d"]})
    rnd = tap(tap(rnd, {"type": "cards", "target": "dealer"}), {"type": "input", "value": "no"})
    rnd = tap(rnd, {"type": "settle", "step": "match"})
    # Seat 1 holds a king like the up card: 1 to 1 on $5; seat 2 does not: its $5 is collected.
    assert [(line.seat, line.outcome, line.amount, line.stage) for line in rnd.lines] == [
        (1, "win", 5_00, IMMEDIATE), (2, "lose", 5_00, IMMEDIATE)]
    assert rnd.prompt.step == "split" and rnd.prompt.seat == 2


def test_a_split_makes_a_second_hand_with_its_own_wager_and_each_is_settled():
    rnd = opened({1: ("20", None), 3: ("10", None)},
                 {"seat:1": ["8s", "8s"], "seat:3": ["9h", "Kc"], "dealer": ["7c", "Qd"]})
    rnd = tap(tap(rnd, {"type": "cards", "target": "dealer"}), {"type": "settle"})
    rnd = tap(rnd, {"type": "decide", "step": "split", "seat": 1, "choice": "split", "cards": ["Ks", "2h"]})
    hands = rnd.seats[1].hands
    assert [(h.number, [c.code for c in h.cards], h.wagers) for h in hands] == [
        (1, ["8s", "Ks"], {"main": 20_00}), (2, ["8s", "2h"], {"main": 20_00})]
    rnd = tap(tap(rnd, {"type": "cards", "target": "dealer"}), {"type": "settle", "step": "settle"})
    # Dealer 7 + Q = 17.  Seat 3: 19 wins $10 at 1 to 1.  Seat 1: hand 1, 8 + K = 18, wins $20;
    # hand 2, 8 + 2 = 10, loses its $20.  Every loser is collected before any winner is paid.
    assert [(line.seat, line.hand_no, line.outcome, line.amount, line.stage) for line in rnd.lines] == [
        (1, 2, "lose", 20_00, TABLE), (3, 1, "win", 10_00, TABLE), (1, 1, "win", 20_00, TABLE)]


def test_the_training_shoe_holds_six_copies_of_each_card_and_no_ten():
    shoe = Shoe(GAME.deck.cards())
    codes = shoe.order()
    assert len(codes) == 6 * 48 and codes.count("7s") == 6 and not any(code[0] == "T" for code in codes)
    rnd = RoundState(GAME, {}, shoe_order=codes)
    rnd = tap(rnd, {"type": "place_wager", "seat": 1, "wager": "main", "amount": "10"})
    rnd = tap(tap(rnd, {"type": "no_more_bets"}), {"type": "deal"})
    assert [c.code for c in rnd.seats[1].cards] == codes[:2]


def test_a_seat_made_of_hands_reads_like_one_hand_until_it_splits():
    seat = Seat(4)
    seat.wagers["main"] = 10_00
    assert seat.hand.wagers == {"main": 10_00} and len(seat.hands) == 1
    seat.split("main", 10_00)
    assert [hand.number for hand in seat.hands] == [1, 2] and seat.wagers == {"main": 10_00}


def test_a_card_readers_peek_is_an_input_in_the_log_and_replays_the_same():
    rnd = opened({1: ("10", None)}, {"seat:1": ["9h", "8c"], "dealer": ["Kc", "6d"]})
    rnd = tap(rnd, {"type": "cards", "target": "dealer"})
    assert rnd.prompt.step == "peek" and [c.label for c in rnd.prompt.choices] == ["No blackjack", "Dealer blackjack"]
    before = rnd.seq
    with pytest.raises(Refused, match="one of no, yes, not 'maybe'"):
        tap(rnd, {"type": "input", "step": "peek", "value": "maybe"})
    assert rnd.seq == before
    peeked = tap(rnd, {"type": "input", "step": "peek", "value": "no"})
    assert peeked.step_results["peek"] == "no" and peeked.prompt.step == "match"


def test_a_progressive_share_is_claimed_then_paid_by_the_cage_once_the_meter_amount_is_logged():
    rnd = opened({2: ("10", None)}, {"seat:2": ["7h", "9c"], "dealer": ["5c", "6d"]})
    rnd.seats[2].wagers["progressive"] = 1_00  # (placed before the deal in a real round)
    rnd = tap(tap(rnd, {"type": "cards", "target": "dealer"}), {"type": "settle"})
    rnd = tap(rnd, {"type": "cards", "target": "dealer"})
    assert rnd.claims == []  # 7h 9c: no suited pair of sevens
    rnd = opened({2: ("10", None)}, {"seat:2": ["7h", "7h"], "dealer": ["5c", "6d"]})
    rnd.seats[2].wagers["progressive"] = 1_00
    rnd = tap(tap(rnd, {"type": "cards", "target": "dealer"}), {"type": "settle"})
    rnd = tap(rnd, {"type": "decide", "step": "split", "seat": 2, "choice": "stand"})
    rnd = tap(tap(rnd, {"type": "cards", "target": "dealer"}), {"type": "settle"})
    (claim,) = rnd.claims
    assert (claim.seat, claim.meter, claim.share, claim.pending) == (2, "M1", "10%", True)
    assert rnd.prompt.waiting_for_floor and "meter M1" in rnd.prompt.text
    with pytest.raises(Refused, match="meter M1 is not yet known"):
        tap(rnd, {"type": "close"})
    with pytest.raises(Refused, match="amount owed"):
        tap(rnd, {"type": "resolve_claim", "claim": 1, "amount": "12.50"})
    paid = tap(rnd, {"type": "resolve_claim", "claim": 1, "amount": 1_234_56})
    line = paid.lines[-1]
    assert (line.wager, line.amount, line.payer, line.must_validate) == ("progressive", 1_234_56, CAGE, True)
    # A jackpot waits for a floorperson whatever the table's approval threshold (none is set here).
    assert [(a.kind, a.seat, a.status) for a in paid.approvals] == [("payout", 2, "pending")]
