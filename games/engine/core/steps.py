"""The steps of a dealing procedure that every game shares.

A step says when it applies, when it is done (from its own progress, recorded in the round),
what the dealer is prompted to do and which actions it takes.  A game lists its steps in the
order its chapter prescribes; the round machine runs the first one not done.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from games.engine.core import floor, progressive
from games.engine.core.records import (
    DECISION,
    LOSE,
    RETURNED,
    SETTLE,
    TABLE,
    Choice,
    Prompt,
    Refused,
    SettlementLine,
)
from games.engine.core.state import Seat
from games.engine.money import Cents, dollars, plain_dollars

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState


class Step:
    """One step of the dealing procedure.  Subclasses define when it is done, its prompt
    and which actions it takes."""

    actions: ClassVar[tuple[str, ...]] = ()

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

    def apply(self, rnd: RoundState, action: Action) -> None:
        raise NotImplementedError

    def summary(self, rnd: RoundState) -> str:
        """A short phrase for the 'next' line of the screen."""
        first = self.text.split(".")[0].split(":")[0] if self.text else self.id.replace("_", " ")
        return first.replace("{seats}", "each seat").replace("seat {seat}", "each seat").lower()

    def action(self, kind: str, **fields: Any) -> dict[str, Any]:
        """An action of this step, naming it: the round refuses it once another step is current."""
        return {"type": kind, "step": self.id, **fields}

    # A round sheet (games/engine/round_sheet.py) is played and written step by step: each step
    # reads its part of the sheet through the reader and writes it back from the round.

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        """The action the round sheet says was taken at this step."""
        raise NotImplementedError(f"the {self.id} step cannot be read from a round sheet")

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        """Write what this step recorded into an exported round sheet (most steps record nothing)."""


class Betting(Step):
    """Wagers placed before "no more bets".  ``waiting`` says what a seat needs to play; "no more
    bets" is offered only once every seat's wagers allow it (``check_closing``)."""

    actions = ("place_wager", "remove_wager", "no_more_bets", "same_player", "own_player")

    def __init__(self, step_id: str, section: str, text: str, waiting: str = ""):
        super().__init__(step_id, section, text)
        self.waiting = waiting

    def check_closing(self, rnd: RoundState) -> None:
        """Refuse "no more bets" while the wagers do not let the round go on."""
        required = rnd.game.required_wager
        if not any(required in seat.wagers for seat in rnd.seats.values()):
            raise Refused(f"No seat has a {rnd.game.wager_label(required)} yet", self.section)

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
                                  f"{rnd.game.wager_label(rnd.game.required_wager)}."
        try:
            self.check_closing(rnd)
        except Refused as refusal:
            started = any(rnd.game.required_wager in seat.wagers for seat in rnd.seats.values())
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
            if wager == rnd.game.required_wager and len(seat.wagers) > 1:
                raise Refused(f"Remove seat {seat_no}'s other wagers first: they need its "
                              f"{rnd.game.wager_label(wager)}", rnd.game.wager_section)
            del seat.wagers[wager]
            rnd.drop_empty_seat(seat_no)
            return
        amount = rnd.amount(action.get("amount"), f"seat {seat_no}'s {rnd.game.wager_label(wager)}")
        if wager != rnd.game.required_wager and rnd.game.required_wager not in seat.wagers:
            rnd.drop_empty_seat(seat_no)
            raise Refused(f"Seat {seat_no} must place its {rnd.game.wager_label(rnd.game.required_wager)} "
                          f"before a {rnd.game.wager_label(wager)}", rnd.game.wager_section)
        rnd.check_limits(seat_no, wager, amount)
        progressive.check_wager(rnd, seat_no, wager, amount)
        seat.wagers[wager] = amount


