"""Play Texas Hold 'Em Bonus Poker rounds from a compact description (Chapter 647a).

A round is described the way a floorperson would write it down: each seat's wagers, its
decisions and its two cards, the board and the dealer's cards.  ``round_actions`` turns that
into the dealer's actions in the order the regulation prescribes:

* wagers, then "no more bets" and the deal (§ 647a.8(b)-(d));
* Flop Wager or fold, clockwise from the dealer's left = ascending seats (§ 647a.11(b));
* the Flop (§ 647a.11(c)); Turn Wager or check by the seats with a Flop Wager (§ 647a.11(d));
  the Turn (§ 647a.11(e)); River Wager or check (§ 647a.11(f)); the River (§ 647a.11(g));
* the dealer's reveal, then each seat with a Flop Wager from the dealer's right =
  descending seats (§ 647a.11(h)); then the folded seats with a Bonus Wager, whose cards
  waited under it (§ 647a.11(b)(2)(i)(A)).

Each action carries the phase it belongs to, so a test can stop a round just before a phase.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

import pytest

from games.engine.core import Prompt, Refused, RoundState
from games.engine.registry import game_for

GAME = game_for("texas-holdem-bonus")

# A board and dealer's hand for tests where the main game does not matter: no ace, king, queen,
# jack, ten or two, so any two-card Bonus hand can be dealt beside them.
BOARD = "3c 4d 8h 9s 7c"
DEALER = "5h 5s"


@dataclass(frozen=True)
class Hand:
    """One seat: its Ante (and Bonus Wager), its decisions, its two cards.

    ``plays`` lists the decisions in order: "fold", or "flop" followed by "turn"/"check"
    and "river"/"check".
    """

    ante: str
    cards: str
    bonus: str | None = None
    plays: str = "flop check check"

    @property
    def folds(self) -> bool:
        return self.plays.split()[0] == "fold"


def round_actions(seats: dict[int, Hand], board: str, dealer: str, *, stub_count: str | None = None,
                  card_reader: bool = False, bonus_on_dealer_cards: bool = True) -> list[tuple[str, dict[str, Any]]]:
    """The dealer's actions for a round, each with its phase, in the regulation's order.

    With ``card_reader`` the shoe reads every card as it is dealt: the deal carries the seats'
    and the dealer's cards, and turning them face up later enters nothing new.
    """
    actions: list[tuple[str, dict[str, Any]]] = []
    for number in sorted(seats):
        hand = seats[number]
        actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": "ante", "amount": hand.ante}))
        if hand.bonus is not None:
            actions.append(("wagers", {"type": "place_wager", "seat": number, "wager": "bonus",
                                       "amount": hand.bonus}))
    deal: dict[str, Any] = {"type": "deal"}
    if card_reader:
        deal["cards"] = {f"seat:{n}": seats[n].cards.split() for n in sorted(seats)} | {"dealer": dealer.split()}
    actions += [("no_more_bets", {"type": "no_more_bets"}), ("deal", deal)]
    in_play = [n for n in sorted(seats) if not seats[n].folds]
    for number in sorted(seats):
        choice = "fold" if seats[number].folds else "flop"
        actions.append(("flop_decision", {"type": "decide", "seat": number, "choice": choice}))
    cards = board.split()
    # Once every seat has folded no community card is dealt: no hand is left to play (§ 647a.11(c)).
    if in_play:
        actions.append(("flop", {"type": "cards", "target": "board", "cards": cards[:3]}))
    for index, street in ((1, "turn"), (2, "river")):
        for number in in_play:
            choice = seats[number].plays.split()[index]
            actions.append((f"{street}_decision", {"type": "decide", "seat": number, "choice": choice}))
        if in_play:
            actions.append((street, {"type": "cards", "target": "board", "cards": [cards[index + 2]]}))
    if stub_count is not None:
        actions.append(("stub_count", {"type": "stub_count", "result": stub_count}))

    def turned(target: str, codes: str) -> dict[str, Any]:
        return {"type": "cards", "target": target} | ({} if card_reader else {"cards": codes.split()})

    # The dealer's cards decide the hands in play, and Paytable A's "Ace-ace (dealer and player)" row
    # of a folded seat's Bonus Wager.
    if in_play or (bonus_on_dealer_cards and any(seats[n].bonus is not None for n in seats)):
        actions.append(("reveal", turned("dealer", dealer)))
    for number in sorted(in_play, reverse=True):
        actions.append(("settle", turned(f"seat:{number}", seats[number].cards)))
    for number in sorted(seats, reverse=True):
        if seats[number].folds and seats[number].bonus is not None:
            actions.append(("settle_bonus", turned(f"seat:{number}", seats[number].cards)))
    return actions


def run_phases(rnd: RoundState, phases, *, until: str | None = None, prompts: list[Prompt] | None = None,
               before: dict[str, list[dict[str, Any]]] | None = None) -> RoundState:
    """Apply ``(phase, action)`` pairs; with ``until``, stop before the first action of that phase.

    ``prompts``, when given, receives the prompt the dealer saw before each action; ``before``
    adds actions (an irregularity, say) just before the first action of a phase.
    """
    extra = dict(before or {})
    for phase, action in phases:
        for injected in extra.pop(phase, []):
            rnd = rnd.apply(injected)
        if phase == until:
            return rnd
        if prompts is not None:
            prompts.append(rnd.prompt)
        rnd = rnd.apply(action)
    return rnd


def play(seats: dict[int, Hand], board: str = BOARD, dealer: str = DEALER, *,
         rules: dict[str, Any] | None = None, until: str | None = None, stub_count: str | None = None,
         card_reader: bool = False, prompts: list[Prompt] | None = None,
         before: dict[str, list[dict[str, Any]]] | None = None) -> RoundState:
    """Play the round through the engine (``until``, ``prompts``, ``before``: see ``run_phases``)."""
    rules = GAME.validate_rules(rules or {})
    phases = round_actions(seats, board, dealer, stub_count=stub_count, card_reader=card_reader,
                           bonus_on_dealer_cards=GAME.pays_on_dealer_cards(rules))
    return run_phases(RoundState(GAME, rules or {}), phases, until=until, prompts=prompts, before=before)


def turn_cards(rnd: RoundState, seats: dict[int, Hand], dealer: str, prompts: list[Prompt] | None = None,
               board: str = "") -> RoundState:
    """Answer every prompt that asks for cards (the dealer's, a seat's, the rest of ``board``), as a
    dealer would; cards a card-reading shoe already gave are only turned face up."""
    while rnd.prompt is not None:
        prompt = rnd.prompt
        if prompt.cards_for == "board":
            dealt = {card.code for card in rnd.board}
            codes = " ".join([code for code in board.split() if code not in dealt][:prompt.cards_needed])
            action = {"type": "cards", "target": "board", "cards": codes.split()}
        elif prompt.cards_for:
            target = prompt.cards_for
            codes = dealer if target == "dealer" else seats[int(target.removeprefix("seat:"))].cards
            action = {"type": "cards", "target": target, "cards": codes.split()}
        elif [choice.action["type"] for choice in prompt.choices] == ["cards"]:
            action = prompt.choices[0].action
        else:
            return rnd
        if prompts is not None:
            prompts.append(prompt)
        rnd = rnd.apply(action)
    return rnd


def outcomes(rnd: RoundState, seat: int) -> dict[str, tuple[str, int]]:
    """{wager: (outcome, amount in cents)} of one seat's settlement lines."""
    return {line.wager: (line.outcome, line.amount) for line in rnd.lines if line.seat == seat}


def state(rnd: RoundState) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (rnd.seq, copy.deepcopy(rnd.seats), list(rnd.lines), rnd.board, rnd.dealer_cards, list(rnd.discarded),
            copy.deepcopy(rnd.approvals), rnd.void, rnd.void_pending, rnd.closed, rnd.prompt)


def refuse(rnd: RoundState, action: dict[str, Any], match: str) -> Refused:
    """Apply an action the regulation does not allow: it is refused and the round is unchanged."""
    before = state(rnd)
    with pytest.raises(Refused, match=match) as refusal:
        rnd.apply(action)
    assert state(rnd) == before
    return refusal.value
