"""The steps of a dealing procedure that every game shares.

A step says when it applies, when it is done (from its own progress, recorded in the round),
what the dealer is prompted to do and which actions it takes.  A game lists its steps in the
order its chapter prescribes; the round machine runs the first one not done.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from games.engine.core import progressive
from games.engine.core.records import (
    Choice,
    Prompt,
    Refused,
)
from games.engine.core.schema import (
    ANSWER,
    CARD_CODE,
    NAME,
    PLACE,
    SEAT,
    ActionSchema,
    Amount,
    Cards,
    CardsByPlace,
    Either,
    Text,
    accepts,
)
from games.engine.core.state import Seat

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState


class Step:
    """One step of the dealing procedure.  Subclasses define when it is done, its prompt
    and which actions it takes."""

    # The action types the step takes, each with the keys it carries (games.engine.core.schema).
    actions: ClassVar[Mapping[str, ActionSchema]] = {}
    # What the 'next' line calls the step where its prompt's first sentence does not say it (a
    # prompt that opens on a state, "Folded seat 3: ...", or does two things, collect then reveal).
    next_words = ""

    def __init__(self, step_id: str, section: str, text: str = "",
                 applies: Callable[[RoundState], bool] | None = None):
        self.id = step_id
        self.section = section
        self.text = text
        self.condition = applies  # when the step has work in this round; None: always

    def applies(self, rnd: RoundState) -> bool:
        return self.condition is None or self.condition(rnd)

    def done(self, rnd: RoundState) -> bool:
        return self.id in rnd.completed_steps

    def prompt(self, rnd: RoundState) -> Prompt:
        raise NotImplementedError

    def arrive(self, rnd: RoundState) -> None:
        """What the step does by itself the moment it becomes the round's step, before the dealer's
        tap: a settlement pass writes the lines its prompt asks the dealer to pay.  Nothing here."""

    def check_new(self, rnd: RoundState, action: Action) -> None:
        """Refuse a new action this step's rules refuse now, where a log written before the rule may
        hold one that was accepted (it replays as it was)."""

    def apply(self, rnd: RoundState, action: Action) -> None:
        raise NotImplementedError

    def said_next(self, words: str) -> Step:
        """The step, called ``words`` on the 'next' line."""
        self.next_words = words
        return self

    def summary(self, rnd: RoundState) -> str:
        """A short phrase for the 'next' line of the screen: the words given it, or its prompt's
        first sentence up to a colon (what follows says how to enter the cards), without its
        asides in brackets, as the middle of a sentence."""
        if self.next_words:
            return self.next_words
        if not self.text:
            return self.id.replace("_", " ")
        plain = re.sub(r"\s*\([^)]*\)", "", self.text)
        first = re.split(r"\.(?:\s|$)", plain)[0].split(":")[0].strip()
        first = first.replace("{seats}", "each seat").replace("seat {seat}", "each seat")
        return first[:1].lower() + first[1:]

    def action(self, kind: str, **fields: Any) -> dict[str, Any]:
        """An action of this step, naming it: the round refuses it once another step is current."""
        return {"type": kind, "step": self.id, **fields}

    # A round sheet (games/engine/core/sheets.py) is played and written step by step: each step
    # reads its part of the sheet through the reader and writes it back from the round.

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        """The action the round sheet says was taken at this step."""
        raise NotImplementedError(f"the {self.id} step cannot be read from a round sheet")

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        """Write what this step recorded into an exported round sheet (most steps record nothing)."""


class Betting(Step):
    """Wagers placed before "no more bets".  ``waiting`` says what a seat needs to play; "no more
    bets" is offered only once every seat's wagers allow it (``check_closing``)."""

    actions = accepts(
        ActionSchema("place_wager", {"seat": SEAT, "wager": NAME, "amount": Amount()}),
        ActionSchema("remove_wager", {"seat": SEAT, "wager": NAME}),
        ActionSchema("no_more_bets"),
        ActionSchema("same_player", {"seat": SEAT, "with": SEAT}),
        ActionSchema("own_player", {"seat": SEAT}),
    )

    def __init__(self, step_id: str, section: str, text: str, waiting: str = ""):
        super().__init__(step_id, section, text)
        self.waiting = waiting

    def check_closing(self, rnd: RoundState) -> None:
        """Refuse "no more bets" while the wagers do not let the round go on."""
        if not rnd.playing_seats():
            raise Refused(f"No seat has a {rnd.game.playing_label()} yet", self.section)

    def join_boxes(self, rnd: RoundState, seat_no: int, other: int) -> None:
        """One player wagers on this box too: the boxes form one player's adjacent run, no longer
        than the table's Rules Submission allows (§ 677a.7(e))."""
        most, section = rnd.game.adjacent_boxes(rnd.rules), rnd.game.adjacent_boxes_section
        if most < 2:
            raise Refused("This table lets a player wager on one box only", section or self.section)
        for number in (seat_no, other):
            if rnd.game.required_wager not in rnd.seats.get(number, Seat(number)).wagers:
                raise Refused(f"Seat {number} has no {rnd.game.wager_label(rnd.game.required_wager)} yet",
                              rnd.game.wager_section)
        player = rnd.seats[other].player_seat
        boxes = sorted({n for n, seat in rnd.seats.items() if seat.player_seat == player} | {seat_no})
        if boxes != list(range(boxes[0], boxes[-1] + 1)) or len(boxes) > most:
            raise Refused(f"One player may wager on at most {most} adjacent boxes; seats "
                          f"{', '.join(map(str, boxes))} are not that", section)
        rnd.seats[seat_no].player = player

    def part_boxes(self, rnd: RoundState, seat_no: int) -> None:
        """The box is its own player's again; the player's other boxes must still be adjacent."""
        seat = rnd.seats.get(seat_no)
        if seat is None or not seat.player:
            raise Refused(f"Seat {seat_no} is not marked as another seat's player's", self.section)
        rest = sorted(n for n, other in rnd.seats.items() if other.player_seat == seat.player and n != seat_no)
        if rest != list(range(rest[0], rest[-1] + 1)):
            raise Refused(f"Seats {', '.join(map(str, rest))} would no longer be adjacent: unmark the outer box "
                          "first", rnd.game.adjacent_boxes_section)
        seat.player = 0

    def prompt(self, rnd: RoundState) -> Prompt:
        waiting = self.waiting or f"Place each seat's wagers: a seat plays with its " \
                                  f"{rnd.game.playing_label()}."
        try:
            self.check_closing(rnd)
        except Refused as refusal:
            started = bool(rnd.playing_seats())
            text = f"{waiting} {refusal.message}." if started else waiting
            return Prompt(self.id, self.section, text, wagers_open=True)
        return Prompt(self.id, self.section, self.text, (Choice("No more bets", self.action("no_more_bets")),),
                      wagers_open=True)

    def apply(self, rnd: RoundState, action: Action) -> None:
        if action["type"] == "no_more_bets":
            self.check_closing(rnd)
            rnd.completed_steps.add(self.id)
            return
        if action["type"] == "same_player":
            self.join_boxes(rnd, rnd.seat_number(action.get("seat")), rnd.seat_number(action.get("with")))
            return
        if action["type"] == "own_player":
            self.part_boxes(rnd, rnd.seat_number(action.get("seat")))
            return
        seat_no = rnd.seat_number(action.get("seat"))
        wager = action.get("wager")
        offered = rnd.game.betting_wagers(rnd.rules)
        closed = progressive.unavailable(rnd.game, rnd.rules, wager) if isinstance(wager, str) else ""
        if closed and action["type"] == "place_wager":
            raise Refused(closed, progressive.LINK_DOWN_SECTION)
        if wager not in offered and not (closed and action["type"] == "remove_wager"):
            labels = ", ".join(rnd.game.wager_label(w) for w in offered)
            raise Refused(f"{wager!r} is not a wager this table offers before the deal (offered: {labels})",
                          rnd.game.wager_section)
        seat = rnd.seats.setdefault(seat_no, Seat(seat_no))
        if action["type"] == "remove_wager":
            if wager not in seat.wagers:
                raise Refused(f"Seat {seat_no} has no {rnd.game.wager_label(wager)} to remove", self.section)
            playing = rnd.game.playing_wagers
            if wager in playing and len(seat.wagers) > 1 and not any(
                    w in seat.wagers for w in playing if w != wager):
                raise Refused(f"Remove seat {seat_no}'s other wagers first: they need its "
                              f"{rnd.game.playing_label()}", rnd.game.wager_section)
            del seat.wagers[wager]
            rnd.drop_empty_seat(seat_no)
            return
        amount = rnd.amount(action.get("amount"), f"seat {seat_no}'s {rnd.game.wager_label(wager)}")
        playing = rnd.game.playing_wagers
        if wager not in playing and not any(w in seat.wagers for w in playing):
            rnd.drop_empty_seat(seat_no)
            raise Refused(f"Seat {seat_no} must place its {rnd.game.playing_label()} "
                          f"before a {rnd.game.wager_label(wager)}", rnd.game.wager_section)
        rnd.check_limits(seat_no, wager, amount)
        progressive.check_wager(rnd, seat_no, wager, amount)
        seat.wagers[wager] = amount


