"""The round of play as a state machine rebuilt from its log.

A round is the ordered list of actions the dealer and the floorperson took.  ``RoundState.replay``
folds them into the current state; ``RoundState.apply`` checks one more action and, if the
regulation allows it, applies it to a copy (a refusal raises ``Refused`` and leaves the round as
it was).  What the dealer must do next is ``RoundState.prompt``, derived from the state alone.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from games.engine.cards import Card, CardError, Shoe, parse_cards
from games.engine.core import corrections, floor, progressive
from games.engine.core.copying import copy_round
from games.engine.core.records import Approval, Claim, Irregularity, Prompt, Refused, SettlementLine
from games.engine.core.settling import SettleSeats
from games.engine.core.state import Seat, Zone
from games.engine.core.steps import Betting, Close, Deal, Step
from games.engine.money import Cents, MoneyError, dollars, parse_dollars

if TYPE_CHECKING:
    from games.engine.core.game import Game

Action = Mapping[str, Any]


def check_step_action(rnd: Any, action: Action, new_action: bool) -> None:
    """What every round checks before its current step takes an action: the round is in play and not
    waiting for a floorperson, the step takes actions of this type, and the action names the step.
    ``rnd`` is any round of the contract (``games.engine.core.contract``)."""
    if rnd.closed:
        raise Refused("The round is closed")
    if rnd.void_pending is not None:
        raise Refused(f"The round waits for a floorperson to confirm the void ({rnd.void_pending.label})",
                      rnd.void_pending.section)
    if (correction := corrections.pending(rnd)) is not None:
        raise Refused(f"The round waits for a floorperson to decide the correction ({correction.reason})",
                      correction.section)
    step = rnd.current_step()
    if step is None:
        raise Refused("The round is complete")
    if action["type"] not in step.actions:
        raise Refused(f"Not now: the round is at '{rnd.prompt.text}'", step.section)
    if new_action and "step" not in action:
        # Every action names the step it was decided on, so that a stale tablet or a second tap
        # cannot land on the step that replaced it.  (Logs written before this rule replay as
        # they were accepted.)
        raise Refused(f"The action does not name its step: the round is at the {step.id} step "
                      f"('{rnd.prompt.text}')", step.section)
    named = action.get("step", step.id)
    if named != step.id:
        # A stale tablet or a second tap: the action was meant for a step that is over.
        raise Refused(f"The {named} step is not current: the round is at the {step.id} step "
                      f"('{rnd.prompt.text}')", step.section)


UNDO = "undo"
CANCEL = "cancel"  # a round started by mistake, ended before anything is wagered or dealt


class LoggedRound:
    """A round rebuilt from its log: ``replay`` applies the actions in order, ``apply`` checks one more on a
    copy.  A subclass's ``_apply`` takes one action or raises ``Refused``.

    The dealer corrects a mis-entry with an ``undo``: a new event of the log, never an edit of the
    old one.  It takes back the last entry still standing, while nothing depends on it: an entry of
    a kind the dealer may take back (``undoable``) that settled no wager, asked for no approval and
    claimed nothing from a meter.  The round is then what the log without that entry makes it.
    Once something depends on the entry, a floorperson approves its correction
    (``games.engine.core.corrections``)."""

    log: tuple[Action, ...] = ()  # every action applied, undos and corrections included, in order
    # Whether the last entry standing added no line, approval or claim: what an undo needs.
    quiet: bool = False
    replay_options: Mapping[str, Any] = {}  # how the round was built (a training shoe's order)
    undoable: frozenset[str] = frozenset()  # the dealer's entries an undo may take back
    # The log's entries approved corrections took back: (first index, index after the approval).
    corrections: tuple[tuple[int, int], ...] = ()
    # How many claims, and which lines, there were before each entry of the log, kept as the log grows
    # entry by entry (``_extend``): what the correction offers weigh at the settlement, without
    # replaying the round on every tap.  A round whose log grew otherwise (an undo, a correction)
    # no longer matches its log, and is replayed for them (``corrections.offers``).
    effects_before: tuple[tuple[int, tuple[Any, ...]], ...] = ()

    @classmethod
    def replay(cls, game: Any, rules: Mapping[str, Any], actions: Iterable[Action], **kwargs: Any) -> Any:
        return deque(cls.replaying(game, rules, actions, **kwargs), maxlen=1)[0]

    @classmethod
    def replaying(cls, game: Any, rules: Mapping[str, Any], actions: Iterable[Action], **kwargs: Any) -> Iterator[Any]:
        """The round before each of ``actions``, then after them all, from one replay in place: a
        round yielded goes on changing, so read what is needed of it before the next."""
        rnd = cls(game, rules, **kwargs)
        rnd.replay_options = kwargs
        for action in actions:
            yield rnd
            if rnd._works_on_log(action):
                rnd = rnd._logged_only(action, new_action=False)
            else:
                rnd._extend(action, new_action=False)
        yield rnd

    def apply(self, action: Action, *, logged: bool = False) -> Any:
        """Check and apply an action on a copy; return the new round or raise ``Refused``.
        ``logged``: the action comes from a round's log, where it was accepted once."""
        if self._works_on_log(action):
            return self._logged_only(action, new_action=not logged)
        new = self.copied()
        new._extend(action, new_action=not logged)
        return new

    def apply_in_place(self, action: Action) -> None:
        """Check and apply a dealer's new action on this round itself, for a caller that tries a
        run of actions on a copy of its own (``copied``) rather than copying the round for each: a
        refusal may leave the round half changed, to be thrown away."""
        if self._works_on_log(action):
            raise ValueError("An undo or a correction rebuilds the round from its log: use apply")
        self._extend(action, new_action=True)

    def _works_on_log(self, action: Action) -> bool:
        return isinstance(action, Mapping) and action.get("type") in (UNDO, corrections.CORRECT) \
            or corrections.decides(self, action)

    def _extend(self, action: Action, *, new_action: bool) -> None:
        """Apply an action in place and log it."""
        before = self._effects()
        tracked = len(self.effects_before) == len(self.log)
        effects_before = (len(self.claims), tuple(self.lines)) if tracked else None
        self._apply(action, new_action=new_action)
        self.log = (*self.log, action)
        self.quiet = self._effects() == before
        if effects_before is not None:
            self.effects_before = (*self.effects_before, effects_before)

    def tracked_effects(self) -> tuple[tuple[int, tuple[Any, ...]], ...] | None:
        """``effects_before``, when it follows the log entry by entry; otherwise None."""
        return self.effects_before if len(self.effects_before) == len(self.log) else None

    def _logged_only(self, action: Action, *, new_action: bool) -> Any:
        """The actions that work on the log rather than on the state: an undo, a correction asked or decided."""
        if action["type"] == UNDO:
            return self._undone(action, new_action=new_action)
        if action["type"] == corrections.CORRECT:
            return corrections.requested(self, action, new_action=new_action)
        return corrections.decided(self, action)

    def _effects(self) -> tuple[int, int, int]:
        """How many lines, approvals and claims the round has: an entry that adds none is one nothing
        depends on yet."""
        return len(self.lines), len(self.approvals), len(self.claims)

    def undo_offer(self) -> tuple[Action, Action] | None:
        """(the last entry still standing, the undo that would take it back) when the dealer may take
        it back: its kind is one the dealer may, and it added no line, approval or claim."""
        step = self.current_step()
        kept = self.standing()
        if step is None or self.closed or not self.quiet or not kept or kept[-1].get("type") not in self.undoable:
            return None
        return kept[-1], {"type": UNDO, "step": step.id}

    def undos(self, most: int) -> tuple[list[tuple[Action, Action]], str]:
        """Up to ``most`` of the last entries still standing, latest first, as far as the dealer may take
        them back one after the other now (``undo_offer`` at each): each with the undo that takes it back,
        naming the step the round is at by then, so that the undos, sent in order as one tap, are each
        accepted.  When that stops short of ``most``: why the next entry cannot be taken back, as its
        undo would be refused."""
        found: list[tuple[Action, Action]] = []
        rnd = self
        while len(found) < most:
            offer = rnd.undo_offer()
            if offer is None:
                return found, rnd._undo_refusal()
            found.append(offer)
            if len(found) < most:
                try:
                    rnd = rnd.apply(offer[1])
                except Refused as refusal:  # the offer and the undo apply the same rules: a backstop
                    found.pop()
                    return found, refusal.message
        return found, ""

    def _undo_refusal(self) -> str:
        """Why an undo now would be refused."""
        step = self.current_step()
        if step is None or self.closed:
            return "The round is complete: nothing in it is taken back by the dealer alone"
        try:
            self._undone({"type": UNDO, "step": step.id}, new_action=True)
        except Refused as refusal:
            return refusal.message
        return "It cannot be taken back by the dealer alone"

    def correction_offers(self) -> list[tuple[int, str, dict[str, Any]]]:
        """The entries the dealer may ask a floorperson to correct (``corrections.offers``)."""
        return corrections.offers(self)

    def standing(self) -> list[Action]:
        """The log without what undos and corrections took back."""
        return [action for _, action in self.standing_entries()]

    def standing_entries(self) -> list[tuple[int, Action]]:
        """(index in the log, action) of each entry still standing."""
        kept: list[tuple[int, Action]] = []
        ends = {end: start for start, end in self.corrections}
        for index, action in enumerate(self.log):
            if action.get("type") == UNDO:
                kept.pop()
            else:
                kept.append((index, action))
            if index + 1 in ends:
                kept = [(i, a) for i, a in kept if i < ends[index + 1]]
        return kept

    def rebuilt(self, index: int) -> Any:
        """The round as it was just before the log's entry ``index``: what the log up to it replays to."""
        return type(self).replay(self.game, self.rules, self.log[:index], **self.replay_options)

    def _undone(self, action: Action, *, new_action: bool = False) -> Any:
        kept = self.standing_entries()
        if new_action:
            corrections.check_step(self, action, "undo")
        if not kept:
            raise Refused("Nothing has been entered in this round: there is nothing to take back")
        index, last = kept[-1]
        what = last.get("type", "?").replace("_", " ")
        if last.get("type") not in self.undoable:
            raise Refused(f"The last entry ({what}) cannot be taken back by the dealer: a floorperson corrects "
                          "it, or the round goes on as it stands")
        if not self.quiet:
            raise Refused(f"The last entry ({what}) settled wagers or asked for a floorperson: it can no longer be "
                          "taken back by the dealer alone")
        rebuilt = self.rebuilt(index)
        # What corrections approved since stays on record (an undo never follows an approval it could lose).
        rebuilt.approvals = [*rebuilt.approvals, *self.approvals[len(rebuilt.approvals):]]
        rebuilt.corrections = self.corrections
        rebuilt.log = (*self.log, action)
        rebuilt.seq = self.seq + 1
        return rebuilt

    def copied(self) -> Any:
        """A copy an action may change without changing this round."""
        return copy.deepcopy(self)

    def _apply(self, action: Action, *, new_action: bool = False) -> None:
        raise NotImplementedError


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
    undoable = frozenset({"place_wager", "remove_wager", "decide", "cards", "input", "stub_count"})

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
            elif kind == "irregularity":
                floor.report_irregularity(self, action)
            elif kind == CANCEL:
                self._cancel(action, new_action)
            else:
                self._step_action(action, new_action)
        except (CardError, MoneyError) as error:
            step = self.current_step()
            raise Refused(str(error), step.section if step else "") from None
        self.seq += 1

    def _step_action(self, action: Action, new_action: bool) -> None:
        check_step_action(self, action, new_action)
        self.current_step().apply(self, action)

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
        if (correction := corrections.pending(self)) is not None:
            return Prompt("correction_pending", correction.section,
                          f"Waiting for a floorperson to decide the correction. {correction.reason}",
                          waiting_for_floor=True)
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

    def _resolve_claim(self, action: Action) -> None:
        claim_id = action.get("claim")
        index = next((i for i, c in enumerate(self.claims) if c.id == claim_id and not isinstance(claim_id, bool)),
                     None)
        if index is None:
            raise Refused(f"There is no claim {claim_id!r} in this round")
        claim = self.claims[index]
        if not claim.pending:
            raise Refused(f"Claim {claim.id} was already resolved at {dollars(claim.amount)}", claim.section)
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