class Deal(Step):
    """The initial deal of cards to the seats and the zones.  Cards are normally entered later,
    as they are turned; a card-reading shoe (or training mode's virtual shoe) supplies them now,
    face down, keyed ``seat:N`` or by zone."""

    actions = ("deal",)

    def __init__(self, step_id: str, section: str, text: str, cards_each: int, zones: dict[str, int] | None = None):
        super().__init__(step_id, section, text)
        self.cards_each = cards_each
        self.zones = dict(zones or {})  # zone name -> cards dealt to it

    def summary(self, rnd: RoundState) -> str:
        return "deal the cards"

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("deal")

    def prompt(self, rnd: RoundState) -> Prompt:
        seats = ", ".join(str(n) for n in rnd.playing_seats())
        label = "Deal from the virtual shoe" if rnd.shoe is not None else "Cards dealt"
        return Prompt(self.id, self.section, self.text.format(seats=seats), (Choice(label, self.action("deal")),))

    def apply(self, rnd: RoundState, action: Action) -> None:
        given = action.get("cards") or {}
        if not isinstance(given, dict):
            places = ", ".join(['"seat:1": [...]', *(f'"{zone}": [...]' for zone in self.zones)])
            raise Refused(f"The cards of a deal are given by place: {{{places}}}", self.section)
        hands = dict(given)
        if rnd.shoe is not None and not hands:
            hands = rnd.game.deal_from_shoe(rnd, self)
        for target, codes in hands.items():
            if target in self.zones:
                rnd.zone(target).place(rnd.checked_cards(codes, self.zones[target], rnd.zone_label(target)),
                                       face_up=False)
                continue
            if target in rnd.zones or not str(target).startswith("seat:"):
                raise Refused(f"No cards are dealt to {target} at the deal", self.section)
            if rnd.seat_number(target.removeprefix("seat:")) not in rnd.playing_seats():
                raise Refused(f"{target} has no {rnd.game.wager_label(rnd.game.required_wager)} and is dealt no cards",
                              self.section)
            rnd.set_seat_cards(target, codes, self.cards_each)
        rnd.completed_steps.add(self.id)


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    wager: str = ""  # the wager this choice places
    amount: Callable[[RoundState, Seat], Cents] | None = None  # a set amount
    up_to: Callable[[RoundState, Seat], Cents] | None = None  # or any amount up to this
    multiples: tuple[int, ...] = ()  # quick buttons: these multiples of the required wager
    returns: str = ""  # the wager this choice withdraws (its stake goes back to the player, its record stays)
    rule: str = ""  # "twice the Ante", for refusals
    section: str = ""
    folds: bool = False