class Deal(Step):
    """The initial deal of cards to the seats and the zones.  Cards are normally entered later,
    as they are turned; a card-reading shoe (or training mode's virtual shoe) supplies them now,
    face down, keyed ``seat:N`` or by zone.

    ``face_up`` names the zones some of whose cards are dealt face up (the dealer's one up card of
    five in Caribbean Stud, § 639a.1 "hole card"): those cards are seen at the deal, so the dealer
    enters them now (a ``cards`` action for the zone), and the rest of the zone is entered when it
    is turned.  A shoe that reads every card gives the whole zone, its face-up cards first.
    """

    actions = accepts(ActionSchema("deal", optional={"cards": CardsByPlace()}),
                      ActionSchema("cards", {"target": PLACE}, {"cards": Cards()}))

    def __init__(self, step_id: str, section: str, text: str, cards_each: int, zones: dict[str, int] | None = None,
                 face_up: dict[str, int] | None = None):
        super().__init__(step_id, section, text)
        self.cards_each = cards_each
        self.zones = dict(zones or {})  # zone name -> cards dealt to it
        self.face_up = dict(face_up or {})  # zone name -> how many of its cards are dealt face up
        unknown = set(self.face_up) - set(self.zones)
        if unknown or any(not 0 < up <= self.zones[zone] for zone, up in self.face_up.items()):
            raise ValueError(f"{step_id}: face-up cards must be some of a zone's cards, not {self.face_up}")

    def summary(self, rnd: RoundState) -> str:
        return "deal the cards"

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        if not self.face_up:
            return self.action("deal")
        return self.action("deal", cards={zone: sheet.zone_cards(zone, up, self.id)
                                          for zone, up in self.face_up.items()})

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        # The face-up cards are known from the deal on, even where the rest is never turned.
        for zone in self.face_up:
            if rnd.zone(zone).up_cards and not rnd.zone(zone).shown:
                sheet[zone] = [card.code for card in rnd.zone(zone).up_cards]

    def up_label(self, rnd: RoundState, zone: str) -> str:
        up = self.face_up[zone]
        return f"the {rnd.zone_label(zone).lower()}'s {'up card' if up == 1 else f'{up} up cards'}"

    def prompt(self, rnd: RoundState) -> Prompt:
        seats = ", ".join(str(n) for n in rnd.playing_seats())
        text = self.text.format(seats=seats)
        if self.face_up:
            # The dealer enters what lies face up; a shoe may deal (and read) everything instead.
            zone, up = next(iter(self.face_up.items()))
            choices = (Choice("Deal from the virtual shoe", self.action("deal")),) if rnd.shoe is not None else ()
            return Prompt(self.id, self.section, text, choices, cards_for=zone, cards_label=self.up_label(rnd, zone),
                          cards_needed=up)
        label = "Deal from the virtual shoe" if rnd.shoe is not None else "Cards dealt"
        return Prompt(self.id, self.section, text, (Choice(label, self.action("deal")),))

    def apply(self, rnd: RoundState, action: Action) -> None:
        if action["type"] == "cards":
            if len(self.face_up) != 1 or action.get("target") not in self.face_up:
                due = " and ".join(self.up_label(rnd, zone) for zone in self.face_up) or "no cards"
                raise Refused(f"At the deal the dealer enters {due}, not {action.get('target')!r}'s", self.section)
            action = {"type": "deal", "cards": {action["target"]: action.get("cards") or []}}
        given = action.get("cards") or {}
        if not isinstance(given, dict):
            places = ", ".join(['"seat:1": [...]', *(f'"{zone}": [...]' for zone in self.zones)])
            raise Refused(f"The cards of a deal are given by place: {{{places}}}", self.section)
        hands = dict(given)
        if rnd.shoe is not None and not hands:
            hands = rnd.game.deal_from_shoe(rnd, self)
        missing = [zone for zone in self.face_up if zone not in hands]
        if missing:
            raise Refused(f"Enter {self.up_label(rnd, missing[0])}: it is dealt face up", self.section)
        for target, codes in hands.items():
            if target in self.zones:
                self.place(rnd, target, codes)
                continue
            if target in rnd.zones or not str(target).startswith("seat:"):
                raise Refused(f"No cards are dealt to {target} at the deal", self.section)
            if rnd.seat_number(target.removeprefix("seat:")) not in rnd.playing_seats():
                raise Refused(f"{target} has no {rnd.game.playing_label()} and is dealt no cards",
                              self.section)
            rnd.set_seat_cards(target, codes, self.cards_each)
        rnd.completed_steps.add(self.id)

    def place(self, rnd: RoundState, zone: str, codes: Any) -> None:
        """A zone's cards at the deal: all of them face down, or, where some are dealt face up, those
        (entered by the dealer) or all of them (read by a shoe), the face-up ones first."""
        count, up = self.zones[zone], self.face_up.get(zone, 0)
        label = rnd.zone_label(zone)
        if up and isinstance(codes, list | tuple) and len(codes) == up:
            rnd.zone(zone).place(rnd.checked_cards(codes, up, self.up_label(rnd, zone)), face_up=True)
            return
        if up and isinstance(codes, list | tuple) and len(codes) != count:
            raise Refused(f"The {label.lower()} is dealt {count} cards, {up} face up: enter the {up} face-up, "
                          f"or all {count} read by the shoe (face-up first), not {len(codes)}", self.section)
        cards = rnd.checked_cards(codes, count, label)
        rnd.zone(zone).place(cards[:up], face_up=True)
        rnd.zone(zone).place(cards[up:], face_up=False)


