"""One hand of nonbanked Poker, rebuilt from its log like every round: actions in, prompts,
settlement lines and approvals out.

Between hands the dealer seats players and their table stakes; the hand then runs on a pokerkit
state (the betting, the pots and side pots, the hands at the showdown), created once the button
and the Straddle are known.  The players' hole cards are not needed until the showdown: they are
dealt as unknown cards, and entered when a player shows (a card-reading or training shoe may give
them at the deal).  Every action names the moment it was decided on (``step``): a betting
decision's step counts the decisions before it, so a stale tablet can never act twice.
"""

from __future__ import annotations

import dataclasses
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from pokerkit import Automation, CardBurning, Mode, State
from pokerkit import Deck as PokerkitDeck

from games.engine.cards import Card, CardError, Shoe, parse_cards
from games.engine.core import floor
from games.engine.core.machine import LoggedRound, check_step_action
from games.engine.core.records import (
    AWARD,
    DECISION,
    DROP,
    RAKE,
    VOID,
    Approval,
    Choice,
    Claim,
    Irregularity,
    Prompt,
    Refused,
    SettlementLine,
)
from games.engine.money import Cents, MoneyError, dollars, parse_dollars, plain_dollars
from games.engine.poker import jackpots
from games.engine.poker.jackpots import BAD_BEAT, HIGH_HAND, BadBeatRules, HighHand
from games.engine.poker.options import (
    BINDING_IF_UNCHANGED,
    HIGH_CARD,
    KILL,
    NO_KILL,
    POSITIONS,
    TIME,
    WAIT,
    TableOptions,
    read_options,
)
from games.engine.poker.pots import HandEnd, Pot, Showing, settle
from games.engine.poker.seating import SEATS, Player, Positions, clockwise_from, next_clockwise, read_positions
from games.engine.poker.variants import HIGH, STRUCTURES

if TYPE_CHECKING:
    from games.engine.poker.game import PokerGame

Action = Mapping[str, Any]
T = TypeVar("T")
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.RUNOUT_COUNT_SELECTION)
UNKNOWN = "??"
BETTING_CHOICES = ("fold", "check", "call", "bet", "raise", "complete", "bring_in", "all_in")


@dataclass(frozen=True)
class Moment:
    """Where the hand is: the step an action must name, what kind of decision it is, whose."""

    id: str
    kind: str  # seating, button, straddle, deal, board, up_card, bet, show, close
    section: str
    seat: int | None = None

    @property
    def actions(self) -> tuple[str, ...]:
        return ACTIONS[self.kind]