class SeatDecision(Step):
    """Each eligible seat, in turn, chooses: a wager of a set amount, fold, or check."""

    actions = ("decide",)

    def __init__(self, step_id: str, section: str, options: Iterable[Option],
                 eligible: Callable[[RoundState, Seat], bool], order: str = "clockwise"):
        super().__init__(step_id, section)
        self.options = tuple(options)
        self.eligible = eligible
        self.order = order

    def pending(self, rnd: RoundState) -> list[int]:
        return [n for n in rnd.seats_in_order(self.order)
                if self.eligible(rnd, rnd.seats[n]) and self.id not in rnd.seats[n].decisions]

    def done(self, rnd: RoundState) -> bool:
        return not self.pending(rnd)

    def summary(self, rnd: RoundState) -> str:
        return " or ".join(option.label for option in self.options) + " for each seat in turn"

    @property
    def sheet_name(self) -> str:
        """The decision's name in a round sheet: "flop" for the flop_decision step."""
        return self.id.removesuffix("_decision")

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        seat_no = self.pending(rnd)[0]
        value = sheet.decision(seat_no, self.sheet_name, tuple(o.key for o in self.options),
                               next((o.key for o in self.options if o.wager), None))
        choice, amount = value
        return self.action("decide", seat=seat_no, choice=choice, **({"amount": amount} if amount else {}))

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        for number, seat in rnd.seats.items():
            key = seat.decisions.get(self.id)
            if key is None:
                continue
            option = next(o for o in self.options if o.key == key)
            value = plain_dollars(seat.wagers[option.wager]) if option.wager else option.key
            sheet["seats"][str(number)].setdefault("decisions", {})[self.sheet_name] = value
            if option.wager:
                sheet["seats"][str(number)]["wagers"].pop(option.wager, None)  # placed by the decision

    def prompt(self, rnd: RoundState) -> Prompt:
        seat_no, *rest = self.pending(rnd)
        seat = rnd.seats[seat_no]
        choices = []
        parts = []
        amount_entry = None
        for option in self.options:
            payload = self.action("decide", seat=seat_no, choice=option.key)
            style = "primary" if option.wager else "secondary"
            if option.up_to:
                most = option.up_to(rnd, seat)
                parts.append(f"{option.label} up to {dollars(most)}")
                base = seat.wagers[rnd.game.required_wager]
                for multiple in option.multiples:
                    if multiple * base <= most:
                        choices.append(Choice(f"Seat {seat_no}: {option.label} {dollars(multiple * base)}",
                                              {**payload, "amount": plain_dollars(multiple * base)}, style))
                amount_entry = (option.key, option.label, most)
                continue
            amount = option.amount(rnd, seat) if option.amount else None
            label = f"{option.label} {dollars(amount)}" if amount is not None else option.label
            parts.append(label)
            choices.append(Choice(f"Seat {seat_no}: {label}", payload, "danger" if option.returns else style))
        stake = rnd.game.wager_label(rnd.game.required_wager)
        text = f"Seat {seat_no} ({stake} {dollars(seat.wagers[rnd.game.required_wager])}): {', or '.join(parts)}?"
        upcoming = ("next: " + ", ".join(f"seat {n}" for n in rest)) if rest else ""
        return Prompt(self.id, self.section, text, tuple(choices), seat=seat_no, upcoming=upcoming,
                      amount_entry=amount_entry)

    def apply(self, rnd: RoundState, action: Action) -> None:
        seat_no = rnd.seat_number(action.get("seat"))
        pending = self.pending(rnd)
        if seat_no not in pending:
            if seat_no in rnd.seats and self.id in rnd.seats[seat_no].decisions:
                raise Refused(f"Seat {seat_no} has already decided at this step", self.section)
            raise Refused(f"Seat {seat_no} has no decision to make here", self.section)
        if seat_no != pending[0]:
            direction = "clockwise from the dealer's left" if self.order == "clockwise" else "in turn"
            raise Refused(f"It is seat {pending[0]}'s turn, not seat {seat_no}'s: players decide {direction}",
                          self.section)
        option = next((o for o in self.options if o.key == action.get("choice")), None)
        if option is None:
            keys = " or ".join(o.key for o in self.options)
            raise Refused(f"Seat {seat_no} may choose {keys}, not {action.get('choice')!r}", self.section)
        seat = rnd.seats[seat_no]
        label = rnd.game.wager_label(option.wager)
        if option.up_to:
            most = option.up_to(rnd, seat)
            if action.get("amount") in (None, ""):
                raise Refused(f"Seat {seat_no}'s {label}: say how much, up to {option.rule} ({dollars(most)})",
                              option.section or self.section)
            given = rnd.amount(action["amount"], f"seat {seat_no}'s {label}")
            if given > most:
                raise Refused(f"Seat {seat_no}'s {label} may be up to {option.rule} ({dollars(most)}), "
                              f"not {dollars(given)}", option.section or self.section)
            seat.wagers[option.wager] = given
        elif option.wager:
            expected = option.amount(rnd, seat)
            if action.get("amount") not in (None, ""):
                given = rnd.amount(action["amount"], f"seat {seat_no}'s {label}")
                if given != expected:
                    raise Refused(f"Seat {seat_no}'s {label} must be {option.rule} "
                                  f"({dollars(expected)}), not {dollars(given)}", option.section or self.section)
            seat.wagers[option.wager] = expected
        if option.returns:
            # The wager stays in seat.wagers, the record of what the seat wagered (as a folded
            # Ante does); its "returned" line and the seat's decision say it is out of action.
            stake = seat.wagers[option.returns]
            rnd.lines.append(SettlementLine(seat_no, option.returns, stake, RETURNED, 0, option.section or self.section,
                                            note=f"{rnd.game.wager_label(option.returns)} withdrawn and returned",
                                            stage=DECISION))
        if option.folds:
            seat.folded = True
            rnd.lines += rnd.game.fold_lines(rnd, seat)
        seat.decisions[self.id] = option.key