class AskInput(Step):
    """A value the engine does not compute, entered as an action of the log so that a replay gives
    the same round: a card reader's peek (yes or no), the position of the button."""

    # An answer offered, or a seat number (the button's seat).
    actions = accepts(ActionSchema("input", {"value": Either(ANSWER, SEAT)}))

    def __init__(self, step_id: str, section: str, text: str, answers: tuple[tuple[str, str], ...],
                 applies: Callable[[RoundState], bool] | None = None):
        super().__init__(step_id, section, text, applies)
        self.answers = answers  # (value, button label)

    def prompt(self, rnd: RoundState) -> Prompt:
        return Prompt(self.id, self.section, self.text,
                      tuple(Choice(label, self.action("input", value=value)) for value, label in self.answers))

    def apply(self, rnd: RoundState, action: Action) -> None:
        values = [value for value, _ in self.answers]
        if action.get("value") not in values:
            raise Refused(f"The answer is one of {', '.join(values)}, not {action.get('value')!r}", self.section)
        rnd.step_results[self.id] = action["value"]
        rnd.completed_steps.add(self.id)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("input", value=sheet.answer(self.id))

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        if self.id in rnd.step_results:
            sheet.setdefault("inputs", {})[self.id] = rnd.step_results[self.id]


class Close(Step):
    # "link_back": the dealer asks for a claim that waited for its link to be paid from the meter now.
    actions = accepts(ActionSchema("close"), ActionSchema("link_back"))

    def summary(self, rnd: RoundState) -> str:
        return "place the cards in the discard rack and close the round"

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("close")

    def done(self, rnd: RoundState) -> bool:
        return rnd.closed

    def waiting_for_link(self, rnd: RoundState) -> list[Any]:
        """Claims a floorperson had wait for the link (§ 605a.8(c))."""
        return [c for c in rnd.claims if c.pending and c.held and rnd.claim_approval(c).status == "refused"]

    def prompt(self, rnd: RoundState) -> Prompt:
        claims = [c for c in rnd.claims if c.pending and not c.held]  # a held one waits for a floorperson
        waiting = self.waiting_for_link(rnd)
        if waiting:
            seats = ", ".join(str(c.seat) for c in waiting)
            return Prompt(self.id, progressive.LINK_DOWN_SECTION, "Waiting for the link: " + "; ".join(
                f"seat {c.seat}'s {c.share} of meter {c.meter} is paid from the meter once the link is back "
                f"({c.held})" for c in waiting) + ". Keep the cards on the layout.",
                (Choice(f"The link is back: pay seat {seats} from the meter", self.action("link_back")),))
        if claims:
            return Prompt(self.id, claims[0].section, "Waiting for the progressive meter amount: " + "; ".join(
                f"seat {c.seat}: {c.share} ({c.reason}), from meter {c.meter}" for c in claims), waiting_for_floor=True)
        pending = [a for a in rnd.approvals if a.status == "pending"]
        if pending:
            return Prompt(self.id, pending[0].section,
                          "Waiting for a floorperson: " + "; ".join(a.reason for a in pending), waiting_for_floor=True)
        return Prompt(self.id, self.section, self.text, (Choice("Close the round", self.action("close")),))

    def apply(self, rnd: RoundState, action: Action) -> None:
        if action["type"] == "link_back":
            waiting = self.waiting_for_link(rnd)
            if not waiting:
                raise Refused("No claim waits for the link", progressive.LINK_DOWN_SECTION)
            # Asked again: the service pays it from the meter, or holds it again while the link is still down.
            rnd.claims = [dataclasses.replace(c, held="", approval=0) if c in waiting else c for c in rnd.claims]
            return
        claims = [c for c in rnd.claims if c.pending]
        if claims:
            raise Refused(f"The round cannot be closed while seat {claims[0].seat}'s share of meter "
                          f"{claims[0].meter} is not yet known", claims[0].section)
        pending = [a for a in rnd.approvals if a.status == "pending"]
        if pending:
            raise Refused("The round cannot be closed while a floorperson's approval is pending: "
                          + "; ".join(a.reason for a in pending), pending[0].section)
        rnd.closed = True


