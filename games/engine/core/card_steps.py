"""Steps of games whose cards are seen as they are dealt (the blackjack family).

Every card a player is dealt lies face up, so the dealer enters it as it falls rather than when
the hand is turned for settlement:

    OpenDeal     the first cards, place by place (each seat, then a zone's face-up cards);
    HandTurns    each hand in turn, asked again and again until it is complete (hit, stand, a
                 wager that doubles, a split that makes another hand);
    DrawToRule   a zone drawn to one card at a time while a rule says so (a dealer to 17).

A card-reading shoe (or training mode's virtual shoe) may give the cards instead; each step
then offers to deal from it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.engine.cards import Card
from games.engine.core.records import Choice, Prompt, Refused
from games.engine.core.schema import HAND, NAME, PLACE, SEAT, ActionSchema, Amount, Cards, CardsByPlace, accepts
from games.engine.core.state import Hand, Seat
from games.engine.core.steps import Step
from games.engine.money import Cents, dollars, parse_dollars, plain_dollars

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState


def _always(rnd: RoundState, seat: Seat) -> bool:
    return True


class OpenDeal(Step):
    """The first cards of a round, dealt face up to the seats (and to zones, face up or down).

    ``zones`` maps a zone to (cards dealt face up, cards dealt face down): the dealer's up card and
    hole card are ``{"dealer": (1, 1)}``.  The dealer enters each seat's ``cards_each`` cards, in
    ``order``, then each zone's face-up cards; a face-down card is entered when it is turned.  A
    card-reading (or virtual) shoe gives them all with one ``deal`` action, the face-down ones too.
    """

    actions = accepts(ActionSchema("deal", optional={"cards": CardsByPlace()}),
                      ActionSchema("cards", {"target": PLACE}, {"cards": Cards()}))

    def __init__(self, step_id: str, section: str, text: str, cards_each: int, zones: dict[str, tuple[int, int]],
                 *, order: str = "clockwise", eligible: Callable[[RoundState, Seat], bool] = _always):
        super().__init__(step_id, section, text)
        self.cards_each = cards_each
        self.zones = dict(zones)
        self.order = order
        self.eligible = eligible

    def places(self, rnd: RoundState) -> list[tuple[str, int]]:
        """(place, cards) still to be entered, in the order they are asked for."""
        seats = [(f"seat:{n}", self.cards_each) for n in rnd.seats_in_order(self.order)
                 if self.eligible(rnd, rnd.seats[n]) and not rnd.seats[n].cards]
        zones = [(name, up) for name, (up, _) in self.zones.items() if up and not rnd.zone(name).cards]
        return seats + zones

    def done(self, rnd: RoundState) -> bool:
        return self.id in rnd.completed_steps or not self.places(rnd)

    def summary(self, rnd: RoundState) -> str:
        return "deal the cards"

    def label(self, rnd: RoundState, place: str) -> str:
        if place.startswith("seat:"):
            return f"seat {place.removeprefix('seat:')}"
        return f"the {rnd.zone_label(place).lower()}'s {'up card' if self.zones[place][0] == 1 else 'face-up cards'}"

    def prompt(self, rnd: RoundState) -> Prompt:
        seats = ", ".join(str(n) for n in rnd.seats_in_order(self.order) if self.eligible(rnd, rnd.seats[n]))
        text = self.text.format(seats=seats)
        place, count = self.places(rnd)[0]
        nothing_entered = len(self.places(rnd)) == len(self.all_places(rnd))
        choices = ((Choice("Deal from the virtual shoe", self.action("deal")),)
                   if rnd.shoe is not None and nothing_entered else ())
        label = self.label(rnd, place)
        entered = "" if nothing_entered else f" Now {label}."
        return Prompt(self.id, self.section, text + entered, choices, cards_for=place, cards_label=label,
                      cards_needed=count, seat=int(place.removeprefix("seat:")) if place.startswith("seat:") else None)

    def all_places(self, rnd: RoundState) -> list[str]:
        return [f"seat:{n}" for n in rnd.seats_in_order(self.order) if self.eligible(rnd, rnd.seats[n])] + [
            name for name, (up, _) in self.zones.items() if up]

    def apply(self, rnd: RoundState, action: Action) -> None:
        if action["type"] == "cards":
            place, count = self.places(rnd)[0]
            if action.get("target") != place:
                raise Refused(f"The cards of {self.label(rnd, place)} are due now, not {action.get('target')!r}",
                              self.section)
            codes = action.get("cards")
            if not codes and rnd.shoe is not None:
                codes = [card.code for card in rnd.shoe.draw(count)]
            self.place(rnd, place, codes or [], up_only=True)
            return
        if any(rnd.seats[n].cards for n in rnd.playing_seats()) or any(rnd.zone(z).cards for z in self.zones):
            raise Refused("Cards have been entered one place at a time already: enter the rest the same way",
                          self.section)
        given = action.get("cards") or {}
        if not isinstance(given, dict):
            raise Refused('The cards of a deal are given by place: {"seat:1": [...], ' + ", ".join(
                f'"{zone}": [...]' for zone in self.zones) + "}", self.section)
        hands = dict(given) if given else (rnd.game.deal_from_shoe(rnd, self) if rnd.shoe is not None else {})
        places = self.all_places(rnd)
        missing = [place for place in places if place not in hands]
        if missing or set(hands) - set(places):
            raise Refused(f"A deal gives the cards of {', '.join(places)}; "
                          + (f"missing {', '.join(missing)}" if missing else
                             f"no cards go to {', '.join(sorted(set(hands) - set(places)))}"), self.section)
        for place in places:
            self.place(rnd, place, hands[place], up_only=False)
        rnd.completed_steps.add(self.id)

    def place(self, rnd: RoundState, place: str, codes: Any, *, up_only: bool) -> None:
        if place.startswith("seat:"):
            rnd.set_seat_cards(place, codes, self.cards_each)
            seat = rnd.seats[int(place.removeprefix("seat:"))]
            seat.cards_shown = True
            # The seat's first cards, kept apart: its hand may grow or be split later.
            rnd.step_results.setdefault(self.id, {})[str(seat.number)] = [card.code for card in seat.cards]
            return
        up, down = self.zones[place]
        if up_only:
            rnd.zone(place).place(rnd.checked_cards(codes, up, self.label(rnd, place)), face_up=True)
            return
        if not isinstance(codes, list | tuple) or len(codes) not in (up, up + down):
            raise Refused(f"The {rnd.zone_label(place).lower()} is dealt {up} card{'s' if up > 1 else ''} face up"
                          + (f" and {down} face down" if down else "") + f", not {codes!r}", self.section)
        cards = rnd.checked_cards(codes, len(codes), rnd.zone_label(place))
        rnd.zone(place).place(cards[:up], face_up=True)
        rnd.zone(place).place(cards[up:], face_up=False)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        if len(self.places(rnd)) != len(self.all_places(rnd)):
            place, count = self.places(rnd)[0]
            return self.action("cards", target=place, cards=self.sheet_cards(rnd, sheet, place))
        return self.action("deal", cards={place: self.sheet_cards(rnd, sheet, place) for place in self.all_places(rnd)})

    def sheet_cards(self, rnd: RoundState, sheet: Any, place: str) -> list[Any]:
        if place.startswith("seat:"):
            return sheet.seat_cards(int(place.removeprefix("seat:")))
        return sheet.zone_cards(place, self.zones[place][0], self.id)

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        for number, codes in rnd.step_results.get(self.id, {}).items():
            sheet["seats"][number]["cards"] = list(codes)
        for name in self.zones:
            sheet.setdefault(name, [card.code for card in rnd.zone(name).up_cards])


@dataclass(frozen=True)
class Move:
    """Something a hand may do on its turn, as the dealer's button shows it."""

    key: str
    label: str
    section: str
    amount: Cents | None = None  # the wager it places, where it places a set amount
    up_to: Cents | None = None  # or any amount up to this: a button for the most and an amount entry
    style: str = "secondary"
    forced: bool = False  # the only thing to do (a Blackjack paid at once): a round sheet does not write it
    confirm: bool = False  # settles a wager at once, which Undo cannot take back: a confirming tap

    def token(self, amount: Cents | None) -> str:
        """How a round sheet writes it: the key, with the amount where less than the most."""
        if self.up_to is None or amount is None or amount == self.up_to:
            return self.key
        return f"{self.key} {plain_dollars(amount)}"


