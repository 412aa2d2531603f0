"""The round of play as a state machine rebuilt from its log.

A round is the ordered list of actions the dealer and the floorperson took.  ``Round.replay``
folds them into the current state; ``Round.apply`` checks one more action and, if the
regulation allows it, applies it (a refusal raises ``Refused`` and leaves the round as it
was).  What the dealer must do next is ``Round.prompt``, derived from the state alone.

A game is mostly data: its wagers, its steps (betting, dealing, per-seat decisions,
community cards, the dealer's reveal, stub count, settlement) and its settlement function.
The steps here are shared by every game; a game module lists them in its order and supplies
the rules that differ.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from games.engine.cards import FULL_DECK, Card, CardError, Shoe, parse_cards
from games.engine.money import Cents, MoneyError, dollars, parse_dollars, plain_dollars

Action = Mapping[str, Any]


class Refused(Exception):
    """An action the regulation or the round's state does not allow.  Nothing was changed."""

    def __init__(self, message: str, section: str = ""):
        self.message = message
        self.section = section
        super().__init__(f"{message} — {section}" if section else message)


# Outcomes of a settlement line.
WIN, LOSE, PUSH, RETURNED, VOID, CAPPED = "win", "lose", "push", "returned", "void", "capped"


@dataclass(frozen=True)
class SettlementLine:
    """One wager of one seat, settled: what the dealer collects, returns or pays."""

    seat: int
    wager: str  # wager slug; "payout_limit" for the aggregate cap adjustment
    stake: Cents
    outcome: str  # win, lose, push, returned, void, capped
    amount: Cents  # paid (win), collected (lose), 0 when the stake goes back, negative for a cap
    section: str
    odds: str = ""
    hand: str = ""
    note: str = ""
    stage: str = "settle"  # "decision" for a wager settled by a seat's decision (a fold, a pulled bet)
    # The wager's chips went into the table inventory container at "no more bets" (a wager taken by
    # a table game system, e.g. § 643a.8(b)(1)): a win is paid in full, the stake included.
    stake_collected: bool = False
    # Which of the seat's hands the wager rides on (a split makes a second hand).  With seat,
    # wager and stage it names the line: (seat, hand_no, wager, stage) is unique in a round.
    hand_no: int = 1

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "wager": self.wager,
            "stake": dollars(self.stake),
            "outcome": self.outcome,
            "odds": self.odds,
            "amount": dollars(self.amount),
            "amount_cents": self.amount,
            "section": self.section,
            "hand": self.hand,
            "note": self.note,
        } | ({"stake_collected": True} if self.stake_collected else {})

    @property
    def instruction(self) -> str:
        return instruction(self.outcome, self.amount, self.stake, self.stake_collected)


def instruction(outcome: str, amount: Cents, stake: Cents, stake_collected: bool = False) -> str:
    """What the dealer does with the chips of a settled wager.

    >>> instruction("win", 2500, 500), instruction("win", 2500, 500, stake_collected=True)
    ('pay $25.00', 'pay $30.00 (the wager was collected before the deal)')
    """
    match outcome:
        case "win" if stake_collected:
            return f"pay {dollars(amount + stake)} (the wager was collected before the deal)"
        case "win":
            return f"pay {dollars(amount)}"
        case "lose" if stake_collected:
            return f"nothing: the {dollars(amount)} was collected before the deal"
        case "lose":
            return f"collect {dollars(amount)}"
        case "capped":
            return f"reduce by {dollars(-amount)}"
        case _ if stake_collected:
            return f"pay back {dollars(stake)} (the wager was collected before the deal)"
        case _:
            return f"return {dollars(stake)}"


@dataclass
class Approval:
    """Something only a floorperson may decide: a payout to validate or a void to confirm."""

    id: int
    kind: str  # "payout" or "void"
    seat: int | None
    reason: str
    section: str
    status: str = "pending"  # pending, approved, refused
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "kind": self.kind,
            "seat": self.seat,
            "reason": self.reason,
            "section": self.section,
            "status": self.status,
            "note": self.note,
        }


@dataclass(frozen=True)
class Choice:
    """A button on the dealer's screen: an action with its label."""

    label: str
    action: dict[str, Any]
    style: str = "primary"


@dataclass(frozen=True)
class Prompt:
    """What the dealer must do now, the section that says so, and how to answer."""

    step: str
    section: str
    text: str
    choices: tuple[Choice, ...] = ()
    seat: int | None = None
    cards_for: str = ""  # "board", "dealer" or "seat:N" when cards are to be entered
    cards_needed: int = 0
    wagers_open: bool = False  # the betting form is shown
    upcoming: str = ""
    waiting_for_floor: bool = False
    amount_entry: tuple[str, str, Cents] | None = None  # (choice, label, most) for a wager of any amount


@dataclass(frozen=True)
class Irregularity:
    """An irregularity the game recognises, with what it does to the round."""

    kind: str
    label: str
    section: str
    void: bool  # voids the round (after a floorperson confirms)
    # Wagers still settled on their own table when the round is void (e.g. the Bonus Wager).
    surviving_wagers: tuple[str, ...] = ()
    removes_deck: bool = False


