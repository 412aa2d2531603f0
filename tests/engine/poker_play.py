"""Play Poker hands (Chapter 637a) from a script written the way a floorperson notes a hand.

One line per action, in the order the dealer takes them:

    sit 1 100            seat 1 sits down with $100 of table stakes (add 1 20, away 3, back 3, leave 3)
    time charge          the time charge from each seated player
    start                start the hand (the button moves, the blinds are posted)
    button 5             the first button, when the highest card takes it
    straddle             the player left of the big blind straddles (no straddle)
    deal                 the hole cards, dealt face down (deal 1:As,Kd 3:Qh,Qd: a card reader read them)
    up 2 Kh              Stud: seat 2's up card (up 2 Ac,Ad,Kh: all three from a card reader)
    flop Ah Kd 2c        the board (turn 3s, river 9d; common As: Stud's common card)
    1 fold               seat 1's decision: fold, check, call, bet 4, raise 12, complete 2, bring-in, all-in
    1 shows As Ad        seat 1 shows its cards at the showdown (1 shows: cards known; 1 mucks)
    misdeal              an irregularity: misdeal, wrong count, exposed Ah, wrong cards 3, out of turn 4 call
    approve              the floorperson confirms what waits (refuse: does not)
    close                close the hand

Amounts are dollars, as the dealer says them.  ``play`` taps each action as a tablet does, naming
the step on the screen.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from games.engine.core.records import Refused
from games.engine.poker.game import GAME
from games.engine.poker.round import PokerRound

__all__ = ["GAME", "HOLDEM_ALL_INS", "LIMIT_TO_THE_FLOP_RAISE", "STUD_HILO", "STUD_HILO_SPLIT", "action", "actions",
           "lines", "play", "refuse", "run", "tap"]

# Two whole hands, up to the close, that more than one test plays.
# No-limit Hold'em: seat 3 all-in before the flop, seat 8 all-in on it; the hands are shown before the
# turn and the river (every player left but one is all-in).
HOLDEM_ALL_INS = """
    sit 1 100
    sit 3 50
    sit 5 200
    sit 8 80
    start
    deal
    5 raise 6
    8 call
    1 fold
    3 all-in
    5 call
    8 call
    flop Ah Kd 7c
    5 bet 10
    8 all-in
    5 call
    8 shows Kh Ks
    3 shows Ac 2c
    5 shows Qs Qd
    turn 4s
    river 9h
"""
# Limit Hold'em, $2/$4: a raise before the flop, then a bet and a raise on it.
LIMIT_TO_THE_FLOP_RAISE = """
    sit 2 60
    sit 5 60
    sit 9 60
    start
    deal{cards}
    9 call
    2 raise 4
    5 call
    9 fold
    flop Ac 8c 3d
    2 bet 2
    5 raise 4
"""
# Seven-card Stud High-low Eight or Better: the Forced Bet, a completion, a fold, a pot split high and low.
STUD_HILO = {"variant": "stud_hilo8", "structure": "limit", "ante": "0.25", "bring_in": "0.50", "small_bet": "1.00",
             "big_bet": "2.00", "min_buy_in": "10.00", "chip_unit": "0.25"}
STUD_HILO_SPLIT = """
    sit 2 40
    sit 4 30
    sit 6 50
    start
    up 2 Ks
    up 4 3c
    up 6 5d
    4 bring-in
    6 call
    2 complete 1
    4 call
    6 call
    up 2 Kd
    up 4 4h
    up 6 Jc
    2 bet 1
    4 call
    6 fold
    up 2 9h
    up 4 6s
    2 check
    4 check
    up 2 2d
    up 4 Tc
    2 check
    4 check
    deal
    2 check
    4 bet 2
    2 call
    4 shows Ah 2h 8c
    2 shows Qc Qh 7d