class SystemDraw(Step):
    """What the table game system draws at random: the Magic Card and the Lucky position (§ 647a.1,
    § 643a.1).  The engine is pure and draws nothing: ``draw`` turns a random source the service
    gives it (``secrets.SystemRandom``) into the action that records the draw, and the service
    applies it in the transaction of the tap that made it due, before any card is dealt.  The draw
    is then in the round's log: a replay, a retried tap or a restart shows the same, and nothing
    draws it again."""

    actions = accepts(ActionSchema("system_draw", {"magic_card": Text(3, CARD_CODE, "a card code like 'Td'"),
                                                   "lucky": Either(SEAT, Text(6, "dealer", '"dealer"'))}))

    def __init__(self, step_id: str, section: str, text: str, *, dealer: bool = True, **kwargs: Any):
        super().__init__(step_id, section, text, **kwargs)
        self.dealer = dealer  # the dealer's hand is a position a Lucky Bonus can fall on (§ 647a.1, not § 643a.1)

    def positions(self, rnd: RoundState) -> list[int | str]:
        """The positions the Lucky position is drawn from, as the Rules Submission says: every betting
        position, or those in play this round; and the dealer's where the chapter pays on it."""
        seats = rnd.playing_seats() if rnd.rules.get("lucky_positions") == "playing" \
            else range(1, rnd.game.seat_count + 1)
        return [*seats, *(["dealer"] if self.dealer else [])]

    def draw(self, rnd: RoundState, rng: Any) -> dict[str, Any]:
        card = rng.choice(rnd.game.deck.cards())
        return self.action("system_draw", magic_card=card.code, lucky=rng.choice(self.positions(rnd)))

    def prompt(self, rnd: RoundState) -> Prompt:
        # No choice: the service answers it in the tap that made it due, so no tablet shows it.
        return Prompt(self.id, self.section, self.text)

    def apply(self, rnd: RoundState, action: Action) -> None:
        (card,) = rnd.checked_cards([action.get("magic_card")], 1, "the Magic Card")
        lucky = action.get("lucky")
        positions = self.positions(rnd)
        if isinstance(lucky, bool) or lucky not in positions:
            named = ", ".join(f'"{p}"' if p == "dealer" else str(p) for p in positions)
            raise Refused(f"The Lucky position is one of {named}, not {lucky!r}", self.section)
        rnd.step_results[self.id] = {"magic_card": card.code, "lucky": lucky}
        rnd.completed_steps.add(self.id)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        drawn = sheet.answer(self.id)
        if not isinstance(drawn, dict):
            raise Refused(f"The {self.id} input is {{\"magic_card\": \"Qs\", \"lucky\": 3}}", self.section)
        return self.action("system_draw", magic_card=drawn.get("magic_card"), lucky=drawn.get("lucky"))

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        if self.id in rnd.step_results:
            sheet.setdefault("inputs", {})[self.id] = dict(rnd.step_results[self.id])
