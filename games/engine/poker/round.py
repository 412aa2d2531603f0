"""One hand of nonbanked Poker, rebuilt from its log like every round: actions in, prompts,
settlement lines and approvals out.

Between hands the dealer seats players and their table stakes; the hand then runs on a pokerkit
state (the betting, the pots and side pots, the hands at the showdown), created once the button
and the Straddle are known.  The players' hole cards are not needed until the showdown: they are
dealt as unknown cards, and entered when a player shows (a card-reading or training shoe may give
them at the deal).  Every action names the moment it was decided on (``step``): a betting
decision's step counts the decisions before it, so a stale tablet can never act twice.

The hand's parts are modules of their own, each a base of ``PokerRound``: ``hand_flow`` (the
seating, the button, the Straddle, the deal), ``betting``, ``showdown`` (the pots, the jackpots,
what the next hand carries on), ``irregularities`` and ``prompts``.  ``PokerRound`` holds the
state they share and sends each action to the part the hand's moment names (``HANDLERS``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from pokerkit import State

from games.engine.cards import Card, CardError, Shoe, parse_cards
from games.engine.core import corrections
from games.engine.core.logged import LoggedRound, check_step_action
from games.engine.core.records import Approval, Claim, Irregularity, Refused, SettlementLine
from games.engine.money import Cents, MoneyError, parse_dollars
from games.engine.poker.betting import PokerBetting
from games.engine.poker.hand_flow import PokerHandFlow
from games.engine.poker.irregularities import PokerIrregularities
from games.engine.poker.jackpots import HighHand
from games.engine.poker.moments import Action, Moment
from games.engine.poker.options import NO_KILL, POSITIONS, TableOptions, read_options
from games.engine.poker.prompts import PokerPrompts
from games.engine.poker.seating import SEATS, Player, read_positions
from games.engine.poker.showdown import PokerShowdown
from games.engine.poker.words import PokerWords

CANCEL = "cancel"  # a round opened by mistake, ended before its hand starts

if TYPE_CHECKING:
    from games.engine.poker.game import PokerGame


class PokerRound(PokerHandFlow, PokerBetting, PokerShowdown, PokerIrregularities, PokerPrompts, PokerWords,
                 LoggedRound):
    """The state of one Poker round (one hand), rebuilt by applying its actions in order."""

    # The dealer's own entries, taken back with an undo while nothing depends on them: the seating and
    # the start of the hand while they are the last entry, then each betting action and card entry.
    undoable = frozenset({"seating", "start_hand", "input", "decide", "deal", "cards"})
    # Once the hand is dealt, its seats and stakes stand: a floorperson corrects what was entered in
    # the hand itself (a wrong deal is a misdeal, § 637a.18).
    correctable = frozenset({"input", "decide", "deal", "cards"})

    # -- replay and actions -------------------------------------------------------------------

    def __init__(self, game: PokerGame, rules: Mapping[str, Any], *, shoe_order: Iterable[str] | None = None):
        self.game = game
        self.rules = game.validate_rules(rules)
        self.options: TableOptions = read_options(self.rules)
        positions = read_positions(self.rules.get(POSITIONS))
        # A kill hand is dealt with the grown limits (§ 637a.1 "Kill option", "Half-kill option").
        self.kill = positions.kill and self.options.kill != NO_KILL
        if self.kill:
            self.options = self.options.killed()
        self.players: dict[int, Player] = {n: Player(p.stack, p.away, p.new, p.missed)
                                           for n, p in positions.players.items()}
        self.previous_button, self.button_moves = positions.button, positions.moves
        self.previous_blinds = positions.blinds
        self.blind_seats: tuple[int, int] | None = None  # this hand's small blind (maybe dead) and big blind seats
        self.posts: dict[int, Cents] = {}  # seat -> the forced bet posted, by pokerkit's blinds of the hand
        self.dead_posts: dict[int, Cents] = {}  # seat -> a missed small blind posted dead, into the pot
        self.flags_at_start: dict[int, tuple[bool, bool]] = {}  # (new, missed) of each seat, for a void
        self.funds_before: dict[str, Cents] = dict(positions.funds)
        self.high_hand: HighHand | None = HighHand(*positions.high_hand) if positions.high_hand else None
        self.jackpot_approvals: dict[int, str] = {}  # approval id -> the fund its payout takes from
        self.high_hand_paid: HighHand | None = None  # the High Hand paid at the end of its period, in this round
        self.seq = 0
        self.closed = False
        self.cancelled = False  # closed before its hand started, with nothing entered: opened by mistake
        self.void: Irregularity | None = None
        self.void_pending: Irregularity | None = None
        self.approvals: list[Approval] = []
        self.lines: list[SettlementLine] = []
        self.claims: list[Claim] = []  # a Poker hand owes nothing from a meter
        self.time_charged = False
        self.started = False
        self.order: tuple[int, ...] = ()  # the seats dealt in, in the order of the deal (pokerkit's players)
        self.button: int | None = None
        self.straddle: bool | None = None
        self.state: State | None = None
        self.starting: dict[int, Cents] = {}  # stacks when the hand started
        self.put_in: dict[int, Cents] = {}  # what each seat pushed forward, uncalled bets included
        self.known: dict[int, list[str | None]] = {}  # the dealt cards of each seat, None where unknown
        self.burned: list[Card] = []  # burn cards a virtual shoe drew
        self.exposed: list[Card] = []  # cards the dealer exposed, taken out of play
        self.held: dict[int, dict[str, Any]] = {}  # an action taken out of turn, binding if nothing changes
        self.dead: set[int] = set()  # hands dead for a wrong number of cards
        self.decisions = 0  # betting decisions taken in this hand
        self.betting_street: int | None = None  # the street of the last betting decision
        self.last_aggressor: int | None = None  # who bet or raised last in that street
        self.awarded = False
        self.main_pot: Cents = 0  # before the rake: what the Kill option's qualifying pot is measured on
        self.pushed: dict[int, Cents] = {}
        self.closing_bets: list[Cents] = []  # the bets of the betting round the last fold ended
        self.said: dict[int, list[str]] = {}  # each seat's betting decisions, as the history lists them
        self.shoe = Shoe.from_order(shoe_order) if shoe_order is not None else None
        self.blinds: tuple[Cents, ...] = ()  # the forced bets by position, as pokerkit was given them
        self.antes: tuple[Cents, ...] = ()  # the Antes by position, a missed small blind included

    def _apply(self, action: Action, *, new_action: bool = False) -> None:
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise Refused(f"An action needs a type, got {action!r}")
        kind = action["type"]
        moment = self.moment()
        try:
            if kind in ("approve", "refuse"):
                self._decide_approval(action)
            elif kind == "irregularity":
                self._irregularity(action)
            elif kind == CANCEL:
                self._cancel(action, new_action)
            else:
                self._step_action(action, new_action)
        except (CardError, MoneyError) as error:
            raise Refused(str(error), moment.section if moment else "") from None
        self.seq += 1

    def _cancel(self, action: Action, new_action: bool) -> None:
        """A round opened by mistake ends, cancelled, while its hand has not started and nothing stands in
        it: the seats, stakes and button pass on as they were."""
        if new_action:
            corrections.check_step(self, action, "cancel")
        if self.cancel_offer() is None:
            raise Refused("Only a round opened by mistake is cancelled, before its hand starts and with nothing "
                          "entered in it: take back its entries with Undo first, or play the hand")
        self.cancelled = self.closed = True

    def cancel_offer(self) -> Action | None:
        """The cancel the dealer's screen offers while the round may be cancelled."""
        moment = self.moment()
        if moment is None or moment.kind != "seating" or self.standing() or self.approvals or self.lines:
            return None
        return {"type": CANCEL, "step": moment.id}

    def _step_action(self, action: Action, new_action: bool) -> None:
        moment = self.moment()
        if moment is not None and self.void_pending is None and action["type"] == "seating" \
                and moment.kind != "seating":
            raise Refused("Players are seated and add to their table stakes only between hands", "§ 637a.8(b)(2)")
        check_step_action(self, action, new_action)
        HANDLERS[moment.kind](self, moment, action)
        self._settle_if_over()

    # -- where the hand is --------------------------------------------------------------------

    def moment(self) -> Moment | None:
        if self.closed:
            return None
        if self.void is not None:
            return Moment("close", "close", self.void.section)
        if not self.started:
            return Moment("seating", "seating", "§ 637a.8(b)")
        if self.button is None and not self.options.stud:
            return Moment("button", "button", "§ 637a.11(c)(1)")
        if self.straddle is None:
            return Moment("straddle", "straddle", "§ 637a.11(e)", self.straddler)
        if self.awarded:
            return Moment("close", "close", "§ 637a.7(e)(6)")
        state = self.state
        street = self.street
        if state.can_burn_card() or state.can_deal_hole() or state.can_deal_board():
            slug = street.name.replace(" ", "_")
            if street.board:
                return Moment(slug, "board", street.section)
            if self._common_card_due():
                return Moment(f"common.{slug}", "common", "§ 637a.10(h)")
            if all(not up for up in street.hole):
                return Moment(f"deal.{slug}" if self.options.stud else "deal", "deal", street.section)
            index = next(i for i in range(len(self.order)) if state.hole_dealing_statuses[i])
            return Moment(f"deal.{slug}.seat{self.order[index]}", "up_card", street.section, self.order[index])
        if state.actor_index is not None:
            first = state.street_index == 0
            section = self.options.variant.to_act_sections[0 if first else 1]
            slug = street.name.replace(" ", "_")
            return Moment(f"bet.{slug}.{self.decisions + 1}", "bet", section, self.order[state.actor_index])
        if state.showdown_index is not None:
            seat = self.order[state.showdown_index]
            return Moment(f"show.seat{seat}", "show", "§ 637a.18(e)", seat)
        return Moment("close", "close", "§ 637a.7(e)(6)")  # pragma: no cover - the hand is settled when it ends

    @property
    def deck(self):
        """The cards the hand is dealt from (what the card picker offers)."""
        return self.game.deck

    def current_step(self) -> Moment | None:
        """The step the round is at: what an action must name, and the actions it takes."""
        return self.moment()

    @property
    def street(self):
        state = self.state
        index = state.street_index if state.street_index is not None else len(state.streets) - 1
        return self.options.variant.streets[index]

    def dealt_in(self) -> list[int]:
        """The seats a hand would be dealt to now: seated, not away, with the table stakes the hand
        needs (§ 637a.8(b)(4))."""
        return [n for n, p in sorted(self.players.items()) if not p.away and p.stack >= self.options.stake_needed]

    # -- helpers -------------------------------------------------------------------------------

    def _seat(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).isdigit() \
                or not str(value).isascii() or int(value) not in SEATS:
            raise Refused(f"There is no seat {value!r}: a Poker table has seats 1 to 10", "§ 637a.2(a)")
        return int(value)

    def _check_seat(self, moment: Moment, action: Action) -> None:
        seat = self._seat(action.get("seat"))
        if seat != moment.seat:
            raise Refused(f"It is seat {moment.seat}'s turn, not seat {seat}'s: players act in turn, clockwise",
                          moment.section)

    def _amount(self, action: Action, what: str) -> Cents:
        cents = parse_dollars(action.get("amount") if action.get("amount") is not None else "")
        if cents <= 0:
            raise Refused(f"{what} must be more than $0.00")
        return cents

    def _checked(self, codes: Any, count: int, what: str, also: Iterable[str] = ()) -> tuple[Card, ...]:
        if not isinstance(codes, list | tuple | str):
            raise Refused(f"{what} must be a list of card codes")
        cards = parse_cards(codes, count=count, what=what)
        used = set(self.used_cards()) | {Card.parse(code) for code in also}
        for card in cards:
            if card in used:
                raise CardError(f"{card.code} is already on the table in this hand: it cannot also be in {what}")
        return cards

    def used_cards(self) -> list[Card]:
        """Every known card of this hand: dealt, on the board, burned from a virtual shoe, exposed."""
        cards = [Card.parse(code) for seat in self.known.values() for code in seat if code]
        if self.state is not None:
            cards += [Card.parse(repr(card)) for board in self.state.board_cards for card in board if card]
        return cards + self.burned + self.exposed

    def wagers(self) -> dict[tuple[int, int, str], Cents]:
        """What each seat has put into the pot so far (its rows in the history)."""
        return {(seat, 1, "pot"): amount for seat, amount in self.put_in.items() if amount}

    # -- views ---------------------------------------------------------------------------------

    @property
    def board(self) -> tuple[Card, ...]:
        if self.state is None:
            return ()
        return tuple(Card.parse(repr(card)) for board in self.state.board_cards for card in board if card)


HANDLERS: dict[str, Callable[[PokerRound, Moment, Action], None]] = {
    "seating": PokerRound._seating, "button": PokerRound._button, "straddle": PokerRound._straddle,
    "deal": PokerRound._deal, "up_card": PokerRound._up_card, "board": PokerRound._board,
    "common": PokerRound._common, "bet": PokerRound._bet,
    "show": PokerRound._show, "close": PokerRound._close,
}