@dataclass
class Seat:
    number: int
    wagers: dict[str, Cents] = field(default_factory=dict)
    decisions: dict[str, str] = field(default_factory=dict)  # step id -> choice key
    folded: bool = False
    cards: tuple[Card, ...] = ()
    cards_shown: bool = False  # turned face up for settlement
    settled: bool = False


class Step:
    """One step of the dealing procedure.  Subclasses define when it is done, its prompt
    and which actions it takes."""

    actions: ClassVar[tuple[str, ...]] = ()

    def __init__(self, step_id: str, section: str, text: str = ""):
        self.id = step_id
        self.section = section
        self.text = text

    def applies(self, rnd: Round) -> bool:
        return True

    def done(self, rnd: Round) -> bool:
        return self.id in rnd.completed_steps

    def prompt(self, rnd: Round) -> Prompt:
        raise NotImplementedError

    def apply(self, rnd: Round, action: Action) -> None:
        raise NotImplementedError

    def summary(self, rnd: Round) -> str:
        """A short phrase for the 'next' line of the screen."""
        first = self.text.split(".")[0].split(":")[0] if self.text else self.id.replace("_", " ")
        return first.replace("{seats}", "each seat").replace("seat {seat}", "each seat").lower()


class Betting(Step):
    """Wagers placed before "no more bets"."""

    actions = ("place_wager", "remove_wager", "no_more_bets")

    def done(self, rnd: Round) -> bool:
        return rnd.bets_closed

    def prompt(self, rnd: Round) -> Prompt:
        required = rnd.game.required_wager
        ready = any(required in seat.wagers for seat in rnd.seats.values())
        choices = (Choice("No more bets", {"type": "no_more_bets"}),) if ready else ()
        label = rnd.game.wager_label(required)
        text = self.text if ready else f"Place each seat's wagers: a seat plays with its {label}."
        return Prompt(self.id, self.section, text, choices, wagers_open=True)

    def apply(self, rnd: Round, action: Action) -> None:
        if action["type"] == "no_more_bets":
            required = rnd.game.required_wager
            if not any(required in seat.wagers for seat in rnd.seats.values()):
                raise Refused(f"No seat has a {rnd.game.wager_label(required)} yet", self.section)
            rnd.bets_closed = True
            return
        seat_no = rnd.seat_number(action.get("seat"))
        wager = action.get("wager")
        if wager not in rnd.game.betting_wagers(rnd.rules):
            offered = ", ".join(rnd.game.wager_label(w) for w in rnd.game.betting_wagers(rnd.rules))
            raise Refused(f"{wager!r} is not a wager this table offers before the deal (offered: {offered})",
                          rnd.game.wager_section)
        seat = rnd.seats.setdefault(seat_no, Seat(seat_no))
        if action["type"] == "remove_wager":
            if wager not in seat.wagers:
                raise Refused(f"Seat {seat_no} has no {rnd.game.wager_label(wager)} to remove", self.section)
            if wager == rnd.game.required_wager and len(seat.wagers) > 1:
                raise Refused(f"Remove seat {seat_no}'s other wagers first: they need its "
                              f"{rnd.game.wager_label(wager)}", rnd.game.wager_section)
            del seat.wagers[wager]
            if not seat.wagers:
                del rnd.seats[seat_no]
            return
        amount = rnd.amount(action.get("amount"), f"seat {seat_no}'s {rnd.game.wager_label(wager)}")
        if wager != rnd.game.required_wager and rnd.game.required_wager not in seat.wagers:
            del_if_empty(rnd, seat_no)
            raise Refused(f"Seat {seat_no} must place its {rnd.game.wager_label(rnd.game.required_wager)} "
                          f"before a {rnd.game.wager_label(wager)}", rnd.game.wager_section)
        rnd.check_limits(seat_no, wager, amount)
        seat.wagers[wager] = amount


def del_if_empty(rnd: Round, seat_no: int) -> None:
    if seat_no in rnd.seats and not rnd.seats[seat_no].wagers:
        del rnd.seats[seat_no]


class Deal(Step):
    """The initial deal of cards to the seats and the dealer.  Cards are normally entered later,
    as they are turned; a card-reading shoe (or training mode's virtual shoe) supplies them now."""

    actions = ("deal",)

    def __init__(self, step_id: str, section: str, text: str, cards_each: int, dealer_cards: int):
        super().__init__(step_id, section, text)
        self.cards_each = cards_each
        self.dealer_cards = dealer_cards

    def summary(self, rnd: Round) -> str:
        return "deal the cards"

    def prompt(self, rnd: Round) -> Prompt:
        seats = ", ".join(str(n) for n in rnd.playing_seats())
        label = "Deal from the virtual shoe" if rnd.shoe is not None else "Cards dealt"
        return Prompt(self.id, self.section, self.text.format(seats=seats), (Choice(label, {"type": "deal"}),))

    def apply(self, rnd: Round, action: Action) -> None:
        hands = action.get("cards") or {}
        if rnd.shoe is not None and not hands:
            hands = rnd.game.deal_from_shoe(rnd, self)
        for target, codes in hands.items():
            count = self.dealer_cards if target == "dealer" else self.cards_each
            if target != "dealer" and rnd.seat_number(target.removeprefix("seat:")) not in rnd.playing_seats():
                raise Refused(f"{target} has no {rnd.game.wager_label(rnd.game.required_wager)} and is dealt no cards",
                              self.section)
            rnd.set_cards(target, codes, count)
        rnd.completed_steps.add(self.id)


