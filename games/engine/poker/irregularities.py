"""A Poker hand's irregularities (as commonly played, docs/poker.md): a card exposed, a player
dealt a wrong number of cards, an action out of turn, a misdeal; and the floorperson's answer to
a void or a jackpot payout."""

from __future__ import annotations

from games.engine.core import floor
from games.engine.core.records import DECISION, VOID, Irregularity, Refused, SettlementLine
from games.engine.money import parse_dollars, plain_dollars
from games.engine.poker import jackpots
from games.engine.poker.betting import BETTING_CHOICES, RAISES
from games.engine.poker.jackpots import HIGH_HAND
from games.engine.poker.moments import Action
from games.engine.poker.options import BINDING_IF_UNCHANGED


class PokerIrregularities:
    """The irregularities and the floorperson's approvals of a ``PokerRound``, on the round's state."""

    def _irregularity(self, action: Action) -> None:
        irregularity = floor.reported(self, action)
        kind = irregularity.kind
        if self.state is None:
            raise Refused("No cards are being dealt yet: the hand has not started", irregularity.section)
        if self.awarded:
            raise Refused("The pots are awarded: the hand is over", irregularity.section)
        before_action = self.decisions == 0
        match kind:
            case "exposed_card":
                card = self._checked([action.get("card")], 1, "the card exposed")[0]
                self.exposed.append(card)
                if self.shoe is not None and card in self.shoe.cards:
                    self.shoe.cards.remove(card)
                if before_action and len(self.exposed) >= self.options.exposed_cards_misdeal:
                    floor.request_void(self, self.game.irregularities["misdeal"],
                                       f"{len(self.exposed)} cards exposed in the deal")
                return
            case "wrong_hole_count":
                seat = self._seat(action.get("seat"))
                if seat not in self.order or not self.state.statuses[self.order.index(seat)]:
                    raise Refused(f"Seat {seat} holds no hand in this deal", irregularity.section)
                if before_action:
                    floor.request_void(self, self.game.irregularities["misdeal"],
                                       f"Seat {seat} was dealt a wrong number of cards before any action")
                else:
                    self.dead.add(seat)  # after action the hand is dead: it folds in its turn
                return
            case "out_of_turn":
                self._out_of_turn(irregularity, action)
                return
        floor.request_void(self, irregularity, action.get("note", ""))

    def _out_of_turn(self, irregularity: Irregularity, action: Action) -> None:
        seat = self._seat(action.get("seat"))
        moment = self.moment()
        if moment.kind != "bet":
            raise Refused("No betting round is in progress", irregularity.section)
        if seat == moment.seat:
            raise Refused(f"It is seat {seat}'s turn: its action is in turn", irregularity.section)
        index = self.order.index(seat) if seat in self.order else None
        if index is None or not self.state.statuses[index] or index not in self.state.actor_indices:
            raise Refused(f"Seat {seat} has no action to come in this betting round", irregularity.section)
        choice = action.get("choice")
        if choice not in BETTING_CHOICES:
            raise Refused(f"The action taken out of turn is one of {', '.join(BETTING_CHOICES)}, not {choice!r}",
                          irregularity.section)
        amount = action.get("amount")
        if choice in RAISES and amount:
            # What the seat said must be a bet it could make in its turn: a binding action no chip
            # can make would leave the seat one choice, refused when its turn comes.
            self._check_stakes(seat, choice, parse_dollars(amount))
        if self.options.out_of_turn == BINDING_IF_UNCHANGED:
            self.held[seat] = {"choice": choice, "level": max(self.state.bets),
                               **({"amount": plain_dollars(parse_dollars(amount))} if amount else {})}

    def _decide_approval(self, action: Action) -> None:
        approval = floor.answer(self.approvals, action)
        fund = self.jackpot_approvals.get(approval.id)
        if fund is not None:
            if approval.status == "refused":  # nothing is paid: the fund, and the period's High Hand, stay
                self.lines = [line for line in self.lines if jackpots.JACKPOT_WAGERS.get(line.wager) != fund]
                if fund == HIGH_HAND:
                    self.high_hand = self.high_hand_paid
            return
        if approval.status == "approved":
            self.void = self.void_pending
            # Every chip goes back to the player who put it forward; the button stays (a misdeal).
            self.lines = [line for line in self.lines if line.stage == DECISION] + [
                SettlementLine(seat, "pot", self.put_in[seat], VOID, 0, self.void.section,
                               note=f"Void: {self.void.label}; chips returned")
                for seat in self.order if self.put_in.get(seat)]
        self.void_pending = None