class HandTurns(Step):
    """Each hand in turn, seats in ``order`` and each seat's hands in the order they are played,
    asked again and again until it is complete.

    The game's subclass says what a hand may do now (``moves``), how many cards it is owed
    (``cards_due``: after a split or a double), whether it may ask for a card (``may_draw``: a
    hit), when it is complete, and what a move does (``move``).  A card entered for the hand on
    turn is one it is owed, else a card it asked for.  Each move and each card is written into the
    hand's ``plays``, which is what a round sheet gives for it.
    """

    actions = accepts(ActionSchema("play", {"seat": SEAT, "hand": HAND, "move": NAME}, {"amount": Amount()}),
                      ActionSchema("cards", {"target": PLACE}, {"hand": HAND, "cards": Cards()}))

    def __init__(self, step_id: str, section: str, *, order: str = "clockwise",
                 applies: Callable[[RoundState], bool] | None = None):
        super().__init__(step_id, section, applies=applies)
        self.order = order

    # -- what the game says ------------------------------------------------------------------

    def eligible(self, rnd: RoundState, seat: Seat) -> bool:
        return True

    def moves(self, rnd: RoundState, seat: Seat, hand: Hand) -> list[Move]:
        raise NotImplementedError

    def cards_due(self, rnd: RoundState, seat: Seat, hand: Hand) -> int:
        return 0

    def may_draw(self, rnd: RoundState, seat: Seat, hand: Hand) -> bool:
        return False

    def complete(self, rnd: RoundState, seat: Seat, hand: Hand) -> bool:
        raise NotImplementedError

    def move(self, rnd: RoundState, seat: Seat, hand: Hand, move: Move, amount: Cents | None) -> None:
        raise NotImplementedError

    def describe(self, rnd: RoundState, seat: Seat, hand: Hand) -> str:
        return " ".join(card.code for card in hand.cards)

    def card_dealt(self, rnd: RoundState, seat: Seat, hand: Hand, card: Card, owed: bool) -> None:
        """A card for the hand on turn: one it was owed, or one it asked for."""
        hand.cards += (card,)
        hand.plays.append(card.code)

    # -- the turns ---------------------------------------------------------------------------

    def turns(self, rnd: RoundState) -> list[tuple[int, Hand]]:
        return [(n, hand) for n in rnd.seats_in_order(self.order) if self.eligible(rnd, rnd.seats[n])
                for hand in rnd.seats[n].hands if not self.complete(rnd, rnd.seats[n], hand)]

    def done(self, rnd: RoundState) -> bool:
        return not self.turns(rnd)

    def summary(self, rnd: RoundState) -> str:
        return "each hand in turn"

    @staticmethod
    def who(seat: Seat, hand: Hand) -> str:
        return f"Seat {seat.number}" + (f" hand {hand.number}" if len(seat.hands) > 1 else "")

    def prompt(self, rnd: RoundState) -> Prompt:
        (seat_no, hand), *rest = self.turns(rnd)
        seat = rnd.seats[seat_no]
        who = self.who(seat, hand)
        due = self.cards_due(rnd, seat, hand)
        draws = bool(due) or self.may_draw(rnd, seat, hand)
        choices, parts = [], []
        amount_entry = amount_action = None
        target = {"seat": seat_no, "hand": hand.number}
        if draws and rnd.shoe is not None:
            choices.append(Choice(f"{who}: {'Deal its card' if due else 'Hit'} from the virtual shoe",
                                  self.action("cards", target=f"seat:{seat_no}", hand=hand.number), "primary"))
        if not due:
            if draws:
                parts.append("hit (enter the card)")
            for move in self.moves(rnd, seat, hand):
                payload = self.action("play", **target, move=move.key)
                amount = move.up_to if move.up_to is not None else move.amount
                label = f"{move.label} {dollars(amount)}" if amount is not None else move.label
                parts.append(f"{move.label} up to {dollars(move.up_to)}" if move.up_to is not None else label)
                choices.append(Choice(f"{who}: {label}", payload | (
                    {"amount": plain_dollars(amount)} if amount is not None else {}), move.style, move.confirm))
                if move.up_to is not None:
                    amount_entry, amount_action = (move.key, move.label, move.up_to), payload
        what = (f"deal it {'a card' if due == 1 else f'{due} cards'} face up and enter "
                f"{'it' if due == 1 else 'them'}") if due else ", or ".join(parts)
        text = f"{who} ({self.describe(rnd, seat, hand)}): {what}{'' if due else '?'}"
        upcoming = ("next: " + ", ".join(self.who(rnd.seats[n], h).lower() for n, h in rest[:4])) if rest else ""
        return Prompt(self.id, self.section, text, tuple(choices), seat=seat_no, hand=hand.number,
                      cards_for=f"seat:{seat_no}" if draws else "", cards_needed=1 if draws else 0,
                      cards_label=who.lower() if draws else "", upcoming=upcoming,
                      amount_entry=amount_entry, amount_action=amount_action)

    def apply(self, rnd: RoundState, action: Action) -> None:
        (seat_no, hand), *_ = self.turns(rnd)
        seat = rnd.seats[seat_no]
        named = str(action.get("target", "")).removeprefix("seat:") if action["type"] == "cards" else action.get("seat")
        if rnd.seat_number(named) != seat_no or action.get("hand") != hand.number:
            raise Refused(f"It is {self.who(seat, hand).lower()}'s turn, not seat {named}'s hand "
                          f"{action.get('hand')!r}: hands are played {self.order} from the dealer's left",
                          self.section)
        if action["type"] == "cards":
            due = self.cards_due(rnd, seat, hand)
            if not due and not self.may_draw(rnd, seat, hand):
                raise Refused(f"{self.who(seat, hand)} may not draw a card now ({self.describe(rnd, seat, hand)})",
                              self.section)
            codes = action.get("cards")
            if not codes and rnd.shoe is not None:
                codes = [card.code for card in rnd.shoe.draw(1)]
            (card,) = rnd.checked_cards(codes or [], 1, f"{self.who(seat, hand).lower()}'s card")
            self.card_dealt(rnd, seat, hand, card, owed=bool(due))
            return
        if self.cards_due(rnd, seat, hand):
            raise Refused(f"{self.who(seat, hand)} is owed a card first: deal it and enter it", self.section)
        move = next((m for m in self.moves(rnd, seat, hand) if m.key == action.get("move")), None)
        if move is None:
            offered = " or ".join(m.key for m in self.moves(rnd, seat, hand))
            raise Refused(f"{self.who(seat, hand)} may {offered or 'do nothing but draw'} now, not "
                          f"{action.get('move')!r} ({self.describe(rnd, seat, hand)})", self.section)
        amount = self.move_amount(rnd, seat, hand, move, action.get("amount"))
        if not move.forced:
            hand.plays.append(move.token(amount))
        self.move(rnd, seat, hand, move, amount)

    def move_amount(self, rnd: RoundState, seat: Seat, hand: Hand, move: Move, given: Any) -> Cents | None:
        what = f"{self.who(seat, hand).lower()}'s {move.label}"
        if move.up_to is not None:
            if given in (None, ""):
                raise Refused(f"{self.who(seat, hand)}: say how much, up to {dollars(move.up_to)}", move.section)
            amount = rnd.amount(given, what)
            if amount > move.up_to:
                raise Refused(f"{self.who(seat, hand)}'s {move.label} may be up to {dollars(move.up_to)}, "
                              f"not {dollars(amount)}", move.section)
            return amount
        if move.amount is not None and given not in (None, "") and rnd.amount(given, what) != move.amount:
            raise Refused(f"{self.who(seat, hand)}'s {move.label} is {dollars(move.amount)}, not "
                          f"{dollars(parse_dollars(given))}", move.section)
        return move.amount

    # -- round sheets: each hand's plays, in the order its seat's hands were played -----------

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        (seat_no, hand), *_ = self.turns(rnd)
        seat = rnd.seats[seat_no]
        target = {"seat": seat_no, "hand": hand.number}
        forced = [m for m in self.moves(rnd, seat, hand) if m.forced]
        if forced and not self.cards_due(rnd, seat, hand):
            return self.action("play", **target, move=forced[0].key)
        token = sheet.hand_play(seat_no, seat.hands.index(hand), self.who(seat, hand))
        key, _, amount = str(token).partition(" ")
        if len(key) == 2 and key[0] in "23456789TJQKA" and not amount:
            return self.action("cards", target=f"seat:{seat_no}", hand=hand.number, cards=[key])
        move = next((m for m in self.moves(rnd, seat, hand) if m.key == key), None)
        if not amount and move is not None and move.up_to is not None:
            amount = plain_dollars(move.up_to)  # written without an amount: the most
        return self.action("play", **target, move=key, **({"amount": amount} if amount else {}))

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        for number, seat in rnd.seats.items():
            if any(hand.plays for hand in seat.hands):
                sheet["seats"][str(number)]["hands"] = [list(hand.plays) for hand in seat.hands]