class SeatDecision(Step):
    """Each eligible seat, in turn, chooses: a wager of a set amount, fold, or check."""

    actions = ("decide",)

    def __init__(self, step_id: str, section: str, options: Iterable[Option],
                 eligible: Callable[[Round, Seat], bool], order: str = "clockwise"):
        super().__init__(step_id, section)
        self.options = tuple(options)
        self.eligible = eligible
        self.order = order

    def pending(self, rnd: Round) -> list[int]:
        return [n for n in rnd.seats_in_order(self.order)
                if self.eligible(rnd, rnd.seats[n]) and self.id not in rnd.seats[n].decisions]

    def done(self, rnd: Round) -> bool:
        return not self.pending(rnd)

    def summary(self, rnd: Round) -> str:
        return " or ".join(option.label for option in self.options) + " for each seat in turn"

    def prompt(self, rnd: Round) -> Prompt:
        seat_no, *rest = self.pending(rnd)
        seat = rnd.seats[seat_no]
        choices = []
        parts = []
        amount_entry = None
        for option in self.options:
            payload = {"type": "decide", "step": self.id, "seat": seat_no, "choice": option.key}
            style = "primary" if option.wager else "secondary"
            if option.up_to:
                most = option.up_to(rnd, seat)
                parts.append(f"{option.label} up to {dollars(most)}")
                base = seat.wagers[rnd.game.required_wager]
                for multiple in option.multiples:
                    if multiple * base <= most:
                        choices.append(Choice(f"{option.label} {dollars(multiple * base)}",
                                              {**payload, "amount": plain_dollars(multiple * base)}, style))
                amount_entry = (option.key, option.label, most)
                continue
            amount = option.amount(rnd, seat) if option.amount else None
            label = f"{option.label} {dollars(amount)}" if amount is not None else option.label
            parts.append(label)
            choices.append(Choice(label, payload, "danger" if option.returns else style))
        stake = rnd.game.wager_label(rnd.game.required_wager)
        text = f"Seat {seat_no} ({stake} {dollars(seat.wagers[rnd.game.required_wager])}): {', or '.join(parts)}?"
        upcoming = ("next: " + ", ".join(f"seat {n}" for n in rest)) if rest else ""
        return Prompt(self.id, self.section, text, tuple(choices), seat=seat_no, upcoming=upcoming,
                      amount_entry=amount_entry)

    def apply(self, rnd: Round, action: Action) -> None:
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
                given = rnd.amount(action["amount"], f"seat {seat_no}'s {rnd.game.wager_label(option.wager)}")
                if given != expected:
                    raise Refused(f"Seat {seat_no}'s {rnd.game.wager_label(option.wager)} must be {option.rule} "
                                  f"({dollars(expected)}), not {dollars(given)}", option.section or self.section)
            seat.wagers[option.wager] = expected
        if option.returns:
            # The wager stays in seat.wagers, the record of what the seat wagered (as a folded
            # Ante does); its "returned" line and the seat's decision say it is out of action.
            stake = seat.wagers[option.returns]
            rnd.lines.append(SettlementLine(seat_no, option.returns, stake, RETURNED, 0, option.section or self.section,
                                            note=f"{rnd.game.wager_label(option.returns)} withdrawn and returned",
                                            stage="decision"))
        if option.folds:
            seat.folded = True
            rnd.lines += rnd.game.fold_lines(rnd, seat)
        seat.decisions[self.id] = option.key


@dataclass(frozen=True)
class Option:
    key: str
    label: str
    wager: str = ""  # the wager this choice places
    amount: Callable[[Round, Seat], Cents] | None = None  # a set amount
    up_to: Callable[[Round, Seat], Cents] | None = None  # or any amount up to this
    multiples: tuple[int, ...] = ()  # quick buttons: these multiples of the required wager
    returns: str = ""  # the wager this choice withdraws (its stake goes back to the player, its record stays)
    rule: str = ""  # "twice the Ante", for refusals
    section: str = ""
    folds: bool = False


class CommunityCards(Step):
    """Burn, then turn community cards face up; the dealer enters them as they are turned."""

    actions = ("cards",)

    def __init__(self, step_id: str, section: str, text: str, count: int, burn: int = 1, total: int | None = None):
        super().__init__(step_id, section, text)
        self.count = count
        self.burn = burn
        self.total = total  # the board's size once this step is done, for a step outside the game's list

    def total_after(self, rnd: Round) -> int:
        if self.total is not None:
            return self.total
        total = 0
        for step in rnd.steps:
            if isinstance(step, CommunityCards):
                total += step.count
                if step is self:
                    return total
        raise AssertionError("step not in game")

    def done(self, rnd: Round) -> bool:
        return len(rnd.board) >= self.total_after(rnd)

    def prompt(self, rnd: Round) -> Prompt:
        choices = (Choice("Deal from the virtual shoe", {"type": "cards", "target": "board"}),) if rnd.shoe else ()
        return Prompt(self.id, self.section, self.text, choices, cards_for="board", cards_needed=self.count)

    def apply(self, rnd: Round, action: Action) -> None:
        if action.get("target", "board") != "board":
            raise Refused(f"The community cards are due now, not {action.get('target')}'s", self.section)
        codes = action.get("cards")
        if not codes and rnd.shoe is not None:
            rnd.shoe.draw(self.burn)
            codes = [card.code for card in rnd.shoe.draw(self.count)]
        cards = rnd.checked_cards(codes, self.count, f"the {self.id.replace('_', ' ')}")
        rnd.board += cards


