"""Play Spanish 21 rounds from a compact description (Chapter 635a).

A round is described the way a floorperson would write it down: each box's Spanish 21 Wager,
its first two cards, its Match-the-Dealer and Insurance answers and each hand's plays, then the
dealer's cards (up card, hole card, draws) and the card reader's answer.  ``sheet`` writes that
as a round sheet (docs/round-sheets.md) and ``play`` plays it through the engine prompt by
prompt, in the chapter's order, as ``settle_round`` does; ``actions`` gives the dealer's actions.

A hand's plays are tokens in the order they happen: a card dealt to the hand (a hit, a split
hand's second card, the Double Down's card), "stand", "split", "double" (the most: the hand's
own wager) or "double=5" (less), "surrender", "rescue".  A box that splits lists one string per
hand, in the order the hands are played: ``("split 3c stand", "Kd stand")``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.engine.core import Refused, RoundState
from games.engine.registry import game_for
from games.engine.round_sheet import play_sheet

GAME = game_for("spanish-21")

__all__ = ["GAME", "Box", "actions", "card", "dealt", "lines", "opened", "outcomes", "play", "refuse", "sheet", "turn",
           "until"]


@dataclass(frozen=True)
class Box:
    wager: str
    cards: str
    plays: str | tuple[str, ...] = "stand"
    match: str | None = None
    insurance: str | None = None  # an amount, "no" or "even_money", asked only on an ace up card

    def hands(self) -> list[list[str]]:
        plays = (self.plays,) if isinstance(self.plays, str) else self.plays
        return [[token.replace("=", " ") for token in hand.split()] for hand in plays]


def sheet(boxes: dict[int, Box], dealer: str, *, peek: str | None = None, rules: dict[str, Any] | None = None,
          irregularities: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    seats = {}
    for number, box in boxes.items():
        seat: dict[str, Any] = {"wagers": {"main": box.wager} | ({"match_the_dealer": box.match} if box.match else {}),
                                "cards": box.cards.split()}
        if any(box.hands()):
            seat["hands"] = box.hands()
        if box.insurance is not None:
            seat["decisions"] = {"insurance": box.insurance}
        seats[str(number)] = seat
    written: dict[str, Any] = {"game": "spanish-21", "rules": dict(rules or {}), "seats": seats,
                               "dealer": dealer.split()}
    if peek is not None:
        written["inputs"] = {"peek": peek}
    if irregularities:
        written["irregularities"] = irregularities
    return written


def play(boxes: dict[int, Box], dealer: str, **kwargs: Any) -> RoundState:
    """The round played to its end (or to a floorperson's approval)."""
    return play_sheet(sheet(boxes, dealer, **kwargs))[0]


def actions(boxes: dict[int, Box], dealer: str, **kwargs: Any) -> list[dict[str, Any]]:
    """The actions that play the round up to its close and its payout approvals (not included), each
    of the dealer's naming its step; a void's approval stays, the round waits on it."""
    rnd, taken = play_sheet(sheet(boxes, dealer, **kwargs))
    payouts = {approval.id for approval in rnd.approvals if approval.kind == "payout"}
    return [action for action in taken
            if action["type"] != "close" and not (action["type"] == "approve" and action["approval"] in payouts)]


def outcomes(rnd: RoundState, seat: int) -> dict[tuple[int, str], tuple[str, int]]:
    """{(hand, wager): (outcome, cents)} of one seat's lines."""
    return {(line.hand_no, line.wager): (line.outcome, line.amount) for line in rnd.lines if line.seat == seat}


def lines(rnd: RoundState) -> list[tuple[int, int, str, str, int]]:
    """(seat, hand, wager, outcome, cents) of every line, in the order settled."""
    return [(line.seat, line.hand_no, line.wager, line.outcome, line.amount) for line in rnd.lines]


def refuse(rnd: RoundState, action: dict[str, Any], match: str) -> None:
    """The action is refused with a message containing ``match`` and changes nothing."""
    before = rnd.seq
    with pytest.raises(Refused, match=match):
        rnd.apply(action)
    assert rnd.seq == before


def until(rnd_actions: list[dict[str, Any]], step: str, rules: dict[str, Any] | None = None) -> RoundState:
    """The round just before the first action of ``step``."""
    rnd = RoundState(GAME, rules or {})
    for action in rnd_actions:
        if action.get("step") == step:
            break
        rnd = rnd.apply(action)
    return rnd


def opened(boxes: dict[int, str], rules=None) -> RoundState:
    """Wagers placed and "no more bets": {seat: amount}, each a Spanish 21 Wager."""
    rnd = RoundState(GAME, rules or {})
    for seat, amount in boxes.items():
        rnd = rnd.apply({"type": "place_wager", "step": "wagers", "seat": seat, "wager": "main", "amount": amount})
    return rnd.apply({"type": "no_more_bets", "step": "wagers"})


def dealt(cards: dict[int, str], up: str, rules=None) -> RoundState:
    """$10 on each seat, its two cards and the up card entered as dealt."""
    rnd = opened({seat: "10" for seat in cards}, rules)
    for seat in sorted(cards):
        rnd = rnd.apply({"type": "cards", "step": "deal", "target": f"seat:{seat}", "cards": cards[seat].split()})
    return rnd.apply({"type": "cards", "step": "deal", "target": "dealer", "cards": [up]})


def turn(rnd: RoundState, seat: int, move: str, hand: int = 1, **extra) -> RoundState:
    """A hand's decision on its turn."""
    return rnd.apply({"type": "play", "step": "play", "seat": seat, "hand": hand, "move": move, **extra})


def card(rnd: RoundState, seat: int, code: str, hand: int = 1) -> RoundState:
    """A card dealt to the hand on turn."""
    return rnd.apply({"type": "cards", "step": "play", "target": f"seat:{seat}", "hand": hand, "cards": [code]})
