"""What every game's play helper shares: sending an action as a tablet does, playing a list of
``(phase, action)`` pairs, answering the prompts that ask for cards, and checking a refusal.

Each game's helper (``thb_play``, ``wpt_play``, ``lir_play``) describes a round the way a
floorperson writes it down and turns it into the dealer's actions in its chapter's order; the
engine is driven through the functions here.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any, NamedTuple

import pytest

from games.engine.core import Game, Prompt, Refused, RoundState


class Round(NamedTuple):
    """A round as a floorperson writes it down, in the order a game's ``play`` takes it: each seat's
    hand, the community cards, and the dealer's cards (Let It Ride: the Six Card Bonus cards)."""

    seats: dict[int, Any]
    board: str
    cards: str


def named(rnd: Any, action: dict[str, Any]) -> dict[str, Any]:
    """``action`` as a tablet sends it: naming the step of the prompt on its screen (unless the
    test names one itself, to send a stale step)."""
    step = rnd.current_step()
    if step is None or "step" in action or action.get("type") not in step.actions:
        return action
    return {**action, "step": step.id}


def tap(rnd: RoundState, action: dict[str, Any]) -> RoundState:
    """Send ``action`` as a tablet does (``named``)."""
    return rnd.apply(named(rnd, action))


def run_phases(
    rnd: RoundState,
    phases,
    *,
    until: str | None = None,
    prompts: list[Prompt] | None = None,
    before: dict[str, list[dict[str, Any]]] | None = None,
) -> RoundState:
    """Apply ``(phase, action)`` pairs; with ``until``, stop before the first action of that phase.

    ``prompts``, when given, receives the prompt the dealer saw before each action; ``before``
    adds actions (an irregularity, say) just before the first action of a phase.
    """
    extra = dict(before or {})
    for phase, action in phases:
        for injected in extra.pop(phase, []):
            rnd = tap(rnd, injected)
        if phase == until:
            return rnd
        if prompts is not None:
            prompts.append(rnd.prompt)
        rnd = tap(rnd, action)
    return rnd


def play_round(game: Game, round_actions: Callable[..., list[tuple[str, dict[str, Any]]]], written: Round, *,
               rules: dict[str, Any] | None = None, until: str | None = None, stub_count: str | None = None,
               card_reader: bool = False, prompts: list[Prompt] | None = None,
               before: dict[str, list[dict[str, Any]]] | None = None, **options: Any) -> RoundState:
    """Play a round as ``written`` through the engine: a game's ``round_actions`` turns it into the
    dealer's actions (a ``stub_count`` result where one is due; with ``card_reader``, the cards
    read at the deal), then ``run_phases`` applies them (``until``, ``prompts``, ``before``)."""
    phases = round_actions(*written, stub_count=stub_count, card_reader=card_reader, **options)
    return run_phases(RoundState(game, rules or {}), phases, until=until, prompts=prompts, before=before)


def turn_cards(
    rnd: RoundState, seats: dict[int, Any], dealer: str, prompts: list[Prompt] | None = None, board: str = "",
    log: list[dict[str, Any]] | None = None,
) -> RoundState:
    """Answer every prompt that asks for cards (the dealer's, a seat's, the rest of ``board``), as a
    dealer would; cards a card-reading shoe already gave are only turned face up.  ``seats`` maps
    a seat number to anything with a ``cards`` string; ``log``, when given, receives the actions."""
    while rnd.prompt is not None:
        prompt = rnd.prompt
        if prompt.cards_for == "board":
            dealt = {card.code for card in rnd.board}
            codes = " ".join([code for code in board.split() if code not in dealt][: prompt.cards_needed])
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
        if log is not None:
            log.append(action)
        rnd = tap(rnd, action)
    return rnd


def report(rnd: RoundState, kind: str, **extra: Any) -> RoundState:
    """The dealer reports an irregularity of ``kind`` (with the ``card`` found face up, say)."""
    return tap(rnd, {"type": "irregularity", "kind": kind, **extra})


def approve_void(rnd: RoundState, written: Round, prompts: list[Prompt] | None = None) -> RoundState:
    """The floorperson approves the void the round waits for; the dealer turns whatever cards its
    settlement asks for, as ``written``."""
    (pending,) = [a for a in rnd.approvals if a.status == "pending"]
    assert pending.kind == "void"
    rnd = tap(rnd, {"type": "approve", "approval": pending.id})
    return turn_cards(rnd, written.seats, written.cards, prompts, written.board)


def assert_every_wager_returned(rnd: RoundState, section: str, placed: dict[int, Any],
                                decided: frozenset[str] = frozenset()) -> None:
    """Every wager of every seat comes back as void, once each, citing ``section``, and the round
    closes: each seat's wagers placed before the deal (``placed``) and those of its decisions so far,
    which can only be of the ``decided`` kinds."""
    assert rnd.void is not None and rnd.void.section == section
    returned = {number: {wager: ("void", 0) for wager in seat.wagers} for number, seat in rnd.seats.items()}
    assert settled(rnd) == returned
    assert set(returned) == set(placed)
    for number, wagers in placed.items():
        assert set(wagers) <= set(returned[number]) <= set(wagers) | decided, number
    assert [line.section for line in rnd.lines] == [section] * sum(len(wagers) for wagers in returned.values())
    assert rnd.prompt.step == "close"


def outcomes(rnd: RoundState, seat: int) -> dict[str, tuple[str, int]]:
    """{wager: (outcome, amount in cents)} of one seat's settlement lines."""
    return {line.wager: (line.outcome, line.amount) for line in rnd.lines if line.seat == seat}


def settled(rnd: RoundState) -> dict[int, dict[str, tuple[str, int]]]:
    """{seat: {wager: (outcome, amount in cents)}} of every seat."""
    return {seat: outcomes(rnd, seat) for seat in rnd.seats}


def state(rnd: RoundState) -> tuple[Any, ...]:
    """Everything a refusal must leave as it was."""
    return (
        rnd.seq,
        copy.deepcopy(rnd.seats),
        list(rnd.lines),
        rnd.board,
        rnd.dealer_cards,
        list(rnd.discarded),
        copy.deepcopy(rnd.approvals),
        rnd.void,
        rnd.void_pending,
        rnd.closed,
        rnd.prompt,
        copy.deepcopy(rnd.zones),
        dict(rnd.step_results),
        list(rnd.claims),
    )


def refuse(rnd: RoundState, action: dict[str, Any], match: str) -> Refused:
    """Send an action the regulation does not allow: it is refused and the round is unchanged."""
    before = state(rnd)
    with pytest.raises(Refused, match=match) as refusal:
        tap(rnd, action)
    assert state(rnd) == before
    return refusal.value
