"""The round of play as a state machine rebuilt from its log.

A round is the ordered list of actions the dealer and the floorperson took.  ``RoundState.replay``
folds them into the current state; ``RoundState.apply`` checks one more action and, if the
regulation allows it, applies it to a copy (a refusal raises ``Refused`` and leaves the round as
it was).  What the dealer must do next is ``RoundState.prompt``, derived from the state alone.
Replaying the log, applying an action to a copy and the dealer's undo are ``LoggedRound``'s
(``games.engine.core.logged``), which nonbanked Poker's round shares; this module holds the banked
round's state and what each of its actions does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from games.engine.cards import Card, CardError, Shoe, parse_cards
from games.engine.core import corrections, floor, progressive
from games.engine.core.copying import copy_round
from games.engine.core.logged import Action, LoggedRound, check_step_action
from games.engine.core.records import Approval, Claim, Irregularity, Prompt, Refused, SettlementLine
from games.engine.core.settling import SettleSeats
from games.engine.core.state import Seat, Zone
from games.engine.core.steps import Betting, Close, Deal, Step
from games.engine.money import Cents, MoneyError, dollars, parse_dollars

if TYPE_CHECKING:
    from games.engine.core.game import Game

CANCEL = "cancel"  # a round started by mistake, ended before anything is wagered or dealt


class RoundState(LoggedRound):
    """The state of one round, rebuilt by applying its actions in order."""

    def __init__(self, game: Game, rules: Mapping[str, Any], *, shoe_order: Iterable[str] | None = None):
        self.game = game
        self.rules = game.validate_rules(rules)
        self.steps = game.steps(self.rules)
        self.deck = game.deck_for(self.rules)
        self.seats: dict[int, Seat] = {}
        self.completed_steps: set[str] = set()  # steps whose progress is kept as "done"
        self.step_results: dict[str, Any] = {}  # what a step recorded (a stub count's result)
        self.zones: dict[str, Zone] = {spec.name: Zone(spec.name) for spec in game.zones}
        self.discarded: list[Card] = []  # cards found face up and taken out of play
        self.face_up_found = 0
        self.approvals: list[Approval] = []
        self.lines: list[SettlementLine] = []
        self.claims: list[Claim] = []  # payouts owed from a meter, answered by the service
        self.void: Irregularity | None = None
        self.void_pending: Irregularity | None = None
        self.closed = False
        self.cancelled = False  # closed before any wager or card: started by mistake
        self.seq = 0
        self.shoe = Shoe.from_order(shoe_order) if shoe_order is not None else None  # training mode

    # -- replay and actions -------------------------------------------------------------------

    # The dealer's own entries, taken back with an undo while nothing depends on them.
    undoable = frozenset({"place_wager", "remove_wager", "decide", "cards", "confirm", "input",
                          "stub_count", "play"})

    def copied(self) -> RoundState:
        return copy_round(self)  # shares only what no action changes: the game, its steps and rules, cards

    def _apply(self, action: Action, *, new_action: bool = False) -> None:
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise Refused(f"An action needs a type, got {action!r}")
        kind = action["type"]
        try:
            if kind in ("approve", "refuse"):
                floor.decide_approval(self, action)
            elif kind == "resolve_claim":
                self._resolve_claim(action)
            elif kind == "hold_claim":
                self._hold_claim(action)
            elif kind == "irregularity":
                floor.report_irregularity(self, action)
            elif kind == CANCEL:
                self._cancel(action, new_action)
            else:
                self._step_action(action, new_action)
        except (CardError, MoneyError) as error:
            step = self.current_step()
            raise Refused(str(error), step.section if step else "") from None
        self._arrive()
        self.seq += 1

    def _arrive(self) -> None:
        """The step the action made current does what it does by itself (``Step.arrive``): part of
        the same entry, so a replay of the log does it at the same point."""
        step = self.current_step()
        if step is not None:
            step.arrive(self)

    def _step_action(self, action: Action, new_action: bool) -> None:
        check_step_action(self, action, new_action)
        step = self.current_step()
        if new_action:
            step.check_new(self, action)  # a rule newer than some logs: their entries replay as accepted
        step.apply(self, action)

    def _cancel(self, action: Action, new_action: bool) -> None:
        """A round started by mistake ends, cancelled, while nothing has been wagered or dealt in it."""
        if new_action:
            corrections.check_step(self, action, "cancel")
        if self.closed:
            raise Refused("The round is closed")
        if self.void is not None or self.void_pending is not None:
            raise Refused("The round is being voided: it ends as the void says")
        wagered = sorted(self.wagers().items())
        if wagered:
            (seat, _, wager), amount = wagered[0]
            raise Refused(f"Seat {seat}'s {self.game.wager_label(wager)} of {dollars(amount)} is on the layout: a "
                          "round with wagers is not cancelled (remove them first, or play the round)")
        if self.bets_closed or self.used_cards() or self.lines or self.approvals or self.claims:
            raise Refused("\"No more bets\" has been called in this round: only a round started by mistake, before "
                          "anything is wagered or dealt, is cancelled")
        self.cancelled = self.closed = True

    def cancel_offer(self) -> Action | None:
        """The cancel the dealer's screen offers while the round may be cancelled."""
        step = self.current_step()
        if step is None or not isinstance(step, Betting) or self.closed or self.wagers() or self.bets_closed \
                or self.approvals:
            return None
        return {"type": CANCEL, "step": step.id}

    def current_step(self) -> Step | None:
        if self.cancelled:
            return None
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
                             eligible=lambda rnd, seat: any(w in seat.wagers for w in rnd.void.surviving_wagers),
                             cards_each=self.cards_dealt_each())
        if not settle.done(self):
            return settle
        close = Close("close", self.void.section, "All wagers returned: collect the cards and close the round.")
        return None if self.closed else close

    def cards_dealt_each(self) -> int:
        """How many cards the deal gives each seat (two in the hold'em chapters, five in the stud ones)."""
        return next((step.cards_each for step in self.steps if isinstance(step, Deal)), 2)

    @property
    def prompt(self) -> Prompt | None:
        if self.void_pending is not None:
            return floor.void_pending_prompt(self)
        if (waiting := corrections.pending_prompt(self)) is not None:
            return waiting
        step = self.current_step()
        if step is None:
            return None
        prompt = step.prompt(self)
        later = self.next_step(step)
        if later:
            upcoming = f"{prompt.upcoming} · then {later}" if prompt.upcoming else f"then {later}"
            prompt = Prompt(**{**prompt.__dict__, "upcoming": upcoming})
        return prompt

    def next_step(self, current: Step) -> str:
        """The step that really comes next, as far as the state can tell now."""
        if self.void is not None:
            return ""
        steps = [s for s in self.steps if s.applies(self)]
        # A step with nothing to do now (no folded seat to settle, say) is not named.
        upcoming = next((s for s in steps[steps.index(current) + 1:] if not s.done(self)), None)
        return upcoming.summary(self) if upcoming is not None else ""

    # -- values the engine does not compute ---------------------------------------------------

    def claim(self, seat_no: int, wager: str, meter: str, share: str, section: str, reason: str,
              hand_no: int = 1, tier: str = "", shared_by: tuple[int, ...] = (), divisor: int = 1) -> Claim:
        """Owe a hand a share of a meter; its line is written when the service answers with the amount."""
        claim = Claim(len(self.claims) + 1, seat_no, wager, meter, share, section, reason, hand_no, tier=tier,
                      shared_by=shared_by, divisor=divisor)
        self.claims.append(claim)
        return claim

    def _pending_claim(self, action: Action) -> tuple[int, Claim]:
        claim_id = action.get("claim")
        index = next((i for i, c in enumerate(self.claims) if c.id == claim_id and not isinstance(claim_id, bool)),
                     None)
        if index is None:
            raise Refused(f"There is no claim {claim_id!r} in this round")
        claim = self.claims[index]
        if not claim.pending:
            raise Refused(f"Claim {claim.id} was already resolved at {dollars(claim.amount)}", claim.section)
        return index, claim

    def _hold_claim(self, action: Action) -> None:
        """A claim made while the progressive is unplayable (§ 605a.8(c)) is not paid from the meter:
        a floorperson decides it by the casino's procedure, the link's state and the meter's last
        reading before them: approved, it is paid from that reading, recorded as such; refused, it
        waits for the link (``Close``: the dealer asks again once the link is back)."""
        index, claim = self._pending_claim(action)
        if claim.held and self.claim_approval(claim).status == "pending":
            raise Refused(f"Claim {claim.id} already waits for a floorperson", progressive.LINK_DOWN_SECTION)
        reading = action["meter_amount"]
        share = progressive.share_of_meter(reading, progressive.claim_percent(claim.share))
        approval = Approval(len(self.approvals) + 1, "claim", claim.seat, (
            f"Seat {claim.seat}: {claim.share} ({claim.meter}) claimed while {action['down']}"[:170]
            + f". Last reading {dollars(reading)}: {dollars(share)}. Approve to pay it from the last reading; "
            "refuse to wait for the link")[:300], progressive.LINK_DOWN_SECTION)
        self.approvals.append(approval)
        self.claims[index] = dataclasses.replace(claim, held=action["down"], last_reading=reading,
                                                 approval=approval.id)

    def claim_approval(self, claim: Claim) -> Approval | None:
        return next((a for a in self.approvals if a.id == claim.approval), None) if claim.held else None

    def _resolve_claim(self, action: Action) -> None:
        index, claim = self._pending_claim(action)
        amount = action.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise Refused(f"Claim {claim.id} needs the amount owed, in cents, more than 0; got {amount!r}",
                          claim.section)
        # The meter's reading at the player's turn, when the service gives it: the amount must be the
        # share of it the paytable says, to the cent.
        meter_amount = action.get("meter_amount")
        if meter_amount is not None:
            if isinstance(meter_amount, bool) or not isinstance(meter_amount, int) or meter_amount < amount:
                raise Refused(f"Claim {claim.id}: the meter's amount must be cents, at least the {dollars(amount)} "
                              f"paid; got {meter_amount!r}", claim.section)
            owed = progressive.share_of_meter(meter_amount, progressive.claim_percent(claim.share))
            if owed != amount:
                raise Refused(f"Claim {claim.id}: {claim.share} of {dollars(meter_amount)} is {dollars(owed)}, "
                              f"not {dollars(amount)}", claim.section)
        self.claims[index] = dataclasses.replace(claim, amount=amount)
        for seat, part in claim.parts(amount).items():
            line = progressive.claim_line(self, claim, part, meter_amount, seat=seat)
            self.lines.append(line)
            # Another seat sharing the jackpot whose turn is still to come has it validated with the
            # rest of its lines then.
            if seat == claim.seat or self.seats[seat].settled:
                floor.request_payout_approvals(self, seat, [line])

    # -- helpers used by steps ----------------------------------------------------------------

    @property
    def bets_closed(self) -> bool:
        return any(isinstance(step, Betting) and step.done(self) for step in self.steps)

    def seat_number(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).strip().isdigit() \
                or not str(value).strip().isascii():
            raise Refused(f"{value!r} is not a seat number")
        number = int(value)
        if not 1 <= number <= self.game.seat_count:
            raise Refused(f"There is no seat {number}: this table has seats 1 to {self.game.seat_count}",
                          self.game.table_section)
        return number

    def amount(self, value: Any, what: str) -> Cents:
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
            # Cited where the chapter defines that wager (the Six Card Bonus is § 643a.7(j), not (d)).
            defined = next((w.section for w in self.game.wagers if w.slug == wager), self.game.wager_section)
            raise Refused(f"Seat {seat_no}'s {self.game.wager_label(wager)} of {dollars(amount)} is outside the "
                          f"table's limits ({dollars(low)} to {dollars(high)})", defined)

    def drop_empty_seat(self, seat_no: int) -> None:
        if seat_no in self.seats and not self.seats[seat_no].wagers:
            del self.seats[seat_no]

    def playing_seats(self) -> list[int]:
        playing = self.game.playing_wagers
        # Asked by nearly every step's check, many times a tap: one set operation per seat.
        return sorted(n for n, seat in self.seats.items() if not seat.wagers.keys().isdisjoint(playing))

    def seats_in_order(self, order: str) -> list[int]:
        seats = self.playing_seats()
        return list(reversed(seats)) if order == "counterclockwise" else seats

    def zone(self, name: str) -> Zone:
        return self.zones[name]

    def zone_label(self, name: str) -> str:
        return next(spec.label for spec in self.game.zones if spec.name == name)

    def used_cards(self) -> list[Card]:
        """Every card on the table in this round, once per copy."""
        used = [card for zone in self.zones.values() for card in zone.cards] + list(self.discarded)
        for seat in self.seats.values():
            for hand in seat.hands:
                used += hand.cards
        return used

    def checked_cards(self, codes: Any, count: int, what: str) -> tuple[Card, ...]:
        if not isinstance(codes, list | tuple | str):
            raise Refused(f"{what} must be a list of card codes")
        deck = self.deck
        cards = parse_cards(codes, count=count, what=what, repeats=deck.decks > 1)
        used = self.used_cards()
        for index, card in enumerate(cards):
            deck.check(card, used.count(card) + cards[:index].count(card), what)
        return cards

    def set_seat_cards(self, target: str, codes: Any, count: int) -> None:
        number = self.seat_number(target.removeprefix("seat:"))
        self.seats[number].cards = self.checked_cards(codes, count, f"seat {number}'s cards")

    # -- views of the state --------------------------------------------------------------------

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards turned face up."""
        return self.zones["board"].up_cards if "board" in self.zones else ()

    @property
    def dealer_cards(self) -> tuple[Card, ...]:
        return tuple(self.zones["dealer"].cards) if "dealer" in self.zones else ()

    @property
    def dealer_shown(self) -> bool:
        return "dealer" in self.zones and self.zones["dealer"].shown

    def wagers(self) -> dict[tuple[int, int, str], Cents]:
        """Every wager of the round by (seat, hand, wager): the rows the history keeps."""
        return {(seat.number, hand.number, wager): amount for seat in self.seats.values() for hand in seat.hands
                for wager, amount in hand.wagers.items()}

    def seat_lines(self, seat_no: int) -> list[SettlementLine]:
        return [line for line in self.lines if line.seat == seat_no]
