"""The players' decisions: each eligible seat in turn places a wager of a set amount (or up to
one), folds, checks or withdraws a wager, choosing among the options its step offers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.engine.core.records import (
    DECISION,
    RETURNED,
    Choice,
    Prompt,
    Refused,
    SettlementLine,
)
from games.engine.core.schema import NAME, SEAT, ActionSchema, Amount, accepts
from games.engine.core.state import Seat
from games.engine.core.steps import Step
from games.engine.money import Cents, dollars, plain_dollars

if TYPE_CHECKING:
    from games.engine.core.machine import Action, RoundState


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    wager: str = ""  # the wager this choice places
    amount: Callable[[RoundState, Seat], Cents] | None = None  # a set amount
    up_to: Callable[[RoundState, Seat], Cents] | None = None  # or any amount up to this
    # or one of these set amounts and nothing between, a button each (a Play Wager of four or three
    # times the Ante, a Street Wager of one, two or three times it)
    amounts: Callable[[RoundState, Seat], tuple[Cents, ...]] | None = None
    multiples: tuple[int, ...] = ()  # quick buttons: these multiples of the required wager
    returns: str = ""  # the wager this choice withdraws (its stake goes back to the player, its record stays)
    rule: str = ""  # "twice the Ante", for refusals
    section: str = ""
    folds: bool = False
    # Only some seats have this choice (even money for a Blackjack, § 635a.8(e)); None: every seat.
    offered: Callable[[RoundState, Seat], bool] | None = None
    most_button: bool = False  # with ``up_to``: a quick button for the most
    # With ``up_to``: the least the wager may be (a Play Wager of one to three times the Ante, § 641a.7(d)(1)).
    at_least: Callable[[RoundState, Seat], Cents] | None = None
    confirm: bool = False  # settles a wager at once, which Undo cannot take back: a confirming tap

    def offered_to(self, rnd: RoundState, seat: Seat) -> bool:
        return self.offered is None or self.offered(rnd, seat)


class SeatDecision(Step):
    """Each eligible seat, in turn, chooses: a wager of a set amount, fold, or check."""

    actions = accepts(ActionSchema("decide", {"seat": SEAT, "choice": NAME}, {"amount": Amount()}))

    def __init__(self, step_id: str, section: str, options: Iterable[Option],
                 eligible: Callable[[RoundState, Seat], bool], order: str = "clockwise", note: str = ""):
        super().__init__(step_id, section)
        self.options = tuple(options)
        self.eligible = eligible
        self.order = order
        # Said after the question: that the step follows the game as commonly played, say, where the
        # chapter's section is not available (Chapter 653a).
        self.note = note

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
        amount_entry = amount_action = None
        least = 0
        for option in self.options:
            if not option.offered_to(rnd, seat):
                continue
            payload = self.action("decide", seat=seat_no, choice=option.key)
            style = "primary" if option.wager else "secondary"
            if option.up_to:
                most = option.up_to(rnd, seat)
                parts.append(f"{option.label} up to {dollars(most)}")
                base = seat.wagers[rnd.game.required_wager]
                quick = [multiple * base for multiple in option.multiples if multiple * base <= most]
                for amount in quick + ([most] if option.most_button and most not in quick else []):
                    choices.append(self.amount_choice(rnd, seat, option, payload, amount, style))
                amount_entry, amount_action = (option.key, option.label, most), payload
                least = option.at_least(rnd, seat) if option.at_least else 0
                continue
            if option.amounts:
                offered = option.amounts(rnd, seat)
                parts.append(f"{option.label} of {_either(offered)}")
                choices += [self.amount_choice(rnd, seat, option, payload, amount, style) for amount in offered]
                continue
            amount = option.amount(rnd, seat) if option.amount else None
            label = f"{option.label} {dollars(amount)}" if amount is not None else option.label
            parts.append(label)
            choices.append(Choice(f"Seat {seat_no}: {label}", payload, "danger" if option.returns else style,
                                  option.confirm))
        stake = rnd.game.wager_label(rnd.game.required_wager)
        text = f"Seat {seat_no} ({stake} {dollars(seat.wagers[rnd.game.required_wager])}): {', or '.join(parts)}?"
        if self.note:
            text += f" {self.note}"
        upcoming = ("next: " + ", ".join(f"seat {n}" for n in rest)) if rest else ""
        return Prompt(self.id, self.section, text, tuple(choices), seat=seat_no, upcoming=upcoming,
                      amount_entry=amount_entry, amount_action=amount_action, amount_least=least)

    @staticmethod
    def amount_choice(rnd: RoundState, seat: Seat, option: Option, payload: dict[str, Any], amount: Cents,
                      style: str) -> Choice:
        """A button for a wager of ``amount``; one that is a multiple of the seat's required wager says
        so, so that one tap for every seat gives each that multiple of its own wager."""
        base = seat.wagers[rnd.game.required_wager]
        alike = f"{option.label} {amount // base}× each {rnd.game.wager_label(rnd.game.required_wager)}" \
            if base and amount % base == 0 else ""
        return Choice(f"Seat {seat.number}: {option.label} {dollars(amount)}",
                      {**payload, "amount": plain_dollars(amount)}, style, alike=alike)

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
        seat = rnd.seats[seat_no]
        offered = [o for o in self.options if o.offered_to(rnd, seat)]
        option = next((o for o in offered if o.key == action.get("choice")), None)
        if option is None:
            keys = " or ".join(o.key for o in offered)
            raise Refused(f"Seat {seat_no} may choose {keys}, not {action.get('choice')!r}", self.section)
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
            least = option.at_least(rnd, seat) if option.at_least else 0
            if given < least:
                raise Refused(f"Seat {seat_no}'s {label} is at least {dollars(least)} and up to {option.rule} "
                              f"({dollars(most)}), not {dollars(given)}", option.section or self.section)
            seat.wagers[option.wager] = given
        elif option.amounts:
            offered = option.amounts(rnd, seat)
            named = _either(offered)
            if action.get("amount") in (None, ""):
                raise Refused(f"Seat {seat_no}'s {label}: say how much, {option.rule} ({named})",
                              option.section or self.section)
            given = rnd.amount(action["amount"], f"seat {seat_no}'s {label}")
            if given not in offered:
                raise Refused(f"Seat {seat_no}'s {label} must be {option.rule} ({named}), not {dollars(given)}",
                              option.section or self.section)
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


def _either(amounts: Sequence[Cents]) -> str:
    """"$10.00, $20.00 or $30.00"."""
    named = [dollars(amount) for amount in amounts]
    return " or ".join([", ".join(named[:-1]), named[-1]] if len(named) > 1 else named)