class PokerRound(LoggedRound):
    """The state of one Poker round (one hand), rebuilt by applying its actions in order."""

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

    # -- replay and actions -------------------------------------------------------------------

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
            else:
                self._step_action(action, new_action)
        except (CardError, MoneyError) as error:
            raise Refused(str(error), moment.section if moment else "") from None
        self.seq += 1

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

    # -- seating, the button and the Straddle ---------------------------------------------------

    def _seating(self, moment: Moment, action: Action) -> None:
        if action["type"] == "start_hand":
            self._start()
            return
        do = action.get("do")
        if do == "time_charge":
            self._time_charge()
            return
        if do == "high_hand_payout":
            self._pay_high_hand()
            return
        seat = self._seat(action.get("seat"))
        player = self.players.get(seat)
        if do == "sit":
            if player is not None:
                raise Refused(f"Seat {seat} is taken (table stakes {dollars(player.stack)}): add chips instead")
            amount = self._amount(action, f"seat {seat}'s table stakes")
            o = self.options
            if amount < o.min_buy_in:
                raise Refused(f"Seat {seat}'s table stakes of {dollars(amount)} are below the table's smallest, "
                              f"{dollars(o.min_buy_in)}", "§ 637a.8(b)(4)")
            if o.max_buy_in is not None and amount > o.max_buy_in:
                raise Refused(f"Seat {seat}'s table stakes of {dollars(amount)} are above the table's largest, "
                              f"{dollars(o.max_buy_in)}")
            # A player seated at an open table is new: posts or waits for the big blind (rules option).
            self.players[seat] = Player(amount, new=self.previous_button is not None)
            return
        if player is None:
            raise Refused(f"No player sits at seat {seat}")
        if do == "add":
            player.stack += self._amount(action, f"the chips added to seat {seat}")
        elif do in ("away", "back"):
            if player.away == (do == "away"):
                raise Refused(f"Seat {seat} is {'already away' if player.away else 'not away'}")
            player.away = do == "away"
        elif do == "leave":
            del self.players[seat]
        else:
            raise Refused(f"A seating action is sit, add, away, back, leave, time_charge or high_hand_payout, "
                          f"not {do!r}")

    def _time_charge(self) -> None:
        charge = self.options.time_charge
        if self.options.rake_method != TIME:
            raise Refused("This table takes its rake from the pots, not as a time charge", "§ 637a.17")
        if self.time_charged:
            raise Refused("The time charge was collected already in this round", "§ 637a.17")
        charged = [n for n, p in sorted(self.players.items()) if not p.away]
        short = [n for n in charged if self.players[n].stack < charge]
        if not charged or short:
            raise Refused(f"Seat {short[0]} has less than the time charge of {dollars(charge)}: add chips or mark "
                          "it away first" if short else "No player is seated", "§ 637a.17")
        for seat in charged:
            self.players[seat].stack -= charge
            self.lines.append(SettlementLine(seat, "time_charge", charge, RAKE, charge, "§ 637a.17",
                                             note="Time charge, collected between hands", stage=DECISION))
        self.time_charged = True

    def _start(self) -> None:
        self._check_no_jackpot_pending()
        candidates = self.dealt_in()
        variant = self.options.variant
        if len(candidates) < 2:
            short = [n for n, p in self.players.items() if not p.away and p.stack < self.options.stake_needed]
            why = (f"; seat {short[0]} has less than the {dollars(self.options.stake_needed)} a hand needs "
                   "(§ 637a.8(b)(4))") if short else ""
            raise Refused(f"Poker is played with at least two players{why}", "§ 637a.7(b)")
        layout = self._dead_button_layout(candidates)
        seats = layout[3] if layout is not None else candidates
        if len(seats) > variant.max_players:
            raise Refused(f"No more than {variant.max_players} players may play {variant.label}: mark a player away",
                          variant.max_players_section)
        self.started = True
        self.order = tuple(seats)
        self.flags_at_start = {n: (p.new, p.missed) for n, p in self.players.items()}
        if self.options.stud:
            self._clear_flags(seats)
            self.straddle = False
            self._deal_in()
            return
        if layout is not None:
            button, small, big, dealt, missed = layout
            for seat in missed:
                self.players[seat].missed = True  # away when the big blind passed (common practice)
            self.blind_seats = (small, big)
            for seat in dealt:
                player = self.players[seat]
                if seat not in (small, big) and (player.new or player.missed):
                    self.posts[seat] = self.options.big_blind  # live: a big blind of the player's own
                    if player.missed:
                        self.dead_posts[seat] = self.options.small_blind  # dead: into the pot
            self._clear_flags(dealt)
            self._place_button(button)
            return
        self._clear_flags(seats)
        if self.previous_button is not None:
            if self.button_moves:
                self._place_button(next_clockwise(seats, self.previous_button))
            elif self.previous_button in seats:
                self._place_button(self.previous_button)  # a misdeal: the same button deals again
            else:
                self._place_button(next_clockwise(seats, self.previous_button))
        elif self.options.first_button != HIGH_CARD:
            self._place_button(seats[-1])  # the first player to the dealer's right (§ 637a.11(c)(1)(i))

    def _check_no_jackpot_pending(self) -> None:
        pending = self.jackpot_pending()
        if pending is not None:
            raise Refused(f"A floorperson approves or refuses the payout first: {pending.reason}", pending.section)

    def _clear_flags(self, seats: Iterable[int]) -> None:
        for seat in seats:
            self.players[seat].new = self.players[seat].missed = False

    def _dead_button_layout(self, candidates: list[int]) -> tuple[int, int, int, list[int], set[int]] | None:
        """The dead button (common practice): the big blind moves to the next player clockwise, the small
        blind to the last big blind's seat and the button to the last small blind's, whether or not a
        player still sits there (an empty small blind's seat is a dead small blind).  Players away
        whose seat the big blind passes miss it; a new player, or one who missed it, posts a big
        blind of the player's own or waits for the big blind (rules option), and may not be dealt in
        on the button or between it and the small blind.  After a misdeal, the same seats again.
        None where the button simply moves: Stud, the table's first hand, the option off, or fewer
        than three players dealt in.  Returns the button, small and big blinds' seats, the seats dealt
        in and the seats that missed the big blind."""
        o = self.options
        if o.stud or not o.dead_button or self.previous_blinds is None or self.previous_button is None:
            return None
        last_small, last_big = self.previous_blinds
        missed: set[int] = set()
        if self.button_moves:
            button, small = last_small, last_big
            big = next_clockwise(candidates, last_big)
            missed = {seat for seat in self.players if seat not in candidates and _passed(last_big, seat, big)}
        else:
            button, (small, big) = self.previous_button, self.previous_blinds
        if big not in candidates or big == button:
            return None

        def waits(seat: int) -> bool:
            player = self.players[seat]
            if seat == big or not (player.new or player.missed):
                return False
            return o.new_player_posts == WAIT or seat == button or _passed(button, seat, small) or seat == small

        dealt = [seat for seat in candidates if not waits(seat)]
        if len(dealt) < 3:
            return None
        return button, small, big, dealt, missed

    def _place_button(self, seat: int) -> None:
        self.button = seat
        self.order = tuple(clockwise_from(self.order, seat))
        if self.blind_seats is None:
            # The blinds are left of the button; two players: the button posts the small blind (pokerkit's rule).
            self.blind_seats = (self.order[1], self.order[0]) if len(self.order) == 2 else (self.order[0],
                                                                                           self.order[1])
        o = self.options
        straddler = self.straddler
        offered = o.straddle and straddler is not None and self.players[straddler].stack > o.straddle_amount
        if not offered:
            self.straddle = False
            self._deal_in()

    @property
    def straddler(self) -> int | None:
        """The player left of the big blind, who may Straddle (not one posting a big blind of the player's own)."""
        if len(self.order) < 3:
            return None
        seat = self.order[(self.order.index(self.blind_seats[1]) + 1) % len(self.order)]
        return None if seat in self.posts or seat == self.blind_seats[0] else seat

    def blinds_text(self) -> str:
        """What the dead button made of this hand's blinds, and who posted a big blind of their own."""
        if self.options.stud or self.blind_seats is None or len(self.order) < 3:
            return ""
        small, big = self.blind_seats
        o = self.options
        parts = [f"The button is dead on seat {self.button}." if self.button not in self.order else "",
                 f"The small blind is dead (seat {small} is empty)." if small not in self.order else ""]
        for seat in (seat for seat in self.order if seat in self.posts):
            dead = self.dead_posts.get(seat)
            parts.append(f"Seat {seat} posts a big blind of {dollars(o.big_blind)}"
                         + (f" and the missed small blind, {dollars(dead)} dead, into the pot." if dead else
                            " (a new player)."))
        return " ".join(part for part in parts if part)

    def _button(self, moment: Moment, action: Action) -> None:
        seat = action.get("value")
        if seat not in self.order:
            raise Refused(f"The button goes to one of the players dealt in ({', '.join(map(str, self.order))}), "
                          f"not {seat!r}", moment.section)
        self._place_button(seat)

    def _straddle(self, moment: Moment, action: Action) -> None:
        self._check_seat(moment, action)
        choice = action.get("choice")
        if choice not in ("straddle", "no_straddle"):
            raise Refused(f"Seat {moment.seat} places the Straddle Bet or not: straddle or no_straddle, "
                          f"not {choice!r}", moment.section)
        self.straddle = choice == "straddle"
        self._deal_in()

    def _deal_in(self) -> None:
        """The pokerkit state of the hand: the Antes and the blinds (and the Straddle) are posted."""
        o = self.options
        variant = o.variant
        small_bet, big_bet = (o.small_bet, o.big_bet) if o.limit else (o.big_blind, o.big_blind)
        self.blinds = () if variant.stud else self._blinds_by_position()
        self.antes = tuple(o.ante + self.dead_posts.get(seat, 0) for seat in self.order)
        self.starting = {seat: self.players[seat].stack for seat in self.order}
        self.state = _kit(lambda: PostedState(
            AUTOMATIONS, PokerkitDeck.STANDARD, variant.hand_types,
            variant.pokerkit_streets(small_bet, big_bet, o.max_raises if o.limit else None),
            STRUCTURES[o.structure][1], self.ante_trimming, self.antes, self.blinds or 0,
            o.bring_in if variant.stud else 0,
            [self.starting[seat] for seat in self.order], len(self.order), mode=Mode.CASH_GAME,
            posted=frozenset(self.order.index(seat) for seat in self.posts)))
        self.put_in = {seat: self.starting[seat] - self.state.stacks[i] for i, seat in enumerate(self.order)}
        self.known = {seat: [] for seat in self.order}

    @property
    def ante_trimming(self) -> bool:
        """pokerkit trims the Antes to the second largest when they differ, giving the rest back: a missed
        small blind posted dead is no Ante to trim, so none is trimmed in a hand with one."""
        return not self.dead_posts

    def _blinds_by_position(self) -> tuple[Cents, ...]:
        """The forced bets of the hand by position in the order of the deal: the blinds (the small one
        dead where its seat is empty), the Straddle, and the big blinds new players post."""
        o = self.options
        if len(self.order) == 2:
            return o.small_blind, o.big_blind  # pokerkit gives the button the small blind
        small, big = self.blind_seats
        posted = {big: o.big_blind, **({small: o.small_blind} if small in self.order else {}), **self.posts}
        if self.straddle:
            posted[self.straddler] = o.straddle_amount
        return tuple(posted.get(seat, 0) for seat in self.order)

    # -- the deal ------------------------------------------------------------------------------

    def _burn(self) -> None:
        if self.state.can_burn_card():
            if self.shoe is not None:
                self.burned += self.shoe.draw(1)
            _kit(lambda: self.state.burn_card(UNKNOWN))

    def _deal(self, moment: Moment, action: Action) -> None:
        """A street of cards face down to every player (the Hold'em and Omaha deal, Stud's seventh)."""
        given = action.get("cards") or {}
        if not isinstance(given, Mapping):
            raise Refused('The cards of a deal are given by seat: {"seat:1": [...]}', moment.section)
        count = len(self.street.hole)
        unknown_places = [t for t in given if t not in {f"seat:{n}" for n in self.order}]
        if unknown_places:
            raise Refused(f"No cards are dealt to {unknown_places[0]}: the players dealt in are seats "
                          f"{', '.join(map(str, self.order))}", moment.section)
        self._burn()
        cards: dict[int, list[str]] = {}
        for index, seat in enumerate(self.order):
            if not self.state.hole_dealing_statuses[index]:
                continue
            codes = given.get(f"seat:{seat}")
            if codes is None and self.shoe is not None:
                codes = [card.code for card in self.shoe.draw(count)]
            if codes is not None:
                cards[seat] = [card.code for card in self._checked(codes, count, f"seat {seat}'s cards",
                                                                   also=[c for v in cards.values() for c in v])]
        for index, seat in enumerate(self.order):
            if self.state.hole_dealing_statuses[index]:
                dealt = cards.get(seat)
                _kit(lambda seat=seat, dealt=dealt, index=index: self.state.deal_hole(
                    "".join(dealt) if dealt else UNKNOWN * count, index))
                self.known[seat] += dealt if dealt else [None] * count

    def _up_card(self, moment: Moment, action: Action) -> None:
        """Stud: a player's cards of this street, the face-up card entered as it is turned."""
        seat = moment.seat
        if action.get("target") != f"seat:{seat}":
            raise Refused(f"Seat {seat}'s up card is due now (the deal goes clockwise from the dealer's left)",
                          moment.section)
        self._burn()
        hole = self.street.hole
        codes = action.get("cards")
        if not codes and self.shoe is not None:
            codes = [card.code for card in self.shoe.draw(len(hole))]
        codes = list(codes) if isinstance(codes, list | tuple) else codes
        if isinstance(codes, list | tuple) and len(codes) == 1 and len(hole) > 1:
            codes = [None] * (len(hole) - 1) + list(codes)  # only the up card entered: the others stay unknown
        if not isinstance(codes, list | tuple) or len(codes) != len(hole):
            raise Refused(f"Seat {seat}'s up card is one card (or all {len(hole)} of this street's cards from a "
                          "card-reading shoe)", moment.section)
        known = [c for c in codes if c is not None]
        parsed = [card.code for card in self._checked(known, len(known), f"seat {seat}'s cards")]
        dealt = iter(parsed)
        cards = [next(dealt) if code is not None else None for code in codes]
        index = self.order.index(seat)
        _kit(lambda: self.state.deal_hole("".join(c or UNKNOWN for c in cards), index))
        self.known[seat] += cards

    def _common_card_due(self) -> bool:
        """§ 637a.10(h): a Stud street the deck cannot give each remaining player a card of is one common
        card, face up in the center, for all.  pokerkit deals it so when its own deck runs short; the
        cards here are mostly dealt unknown, so the count is the table's: 52 less every card dealt,
        burned, exposed or on the board."""
        state = self.state
        if not self.options.stud:
            return False
        if any(state.board_dealing_counts):
            return True  # the street was turned into a common card already
        if not state.can_burn_card():
            return False  # the street's dealing is under way, one card to each player
        burned = sum(isinstance(op, CardBurning) for op in state.operations)
        gone = sum(len(cards) for cards in self.known.values()) + burned + len(self.exposed) + len(self.board)
        return 52 - gone < 1 + sum(state.statuses)

    def _common(self, moment: Moment, action: Action) -> None:
        if not any(self.state.board_dealing_counts):
            # As pokerkit's own dealing does when its deck runs short: the street's cards become one board card.
            for pending in self.state.hole_dealing_statuses:
                pending.clear()
            self.state.board_dealing_counts[0] = 1
        self._board(moment, action, count=1, what="the common card")

    def _board(self, moment: Moment, action: Action, count: int | None = None, what: str = "") -> None:
        what = what or f"the {self.street.name}"
        if action.get("target") != "board":
            raise Refused(f"{what[0].upper()}{what[1:]} is dealt to the board now (target board)", moment.section)
        count = count or self.street.board
        self._burn()
        codes = action.get("cards")
        if not codes and self.shoe is not None:
            codes = [card.code for card in self.shoe.draw(count)]
        cards = self._checked(codes or [], count, what)
        _kit(lambda: self.state.deal_board("".join(card.code for card in cards)))

    # -- betting -------------------------------------------------------------------------------

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
                _kit(state.fold)
            case "check" | "call":
                _kit(state.check_or_call)
            case "bring_in":
                _kit(state.post_bring_in)
            case _:
                _kit(lambda: state.complete_bet_or_raise_to(amount))
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

    def _check_raise(self, moment: Moment, choice: str, amount: Cents) -> None:
        """A bet or raise the table stakes, the structure or the minimum do not allow is refused by name."""
        state, seat = self.state, moment.seat
        index = self.order.index(seat)
        most_owned = state.stacks[index] + state.bets[index]
        if amount > most_owned:
            raise Refused(f"Seat {seat} has {dollars(most_owned)} in table stakes in this betting round: it cannot "
                          f"bet {dollars(amount)} (a player bets only the table stakes on the table)", "§ 637a.8(b)(1)")
        if not state.can_complete_bet_or_raise_to():
            return  # _why_not names it
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if amount < low:
            raise Refused(f"Seat {seat} may {VERBS.get(choice, choice)} to at least {dollars(low)} (the minimum "
                          f"raise), not {dollars(amount)}; all-in is {dollars(most_owned)}", "§ 637a.8(k)")
        if amount > high:
            limit = STRUCTURES[self.options.structure][0].lower()
            raise Refused(f"Seat {seat} may {VERBS.get(choice, choice)} to at most {dollars(high)} in {limit}, "
                          f"not {dollars(amount)}", "§ 637a.8(k)")

    def _why_not(self, moment: Moment, choice: str) -> tuple[str, str]:
        """Why a betting choice is not open to the seat now: the message and the section."""
        state, seat = self.state, moment.seat
        if seat in self.held or seat in self.dead:
            return f"Seat {seat}'s action is fixed: {self._betting_choices(moment)[0].label}", moment.section
        cap = state.street.max_completion_betting_or_raising_count if state.street else None
        if choice in RAISES and cap is not None and state.completion_betting_or_raising_count >= cap:
            return (f"The betting is capped: {self.options.max_raises} bets and raises in a betting round",
                    "§ 637a.8(k)")
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
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            kind = "complete" if state.completion_status else "raise" if max(state.bets) else "bet"
            verb = {"complete": "Complete to", "raise": "Raise to", "bet": "Bet"}[kind]
            choices.append(choice(f"{verb} {dollars(low)}{' (all-in)' if low == stack + bet else ''}", kind,
                                  amount=plain_dollars(low)))
            if high > low:
                label = "All-in" if high == stack + bet else f"{verb} {dollars(high)} (the pot)"
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
            low = state.min_completion_betting_or_raising_to_amount
            if low <= amount <= state.max_completion_betting_or_raising_to_amount:
                template = next(c for c in choices if c.action["choice"] in RAISES)
                label = f"Seat {moment.seat}: {template.label.split(': ', 1)[1].split(' $')[0]} {dollars(amount)}"
                return Choice(label + suffix, {**template.action, "amount": held["amount"]})
        return None

    # -- the showdown --------------------------------------------------------------------------

    def _show(self, moment: Moment, action: Action) -> None:
        seat = moment.seat
        index = self.order.index(seat)
        if action["type"] == "decide":
            self._check_seat(moment, action)
            if action.get("choice") == "show" and self._cards_known(seat):
                _kit(lambda: self.state.show_or_muck_hole_cards(True))
                return
            if action.get("choice") != "muck":
                raise Refused(f"Seat {seat} shows its cards (enter them) or mucks, not {action.get('choice')!r}",
                              moment.section)
            if not self._may_muck(seat):
                raise Refused(self._muck_refusal(seat), moment.section)
            _kit(lambda: self.state.show_or_muck_hole_cards(False))
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
            _kit(lambda: self.state.show_or_muck_hole_cards(True))
            return
        entered = iter(card.code for card in self._checked(codes or [], len(missing), f"seat {seat}'s cards"))
        cards = [card if card is not None else next(entered) for card in known]
        self.known[seat] = list(cards)
        _kit(lambda: self.state.show_or_muck_hole_cards("".join(cards), index))

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
        """pokerkit's pots, with what each seat put into each (the bands of the contributions)."""
        state = self.state
        contributions = [-state.payoffs[i] - state.bets[i] for i in range(len(self.order))]
        levels = sorted(set(contributions))
        bands: list[tuple[int, int, tuple[int, ...]]] = []
        previous = 0
        for level in levels:
            # As pokerkit: a seat may win a band its contribution and its bet still in front of it reach.
            seats = tuple(self.order[i] for i in range(len(self.order))
                          if -state.payoffs[i] >= level and state.statuses[i])
            if bands and bands[-1][2] == seats:
                bands[-1] = (bands[-1][0], level, seats)
            elif level > previous:
                bands.append((previous, level, seats))
            previous = level
        kit_pots = list(state.pots)
        bands = [band for band in bands if any(min(c, band[1]) - min(c, band[0]) for c in contributions)]
        if len(kit_pots) != len(bands):  # pragma: no cover - a disagreement with pokerkit is a bug to see
            raise AssertionError(f"pokerkit formed {len(kit_pots)} pots, the contributions {len(bands)}")
        for number, (pot, (low, high, _)) in enumerate(zip(kit_pots, bands, strict=True)):
            stakes = {self.order[i]: min(c, high) - min(c, low) for i, c in enumerate(contributions)}
            yield Pot(number, pot.amount, tuple(self.order[i] for i in pot.player_indices),
                      {seat: stake for seat, stake in stakes.items() if stake})

    # -- irregularities and the floorperson ----------------------------------------------------

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

    # -- the prompt ----------------------------------------------------------------------------

    @property
    def prompt(self) -> Prompt | None:
        if self.void_pending is not None:
            return floor.void_pending_prompt(self)
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
                      "Then start the hand.", tuple(choices), seating_open=True)

    def _button_prompt(self, moment: Moment) -> Prompt:
        return Prompt(moment.id, moment.section,
                      "Deal one card face up to each player: the highest card (suits: spades, hearts, diamonds, "
                      "clubs) takes the button.",
                      tuple(Choice(f"Button to seat {seat}", {"type": "input", "step": moment.id, "value": seat})
                            for seat in self.order))

    def _straddle_prompt(self, moment: Moment) -> Prompt:
        seat = moment.seat
        amount = dollars(self.options.straddle_amount)
        return Prompt(moment.id, moment.section, f"Seat {seat} (left of the big blind): a Straddle Bet of {amount}?",
                      (Choice(f"Seat {seat}: Straddle {amount}", {"type": "decide", "step": moment.id, "seat": seat,
                                                                  "choice": "straddle"}),
                       Choice(f"Seat {seat}: no Straddle", {"type": "decide", "step": moment.id, "seat": seat,
                                                            "choice": "no_straddle"}, "secondary")), seat=seat)

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
                      upcoming=self._after_deal())

    def _up_card_prompt(self, moment: Moment) -> Prompt:
        seat = moment.seat
        hole = self.street.hole
        dealt = f"{_cards(hole.count(False))} face down and one face up" if False in hole else "one card face up"
        waiting = [s for i, s in enumerate(self.order) if self.state.hole_dealing_statuses[i] and s != seat]
        burn = self._burn_text() if self.state.can_burn_card() else ""
        choices = (Choice("Deal from the virtual shoe", {"type": "cards", "step": moment.id, "target": f"seat:{seat}"}),
                   ) if self.shoe is not None else ()
        return Prompt(moment.id, moment.section, f"{burn}{self.street.name.capitalize()}: seat {seat} is dealt "
                      f"{dealt}. Enter seat {seat}'s up card.", choices, seat=seat, cards_for=f"seat:{seat}",
                      cards_label=f"seat {seat}'s up card", cards_needed=1,
                      upcoming=("next: " + ", ".join(f"seat {s}" for s in waiting)) if waiting else "")

    def _common_prompt(self, moment: Moment) -> Prompt:
        live = sum(self.state.statuses)
        choices = (Choice("Deal from the virtual shoe", {"type": "cards", "step": moment.id, "target": "board"}),
                   ) if self.shoe is not None else ()
        return Prompt(moment.id, moment.section,
                      f"{self.street.name.capitalize()}: too few cards remain to give each of the {live} players one. "
                      "Burn one card (with one card or none left, shuffle the burn cards first) and deal one common "
                      "card face up in the center: it plays in every hand.", choices, cards_for="board",
                      cards_label="the common card", cards_needed=1)

    def _board_prompt(self, moment: Moment) -> Prompt:
        street = self.street
        count = street.board
        choices = (Choice("Deal from the virtual shoe", {"type": "cards", "step": moment.id, "target": "board"}),
                   ) if self.shoe is not None else ()
        return Prompt(moment.id, moment.section,
                      f"{self._burn_text()}Deal the {street.name}: {_cards(count)} face up in the center.",
                      choices, cards_for="board", cards_label=f"the {street.name}", cards_needed=count)

    def _bet_prompt(self, moment: Moment) -> Prompt:
        state, seat = self.state, moment.seat
        index = self.order.index(seat)
        choices = self._betting_choices(moment)
        amount_entry, least = None, 0
        raising = [c for c in choices if c.action["choice"] in ("bet", "raise", "complete")]
        if raising and not self.options.limit and len(choices) > 1 and seat not in self.held:
            kind = raising[0].action["choice"]
            amount_entry = (kind, {"bet": "Bet", "raise": "Raise to", "complete": "Complete to"}[kind],
                            state.max_completion_betting_or_raising_to_amount)
            least = state.min_completion_betting_or_raising_to_amount
        variant = self.options.variant
        rule = variant.first_to_act if state.street_index == 0 else variant.later_to_act
        owed = state.checking_or_calling_amount or 0
        text = (f"{self.street.name.capitalize()}: seat {seat} to act (table stakes {dollars(state.stacks[index])}"
                f"{', ' + dollars(owed) + ' to call' if owed else ''}).")
        held = self.held.get(seat)
        if held is not None and held["level"] != max(state.bets):
            text += " Its action out of turn no longer binds: the betting changed."
        waiting = [self.order[i] for i in list(state.actor_indices)[1:]]
        upcoming = ("next: " + ", ".join(f"seat {s}" for s in waiting)) if waiting else ""
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
        waiting = [self.order[i] for i in list(self.state.showdown_indices)[1:]]
        return Prompt(moment.id, moment.section, f"Showdown ({self._showdown_order()}): seat {seat} shows its hand"
                      + (f": enter its {_cards(missing)} face down." if missing else "."),
                      tuple(choices), seat=seat, cards_for=f"seat:{seat}" if missing else "",
                      cards_label=f"seat {seat}'s cards", cards_needed=missing,
                      upcoming=("next: " + ", ".join(f"seat {s}" for s in waiting)) if waiting else "")

    def _showdown_order(self) -> str:
        """§ 637a.18(e): the player who started the final bet shows first, the others clockwise.  With no
        bet in the last betting round, the first player to act shows first (as card rooms do)."""
        opener = self.order[self.state.opener_index]
        if self.last_aggressor is not None and self.last_aggressor == opener:
            return f"seat {opener} made the final bet and shows first, then clockwise"
        return f"no final bet: seat {opener}, first to act, shows first, then clockwise"

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
                                                                                  "step": moment.id}),))

    def _burn_text(self) -> str:
        return "Burn one card. " if self.state.can_burn_card() else ""

    def _after_deal(self) -> str:
        if self.state.street_index:
            return "then a betting round"
        return f"then {'the Forced Bet' if self.options.stud else 'the first betting round'}"

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