class DealerReveal(Step):
    actions = ("cards",)

    def __init__(self, step_id: str, section: str, text: str, count: int = 2):
        super().__init__(step_id, section, text)
        self.count = count

    def done(self, rnd: Round) -> bool:
        return bool(rnd.dealer_cards) and rnd.dealer_shown

    def prompt(self, rnd: Round) -> Prompt:
        if rnd.dealer_cards:
            return Prompt(self.id, self.section, self.text,
                          (Choice("Dealer's cards turned", {"type": "cards", "target": "dealer"}),))
        return Prompt(self.id, self.section, self.text, cards_for="dealer", cards_needed=self.count)

    def apply(self, rnd: Round, action: Action) -> None:
        if action.get("target", "dealer") != "dealer":
            raise Refused(f"The dealer's cards are due now, not {action.get('target')}'s", self.section)
        if not rnd.dealer_cards:
            rnd.set_cards("dealer", action.get("cards") or [], self.count)
        elif action.get("cards"):
            raise Refused("The dealer's cards were dealt from the shoe already", self.section)
        rnd.dealer_shown = True


class StubCount(Step):
    """Count the stub at least once every five rounds without a counting shuffler."""

    actions = ("stub_count",)
    RESULTS = ("correct", "misdealt", "incorrect")

    def __init__(self, step_id: str, section: str, text: str, misdeal_section: str):
        super().__init__(step_id, section, text)
        self.misdeal_section = misdeal_section  # each dealing method has its own misdeal rule

    def applies(self, rnd: Round) -> bool:
        return bool(rnd.rules.get("stub_count_due"))

    def prompt(self, rnd: Round) -> Prompt:
        return Prompt(self.id, self.section, self.text, (
            Choice("52 cards: stub to the discard rack", {"type": "stub_count", "result": "correct"}),
            Choice("Wrong count, cards misdealt (52 present)", {"type": "stub_count", "result": "misdealt"}, "danger"),
            Choice("Wrong count, cards missing or extra", {"type": "stub_count", "result": "incorrect"}, "danger"),
        ))

    def apply(self, rnd: Round, action: Action) -> None:
        result = action.get("result")
        if result not in self.RESULTS:
            raise Refused(f"A stub count is one of {', '.join(self.RESULTS)}, not {result!r}", self.section)
        rnd.completed_steps.add(self.id)
        if result != "correct":
            misdeal = rnd.game.irregularities[f"stub_{result}"]
            rnd.request_void(dataclasses.replace(misdeal, section=self.misdeal_section), "")


class SettleSeats(Step):
    """Each seat in settlement order: turn its cards (enter them), then settle wager by wager."""

    actions = ("cards",)

    def __init__(self, step_id: str, section: str, text: str, eligible: Callable[[Round, Seat], bool],
                 order: str = "counterclockwise", cards_each: int = 2):
        super().__init__(step_id, section, text)
        self.eligible = eligible
        self.order = order
        self.cards_each = cards_each

    def pending(self, rnd: Round) -> list[int]:
        return [n for n in rnd.seats_in_order(self.order)
                if self.eligible(rnd, rnd.seats[n]) and not rnd.seats[n].settled]

    def done(self, rnd: Round) -> bool:
        return not self.pending(rnd)

    def prompt(self, rnd: Round) -> Prompt:
        seat_no, *rest = self.pending(rnd)
        seat = rnd.seats[seat_no]
        upcoming = ("next: " + ", ".join(f"seat {n}" for n in rest)) if rest else ""
        text = self.text.format(seat=seat_no)
        if seat.cards:
            return Prompt(self.id, self.section, text,
                          (Choice(f"Seat {seat_no}'s cards turned", {"type": "cards", "target": f"seat:{seat_no}"}),),
                          seat=seat_no, upcoming=upcoming)
        return Prompt(self.id, self.section, text, seat=seat_no, cards_for=f"seat:{seat_no}",
                      cards_needed=self.cards_each, upcoming=upcoming)

    def apply(self, rnd: Round, action: Action) -> None:
        seat_no, *_ = self.pending(rnd)
        target = action.get("target")
        if target != f"seat:{seat_no}":
            raise Refused(f"Seat {seat_no} is settled now (in the order of {self.section}), not {target}",
                          self.section)
        seat = rnd.seats[seat_no]
        if not seat.cards:
            rnd.set_cards(target, action.get("cards") or [], self.cards_each)
        elif action.get("cards"):
            raise Refused(f"Seat {seat_no}'s cards were dealt from the shoe already", self.section)
        seat.cards_shown = True
        seat.settled = True
        rnd.settle_seat(seat_no)


