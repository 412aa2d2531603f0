"""How a Poker hand gets under way: players seated with their table stakes between hands, the
time charge, the button (a dead button where the table plays one), the blinds and the Straddle,
then each street's cards dealt: face down to the players, face up in Stud, to the board, or as
one common card."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pokerkit import CardBurning, Mode
from pokerkit import Deck as PokerkitDeck

from games.engine.core.records import DECISION, RAKE, Refused, SettlementLine
from games.engine.money import Cents, dollars
from games.engine.poker.kit import AUTOMATIONS, UNKNOWN, PostedState, kit_call
from games.engine.poker.moments import Action, Moment
from games.engine.poker.options import HIGH_CARD, TIME, WAIT
from games.engine.poker.seating import Player, clockwise_from, next_clockwise
from games.engine.poker.variants import STRUCTURES


class PokerHandFlow:
    """The seating, the button, the Straddle and the deal of a ``PokerRound``, on the round's state."""

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
            amount = self._chips(self._amount(action, f"seat {seat}'s table stakes"), f"Seat {seat}'s table stakes")
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
            player.stack += self._chips(self._amount(action, f"the chips added to seat {seat}"),
                                        f"The chips added to seat {seat}")
        elif do in ("away", "back"):
            if player.away == (do == "away"):
                raise Refused(f"Seat {seat} is {'already away' if player.away else 'not away'}")
            player.away = do == "away"
        elif do == "leave":
            del self.players[seat]
        else:
            raise Refused(f"A seating action is sit, add, away, back, leave, time_charge or high_hand_payout, "
                          f"not {do!r}")

    def _chips(self, amount: Cents, what: str) -> Cents:
        """Table stakes are whole chips of the table's smallest chip, as the pots they go into (§ 637a.11(k))."""
        chip = self.options.chip_unit
        if amount % chip:
            raise Refused(f"{what} ({dollars(amount)}) are not whole chips of {dollars(chip)}, the smallest chip in "
                          "play", "§ 637a.11(k)")
        return amount

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
        """What the dead button made of this hand's blinds, who posted a big blind of their own, and who
        posted a big-blind Ante."""
        o = self.options
        if o.stud or self.blind_seats is None:
            return ""
        small, big = self.blind_seats
        ante = f"The big blind, seat {big}, posts the Ante of {dollars(o.ante)} for the table." \
            if o.big_blind_ante and o.ante else ""
        if len(self.order) < 3:
            return ante
        parts = [f"The button is dead on seat {self.button}." if self.button not in self.order else "",
                 f"The small blind is dead (seat {small} is empty)." if small not in self.order else ""]
        for seat in (seat for seat in self.order if seat in self.posts):
            dead = self.dead_posts.get(seat)
            parts.append(f"Seat {seat} posts a big blind of {dollars(o.big_blind)}"
                         + (f" and the missed small blind, {dollars(dead)} dead, into the pot." if dead else
                            " (a new player)."))
        return " ".join(part for part in [*parts, ante] if part)

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
        self.antes = self._antes_by_position()
        self.starting = {seat: self.players[seat].stack for seat in self.order}
        self.state = kit_call(lambda: PostedState(
            AUTOMATIONS, PokerkitDeck.STANDARD, variant.hand_types,
            variant.pokerkit_streets(small_bet, big_bet, o.max_raises if o.limit else None, o.spread_max_raises),
            STRUCTURES[o.structure][1], self.ante_trimming, self.antes, self.blinds or 0,
            o.bring_in if variant.stud else 0,
            [self.starting[seat] for seat in self.order], len(self.order), mode=Mode.CASH_GAME,
            posted=frozenset(self.order.index(seat) for seat in self.posts)))
        self.put_in = {seat: self.starting[seat] - self.state.stacks[i] for i, seat in enumerate(self.order)}
        self.known = {seat: [] for seat in self.order}

    @property
    def ante_trimming(self) -> bool:
        """pokerkit trims the Antes to the second largest when they differ, giving the rest back: a missed
        small blind posted dead and a big-blind Ante are no Antes to trim, so none is trimmed in a hand with
        one (pokerkit then puts them in the main pot, as no one's bet)."""
        return not self.dead_posts and not (self.options.big_blind_ante and self.options.ante)

    def _antes_by_position(self) -> tuple[Cents, ...]:
        """The Antes by position in the order of the deal, a missed small blind posted dead included: one
        from each player, or the table's one Ante from the big blind (§ 637a.11(b)).  Heads-up, pokerkit
        takes each player's Ante from the other position, as it does the blinds: the big blind's is the
        second entry."""
        o = self.options
        if not o.big_blind_ante:
            return tuple(o.ante + self.dead_posts.get(seat, 0) for seat in self.order)
        big = 1 if len(self.order) == 2 else self.order.index(self.blind_seats[1])
        return tuple((o.ante if index == big else 0) + self.dead_posts.get(seat, 0)
                     for index, seat in enumerate(self.order))

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
            kit_call(lambda: self.state.burn_card(UNKNOWN))

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
                kit_call(lambda seat=seat, dealt=dealt, index=index: self.state.deal_hole(
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
        kit_call(lambda: self.state.deal_hole("".join(c or UNKNOWN for c in cards), index))
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
        kit_call(lambda: self.state.deal_board("".join(card.code for card in cards)))


def _passed(start: int, seat: int, end: int) -> bool:
    """Whether ``seat`` is strictly between ``start`` and ``end`` going clockwise.

    >>> _passed(8, 10, 2), _passed(8, 1, 2), _passed(8, 5, 2), _passed(3, 4, 4)
    (True, True, False, False)
    """
    return 0 < (seat - start) % 10 < (end - start) % 10 if end != start else seat != start