def _passed(start: int, seat: int, end: int) -> bool:
    """Whether ``seat`` is strictly between ``start`` and ``end`` going clockwise.

    >>> _passed(8, 10, 2), _passed(8, 1, 2), _passed(8, 5, 2), _passed(3, 4, 4)
    (True, True, False, False)
    """
    return 0 < (seat - start) % 10 < (end - start) % 10 if end != start else seat != start


class PostedState(State):
    """pokerkit's state, where a big blind a new player posts is live (the player may check or raise
    in turn) without moving where the action starts: pokerkit starts the first betting round after
    the last position that posted, this starts it after the blinds and the Straddle."""

    def __init__(self, *args: Any, posted: frozenset[int] = frozenset(), **kwargs: Any):
        self.posted = posted
        super().__init__(*args, **kwargs)

    def _begin_betting(self) -> None:
        super()._begin_betting()
        if not self.posted or self.street is not self.streets[0]:
            return
        blinds = self.blinds_or_straddles
        last = max((i for i in self.player_indices if i not in self.posted and blinds[i]),
                   key=lambda i: (self.bets[i], i))
        self.opener_index = (last + 1) % self.player_count
        actors = set(self.actor_indices)
        self.actor_indices = deque(i for i in [*range(self.opener_index, self.player_count),
                                               *range(self.opener_index)] if i in actors)