class DrawToRule(Step):
    """Cards drawn to a zone one at a time, face up, while the game's rule says another is due
    (``draws``: the dealer draws to 17, § 635a.7(l)).  ``state`` says the zone's count for the
    prompt ("hard 14")."""

    actions = accepts(ActionSchema("cards", {"target": PLACE}, {"cards": Cards()}))

    def __init__(self, step_id: str, section: str, text: str, zone: str, draws: Callable[[RoundState], bool],
                 state: Callable[[RoundState], str], *, applies: Callable[[RoundState], bool] | None = None):
        super().__init__(step_id, section, text, applies)
        self.zone = zone
        self.draws = draws
        self.state = state

    def done(self, rnd: RoundState) -> bool:
        return not self.draws(rnd)

    def summary(self, rnd: RoundState) -> str:
        return f"the {rnd.zone_label(self.zone).lower()}'s draws"

    def prompt(self, rnd: RoundState) -> Prompt:
        answer = self.action("cards", target=self.zone)
        choices = (Choice("Draw from the virtual shoe", answer),) if rnd.shoe is not None else ()
        label = f"the {rnd.zone_label(self.zone).lower()}'s next card"
        return Prompt(self.id, self.section, self.text.format(state=self.state(rnd)), choices, cards_for=self.zone,
                      cards_label=label, cards_needed=1)

    def apply(self, rnd: RoundState, action: Action) -> None:
        if action.get("target") != self.zone:
            raise Refused(f"A card for the {rnd.zone_label(self.zone).lower()} is due now, not for "
                          f"{action.get('target')!r}", self.section)
        codes = action.get("cards")
        if not codes and rnd.shoe is not None:
            codes = [card.code for card in rnd.shoe.draw(1)]
        label = f"the {rnd.zone_label(self.zone).lower()}'s next card"
        rnd.zone(self.zone).place(rnd.checked_cards(codes or [], 1, label), face_up=True)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("cards", target=self.zone, cards=sheet.zone_cards(self.zone, 1, self.id))

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        if rnd.zone(self.zone).shown:
            sheet[self.zone] = [card.code for card in rnd.zone(self.zone).cards]
