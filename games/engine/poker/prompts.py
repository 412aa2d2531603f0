"""What the dealer is asked at each moment of a Poker hand: the prompt's text and its choices."""

from __future__ import annotations

from collections.abc import Callable

from games.engine.core import corrections, floor
from games.engine.core.records import Choice, Prompt
from games.engine.money import dollars
from games.engine.poker.jackpots import HIGH_HAND
from games.engine.poker.moments import Moment
from games.engine.poker.options import TIME


class PokerPrompts:
    """The prompts of a ``PokerRound``, one for each kind of moment (``PROMPTS``), on the round's state."""

    @property
    def prompt(self) -> Prompt | None:
        if self.void_pending is not None:
            return floor.void_pending_prompt(self)
        if (waiting := corrections.pending_prompt(self)) is not None:
            return waiting
        moment = self.moment()
        if moment is None:
            return None
        return PROMPTS[moment.kind](self, moment)

    def _seating_prompt(self, moment: Moment) -> Prompt:
        pending = self.jackpot_pending()
        if pending is not None:
            return Prompt(moment.id, pending.section, f"{pending.reason}: waiting for a floorperson to approve it",
                          waiting_for_floor=True)
        seats = self.dealt_in()
        choices = []
        if len(seats) >= 2:
            choices.append(Choice("Start the hand", {"type": "start_hand", "step": moment.id}))
        if self.options.rake_method == TIME and not self.time_charged and self.players:
            choices.append(Choice(f"Collect the time charge ({dollars(self.options.time_charge)} a player)",
                                  {"type": "seating", "step": moment.id, "do": "time_charge"}, "secondary"))
        fund = self.fund(HIGH_HAND)
        if self.high_hand is not None and fund > 0 and not any(
                self.jackpot_approvals.get(a.id) == HIGH_HAND and a.status != "refused" for a in self.approvals):
            choices.append(Choice(f"End of the qualifying period: pay the High Hand jackpot ({dollars(fund)}) to seat "
                                  f"{self.high_hand.seat}", {"type": "seating", "step": moment.id,
                                                              "do": "high_hand_payout"}, "secondary"))
        layout = self._dead_button_layout(seats) if len(seats) >= 2 else None
        waiting = [seat for seat in seats if layout is not None and seat not in layout[3]]
        shown = layout[3] if layout is not None else seats
        dealt = f"Seats {', '.join(map(str, shown))} will be dealt in. " if len(seats) >= 2 else \
            "At least two players with table stakes are needed. "
        if waiting:
            plural = "s" if len(waiting) > 1 else ""
            dealt += f"Waiting for the big blind: seat{plural} {', '.join(map(str, waiting))}. "
        return Prompt(moment.id, moment.section,
                      f"Between hands: seat players with their table stakes, add chips, mark players away. {dealt}"
                      "Then start the hand.", tuple(choices), seating_open=True,
                      upcoming=self.next_line(moment, tuple(choices)))

    def _button_prompt(self, moment: Moment) -> Prompt:
        choices = tuple(Choice(f"Button to seat {seat}", {"type": "input", "step": moment.id, "value": seat})
                        for seat in self.order)
        return Prompt(moment.id, moment.section,
                      "Deal one card face up to each player: the highest card (suits: spades, hearts, diamonds, "
                      "clubs) takes the button.", choices, upcoming=self.next_line(moment, choices))

    def _straddle_prompt(self, moment: Moment) -> Prompt:
        seat = moment.seat
        amount = dollars(self.options.straddle_amount)
        choices = (Choice(f"Seat {seat}: Straddle {amount}", {"type": "decide", "step": moment.id, "seat": seat,
                                                              "choice": "straddle"}),
                   Choice(f"Seat {seat}: no Straddle", {"type": "decide", "step": moment.id, "seat": seat,
                                                        "choice": "no_straddle"}, "secondary"))
        return Prompt(moment.id, moment.section, f"Seat {seat} (left of the big blind): a Straddle Bet of {amount}?",
                      choices, seat=seat, upcoming=self.next_line(moment, choices))

    def _deal_prompt(self, moment: Moment) -> Prompt:
        count = len(self.street.hole)
        seats = [seat for i, seat in enumerate(self.order) if self.state.hole_dealing_statuses[i]]
        first = "from the first player to the dealer's left" if self.options.stud else \
            f"starting with seat {seats[0]}, the button (seat {self.button}) last"
        text = (f"{self._burn_text()}Deal {_cards(count)} face down to each player, one at a time, {first}: "
                f"seats {', '.join(map(str, seats))}.")
        if self.kill and not self.known[seats[0]]:
            text = f"{self.kill_text()}. {text}"
        if not self.known[seats[0]] and self.blinds_text():
            text = f"{self.blinds_text()} {text}"
        label = "Deal from the virtual shoe" if self.shoe is not None else "Cards dealt"
        return Prompt(moment.id, moment.section, text, (Choice(label, {"type": "deal", "step": moment.id}),),
                      upcoming=self.next_line(moment))

    def _up_card_prompt(self, moment: Moment) -> Prompt:
        seat = moment.seat
        hole = self.street.hole
        dealt = f"{_cards(hole.count(False))} face down and one face up" if False in hole else "one card face up"
        burn = self._burn_text() if self.state.can_burn_card() else ""
        choices = (Choice("Deal from the virtual shoe", {"type": "cards", "step": moment.id, "target": f"seat:{seat}"}),
                   ) if self.shoe is not None else ()
        return Prompt(moment.id, moment.section, f"{burn}{self.street.name.capitalize()}: seat {seat} is dealt "
                      f"{dealt}. Enter seat {seat}'s up card.", choices, seat=seat, cards_for=f"seat:{seat}",
                      cards_label=f"seat {seat}'s up card", cards_needed=1, upcoming=self.next_line(moment))

    def _common_prompt(self, moment: Moment) -> Prompt:
        live = sum(self.state.statuses)
        choices = (Choice("Deal from the virtual shoe", {"type": "cards", "step": moment.id, "target": "board"}),
                   ) if self.shoe is not None else ()
        return Prompt(moment.id, moment.section,
                      f"{self.street.name.capitalize()}: too few cards remain to give each of the {live} players one. "
                      "Burn one card (with one card or none left, shuffle the burn cards first) and deal one common "
                      "card face up in the center: it plays in every hand.", choices, cards_for="board",
                      cards_label="the common card", cards_needed=1, upcoming=self.next_line(moment))

    def _board_prompt(self, moment: Moment) -> Prompt:
        street = self.street
        count = street.board
        choices = (Choice("Deal from the virtual shoe", {"type": "cards", "step": moment.id, "target": "board"}),
                   ) if self.shoe is not None else ()
        return Prompt(moment.id, moment.section,
                      f"{self._burn_text()}Deal the {street.name}: {_cards(count)} face up in the center.",
                      choices, cards_for="board", cards_label=f"the {street.name}", cards_needed=count,
                      upcoming=self.next_line(moment))

    def _bet_prompt(self, moment: Moment) -> Prompt:
        state, seat = self.state, moment.seat
        index = self.order.index(seat)
        choices = self._betting_choices(moment)
        amount_entry, least = None, 0
        raising = [c for c in choices if c.action["choice"] in ("bet", "raise", "complete")]
        if raising and not self.options.limit and len(choices) > 1 and seat not in self.held:
            kind = raising[0].action["choice"]
            least, most, _, _ = self.raise_range()
            amount_entry = (kind, {"bet": "Bet", "raise": "Raise to", "complete": "Complete to"}[kind], most)
        variant = self.options.variant
        rule = variant.first_to_act if state.street_index == 0 else variant.later_to_act
        owed = state.checking_or_calling_amount or 0
        text = (f"{self.street.name.capitalize()}: seat {seat} to act (table stakes {dollars(state.stacks[index])}"
                f"{', ' + dollars(owed) + ' to call' if owed else ''}).")
        held = self.held.get(seat)
        if held is not None and held["level"] != max(state.bets):
            text += " Its action out of turn no longer binds: the betting changed."
        upcoming = self.next_line(moment, tuple(choices))
        # The amount entry sends a decision of its kind with the amount typed.
        amount_action = ({"type": "decide", "step": moment.id, "seat": seat, "choice": amount_entry[0]}
                         if amount_entry else None)
        return Prompt(moment.id, moment.section, text, tuple(choices), seat=seat, amount_entry=amount_entry,
                      amount_action=amount_action, amount_least=least,
                      upcoming=f"{upcoming} · order: {rule}" if upcoming else f"order: {rule}")

    def _show_prompt(self, moment: Moment) -> Prompt:
        seat = moment.seat
        missing = sum(1 for card in self.known[seat] if card is None)
        choices = []
        if not missing:
            choices.append(Choice(f"Seat {seat} shows", {"type": "decide", "step": moment.id, "seat": seat,
                                                          "choice": "show"}))
        if self._may_muck(seat):
            choices.append(Choice(f"Seat {seat} mucks (unshown, gives up the pot)",
                                  {"type": "decide", "step": moment.id, "seat": seat, "choice": "muck"}, "danger"))
        # The cards a player shows are turned face up; those still unknown to the round are entered.
        return Prompt(moment.id, moment.section, f"Showdown ({self._showdown_order()}): seat {seat} shows its hand"
                      + (f" face up: enter the {_cards(missing)} it shows." if missing else " face up."),
                      tuple(choices), seat=seat, cards_for=f"seat:{seat}" if missing else "",
                      cards_label=f"seat {seat}'s cards", cards_needed=missing,
                      upcoming=self.next_line(moment, tuple(choices)))

    def _showdown_order(self) -> str:
        """§ 637a.18(e): the player who started the final bet shows first, the others clockwise.  With no
        bet in the last betting round, the first player still in the hand to act shows first (as card
        rooms do): a player who folded shows nothing."""
        state, count = self.state, len(self.order)
        first = next(self.order[(state.opener_index + i) % count] for i in range(count)
                     if state.statuses[(state.opener_index + i) % count])
        if self.last_aggressor is not None and self.last_aggressor == first:
            return f"seat {first} made the final bet and shows first, then clockwise"
        return f"no final bet: seat {first}, first to act of the players still in the hand, shows first, then clockwise"

    def _close_prompt(self, moment: Moment) -> Prompt:
        pending = self.jackpot_pending()
        if pending is not None:
            return Prompt(moment.id, pending.section, f"{pending.reason}: waiting for a floorperson to approve it. "
                          "The cards stay on the table until the payout is decided.", waiting_for_floor=True)
        if self.void is not None:
            text = f"Void: {self.void.label}. Return each player's chips as listed; the button does not move."
        else:
            text = ("Award the pots as listed: the side pots first, then take the rake and the jackpot drops, "
                    "then push the main pot. Then close the hand.")
        return Prompt(moment.id, moment.section, text, (Choice("Close the hand", {"type": "close",
                                                                                  "step": moment.id}),),
                      upcoming=self.next_line(moment))

    def _burn_text(self) -> str:
        return "Burn one card. " if self.state.can_burn_card() else ""


def _cards(count: int) -> str:
    return "one card" if count == 1 else f"{count} cards"


PROMPTS: dict[str, Callable[[PokerPrompts, Moment], Prompt]] = {
    "seating": PokerPrompts._seating_prompt, "button": PokerPrompts._button_prompt,
    "straddle": PokerPrompts._straddle_prompt, "deal": PokerPrompts._deal_prompt,
    "up_card": PokerPrompts._up_card_prompt, "board": PokerPrompts._board_prompt,
    "common": PokerPrompts._common_prompt, "bet": PokerPrompts._bet_prompt, "show": PokerPrompts._show_prompt,
    "close": PokerPrompts._close_prompt,
}