class Close(Step):
    actions = ("close",)

    def done(self, rnd: Round) -> bool:
        return rnd.closed

    def prompt(self, rnd: Round) -> Prompt:
        pending = [a for a in rnd.approvals if a.status == "pending"]
        if pending:
            return Prompt(self.id, pending[0].section,
                          "Waiting for a floorperson: " + "; ".join(a.reason for a in pending), waiting_for_floor=True)
        return Prompt(self.id, self.section, self.text, (Choice("Close the round", {"type": "close"}),))

    def apply(self, rnd: Round, action: Action) -> None:
        pending = [a for a in rnd.approvals if a.status == "pending"]
        if pending:
            raise Refused("The round cannot be closed while a floorperson's approval is pending: "
                          + "; ".join(a.reason for a in pending), pending[0].section)
        rnd.closed = True


@dataclass(frozen=True)
class RuleOption:
    """One option of a table's Rules Submission, as the configuration page shows it."""

    key: str
    label: str
    kind: str  # "choice", "money" or "bool"
    section: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    paytable_wager: str = ""  # the choice is this wager's paytable letter: the page shows its return


class Game:
    """A table game: its wagers, steps and settlement.  One subclass per chapter."""

    rule_options: ClassVar[tuple[RuleOption, ...]] = ()
    dealer_hand: ClassVar[bool] = True  # whether the dealer plays a hand (Let It Ride's does not)
    # What the round's "dealer" cards are: the dealer's hand, or a common area's cards in a game
    # whose dealer plays none (Let It Ride's Six Card Bonus cards).
    dealer_cards_label: ClassVar[str] = "Dealer"
    MULTIPLE_FACE_UP_BEFORE_DEAL: ClassVar[Irregularity]
    MULTIPLE_FACE_UP_AFTER_DEAL: ClassVar[Irregularity]

    slug: ClassVar[str]
    name: ClassVar[str]
    chapter: ClassVar[str]
    required_wager: ClassVar[str]  # the wager that makes a seat play (the Ante)
    wager_labels: ClassVar[dict[str, str]]
    wager_section: ClassVar[str]  # where the wagers are defined
    irregularities: ClassVar[dict[str, Irregularity]]
    # The rules options a table sets from its Rules Submission, with defaults.
    default_rules: ClassVar[dict[str, Any]]

    def wager_label(self, wager: str) -> str:
        return self.wager_labels.get(wager, wager)

    def validate_rules(self, rules: Mapping[str, Any]) -> dict[str, Any]:
        """Complete the table's options with defaults and refuse values the chapter does not allow."""
        unknown = set(rules) - set(self.default_rules) - {"stub_count_due", "training"}
        if unknown:
            raise Refused(f"Unknown rules option(s) for {self.name}: {', '.join(sorted(unknown))}")
        merged = {**self.default_rules, **rules}
        methods = [method for method, _ in DEALING_METHOD_CHOICES]
        if "dealing_method" in merged and merged["dealing_method"] not in methods:
            raise Refused(f"Dealing method must be one of {', '.join(methods)}, not {merged['dealing_method']!r}",
                          f"§ {self.chapter}.8-§ {self.chapter}.10")
        return merged

    def validate_amounts(self, rules: Mapping[str, Any], *, limits: Mapping[str, str],
                         payout_limit_section: str) -> None:
        """Each wager's limits (0 < minimum ≤ maximum, ``limits`` maps wager to section), amounts
        that read as dollars, and a payout limit, when the table sets one, no lower than
        ``minimum_payout_limit``: $50,000 or the most one patron could win betting the minimum."""
        try:
            for wager, section in limits.items():
                low, high = parse_dollars(rules[f"min_{wager}"]), parse_dollars(rules[f"max_{wager}"])
                if not 0 < low <= high:
                    raise Refused(f"The {self.wager_label(wager)} limits must satisfy 0 < minimum ≤ maximum", section)
            limit = parse_dollars(rules["payout_limit"]) if rules["payout_limit"] not in ("", None) else None
            if rules["approval_threshold"] not in ("", None):
                parse_dollars(rules["approval_threshold"])
        except MoneyError as error:
            raise Refused(str(error)) from None
        floor = self.minimum_payout_limit(rules)
        if limit is not None and limit < floor:
            raise Refused(f"The payout limit of {dollars(limit)} is below the least the regulation allows: "
                          f"{dollars(floor)} ($50,000 or the most one patron can win betting the minimum, "
                          "whichever is greater)", payout_limit_section)

    def minimum_payout_limit(self, rules: Mapping[str, Any]) -> Cents:
        raise NotImplementedError

    def betting_wagers(self, rules: Mapping[str, Any]) -> tuple[str, ...]:
        raise NotImplementedError

    def steps(self, rules: Mapping[str, Any]) -> list[Step]:
        raise NotImplementedError

    def settle(self, rnd: Round, seat: Seat) -> list[SettlementLine]:
        raise NotImplementedError

    def settle_void(self, rnd: Round, seat: Seat, irregularity: Irregularity) -> list[SettlementLine]:
        """A void returns every wager but those the irregularity's section still settles."""
        lines = [SettlementLine(seat.number, wager, stake, VOID, 0, irregularity.section,
                                note=f"Void: {irregularity.label}; wager returned")
                 for wager, stake in seat.wagers.items() if wager not in irregularity.surviving_wagers]
        for wager in irregularity.surviving_wagers:
            if wager in seat.wagers:
                line = self.settle_surviving(rnd, seat, wager)
                if line.outcome != VOID:
                    note = f"Settled although the round is void ({irregularity.section})"
                    line = dataclasses.replace(line, note=note)
                lines.append(line)
        return lines

    def settle_surviving(self, rnd: Round, seat: Seat, wager: str) -> SettlementLine:
        """Settle a wager that a void leaves standing (e.g. the Bonus Wager, § 647a.13(a) and (d))."""
        raise NotImplementedError

    def fold_lines(self, rnd: Round, seat: Seat) -> list[SettlementLine]:
        raise NotImplementedError

    def void_steps(self, rnd: Round) -> list[Step]:
        """What a void still needs before the wagers it leaves standing are settled: the cards they
        are decided on (the dealer's, the rest of the board).  Each is asked once, in order."""
        return []

    def check_irregularity(self, rnd: Round, irregularity: Irregularity, action: Action) -> None:
        """Refuse an irregularity that cannot have happened at this point of the round."""

    def multiple_face_up(self, rnd: Round) -> Irregularity:
        """The void of a second card found face up: whether it leaves a wager standing depends on
        whether everyone had their first cards (e.g. § 647a.13(a), § 677a.13(a))."""
        initial_deal_done = "deal" in rnd.completed_steps
        return self.MULTIPLE_FACE_UP_AFTER_DEAL if initial_deal_done else self.MULTIPLE_FACE_UP_BEFORE_DEAL

    def deal_from_shoe(self, rnd: Round, step: Deal) -> dict[str, list[str]]:
        raise NotImplementedError

    def limits(self, rules: Mapping[str, Any], wager: str) -> tuple[Cents, Cents] | None:
        """(minimum, maximum) for a wager, or None when the table sets none."""
        low, high = rules.get(f"min_{wager}"), rules.get(f"max_{wager}")
        if low is None or high is None:
            return None
        return parse_dollars(low), parse_dollars(high)


