"""§ 635a.13: the irregularities a Spanish 21 dealer reports, and what each does to the round.

A void (more than one card face up, more than one 10, the card reader showing a 2-9 up card's
hole card) waits for a floorperson; the others act at once: a card goes to the discard rack, a
hand is called dead and its wagers returned, or play simply continues (the report is logged).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from games.engine.core.floor import request_void
from games.engine.core.records import Irregularity, Refused
from games.engine.spanish21 import hands as h
from games.engine.spanish21 import settlement

if TYPE_CHECKING:
    from games.engine.core.machine import RoundState

IRREGULARITIES = {
    "card_face_up": Irregularity(
        "card_face_up", "Card found face up in the shoe: not used, to the discard rack", "§ 635a.13(a)",
        void=False, asks=("card",)),
    "ten_in_shoe": Irregularity(
        "ten_in_shoe", "A 10 found in the shoe: not used, torn in half by a floorperson", "§ 635a.13(b)",
        void=False),
    "exposed_card_refused": Irregularity(
        "exposed_card_refused", "Card drawn in error and exposed, refused by the players and unusable by the "
        "dealer: to the discard rack", "§ 635a.13(d)", void=False, asks=("card",)),
    "dealer_drew_on_17": Irregularity(
        "dealer_drew_on_17", "The dealer had 17 and drew a card by accident: to the discard rack", "§ 635a.13(e)",
        void=False, asks=("card",)),
    "seat_not_dealt": Irregularity(
        "seat_not_dealt", "No cards dealt to a player's box: the hand is dead, its wagers returned", "§ 635a.13(h)",
        void=False, asks=("seat",)),
    "card_not_dealt": Irregularity(
        "card_not_dealt", "A card the player asked for was not dealt, and the player calls the hand dead: its "
        "wagers returned", "§ 635a.13(i)", void=False, asks=("seat", "hand")),
    "card_reader_shown": Irregularity(
        "card_reader_shown", "Card reader used on a 2-9 up card, and a player could learn the hole card: "
        "every hand dead, every wager returned", "§ 635a.13(j)(1)", void=True),
    "card_reader_hidden": Irregularity(
        "card_reader_hidden", "Card reader used on a 2-9 up card without showing the hole card to anyone: play "
        "continues", "§ 635a.13(j)(2)", void=False),
    "card_reader_broken": Irregularity(
        "card_reader_broken", "Card reader malfunction: no more dealing at this table until it is repaired or "
        "replaced", "§ 635a.13(k)", void=False),
}
CARDS_FACE_UP = Irregularity(
    "cards_face_up", "More than one card found face up in the shoe while dealing: the cards are reshuffled",
    "§ 635a.13(a)", void=True)
TENS_IN_SHOE = Irregularity(
    "tens_in_shoe", "More than one 10 found in the shoe while dealing: the decks are removed from play",
    "§ 635a.13(b)", void=True, removes_deck=True)


def check(rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
    """Refuse a report that cannot be true at this point of the round."""
    kind, section = irregularity.kind, irregularity.section
    dealt = next(step for step in rnd.steps if step.id == "deal").done(rnd)
    if kind.startswith("card_reader_") and kind != "card_reader_broken":
        up = h.up_card(rnd)
        if up is None:
            raise Refused("The dealer's up card is not dealt yet", section)
        if up.rank in h.PEEK_RANKS:
            raise Refused(f"The up card is {up.code}: the card reader is meant to be used (§ 635a.7(g))", section)
        if "hole_card" in rnd.completed_steps:
            raise Refused("The hole card is already turned face up", section)
    if kind in ("exposed_card_refused", "card_reader_broken") and not dealt:
        raise Refused("The first two cards are still being dealt", section)
    if kind == "dealer_drew_on_17" and ("hole_card" not in rnd.completed_steps or h.dealer_total(rnd).total < 17):
        raise Refused("The dealer does not hold 17 or more with the hole card turned", section)
    if kind == "seat_not_dealt":
        seat = rnd.seats.get(rnd.seat_number(action.get("seat")))
        if seat is None or seat.number not in rnd.playing_seats() or h.seat_dead(seat):
            raise Refused(f"Seat {action.get('seat')} has no Spanish 21 Wager in play", section)
        if dealt or seat.cards:
            raise Refused(f"Seat {seat.number}'s cards are dealt: (h) is for a box dealt no cards", section)
    if kind == "card_not_dealt":
        seat, hand = _hand(rnd, action, section)
        step = rnd.current_step()
        if step is None or step.id != "play" or h.settled_early(seat, hand):
            raise Refused(f"Seat {seat.number}'s hand {hand.number} is not being played: (i) applies while "
                          "players draw, before the hole card is turned", section)


def _hand(rnd: RoundState, action: Mapping[str, Any], section: str):
    number = rnd.seat_number(action.get("seat"))
    seat = rnd.seats.get(number)
    if seat is None or number not in rnd.playing_seats():
        raise Refused(f"Seat {number} has no Spanish 21 Wager in play", section)
    hand_no = action.get("hand", 1)
    hand = seat.hand_numbered(hand_no) if isinstance(hand_no, int) and not isinstance(hand_no, bool) else None
    if hand is None:
        raise Refused(f"Seat {number} has no hand {hand_no!r} (its hands: "
                      f"{', '.join(str(hand.number) for hand in seat.hands)})", section)
    return seat, hand


def note(rnd: RoundState, irregularity: Irregularity, action: Mapping[str, Any]) -> None:
    """What a report that voids nothing does to the round."""
    kind, section = irregularity.kind, irregularity.section
    if kind == "ten_in_shoe":
        rnd.step_results["tens_found"] = rnd.step_results.get("tens_found", 0) + 1
        if rnd.step_results["tens_found"] > 1:
            request_void(rnd, TENS_IN_SHOE, action.get("note", ""))
    elif kind in ("exposed_card_refused", "dealer_drew_on_17"):
        (card,) = rnd.checked_cards([action.get("card")] if action.get("card") else [], 1, "the card discarded")
        rnd.discarded.append(card)
        if rnd.shoe is not None and card in rnd.shoe.cards:
            rnd.shoe.cards.remove(card)
    elif kind == "seat_not_dealt":
        seat = rnd.seats[rnd.seat_number(action.get("seat"))]
        seat.hand.decisions["irregularity"] = h.DEAD
        rnd.lines += settlement.returned(rnd, seat, seat.hand, section, "No cards were dealt to the box: the hand is "
                                         "dead and the player joins the next deal")
    elif kind == "card_not_dealt":
        seat, hand = _hand(rnd, action, section)
        hand.decisions["irregularity"] = h.DEAD
        rnd.lines += settlement.returned(rnd, seat, hand, section, "A card asked for was not dealt: the player called "
                                         "the hand dead")