def _cards(count: int) -> str:
    return "one card" if count == 1 else f"{count} cards"


VERBS = {"bet": "bet", "raise": "raise", "complete": "complete", "all_in": "go all-in"}
RAISES = ("bet", "raise", "complete")


def _kit(operation: Callable[[], T]) -> T:
    """A pokerkit operation; its ValueError (an operation the state does not allow) becomes a refusal,
    and a warning (a card pokerkit would not deal) an error rather than a message on the console."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            return operation()
        except (ValueError, UserWarning) as error:
            raise Refused(f"Not allowed now: {error}") from None


ACTIONS: dict[str, tuple[str, ...]] = {
    "seating": ("seating", "start_hand"), "button": ("input",), "straddle": ("decide",), "deal": ("deal",),
    "up_card": ("cards",), "board": ("cards",), "common": ("cards",), "bet": ("decide",), "show": ("decide", "cards"),
    "close": ("close",),
}
HANDLERS: dict[str, Callable[[PokerRound, Moment, Action], None]] = {
    "seating": PokerRound._seating, "button": PokerRound._button, "straddle": PokerRound._straddle,
    "deal": PokerRound._deal, "up_card": PokerRound._up_card, "board": PokerRound._board,
    "common": PokerRound._common, "bet": PokerRound._bet,
    "show": PokerRound._show, "close": PokerRound._close,
}
PROMPTS: dict[str, Callable[[PokerRound, Moment], Prompt]] = {
    "seating": PokerRound._seating_prompt, "button": PokerRound._button_prompt,
    "straddle": PokerRound._straddle_prompt, "deal": PokerRound._deal_prompt, "up_card": PokerRound._up_card_prompt,
    "board": PokerRound._board_prompt, "common": PokerRound._common_prompt, "bet": PokerRound._bet_prompt,
    "show": PokerRound._show_prompt,
    "close": PokerRound._close_prompt,
}