class Round:
    """The state of one round, rebuilt by applying its actions in order."""

    def __init__(self, game: Game, rules: Mapping[str, Any], *, shoe_order: Iterable[str] | None = None):
        self.game = game
        self.rules = game.validate_rules(rules)
        self.steps = game.steps(self.rules)
        self.seats: dict[int, Seat] = {}
        self.bets_closed = False
        self.completed_steps: set[str] = set()
        self.board: tuple[Card, ...] = ()
        self.dealer_cards: tuple[Card, ...] = ()
        self.dealer_shown = False
        self.discarded: list[Card] = []  # cards found face up and taken out of play
        self.face_up_found = 0
        self.approvals: list[Approval] = []
        self.lines: list[SettlementLine] = []
        self.void: Irregularity | None = None
        self.void_pending: Irregularity | None = None
        self.closed = False
        self.seq = 0
        self.shoe = Shoe.from_order(shoe_order) if shoe_order is not None else None  # training mode

    # -- replay and actions -------------------------------------------------------------------

    @classmethod
    def replay(cls, game: Game, rules: Mapping[str, Any], actions: Iterable[Action], **kwargs: Any) -> Round:
        rnd = cls(game, rules, **kwargs)
        for action in actions:
            rnd._apply(action)
        return rnd

    def apply(self, action: Action) -> Round:
        """Check and apply an action on a copy; return the new round or raise ``Refused``."""
        new = copy.deepcopy(self)
        new._apply(action)
        return new

    def _apply(self, action: Action) -> None:
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise Refused(f"An action needs a type, got {action!r}")
        kind = action["type"]
        try:
            if kind in ("approve", "refuse"):
                self._decide_approval(action)
            elif kind == "irregularity":
                self._irregularity(action)
            else:
                self._step_action(action)
        except (CardError, MoneyError) as error:
            raise Refused(str(error), self.current_step().section if self.current_step() else "") from None
        self.seq += 1

    def _step_action(self, action: Action) -> None:
        if self.closed:
            raise Refused("The round is closed")
        if self.void_pending is not None:
            raise Refused(f"The round waits for a floorperson to confirm the void ({self.void_pending.label})",
                          self.void_pending.section)
        step = self.current_step()
        if step is None:
            raise Refused("The round is complete")
        if action["type"] not in step.actions:
            expected = self.prompt.text
            raise Refused(f"Not now: the round is at '{expected}'", step.section)
        if isinstance(step, SeatDecision) and action.get("step", step.id) != step.id:
            raise Refused(f"The {action.get('step')} decisions are not due now; the round is at the {step.id} step",
                          step.section)
        step.apply(self, action)

    def current_step(self) -> Step | None:
        if self.void is not None:
            return self.void_step()
        for step in self.steps:
            if step.applies(self) and not step.done(self):
                return step
        return None

    def void_step(self) -> Step | None:
        """After a void: settle the surviving wagers (their seats' cards), then close."""
        for step in self.game.void_steps(self):
            if not step.done(self):
                return step
        settle = SettleSeats("void_settlement", self.void.section,
                             "Void: turn seat {seat}'s cards to settle its " + ", ".join(
                                 self.game.wager_label(w) for w in self.void.surviving_wagers),
                             eligible=lambda rnd, seat: any(w in seat.wagers for w in rnd.void.surviving_wagers))
        if not settle.done(self):
            return settle
        close = Close("close", self.void.section, "All wagers returned: collect the cards and close the round.")
        return None if self.closed else close

    @property
    def prompt(self) -> Prompt | None:
        if self.void_pending is not None:
            return Prompt("void_pending", self.void_pending.section,
                          f"{self.void_pending.label}: waiting for a floorperson to confirm the void",
                          waiting_for_floor=True)
        step = self.current_step()
        if step is None:
            return None
        prompt = step.prompt(self)
        later = self.next_steps(step)
        if later:
            upcoming = f"{prompt.upcoming} · then {later}" if prompt.upcoming else f"then {later}"
            prompt = Prompt(**{**prompt.__dict__, "upcoming": upcoming})
        return prompt

    def next_steps(self, current: Step) -> str:
        if self.void is not None:
            return ""
        steps = [s for s in self.steps if s.applies(self)]
        index = steps.index(current)
        return " · ".join(s.summary(self) for s in steps[index + 1:index + 2])

    # -- irregularities and approvals -----------------------------------------------------------

    def _irregularity(self, action: Action) -> None:
        if self.closed:
            raise Refused("The round is closed")
        if self.void is not None or self.void_pending is not None:
            raise Refused("The round is already being voided")
        kind = action.get("kind")
        irregularity = self.game.irregularities.get(kind)
        if irregularity is None or kind.startswith("stub_"):
            known = ", ".join(k for k in self.game.irregularities if not k.startswith("stub_"))
            raise Refused(f"Unknown irregularity {kind!r} (known: {known})")
        # No game's irregularity can happen before the deal; a jam needs an automated shoe.
        if not self.bets_closed:
            raise Refused("No cards are being dealt yet: the round is still taking wagers", irregularity.section)
        if kind == "shoe_jam" and self.rules.get("dealing_method") not in AUTOMATED_SHOES:
            raise Refused("This table does not deal from an automated shoe", irregularity.section)
        self.game.check_irregularity(self, irregularity, action)
        if kind == "card_face_up":
            if action.get("card"):
                card = self.checked_cards([action["card"]], 1, "the card found face up")[0]
                self.discarded.append(card)
                if self.shoe is not None and card in self.shoe.cards:
                    self.shoe.cards.remove(card)  # out of play: the virtual shoe must not deal it again
            self.face_up_found += 1
            if self.face_up_found == 1:
                return  # one card: discard it and go on
            irregularity = self.game.multiple_face_up(self)
        self.request_void(irregularity, action.get("note", ""))

    def request_void(self, irregularity: Irregularity, note: str) -> None:
        self.void_pending = irregularity
        self.approvals.append(Approval(len(self.approvals) + 1, "void", None,
                                       f"Void the round: {irregularity.label}", irregularity.section, note=note))

    def request_payout_approvals(self, seat_no: int, lines: list[SettlementLine]) -> None:
        threshold = self.rules.get("approval_threshold")
        if threshold in (None, ""):
            return
        threshold = parse_dollars(threshold)
        total = sum(line.amount for line in lines if line.outcome in (WIN, CAPPED))
        if total >= threshold:
            largest = max((line for line in lines if line.outcome == WIN), key=lambda line: line.amount)
            self.approvals.append(Approval(
                len(self.approvals) + 1, "payout", seat_no,
                f"Seat {seat_no}: payout of {dollars(total)} (table requires approval from {dollars(threshold)})",
                largest.section))  # the section of the largest payout, which the floorperson validates

    def _decide_approval(self, action: Action) -> None:
        approval_id = action.get("approval")
        approval = next((a for a in self.approvals if a.id == approval_id), None)
        if approval is None:
            raise Refused(f"There is no approval {approval_id!r} in this round")
        if approval.status != "pending":
            raise Refused(f"Approval {approval.id} was already {approval.status}")
        approval.status = "approved" if action["type"] == "approve" else "refused"
        approval.note = action.get("note", "") or approval.note
        if approval.kind == "void":
            if approval.status == "approved":
                self.void = self.void_pending
                self.lines = []
                for seat in self.seats.values():
                    seat.settled = False
            self.void_pending = None
            if self.void is not None:
                for seat in self.seats.values():
                    if not any(w in seat.wagers for w in self.void.surviving_wagers):
                        self.lines += self.game.settle_void(self, seat, self.void)
        elif approval.status == "refused":
            # The floorperson disputes the hand: the seat's cards are entered again and re-settled.
            seat = self.seats[approval.seat]
            seat.cards, seat.cards_shown, seat.settled = (), False, False
            self.lines = [line for line in self.lines if line.seat != approval.seat or line.stage != "settle"]

    # -- helpers used by steps ----------------------------------------------------------------

    def settle_seat(self, seat_no: int) -> None:
        seat = self.seats[seat_no]
        if self.void is not None:
            lines = self.game.settle_void(self, seat, self.void)
        else:
            lines = self.game.settle(self, seat)
        self.lines += lines
        if self.void is None:
            self.request_payout_approvals(seat_no, lines)

    def seat_number(self, value: Any) -> int:
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise Refused(f"{value!r} is not a seat number") from None
        if not 1 <= number <= self.game.seat_count:
            raise Refused(f"There is no seat {number}: this table has seats 1 to {self.game.seat_count}",
                          self.game.table_section)
        return number

    def amount(self, value: Any, what: str) -> Cents:
        if isinstance(value, int) and not isinstance(value, bool):
            cents = value  # already cents, from the services
        else:
            cents = parse_dollars(value if value is not None else "")
        if cents <= 0:
            raise Refused(f"{what} must be more than $0.00")
        return cents

    def check_limits(self, seat_no: int, wager: str, amount: Cents) -> None:
        limits = self.game.limits(self.rules, wager)
        if limits is None:
            return
        low, high = limits
        if not low <= amount <= high:
            raise Refused(f"Seat {seat_no}'s {self.game.wager_label(wager)} of {dollars(amount)} is outside the "
                          f"table's limits ({dollars(low)} to {dollars(high)})", self.game.wager_section)

    def playing_seats(self) -> list[int]:
        return sorted(n for n, seat in self.seats.items() if self.game.required_wager in seat.wagers)

    def seats_in_order(self, order: str) -> list[int]:
        seats = self.playing_seats()
        return list(reversed(seats)) if order == "counterclockwise" else seats

    def used_cards(self) -> set[Card]:
        used = set(self.board) | set(self.dealer_cards) | set(self.discarded)
        for seat in self.seats.values():
            used |= set(seat.cards)
        return used

    def checked_cards(self, codes: Any, count: int, what: str) -> tuple[Card, ...]:
        if not isinstance(codes, (list, tuple, str)):
            raise Refused(f"{what} must be a list of card codes")
        cards = parse_cards(codes, count=count, what=what)
        used = self.used_cards()
        for card in cards:
            if card in used:
                raise Refused(f"{card.code} is already on the table in this round: it cannot also be in {what}")
        return cards

    def set_cards(self, target: str, codes: Any, count: int) -> None:
        what = "the dealer's cards" if target == "dealer" else f"seat {target.removeprefix('seat:')}'s cards"
        cards = self.checked_cards(codes, count, what)
        if target == "dealer":
            self.dealer_cards = cards
        else:
            self.seats[self.seat_number(target.removeprefix("seat:"))].cards = cards

    # -- views of the state --------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.closed

    def seat_lines(self, seat_no: int) -> list[SettlementLine]:
        return [line for line in self.lines if line.seat == seat_no]

    def available_cards(self) -> list[Card]:
        used = self.used_cards()
        return [card for card in FULL_DECK if card not in used]


