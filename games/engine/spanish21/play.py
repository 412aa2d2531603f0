"""The Spanish 21 steps of its own: the Insurance offer, the card reader's peek and each hand's play."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from games.engine.core import floor
from games.engine.core.card_steps import DrawToRule, HandTurns, Move
from games.engine.core.decisions import Option, SeatDecision
from games.engine.core.records import DECISION, IMMEDIATE, Prompt, Refused, SettlementLine
from games.engine.core.settling import SettlementPass, ZoneCards
from games.engine.core.state import Hand, Seat
from games.engine.core.steps import AskInput
from games.engine.hands.blackjack import blackjack_total
from games.engine.money import Cents, dollars, parse_dollars
from games.engine.spanish21 import hands as h
from games.engine.spanish21 import settlement

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState


def insurance_most(rnd: RoundState, seat: Seat) -> Cents:
    """§ 635a.8(b): half the Spanish 21 Wager, or, when chips cannot make half, the next amount they
    can: half rounded up to the table's smallest chip ($15 with $1 chips: $8)."""
    chip = parse_dollars(rnd.rules["smallest_chip"])
    return -(-seat.wagers["main"] // (2 * chip)) * chip


def insured(rnd: RoundState, seat: Seat) -> bool:
    return h.up_card(rnd) is not None and h.up_card(rnd).rank == h.ACE and not h.seat_dead(seat)


class InsuranceOffer(SeatDecision):
    """§ 635a.8(a)-(b), (e): the up card is an ace; each player, from the dealer's left, may insure
    (up to half the wager) or, with a Blackjack where the table offers it, take even money."""

    def __init__(self) -> None:
        super().__init__("insurance", "§ 635a.8(b)", (
            Option("insurance", "Insurance", wager="insurance", up_to=insurance_most, most_button=True,
                   rule="half the Spanish 21 Wager, to the next chip", section="§ 635a.8(b)"),
            # Paid at once and the cards removed: not taken back by Undo, so confirmed with a second tap.
            Option("even_money", "Even money", section="§ 635a.8(e)", confirm=True,
                   offered=lambda rnd, seat: rnd.rules["even_money"] and h.is_blackjack(seat, seat.hand)),
            Option("no", "No Insurance"),
        ), eligible=insured)

    def done(self, rnd: RoundState) -> bool:
        # Before the up card is entered it is not known whether Insurance is offered: the step is
        # still ahead for the "next" line (the deal comes first all the same).
        return h.up_card(rnd) is not None and super().done(rnd)

    def summary(self, rnd: RoundState) -> str:
        if h.up_card(rnd) is None:
            return "Insurance on an ace up card, the card reader on an ace or face card, then each hand's decisions"
        return "offer Insurance to each seat in turn"

    def apply(self, rnd: RoundState, action: Action) -> None:
        super().apply(rnd, action)
        seat = rnd.seats[rnd.seat_number(action.get("seat"))]
        if h.even_money(seat):
            line = settlement.even_money(seat)
            rnd.lines.append(line)
            floor.request_payout_approvals(rnd, seat.number, [line])


class CardReaderPeek(AskInput):
    """§ 635a.7(g): the hole card goes into the card reader; the answer is an input of the log.  When
    a card-reading or virtual shoe already knows the hole card, only its answer is offered."""

    def __init__(self) -> None:
        super().__init__("peek", "§ 635a.7(g)", "Slide the hole card into the card reader without exposing it: "
                         "does the dealer have Blackjack?", (("no", "No Blackjack"), ("yes", "Dealer Blackjack")),
                         applies=lambda rnd: h.dealer_peeks(rnd) and not self.all_dead(rnd))

    @staticmethod
    def all_dead(rnd: RoundState) -> bool:
        return all(h.seat_dead(rnd.seats[n]) for n in rnd.playing_seats())

    def known(self, rnd: RoundState) -> str | None:
        zone = rnd.zone("dealer")
        if len(zone.cards) < 2:
            return None
        return "yes" if blackjack_total(tuple(zone.cards[:2])).blackjack else "no"

    def prompt(self, rnd: RoundState) -> Prompt:
        prompt = super().prompt(rnd)
        known = self.known(rnd)
        # "No Blackjack" collects every Insurance Wager at once (§ 635a.8(d)), which Undo cannot take
        # back: it is confirmed with a second tap.  "Dealer Blackjack" settles nothing until the hole card.
        insured = any("insurance" in rnd.seats[n].wagers for n in rnd.playing_seats())
        choices = tuple(dataclasses.replace(c, confirm=insured and c.action["value"] == "no") for c in prompt.choices
                        if known is None or c.action["value"] == known)
        return dataclasses.replace(prompt, choices=choices)

    def apply(self, rnd: RoundState, action: Action) -> None:
        known = self.known(rnd)
        if known is not None and action.get("value") != known:
            raise Refused(f"The shoe read the hole card: the card reader must show "
                          f"{'a' if known == 'yes' else 'no'} Blackjack", self.section)
        super().apply(rnd, action)


class HoleCard(ZoneCards):
    """§ 635a.7(k): the hole card turned face up.  When the card reader showed a Blackjack, no card was
    dealt and every hand waits to be settled against it (§ 635a.7(g)): a hole card entered that makes
    no Blackjack with the up card (§ 635a.1) contradicts the reader and is refused before anything
    changes.  A hole card a card-reading shoe read at the deal is only turned: the reader's answer
    already had to agree with it (``CardReaderPeek``)."""

    def __init__(self, applies: Callable[[RoundState], bool]) -> None:
        super().__init__("hole_card", "§ 635a.7(k)", "Turn your hole card face up: enter it and announce your "
                         "total.", 1, zone="dealer", what="the dealer's hole card", turned="Hole card turned",
                         applies=applies)

    def apply(self, rnd: RoundState, action: Action) -> None:
        if h.peeked_blackjack(rnd) and action.get("target") == self.zone and not rnd.zone(self.zone).down_cards:
            self.check_blackjack(rnd, action.get("cards"))
        super().apply(rnd, action)

    def check_blackjack(self, rnd: RoundState, codes: object) -> None:
        if codes:
            hole = rnd.checked_cards(codes, self.count, self.what)[0]
        elif rnd.shoe is not None and rnd.shoe.cards:
            hole = rnd.shoe.cards[0]  # the card the virtual shoe is about to turn
        else:
            return  # nothing entered: the step refuses it
        up = h.up_card(rnd)
        if not blackjack_total((up, hole)).blackjack:
            needed = "a king, queen or jack" if up.rank == h.ACE else "an ace"
            raise Refused(f"The card reader showed the dealer's Blackjack, but the hole card {hole.code} makes none "
                          f"with the up card {up.code}: the hole card must be {needed}", "§ 635a.7(g)")


class PlayHands(HandTurns):
    """§ 635a.7(h)-(j): each hand from the dealer's left: a Blackjack is paid at once when the up card
    is 2-9; otherwise surrender first, then double down, split, stand or hit."""

    def __init__(self) -> None:
        super().__init__("play", "§ 635a.7(h)", applies=lambda rnd: not h.peeked_blackjack(rnd))

    def eligible(self, rnd: RoundState, seat: Seat) -> bool:
        return not h.seat_dead(seat)

    def summary(self, rnd: RoundState) -> str:
        if h.dealer_peeks(rnd) and "peek" not in rnd.step_results:
            insured = any("insurance" in rnd.seats[n].wagers for n in rnd.playing_seats())
            return (f"on No Blackjack, {'collect every Insurance Wager, then ' if insured else ''}each hand's "
                    "decisions; on Dealer Blackjack, turn your hole card")
        return "each hand's decisions, from the dealer's left"

    def describe(self, rnd: RoundState, seat: Seat, hand: Hand) -> str:
        return f"{' '.join(card.code for card in hand.cards)}: {h.describe(rnd, seat, hand)}"

    def cards_due(self, rnd: RoundState, seat: Seat, hand: Hand) -> int:
        """A split hand's second card (§ 635a.11(b)); a Double Down's one card (§ 635a.10(a))."""
        if h.dead(seat, hand):
            return 0
        if len(hand.cards) == 1:
            return 1
        return 1 if h.doubled(hand) and len(hand.cards) == 2 else 0

    def may_draw(self, rnd: RoundState, seat: Seat, hand: Hand) -> bool:
        """§ 635a.7(j): below 21, not after a Double Down, a surrender or a stand."""
        return (len(hand.cards) >= 2 and not h.is_blackjack(seat, hand) and h.total(hand).total < 21
                and not (h.doubled(hand) or h.surrendered(hand) or h.stood(hand) or h.dead(seat, hand)))

    def complete(self, rnd: RoundState, seat: Seat, hand: Hand) -> bool:
        if h.dead(seat, hand) or h.even_money(seat):
            return True
        if len(hand.cards) < 2:
            return False
        if h.is_blackjack(seat, hand):
            # § 635a.7(h)(1): paid at once on a 2-9 up card; else announced and settled at the end.
            return hand.decisions.get("blackjack") == h.BLACKJACK_PAID or h.dealer_peeks(rnd)
        if h.doubled(hand):
            return len(hand.cards) > 2 and (h.total(hand).bust or h.stood(hand) or h.rescued(hand))
        return h.surrendered(hand) or h.stood(hand) or h.total(hand).total >= 21

    def moves(self, rnd: RoundState, seat: Seat, hand: Hand) -> list[Move]:
        if h.is_blackjack(seat, hand):
            paid = settlement.MAIN.row("blackjack").payout.winnings(hand.wagers["main"])
            return [Move("pay_blackjack", f"Pay the Blackjack {dollars(paid)} and remove the cards",
                         "§ 635a.7(h)(1)(i)", style="primary", forced=True)]
        if h.doubled(hand):  # its one card is dealt and the hand is not over 21 (§ 635a.10(d))
            return [Move("stand", "Keep the Double Down", "§ 635a.10(a)", style="primary"),
                    Move("rescue", "Rescue: take back the Double Down, forfeit the wager", "§ 635a.10(d)",
                         style="danger", confirm=True)]
        first_two = len(hand.cards) == 2  # its first two cards, or a split hand's (§ 635a.10(a))
        moves = []
        if first_two and not h.split_seat(seat):
            # On a 2-9 up card half is collected at once (§ 635a.9(a)(1)), which Undo cannot take back;
            # against an ace or face card it waits for the hole card and Undo takes it back.
            moves.append(Move("surrender", "Surrender half", "§ 635a.9(a)", style="danger",
                              confirm=not h.dealer_peeks(rnd)))
        if first_two:
            moves.append(Move("double", "Double Down", "§ 635a.10(a)", up_to=hand.wagers[h.own_wager(hand)],
                              style="primary"))
        if first_two and h.pair(hand) and len(seat.hands) - 1 < 1 + int(rnd.rules["additional_splits"]):
            moves.append(Move("split", "Split", "§ 635a.11(a)", amount=seat.wagers["main"], style="primary"))
        moves.append(Move("stand", "Stand", "§ 635a.7(h)(2)"))
        return moves

    def move(self, rnd: RoundState, seat: Seat, hand: Hand, move: Move, amount: Cents | None) -> None:
        match move.key:
            case "pay_blackjack":
                hand.decisions["blackjack"] = h.BLACKJACK_PAID
                line = settlement.blackjack_at_once(rnd, seat)
                rnd.lines.append(line)
                floor.request_payout_approvals(rnd, seat.number, [line])
            case "double":
                hand.wagers["double_down"] = amount
            case "split":
                first, second = hand.cards
                new = seat.split("split", amount, after=hand)
                hand.cards, new.cards = (first,), (second,)
            case "rescue":
                rnd.lines += settlement.rescue(seat, hand)
            case "surrender" if not h.dealer_peeks(rnd):
                rnd.lines.append(settlement.surrender(rnd, seat, hand, DECISION))
            case _:
                pass  # a stand; a surrender on an ace or face up card waits for the hole card (§ 635a.9(a)(2))


class Pass(SettlementPass):
    """A settlement pass of the chapter, named on the "next" line by ``brief`` (its prompt begins
    with when it comes, not what it is)."""

    def __init__(self, step_id: str, section: str, text: str, *, brief: str, **kwargs: Any) -> None:
        super().__init__(step_id, section, text, **kwargs)
        self.brief = brief

    def summary(self, rnd: RoundState) -> str:
        return self.brief


class DealerDraws(DrawToRule):
    """§ 635a.7(l)-(m): the dealer's draws to 17; before the hole card is turned, whether any is due
    is not known yet, and the "next" line says so."""

    def summary(self, rnd: RoundState) -> str:
        if "hole_card" not in rnd.completed_steps:
            return "your draws to 17 if a hand depends on them (§ 635a.7(l)-(m)), then settle every hand"
        return "draw to 17 (§ 635a.7(l))"


def deferred_surrenders(rnd: RoundState) -> list[tuple[Seat, Hand]]:
    """Surrenders against an ace or face up card, settled once the hole card is turned (§ 635a.9(a)(2)).

    A surrender is waiting until its own wager has a line: the box's Insurance or Match-the-Dealer
    Wager, settled before, is a wager of its own, "settled separately" (§ 635a.9(b))."""
    return [(rnd.seats[n], hand) for n in reversed(rnd.playing_seats()) for hand in rnd.seats[n].hands
            if h.surrendered(hand) and h.dealer_peeks(rnd)
            and not any(line.seat == n and line.hand_no == hand.number and line.wager == h.own_wager(hand)
                        for line in rnd.lines)]


def surrender_lines(rnd: RoundState) -> list[SettlementLine]:
    return [settlement.surrender(rnd, seat, hand, IMMEDIATE) for seat, hand in deferred_surrenders(rnd)]