class ZoneCards(Step):
    """Cards of a zone become face up: the community cards as they are turned, the dealer's hand
    at the reveal, bonus cards.  The dealer enters them as they are turned; cards a card-reading
    (or virtual) shoe placed face down at the deal are only turned."""

    actions = ("cards",)
    NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "board": ("the community cards", "Community card turned"),
        "dealer": ("the dealer's cards", "Dealer's cards turned"),
    }

    def __init__(self, step_id: str, section: str, text: str, count: int, *, zone: str = "board", burn: int = 0,
                 what: str = "", turned: str = "", applies: Callable[[RoundState], bool] | None = None):
        super().__init__(step_id, section, text, applies)
        self.count = count
        self.zone = zone
        self.burn = burn  # cards the virtual shoe burns before these
        default_what, default_turned = self.NAMES.get(zone, (zone, f"{zone} turned"))
        self.what = what or default_what  # for the dealer: "the dealer's cards are due now"
        self.turned = turned or default_turned  # the button when a shoe read the cards already

    def prompt(self, rnd: RoundState) -> Prompt:
        answer = self.action("cards", target=self.zone)
        if rnd.zone(self.zone).down_cards:
            return Prompt(self.id, self.section, self.text, (Choice(self.turned, answer),))
        choices = (Choice("Deal from the virtual shoe", answer),) if rnd.shoe is not None else ()
        return Prompt(self.id, self.section, self.text, choices, cards_for=self.zone, cards_label=self.what,
                      cards_needed=self.count)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        if rnd.zone(self.zone).down_cards:
            return self.action("cards", target=self.zone)
        return self.action("cards", target=self.zone, cards=sheet.zone_cards(self.zone, self.count, self.id))

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        zone = rnd.zone(self.zone)
        if self.zone == "board":
            sheet["board"] = [card.code for card in zone.up_cards]
        elif zone.shown:
            sheet[self.zone] = [card.code for card in zone.cards]

    def apply(self, rnd: RoundState, action: Action) -> None:
        self.reveal(rnd, action)
        rnd.completed_steps.add(self.id)

    def reveal(self, rnd: RoundState, action: Action) -> None:
        """Turn the zone's face-down cards, or enter the cards turned."""
        what = self.what[0].upper() + self.what[1:]
        if action.get("target") != self.zone:
            named = f"not {action['target']}'s" if action.get("target") else "name them (target)"
            raise Refused(f"{what} are due now: {named}", self.section)
        zone = rnd.zone(self.zone)
        codes = action.get("cards")
        if zone.down_cards:
            if codes:
                raise Refused(f"{what} were read by the shoe at the deal: turn them, enter nothing", self.section)
            zone.turn_up(self.count)
        else:
            if not codes and rnd.shoe is not None:
                rnd.shoe.draw(self.burn)
                codes = [card.code for card in rnd.shoe.draw(self.count)]
            # Community cards are named by their street ("the flop"), other zones by what they hold.
            what = f"the {self.id.replace('_', ' ')}" if self.zone == "board" else self.what
            zone.place(rnd.checked_cards(codes or [], self.count, what), face_up=True)


