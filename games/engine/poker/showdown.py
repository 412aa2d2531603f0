"""The end of a Poker hand: the showdown, the pots and side pots awarded, the jackpots (§§
637a.15-637a.16, as commonly played), and what the next hand carries on: the stacks, the button,
the jackpot funds, a kill hand."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from games.engine.core.records import AWARD, DECISION, DROP, Approval, Refused
from games.engine.money import Cents, dollars
from games.engine.poker import jackpots
from games.engine.poker.jackpots import BAD_BEAT, HIGH_HAND, BadBeatRules, HighHand
from games.engine.poker.kit import kit_call
from games.engine.poker.moments import Action, Moment
from games.engine.poker.options import KILL, NO_KILL
from games.engine.poker.pots import HandEnd, Pot, Showing, settle
from games.engine.poker.seating import Player, Positions
from games.engine.poker.variants import HIGH


class PokerShowdown:
    """The showdown, the pots, the jackpots and the close of a ``PokerRound``, on the round's state."""

    # -- the showdown --------------------------------------------------------------------------

    def _show(self, moment: Moment, action: Action) -> None:
        seat = moment.seat
        index = self.order.index(seat)
        if action["type"] == "decide":
            self._check_seat(moment, action)
            if action.get("choice") == "show" and self._cards_known(seat):
                kit_call(lambda: self.state.show_or_muck_hole_cards(True))
                return
            if action.get("choice") != "muck":
                raise Refused(f"Seat {seat} shows its cards (enter them) or mucks, not {action.get('choice')!r}",
                              moment.section)
            if not self._may_muck(seat):
                raise Refused(self._muck_refusal(seat), moment.section)
            kit_call(lambda: self.state.show_or_muck_hole_cards(False))
            return
        if action.get("target") != f"seat:{seat}":
            raise Refused(f"Seat {seat} shows now (in the order of § 637a.18(e)), not {action.get('target')}",
                          moment.section)
        known = self.known[seat]
        missing = [i for i, card in enumerate(known) if card is None]
        codes = action.get("cards")
        if not missing:
            if codes:
                raise Refused(f"Seat {seat}'s cards are known already: show them, enter nothing", moment.section)
            kit_call(lambda: self.state.show_or_muck_hole_cards(True))
            return
        entered = iter(card.code for card in self._checked(codes or [], len(missing), f"seat {seat}'s cards"))
        cards = [card if card is not None else next(entered) for card in known]
        self.known[seat] = list(cards)
        kit_call(lambda: self.state.show_or_muck_hole_cards("".join(cards), index))

    def _cards_known(self, seat: int) -> bool:
        return all(card is not None for card in self.known[seat])

    def _may_muck(self, seat: int) -> bool:
        """A losing hand may be thrown away unshown (§ 637a.18(e)), unless the Rules Submission requires
        every hand shown, every player is all-in (the hands are tabled), or it is the last hand left."""
        state = self.state
        others = [i for i, s in enumerate(self.order) if s != seat and state.statuses[i]]
        return not self.options.show_all_hands and not state.all_in_status and bool(others)

    def _muck_refusal(self, seat: int) -> str:
        if self.options.show_all_hands:
            return "This table's Rules Submission requires every hand at the showdown to be shown"
        if self.state.all_in_status:
            return "A player is all-in: every hand is turned face up"
        return f"Seat {seat} holds the last hand in contention: the winning hand must be shown in full"

    # -- the end of the hand -------------------------------------------------------------------

    def _settle_if_over(self) -> None:
        state = self.state
        if state is None or self.awarded or self.void is not None:
            return
        if any((state.can_burn_card(), state.can_deal_hole(), state.can_deal_board(),
                state.actor_index is not None, state.showdown_index is not None)):
            return
        pots = self._called_into_pot(tuple(self._pots()))
        showings = {}
        for index, seat in enumerate(self.order):
            if state.statuses[index] and self._cards_known(seat):
                hands = {half: state.get_up_hand(index, 0, k)
                         for k, half in enumerate(self.options.variant.halves)}
                showings[seat] = Showing(seat, hands, tuple(card for card in self.known[seat] if card))
        contributed = {seat: sum(pot.stakes.get(seat, 0) for pot in pots) for seat in self.order}
        returned = {seat: self.put_in[seat] - contributed[seat] for seat in self.order}
        end = HandEnd(pots, showings, returned, first_round_only=not self._left_first_round(),
                      contested=sum(state.statuses) > 1)
        lines, self.pushed = settle(end, self.options)
        self.lines += lines
        self.main_pot = pots[0].amount if pots else 0
        self.awarded = True
        if end.contested:
            self._jackpots(list(showings.values()))

    def _called_into_pot(self, pots: tuple[Pot, ...]) -> tuple[Pot, ...]:
        """When the last player folds, pokerkit leaves the winner's whole bet of that betting round out
        of the pot.  The part of it the others called is in the pot, as on the table; only what no one
        called goes back (and the rake and the drops are taken from the pot as it stands)."""
        state = self.state
        if sum(state.statuses) != 1 or not self.closing_bets:
            return pots
        winner = state.statuses.index(True)
        called = min(state.bets[winner], max(b for i, b in enumerate(self.closing_bets) if i != winner))
        if not called:
            return pots
        seat = self.order[winner]
        if not pots:
            return (Pot(0, called, (seat,), {seat: called}),)
        last = pots[-1]
        return (*pots[:-1], Pot(last.index, last.amount + called, last.seats,
                               {**last.stakes, seat: last.stakes.get(seat, 0) + called}))

    def _left_first_round(self) -> bool:
        return any(len(self.known[seat]) > len(self.options.variant.streets[0].hole) for seat in self.order) or \
            bool(self.state.board_cards and self.state.board_cards[0])

    def _pots(self) -> Iterable[Pot]:
        """pokerkit's pots, with what each seat put into each, formed as pokerkit forms them: a level for
        each seat's contribution, a pot for each level (merged with the one below when the same seats may
        win both).  Where the Antes are not trimmed (a missed small blind posted dead, a big-blind Ante),
        pokerkit keeps them out of the levels and puts them all in the first pot, as no one's bet."""
        state = self.state
        count = len(self.order)
        antes = [0 if state.ante_trimming_status else state.get_effective_ante(i) for i in range(count)]
        contributions = [-state.payoffs[i] - state.bets[i] - antes[i] for i in range(count)]
        pending = [-state.payoffs[i] - antes[i] for i in range(count)]
        formed: list[tuple[int, int, tuple[int, ...], int, bool]] = []  # low, high, seats, amount, with the Antes
        previous, loose_antes = 0, sum(antes)
        for level in sorted(set(contributions)):
            # As pokerkit: a seat may win a level its contribution and its bet still in front of it reach.
            seats = tuple(i for i in range(count) if pending[i] >= level and state.statuses[i])
            amount = loose_antes + sum(level - previous for c in contributions if c >= level)
            low, with_antes, loose_antes = previous, loose_antes > 0, 0
            while formed and formed[-1][2] == seats:
                low, _, _, below, had_antes = formed.pop()
                amount, with_antes = amount + below, with_antes or had_antes
            if amount:
                formed.append((low, level, seats, amount, with_antes))
            previous = level
        kit_pots = list(state.pots)
        if [pot.amount for pot in kit_pots] != [amount for *_, amount, _ in formed]:  # pragma: no cover - a bug
            raise AssertionError(f"pokerkit formed pots of {[pot.amount for pot in kit_pots]}, the contributions "
                                 f"{[amount for *_, amount, _ in formed]}")
        for number, (pot, (low, high, _, _, with_antes)) in enumerate(zip(kit_pots, formed, strict=True)):
            stakes = {self.order[i]: min(c, high) - min(c, low) + (antes[i] if with_antes else 0)
                      for i, c in enumerate(contributions)}
            yield Pot(number, pot.amount, tuple(self.order[i] for i in pot.player_indices),
                      {seat: stake for seat, stake in stakes.items() if stake})

    # -- the jackpots (§§ 637a.15-637a.16, as commonly played) -----------------------------------

    def _jackpots(self, showings: list[Showing]) -> None:
        """After the showdown: a Bad Beat pays the whole Bad Beat fund, once a floorperson approves;
        a qualifying high hand becomes the period's High Hand if it beats the one standing."""
        o = self.options
        board_game = not o.stud
        if HIGH not in o.variant.halves:
            return  # Razz has no high hand
        paid = jackpots.bad_beat(showings, self.order, self.fund(BAD_BEAT), BadBeatRules.of(o), board_game=board_game)
        if paid:
            self.lines += paid
            total = sum(line.amount for line in paid)
            self._ask_approval(BAD_BEAT, paid[0].seat, f"Bad Beat jackpot of {dollars(total)}: "
                               + ", ".join(f"seat {line.seat} {dollars(line.amount)}" for line in paid)
                               + "; the cage pays it")
        if o.high_hand_drop or self.fund(HIGH_HAND):
            self.high_hand = jackpots.best_high_hand(showings, self.high_hand, o.high_hand_hand,
                                                     o.high_hand_hole_cards, board_game=board_game)

    def _ask_approval(self, fund: str, seat: int, reason: str) -> None:
        approval = Approval(len(self.approvals) + 1, "payout", seat, reason, jackpots.SECTIONS[fund])
        self.approvals.append(approval)
        self.jackpot_approvals[approval.id] = fund

    def fund(self, name: str) -> Cents:
        """What the jackpot fund holds now: as the last hand left it, with this hand's drop."""
        drops = sum(line.amount for line in self.lines if line.outcome == DROP and line.wager == f"{name}_drop")
        return self.funds_before.get(name, 0) + drops

    def funds_after(self) -> dict[str, Cents]:
        """The funds the next hand starts with: this hand's drops in, the payouts standing out."""
        paid = {name: sum(line.amount for line in self.lines if jackpots.JACKPOT_WAGERS.get(line.wager) == name)
                for name in jackpots.LABELS}
        return {name: self.fund(name) - paid[name] for name in jackpots.LABELS}

    def high_hand_after(self) -> HighHand | None:
        return self.high_hand

    def jackpot_pending(self) -> Approval | None:
        return next((a for a in self.approvals if a.id in self.jackpot_approvals and a.status == "pending"), None)

    def _check_no_jackpot_pending(self) -> None:
        pending = self.jackpot_pending()
        if pending is not None:
            raise Refused(f"A floorperson approves or refuses the payout first: {pending.reason}", pending.section)

    def _pay_high_hand(self) -> None:
        """The end of the qualifying period: the High Hand Jackpot, the whole fund, to the period's best
        qualifying hand (the cage pays it, § 637a.16), once a floorperson approves; a new period begins."""
        fund = self.fund(HIGH_HAND)
        if any(a.status != "refused" for a in self.approvals if self.jackpot_approvals.get(a.id) == HIGH_HAND):
            raise Refused("The High Hand jackpot was paid in this round already", jackpots.HIGH_HAND_SECTION)
        if self.high_hand is None or fund <= 0:
            raise Refused("No qualifying High Hand stands in this period, or the High Hand fund is empty: there is "
                          "nothing to pay", jackpots.HIGH_HAND_SECTION)
        line = dataclasses.replace(jackpots.high_hand_payout(self.high_hand, fund), stage=DECISION)
        self.lines.append(line)
        self.high_hand_paid, self.high_hand = self.high_hand, None
        self._ask_approval(HIGH_HAND, line.seat, f"High Hand jackpot of {dollars(fund)} to seat {line.seat} "
                           f"({line.hand}) at the end of the qualifying period; the cage pays it")

    # -- closing and carrying the table on -----------------------------------------------------

    def _close(self, moment: Moment, action: Action) -> None:
        self._check_no_jackpot_pending()
        self.closed = True

    def final_stacks(self) -> dict[int, Cents]:
        """Each player's table stakes after the hand: what was not put in, plus what was pushed back."""
        stacks = {seat: player.stack for seat, player in self.players.items()}
        if self.state is None or self.void is not None:
            return stacks
        for seat in self.order:
            stacks[seat] = self.starting[seat] - self.put_in[seat] + self.pushed.get(seat, 0)
        return stacks

    def carried(self) -> Positions:
        """Where the next hand starts: the stacks, who is away, the button (which does not move after a
        void or a round that never dealt)."""
        stacks = self.final_stacks()
        players = {seat: Player(stacks[seat], player.away, player.new, player.missed)
                   for seat, player in self.players.items()}
        if self.void is not None:  # the blinds the void hand's players posted are owed again
            for seat in self.order:
                if seat in players:
                    players[seat].new, players[seat].missed = self.flags_at_start[seat]
        funds, high_hand = self.funds_after(), self.high_hand_after()
        leader = (high_hand.seat, high_hand.cards) if high_hand else None
        if self.button is None:  # no hand was dealt: the last button still stands, as it stood
            return Positions(players, self.previous_button, self.button_moves, self.kill, self.previous_blinds,
                             funds, leader)
        return Positions(players, self.button, self.void is None, self.kill_next(), self.blind_seats, funds, leader)

    def next_hand_seats(self) -> list[int]:
        """The seats the next hand would be dealt to, as this one leaves the table: seated, not away,
        with the table stakes a hand needs (§ 637a.8(b)(4)); none unless at least two."""
        need = self.options.stake_needed
        seats = [seat for seat, player in sorted(self.carried().players.items())
                 if not player.away and player.stack >= need]
        return seats if len(seats) >= 2 else []

    def kill_text(self) -> str:
        half = self.options.kill != KILL
        return (f"{'Half-kill' if half else 'Kill'} hand: the limits are {dollars(self.options.small_bet)}/"
                f"{dollars(self.options.big_bet)} ({'half again' if half else 'twice'} the posted limits, § 637a.1)")

    def kill_next(self) -> bool:
        """Whether the next hand is a kill hand (§ 637a.1): one follows a hand in which one player won
        the whole of a qualifying main pot, and kill hands go on until the main pot is split between a
        high and a different low winner, or is smaller than the qualifying pot.  A void changes nothing."""
        if self.options.kill == NO_KILL or not self.awarded:
            return self.kill
        main = [line for line in self.lines if line.outcome == AWARD and line.wager.startswith("main_pot")]
        pot = self.main_pot
        if pot < self.options.kill_pot:
            return False
        if self.kill:
            high = {line.seat for line in main if not line.wager.endswith("_low")}
            low = {line.seat for line in main if line.wager.endswith("_low")}
            return not (low and high != low)
        return len({line.seat for line in main}) == 1