"""


def tap(rnd: PokerRound, act: dict[str, Any]) -> PokerRound:
    step = rnd.current_step()
    if step is not None and "step" not in act and act.get("type") in step.actions:
        act = {**act, "step": step.id}
    return rnd.apply(act)


def action(rnd: PokerRound, line: str) -> dict[str, Any]:
    """The action one line of a script stands for, at the point ``rnd`` is at."""
    words = line.split()
    match words:
        case ["sit" | "add" as do, seat, amount]:
            return {"type": "seating", "seat": int(seat), "do": do, "amount": amount}
        case ["away" | "back" | "leave" as do, seat]:
            return {"type": "seating", "seat": int(seat), "do": do}
        case ["time", "charge"]:
            return {"type": "seating", "do": "time_charge"}
        case ["start"]:
            return {"type": "start_hand"}
        case ["button", seat]:
            return {"type": "input", "value": int(seat)}
        case ["straddle"] | ["no", "straddle"]:
            return {"type": "decide", "seat": rnd.prompt.seat, "choice": "_".join(words)}
        case ["deal", *given]:
            cards = {f"seat:{part.split(':')[0]}": part.split(":")[1].split(",") for part in given}
            return {"type": "deal", **({"cards": cards} if cards else {})}
        case ["up", seat, cards]:
            return {"type": "cards", "target": f"seat:{seat}", "cards": cards.split(",")}
        case ["flop" | "turn" | "river" | "common", *cards]:
            return {"type": "cards", "target": "board", "cards": cards}
        case [seat, "shows", *cards] if cards:
            return {"type": "cards", "target": f"seat:{seat}", "cards": cards}
        case [seat, "shows" | "mucks" as what]:
            return {"type": "decide", "seat": int(seat), "choice": "show" if what == "shows" else "muck"}
        case [seat, choice, *amount] if seat.isdigit():
            return {"type": "decide", "seat": int(seat), "choice": choice.replace("-", "_"),
                    **({"amount": amount[0]} if amount else {})}
        case ["misdeal"]:
            return {"type": "irregularity", "kind": "misdeal"}
        case ["wrong", "count"]:
            return {"type": "irregularity", "kind": "wrong_card_count"}
        case ["exposed", card]:
            return {"type": "irregularity", "kind": "exposed_card", "card": card}
        case ["wrong", "cards", seat]:
            return {"type": "irregularity", "kind": "wrong_hole_count", "seat": int(seat)}
        case ["out", "of", "turn", seat, choice, *amount]:
            return {"type": "irregularity", "kind": "out_of_turn", "seat": int(seat), "choice": choice,
                    **({"amount": amount[0]} if amount else {})}
        case ["approve" | "refuse" as answer]:
            pending = next(a for a in rnd.approvals if a.status == "pending")
            return {"type": answer, "approval": pending.id}
        case ["close"]:
            return {"type": "close"}
    raise ValueError(f"not a line of a Poker script: {line!r}")


def run(rnd: PokerRound, script: str) -> PokerRound:
    for line in script.strip().splitlines():
        line = line.split("#")[0].strip()
        if line:
            rnd = tap(rnd, action(rnd, line))
    return rnd


def play(script: str, rules: dict[str, Any] | None = None, positions: dict[str, Any] | None = None) -> PokerRound:
    """A new round at a table with ``rules`` (and ``positions`` carried from the last hand), played."""
    rules = {**(rules or {}), **({"positions": positions} if positions else {})}
    return run(GAME.new_round(rules), script)


def actions(script: str, rules: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The actions a script sends, each naming its step: a round's log."""
    rnd, log = GAME.new_round(rules or {}), []
    for line in script.strip().splitlines():
        line = line.split("#")[0].strip()
        if line:
            act = action(rnd, line)
            step = rnd.current_step()
            if step is not None and act["type"] in step.actions:
                act = {**act, "step": step.id}
            log.append(act)
            rnd = rnd.apply(act)
    return log


def snapshot(rnd: PokerRound) -> dict[str, Any]:
    return copy.deepcopy({key: value for key, value in vars(rnd).items() if key != "game"})


def refuse(rnd: PokerRound, line_or_action: str | dict[str, Any], match: str, section: str = "") -> Refused:
    """A line (or an action) the rules do not allow: refused, naming why, and the round unchanged."""
    act = action(rnd, line_or_action) if isinstance(line_or_action, str) else line_or_action
    before = snapshot(rnd)
    with pytest.raises(Refused, match=match) as refusal:
        tap(rnd, act)
    assert snapshot(rnd) == before
    if section:
        assert refusal.value.section == section
    return refusal.value


def lines(rnd: PokerRound) -> dict[tuple[int, str], tuple[str, int]]:
    """{(seat, wager): (outcome, amount in cents)}; seat 0 is the house (the rake, the drops)."""
    return {(line.seat, line.wager): (line.outcome, line.amount) for line in rnd.lines}