# -- what the poker chapters share ---------------------------------------------------------------
# Their sections are numbered alike: § .8 manual shoe, § .9 from the hand, § .10 automated shoe,
# § .13 irregularities.  A game builds its options and irregularities from these and adds its own.

AUTOMATED_SHOES = ("automated_shoe", "reshuffling_shoe")
DEALING_METHOD_CHOICES = (
    ("manual_shoe", "Manual dealing shoe"),
    ("hand", "From the hand"),
    ("automated_shoe", "Automated dealing shoe"),
    ("reshuffling_shoe", "Automated shoe that reshuffles (community cards may come first)"),
)


def dealing_options(chapter: str, *, counting_shuffler_section: str) -> tuple[RuleOption, ...]:
    """The dealing method, whether the shuffler counts the cards, and the approval threshold."""
    return (
        RuleOption("dealing_method", "Dealing method", "choice", f"§ {chapter}.8-§ {chapter}.10",
                   DEALING_METHOD_CHOICES),
        RuleOption("counting_shuffler", "Shuffler counts 52 cards after each shuffle", "bool",
                   counting_shuffler_section, help="Without one, the stub is counted at least once every 5 rounds"),
        RuleOption("approval_threshold", "Floorperson approval for a seat's payout from", "money",
                   help="Leave empty for none"),
    )


def dealing_irregularities(chapter: str, *, stub_section: str) -> dict[str, Irregularity]:
    """A card found face up (§ .13(a)), a wrong number of cards (§ .13(c)), a jammed automated
    shoe (§ .13(f)) and a wrong stub count; ``StubCount`` cites the dealing method's own section."""
    return {
        "card_face_up": Irregularity(
            "card_face_up", "Card found face up in the shoe or deck", f"§ {chapter}.13(a)", void=False),
        "wrong_card_count": Irregularity(
            "wrong_card_count", "Incorrect number of cards dealt", f"§ {chapter}.13(c)", void=True),
        "shoe_jam": Irregularity(
            "shoe_jam", "Automated dealing shoe jammed or failed to deal", f"§ {chapter}.13(f)", void=True),
        "stub_misdealt": Irregularity(
            "stub_misdealt", "Stub count wrong: cards misdealt, 52 cards in the deck", stub_section, void=True),
        "stub_incorrect": Irregularity(
            "stub_incorrect", "Stub count wrong: the deck does not hold 52 cards; remove the deck",
            stub_section, void=True, removes_deck=True),
    }
