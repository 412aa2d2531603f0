"""A Poker hand's betting rounds: each player's decision in turn, checked against the table
stakes, the structure and the minimum raise, and the choices the dealer is offered for it (an
action taken out of turn binding where nothing changed)."""

from __future__ import annotations

from typing import Any

from games.engine.core.records import Choice, Refused
from games.engine.money import Cents, dollars, parse_dollars, plain_dollars
from games.engine.poker.kit import kit_call
from games.engine.poker.moments import Action, Moment
from games.engine.poker.variants import STRUCTURES

BETTING_CHOICES = ("fold", "check", "call", "bet", "raise", "complete", "bring_in", "all_in")
VERBS = {"bet": "bet", "raise": "raise", "complete": "complete", "all_in": "go all-in"}
RAISES = ("bet", "raise", "complete")


class PokerBetting:
    """The betting of a ``PokerRound``, on the round's state."""

    def _bet(self, moment: Moment, action: Action) -> None:
        self._check_seat(moment, action)
        seat, state = moment.seat, self.state
        index = self.order.index(seat)
        choice, amount = action.get("choice"), action.get("amount")
        choices = self._betting_choices(moment)
        legal = {c.action["choice"] for c in choices}
        if choice not in BETTING_CHOICES:
            raise Refused(f"Seat {seat} may {', '.join(sorted(legal))}, not {choice!r}", moment.section)
        if choice == "all_in":
            choice, amount = self._all_in(moment)
        if choice in RAISES:
            if amount in (None, ""):
                raise Refused(f"Seat {seat}: say how much the {choice} comes to (the total of its bet in this "
                              "betting round)", moment.section)
            amount = parse_dollars(amount)
            self._check_raise(moment, choice, amount)
        if choice not in legal:
            raise Refused(*self._why_not(moment, choice))
        if len(choices) == 1 and (choices[0].action["choice"] != choice or (
                choice in RAISES and parse_dollars(choices[0].action["amount"]) != amount)):
            raise Refused(f"Seat {seat}'s action is fixed: {choices[0].label}", moment.section)
        if state.street_index != self.betting_street:
            self.betting_street, self.last_aggressor = state.street_index, None
        before = state.stacks[index]
        if choice == "fold" and sum(state.statuses) == 2:
            self.closing_bets = list(state.bets)  # the last fold: what the winner's bet was called with
        match choice:
            case "fold":
                kit_call(state.fold)
            case "check" | "call":
                kit_call(state.check_or_call)
            case "bring_in":
                kit_call(state.post_bring_in)
            case _:
                kit_call(lambda: state.complete_bet_or_raise_to(amount))
        self.put_in[seat] += before - state.stacks[index]
        done = {"bring_in": "Forced Bet", "check": "check", "call": "call", "fold": "fold"}.get(choice) or \
            f"{'bet' if choice == 'bet' else choice + ' to'} {dollars(amount)}"
        self.said.setdefault(seat, []).append(f"{moment.id.split('.')[1].replace('_', ' ')}: {done}")
        self.held.pop(seat, None)
        self.decisions += 1
        if choice in RAISES:
            self.last_aggressor = seat

    def _all_in(self, moment: Moment) -> tuple[str, str | None]:
        """All-in is a call of the whole stack or a bet or raise to it, whichever it is now."""
        state = self.state
        index = self.order.index(moment.seat)
        stack, bet = state.stacks[index], state.bets[index]
        if state.can_check_or_call() and state.checking_or_calling_amount == stack:
            return "call", None
        if state.can_complete_bet_or_raise_to(stack + bet):
            kind = "complete" if state.completion_status else "raise" if max(state.bets) else "bet"
            return kind, plain_dollars(stack + bet)
        if state.can_check_or_call():
            return "call", None  # no one can call more: the stack beyond the call would only come back
        raise Refused(f"Seat {moment.seat} cannot go all-in now: the structure does not let it bet or raise "
                      "its whole stack", moment.section)

    def _check_stakes(self, seat: int, choice: str, amount: Cents) -> Cents:
        """A bet or raise to more than the seat's table stakes, or to an amount no chip makes, is refused
        by name, in turn or out of it; returns the most the seat owns in this betting round."""
        state = self.state
        index = self.order.index(seat)
        most_owned = state.stacks[index] + state.bets[index]
        if amount > most_owned:
            raise Refused(f"Seat {seat} has {dollars(most_owned)} in table stakes in this betting round: it cannot "
                          f"bet {dollars(amount)} (a player bets only the table stakes on the table)", "§ 637a.8(b)(1)")
        chip = self.options.chip_unit
        if amount % chip and amount != most_owned:
            # All-in with table stakes carried from before the chip grew is the only bet of part of a chip.
            raise Refused(f"Seat {seat}'s {choice}{'' if choice == 'bet' else ' to'} {dollars(amount)} is not whole "
                          f"chips of {dollars(chip)}, the smallest chip in play (a pot is divided in them)",
                          "§ 637a.11(k)")
        return most_owned

    def _check_raise(self, moment: Moment, choice: str, amount: Cents) -> None:
        """A bet or raise the table stakes, the structure or the minimum do not allow is refused by name."""
        state, seat = self.state, moment.seat
        most_owned = self._check_stakes(seat, choice, amount)
        if not state.can_complete_bet_or_raise_to():
            return  # _why_not names it
        low, high, spread_low, spread_high = self.raise_range()
        verb = "bet" if choice == "bet" else f"{VERBS.get(choice, choice)} to"
        spread = f"not {dollars(amount)}: the table's spread is bets and raises of {self.options.spread_text()}"
        if amount < low:
            raise Refused(f"Seat {seat} may {verb} at least {dollars(low)}, {spread}" if spread_low else
                          f"Seat {seat} may {VERBS.get(choice, choice)} to at least {dollars(low)} (the minimum "
                          f"raise), not {dollars(amount)}; all-in is {dollars(most_owned)}", "§ 637a.8(k)")
        if amount > high:
            limit = STRUCTURES[self.options.structure][0].lower()
            raise Refused(f"Seat {seat} may {verb} at most {dollars(high)}, {spread}" if spread_high else
                          f"Seat {seat} may {VERBS.get(choice, choice)} to at most {dollars(high)} in {limit}, "
                          f"not {dollars(amount)}", "§ 637a.8(k)")

    def raise_range(self) -> tuple[Cents, Cents, bool, bool]:
        """The least and the most the player to act may bet, raise or complete to now: pokerkit's (the
        structure, the minimum raise, the table stakes) within the posted spread (§ 637a.8(k)), which
        bounds a bet, or the amount a raise adds to the bet it raises; a player may still go all-in for
        less than the spread's smallest.  Whether the spread sets the least and the most."""
        state, o = self.state, self.options
        index = state.actor_index
        all_in = state.stacks[index] + state.bets[index]
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        raised = 0 if state.completion_status else max(state.bets)  # a Stud completion is the first bet
        spread_low = o.spread_min_bet is not None and raised + o.spread_min_bet > low
        spread_high = o.spread_max_bet is not None and raised + o.spread_max_bet < high
        if spread_low:
            low = min(raised + o.spread_min_bet, all_in)
        if spread_high:
            high = raised + o.spread_max_bet
        return low, high, spread_low, spread_high

    def _why_not(self, moment: Moment, choice: str) -> tuple[str, str]:
        """Why a betting choice is not open to the seat now: the message and the section."""
        state, seat = self.state, moment.seat
        if seat in self.held or seat in self.dead:
            return f"Seat {seat}'s action is fixed: {self._betting_choices(moment)[0].label}", moment.section
        cap = state.street.max_completion_betting_or_raising_count if state.street else None
        if choice in RAISES and cap is not None and state.completion_betting_or_raising_count >= cap:
            o = self.options
            limit_cap = o.variant.bet_cap(state.street_index, o.max_raises if o.limit else None, None)
            if limit_cap is None or cap < limit_cap:  # the spread's cap is the one reached
                raises = o.spread_max_raises
                return (f"The betting is capped: {raises} raise{'s' if raises != 1 else ''} in a betting round "
                        "(the table's spread)", "§ 637a.8(k)")
            return (f"The betting is capped: {o.max_raises} bets and raises in a betting round", "§ 637a.8(k)")
        if choice == "check" and state.checking_or_calling_amount:
            return f"Seat {seat} cannot check: {dollars(state.checking_or_calling_amount)} is to call", moment.section
        if choice == "call" and not state.checking_or_calling_amount:
            return f"Seat {seat} has nothing to call: it may check", moment.section
        if choice == "fold":
            return f"Seat {seat} has nothing to call and may check: a fold is not needed", moment.section
        return f"Seat {seat} cannot {VERBS.get(choice, choice)} now", moment.section

    def _betting_choices(self, moment: Moment) -> list[Choice]:
        state, seat = self.state, moment.seat
        index = self.order.index(seat)

        def choice(label: str, kind: str, style: str = "primary", **fields: Any) -> Choice:
            return Choice(f"Seat {seat}: {label}", {"type": "decide", "step": moment.id, "seat": seat,
                                                     "choice": kind, **fields}, style)

        if seat in self.dead:
            return [choice("Fold (the hand is dead: wrong number of cards)", "fold", "danger")]
        stack, bet = state.stacks[index], state.bets[index]
        choices = []
        if state.can_post_bring_in():
            choices.append(choice(f"Forced Bet {dollars(state.effective_bring_in_amount)}", "bring_in"))
        if state.checking_or_calling_amount and state.can_fold():  # with nothing to call, a player checks
            choices.append(choice("Fold", "fold", "danger"))
        if state.can_check_or_call():
            owed = state.checking_or_calling_amount
            if owed:
                choices.append(choice(f"Call {dollars(owed)}{' (all-in)' if owed == stack else ''}", "call"))
            else:
                choices.append(choice("Check", "check", "secondary"))
        if state.can_complete_bet_or_raise_to():
            low, high, _, spread_high = self.raise_range()
            kind = "complete" if state.completion_status else "raise" if max(state.bets) else "bet"
            verb = {"complete": "Complete to", "raise": "Raise to", "bet": "Bet"}[kind]
            choices.append(choice(f"{verb} {dollars(low)}{' (all-in)' if low == stack + bet else ''}", kind,
                                  amount=plain_dollars(low)))
            if high > low:
                most = "the spread's most" if spread_high else "the pot"
                label = "All-in" if high == stack + bet else f"{verb} {dollars(high)} ({most})"
                choices.append(choice(f"{label} {dollars(high)}" if label == "All-in" else label, kind,
                                      amount=plain_dollars(high)))
        held = self.held.get(seat)
        if held is not None and held["level"] == max(state.bets):
            binding = self._binding(moment, held, choices)
            if binding is not None:
                return [binding]
        return choices

    def _binding(self, moment: Moment, held: dict[str, Any], choices: list[Choice]) -> Choice | None:
        """The action a seat took out of turn, as its only choice now, if the structure still allows it."""
        state = self.state
        suffix = " (binding: acted out of turn, and no one bet or raised since)"
        for choice in choices:
            if choice.action["choice"] == held["choice"] and held.get("amount") in (None, choice.action.get("amount")):
                return Choice(choice.label + suffix, choice.action, choice.style)
        if held["choice"] in RAISES and held.get("amount") and state.can_complete_bet_or_raise_to():
            amount = parse_dollars(held["amount"])
            low, high, _, _ = self.raise_range()
            if low <= amount <= high:
                template = next(c for c in choices if c.action["choice"] in RAISES)
                label = f"Seat {moment.seat}: {template.label.split(': ', 1)[1].split(' $')[0]} {dollars(amount)}"
                return Choice(label + suffix, {**template.action, "amount": held["amount"]})
        return None