class SettleSeats(Step):
    """Each seat in settlement order: turn its cards (enter them), then settle wager by wager.

    ``reveal`` is a zone some seats' wagers are judged on that is turned during the settlement,
    right after the first such seat's other wagers are settled (Let It Ride's Six Card Bonus
    cards, § 643a.11(g)(6)); ``reveal_for`` says which seats need it.
    """

    actions = ("cards",)

    def __init__(self, step_id: str, section: str, text: str, eligible: Callable[[RoundState, Seat], bool],
                 order: str = "counterclockwise", cards_each: int = 2, reveal: ZoneCards | None = None,
                 reveal_for: Callable[[RoundState, Seat], bool] | None = None):
        super().__init__(step_id, section, text)
        self.eligible = eligible
        self.order = order
        self.cards_each = cards_each
        self.reveal = reveal
        self.reveal_for = reveal_for

    def awaits_reveal(self, rnd: RoundState, seat: Seat) -> bool:
        """The seat's cards are turned and its other wagers settled; the zone is still to be turned."""
        return (self.reveal is not None and seat.cards_shown and self.reveal_for(rnd, seat)
                and not rnd.zone(self.reveal.zone).shown)

    def pending(self, rnd: RoundState) -> list[int]:
        return [n for n in rnd.seats_in_order(self.order)
                if self.eligible(rnd, rnd.seats[n]) and not rnd.seats[n].settled]

    def done(self, rnd: RoundState) -> bool:
        return not self.pending(rnd)

    def prompt(self, rnd: RoundState) -> Prompt:
        seat_no, *rest = self.pending(rnd)
        seat = rnd.seats[seat_no]
        upcoming = ("next: " + ", ".join(f"seat {n}" for n in rest)) if rest else ""
        text = self.text.format(seat=seat_no)
        target = f"seat:{seat_no}"
        if self.awaits_reveal(rnd, seat):
            reveal = self.reveal.prompt(rnd)
            choices = tuple(Choice(c.label, {**c.action, "step": self.id}) for c in reveal.choices)
            return Prompt(self.id, reveal.section, f"Seat {seat_no}: {reveal.text}", choices, seat=seat_no,
                          cards_for=reveal.cards_for, cards_label=reveal.cards_label,
                          cards_needed=reveal.cards_needed, upcoming=upcoming)
        if seat.cards:
            return Prompt(self.id, self.section, text,
                          (Choice(f"Seat {seat_no}'s cards turned", self.action("cards", target=target)),),
                          seat=seat_no, upcoming=upcoming)
        return Prompt(self.id, self.section, text, seat=seat_no, cards_for=target, cards_label=f"seat {seat_no}",
                      cards_needed=self.cards_each, upcoming=upcoming)

    def write_sheet(self, rnd: RoundState, sheet: dict[str, Any]) -> None:
        if self.reveal is not None:
            self.reveal.write_sheet(rnd, sheet)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        seat_no = self.pending(rnd)[0]
        if self.awaits_reveal(rnd, rnd.seats[seat_no]):
            return {**self.reveal.sheet_action(rnd, sheet), "step": self.id}
        if rnd.seats[seat_no].cards:
            return self.action("cards", target=f"seat:{seat_no}")
        return self.action("cards", target=f"seat:{seat_no}", cards=sheet.seat_cards(seat_no))

    def apply(self, rnd: RoundState, action: Action) -> None:
        seat_no, *_ = self.pending(rnd)
        target = action.get("target")
        seat = rnd.seats[seat_no]
        if self.awaits_reveal(rnd, seat):
            if target != self.reveal.zone:
                raise Refused(f"{self.reveal.what[0].upper()}{self.reveal.what[1:]} are turned now, before seat "
                              f"{seat_no}'s {rnd.game.wager_label(self.reveal.zone)} is settled", self.reveal.section)
            self.reveal.reveal(rnd, action)
            self.finish(rnd, seat, rnd.game.settle_after_reveal(rnd, seat))
            return
        if target != f"seat:{seat_no}":
            raise Refused(f"Seat {seat_no} is settled now (in the order of {self.section}), not {target}",
                          self.section)
        if not seat.cards:
            rnd.set_seat_cards(target, action.get("cards") or [], self.cards_each)
        elif action.get("cards"):
            raise Refused(f"Seat {seat_no}'s cards were dealt from the shoe already", self.section)
        seat.cards_shown = True
        if rnd.void is not None:
            self.finish(rnd, seat, rnd.game.settle_void(rnd, seat, rnd.void))
            return
        lines = rnd.game.settle(rnd, seat)
        if self.awaits_reveal(rnd, seat):
            rnd.lines += lines  # the rest waits for the zone to be turned
            return
        self.finish(rnd, seat, lines)

    @staticmethod
    def finish(rnd: RoundState, seat: Seat, lines: list[SettlementLine]) -> None:
        """The seat's last lines: it is settled, and its payout goes to a floorperson if it must."""
        rnd.lines += lines
        seat.settled = True
        floor.request_payout_approvals(rnd, seat.number, [line for line in rnd.lines if line.seat == seat.number
                                                          and line.stage == SETTLE])


