"""What a Poker table's layout shows: the seats with their stacks and the bets in front of them, the
button, the player to act, the board, the pot and the side pots, and the hand's settlement."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.engine.core import SettlementLine
from games.engine.money import Cents, dollars
from games.engine.poker.jackpots import LABELS, hand_text
from games.engine.poker.round import PokerRound
from games.models import Round


@dataclass
class PokerSeat:
    number: int
    seated: bool = False
    stack: Cents = 0
    bet: Cents = 0  # in front of the player in this betting round
    put_in: Cents = 0  # in the pot from this player, this hand
    dealt_in: bool = False
    folded: bool = False
    all_in: bool = False
    away: bool = False
    owes: str = ""  # "new" or "missed": the player posts a big blind or waits for it
    button: bool = False
    blind: str = ""  # "small" or "big": the blind this seat posts in this hand (a dead small blind's empty seat too)
    to_act: bool = False
    faces: list[tuple[str, bool]] = field(default_factory=list)  # each card dealt: (code or "", face up)
    cards: list[str] = field(default_factory=list)  # the cards face up (Stud's up cards, a hand shown)
    # The round page's columns, as the banked games fill them.
    wagers: list[tuple[str, str, Cents]] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PotView:
    label: str
    amount: Cents
    seats: tuple[int, ...]


def poker_round_view(rnd: Round, state: PokerRound) -> dict[str, Any]:
    prompt = state.prompt
    kit = state.state
    seats = []
    for number in range(1, state.game.seat_count + 1):
        player = state.players.get(number)
        seat = PokerSeat(number, seated=player is not None, stack=player.stack if player else 0,
                         away=bool(player and player.away), button=state.button == number,
                         owes="new" if player and player.new else "missed" if player and player.missed else "",
                         to_act=prompt is not None and prompt.seat == number)
        if state.blind_seats is not None and number in state.blind_seats and state.void is None:
            seat.blind = "small" if number == state.blind_seats[0] else "big"
        # Dealt in from the start of the hand, before the button, the Straddle and the blinds are settled.
        seat.dealt_in = state.started and number in state.order
        if kit is not None and number in state.order:
            index = state.order.index(number)
            seat.stack = state.final_stacks()[number] if state.awarded else kit.stacks[index]
            seat.bet = 0 if state.awarded else kit.bets[index]
            seat.put_in = state.put_in.get(number, 0)
            seat.folded = not kit.statuses[index] and not state.awarded
            seat.all_in = kit.statuses[index] and not kit.stacks[index] and not state.awarded
            if kit.statuses[index]:  # a folded hand's cards are in the muck
                seat.faces = [(code or "", bool(up and code))
                              for code, up in zip(state.known[number], kit.hole_card_statuses[index], strict=True)]
                seat.cards = [code for code, up in seat.faces if up]
            if seat.put_in:
                seat.wagers = [("pot", state.game.wager_label("pot"), seat.put_in)]
            seat.decisions = list(state.said.get(number, []))
        seats.append(seat)
    return {
        "state": state,
        "poker_seats": seats,
        "seats": seats,
        "description": state.options.describe() + (f" · {state.kill_text()}" if state.kill else ""),
        "board": [card.code for card in state.board],
        "dealer_cards": [],
        "dealer_shown": False,
        "zones": [],
        "pots": _pots(state),
        "settlement": _settlement(state.lines),
        "poker_lines": state.lines,
        "void": state.void,
        "jackpots": _jackpots(state),
        "layout_template": "games/table/layouts/poker.html",
    }


def _pots(state: PokerRound) -> list[PotView]:
    if state.state is None or state.awarded or state.void is not None:
        return []
    pots = [PotView("Main pot" if i == 0 else f"Side pot {i}", pot.amount, tuple(state.order[p] for p in
                                                                             pot.player_indices))
            for i, pot in enumerate(state.state.pots)]
    return pots


def _settlement(lines: list[SettlementLine]) -> list[tuple[int, list[SettlementLine]]]:
    """The lines by seat in the order they are settled, the house's (the rake and the drops) as seat 0."""
    order: list[int] = []
    for line in lines:
        if line.seat not in order:
            order.append(line.seat)
    return [(seat, [line for line in lines if line.seat == seat]) for seat in order]



def _jackpots(state: PokerRound) -> list[str]:
    """The table's jackpot funds as they stand (this hand's drops in) and the period's High Hand."""
    funds = state.funds_after() if state.awarded else {name: state.fund(name) for name in LABELS}
    shown = [f"{LABELS[name]} fund {dollars(amount)}" for name, amount in funds.items() if amount]
    if state.high_hand is not None:
        shown.append(f"the period's High Hand: seat {state.high_hand.seat}, {hand_text(state.high_hand.hand)}")
    return shown