class AskInput(Step):
    """A value the engine does not compute, entered as an action of the log so that a replay gives
    the same round: a card reader's peek (yes or no), the position of the button."""

    actions = ("input",)

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


class SettlementPass(Step):
    """A settlement that sees every hand at once: settled right after the deal (Match-the-Dealer,
    a blackjack paid at once), or table-wide at the end (Envy Bonuses, "collect all losers, then
    pay all winners").  The game's ``settle_pass`` gives the lines; with ``losers_first`` every
    losing wager is collected before any winner is paid."""

    actions = ("settle",)

    def __init__(self, step_id: str, section: str, text: str, *, stage: str = TABLE, losers_first: bool = False,
                 label: str = "Settled", applies: Callable[[RoundState], bool] | None = None):
        super().__init__(step_id, section, text, applies)
        self.stage = stage
        self.losers_first = losers_first
        self.label = label

    def prompt(self, rnd: RoundState) -> Prompt:
        return Prompt(self.id, self.section, self.text, (Choice(self.label, self.action("settle")),))

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("settle")

    def apply(self, rnd: RoundState, action: Action) -> None:
        lines = [dataclasses.replace(line, stage=self.stage) for line in rnd.game.settle_pass(rnd, self)]
        if self.losers_first:
            lines.sort(key=lambda line: line.outcome != LOSE)  # stable: each group keeps the chapter's order
        rnd.lines += lines
        for seat_no in dict.fromkeys(line.seat for line in lines):
            floor.request_payout_approvals(rnd, seat_no, [line for line in lines if line.seat == seat_no])
        rnd.completed_steps.add(self.id)


class Close(Step):
    actions = ("close",)

    def sheet_action(self, rnd: RoundState, sheet: Any) -> dict[str, Any]:
        return self.action("close")

    def done(self, rnd: RoundState) -> bool:
        return rnd.closed

    def prompt(self, rnd: RoundState) -> Prompt:
        claims = [c for c in rnd.claims if c.pending]
        if claims:
            return Prompt(self.id, claims[0].section, "Waiting for the progressive meter amount: " + "; ".join(
                f"seat {c.seat}: {c.share} ({c.reason}), from meter {c.meter}" for c in claims), waiting_for_floor=True)
        pending = [a for a in rnd.approvals if a.status == "pending"]
        if pending:
            return Prompt(self.id, pending[0].section,
                          "Waiting for a floorperson: " + "; ".join(a.reason for a in pending), waiting_for_floor=True)
        return Prompt(self.id, self.section, self.text, (Choice("Close the round", self.action("close")),))

    def apply(self, rnd: RoundState, action: Action) -> None:
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

    actions = ("system_draw",)

    def positions(self, rnd: RoundState) -> list[int | str]:
        """Every betting position and the dealer's."""
        return [*range(1, rnd.game.seat_count + 1), "dealer"]

    def draw(self, rnd: RoundState, rng: Any) -> dict[str, Any]:
        card = rng.choice(rnd.game.deck.cards())
        return self.action("system_draw", magic_card=card.code, lucky=rng.choice(self.positions(rnd)))

    def prompt(self, rnd: RoundState) -> Prompt:
        # No choice: the service answers it in the tap that made it due, so no tablet shows it.
        return Prompt(self.id, self.section, self.text)

    def apply(self, rnd: RoundState, action: Action) -> None:
        (card,) = rnd.checked_cards([action.get("magic_card")], 1, "the Magic Card")
        lucky = action.get("lucky")
        if isinstance(lucky, bool) or lucky not in self.positions(rnd):
            raise Refused(f"The Lucky position is a seat from 1 to {rnd.game.seat_count} or \"dealer\", "
                          f"not {lucky!r}", self.section)
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
