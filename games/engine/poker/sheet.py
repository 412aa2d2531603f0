"""A Poker hand on paper: the round sheet is its hand history.

The sheet names the table's options, where the hand started (the seats with their table stakes,
who was away, the last hand's button) and every action in order, as the log has them but without
the steps: settling it replays the actions through the same engine as the tablets, each taken at
the step the hand is at, so a sheet whose actions do not follow the rules is refused where they
stop following them.  ``games.engine.poker.phh`` reads and writes the same hand as a Poker Hand
History (PHH) file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from games.engine.core.records import Refused
from games.engine.core.sheets import SHEET_VERSION, SheetError, settlement_sheet
from games.engine.money import MoneyError, parse_dollars, plain_dollars
from games.engine.poker.options import POSITIONS
from games.engine.poker.round import PokerRound
from games.engine.poker.seating import read_positions

if TYPE_CHECKING:
    from games.engine.poker.game import PokerGame

ROUND_ONLY = ("stub_count_due", "training", POSITIONS)
# A seat's flags in the positions, as the sheet names them.
SEAT_FLAGS = {"away": "away", "new": "new", "missed": "missed_big_blind"}
# The actions a sheet lists: what the dealer and the floorperson did.  The service's own inputs
# (none for Poker) and the steps are left out.
LISTED = ("seating", "start_hand", "input", "decide", "deal", "cards", "irregularity", "approve", "refuse", "close")


def from_log(game: PokerGame, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]],
             shoe_order: list[str] | None = None) -> dict[str, Any]:
    """The sheet of a recorded round: its positions and its actions, each with the cards it dealt.

    A virtual shoe's cards are written into the actions that drew them, so the sheet settles
    without the shoe."""
    rnd = PokerRound(game, rules, shoe_order=shoe_order)
    listed = []
    for action in actions:
        before = rnd
        rnd = rnd.apply(action, logged=True)
        listed.append(_with_cards(before, rnd, {k: v for k, v in action.items() if k != "step"}))
    positions = read_positions(rnd.rules.get(POSITIONS))
    return {
        "version": SHEET_VERSION,
        "game": game.slug,
        "rules": {k: v for k, v in rnd.rules.items() if k not in ROUND_ONLY},
        "seats": {str(n): {"stack": plain_dollars(p.stack),
                           **{named: True for flag, named in SEAT_FLAGS.items() if getattr(p, flag)}}
                  for n, p in sorted(positions.players.items())},
        "button": positions.button,
        "button_moves": positions.moves,
        **({"kill_hand": True} if positions.kill else {}),
        **({"blinds": list(positions.blinds)} if positions.blinds else {}),
        **({"jackpot_funds": {k: plain_dollars(v) for k, v in positions.funds.items() if v}}
           if any(positions.funds.values()) else {}),
        **({"high_hand": {"seat": positions.high_hand[0], "cards": list(positions.high_hand[1])}}
           if positions.high_hand else {}),
        "actions": listed,
    }


def _with_cards(before: PokerRound, after: PokerRound, action: dict[str, Any]) -> dict[str, Any]:
    """An action that drew its cards from a virtual shoe, with those cards written in."""
    if before.shoe is None or action["type"] not in ("deal", "cards") or action.get("cards"):
        return action
    if action["type"] == "deal":
        dealt = {f"seat:{seat}": [c for c in after.known[seat][len(before.known.get(seat, [])):]]
                 for seat in after.order if len(after.known[seat]) > len(before.known.get(seat, []))}
        return {**action, "cards": dealt}
    if action.get("target") == "board":
        return {**action, "cards": [card.code for card in after.board[len(before.board):]]}
    seat = int(str(action["target"]).removeprefix("seat:"))
    new = after.known[seat][len(before.known.get(seat, [])):] if before.moment().kind == "up_card" else \
        [c for c, was in zip(after.known[seat], before.known[seat], strict=True) if was is None]
    return {**action, "cards": new}


def round_from_sheet(game: PokerGame, sheet: Any) -> PokerRound:
    """Play a sheet into a round: its positions, then each action at the step the hand is at."""
    if not isinstance(sheet, Mapping):
        raise SheetError("the sheet must be an object")
    rules = sheet.get("rules", {})
    seats, actions = sheet.get("seats", {}), sheet.get("actions")
    if not isinstance(rules, Mapping) or not isinstance(seats, Mapping) or not isinstance(actions, list):
        raise SheetError("a Poker sheet has 'rules' and 'seats' objects and an 'actions' list")
    players = {}
    for key, seat in seats.items():
        if not isinstance(seat, Mapping) or "stack" not in seat:
            raise SheetError(f"seat {key}: give its table stakes, like {{\"stack\": \"100.00\"}}")
        try:
            players[str(key)] = {"stack": parse_dollars(seat["stack"]),
                                 **{flag: seat.get(named, False) for flag, named in SEAT_FLAGS.items()}}
        except MoneyError as error:
            raise SheetError(f"seat {key}'s stack: {error}") from None
    funds = sheet.get("jackpot_funds") or {}
    try:
        funds = {name: parse_dollars(amount) for name, amount in funds.items()} if isinstance(funds, Mapping) \
            else funds
    except MoneyError as error:
        raise SheetError(f"the jackpot funds: {error}") from None
    positions = {"seats": players, "button": sheet.get("button"), "moves": sheet.get("button_moves", True),
                 "kill": sheet.get("kill_hand", False), "blinds": sheet.get("blinds"), "funds": funds or None,
                 "high_hand": sheet.get("high_hand")}
    try:
        rnd = PokerRound(game, {**rules, POSITIONS: positions})
        for number, action in enumerate(actions, start=1):
            if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
                raise SheetError(f"action {number} must be an object with a type, like {{\"type\": \"start_hand\"}}")
            prompt = rnd.prompt
            step = {"step": prompt.step} if prompt is not None and action["type"] not in (
                "irregularity", "approve", "refuse") else {}
            try:
                rnd = rnd.apply({**action, **step})
            except Refused as refusal:
                raise SheetError(f"action {number} ({action['type']}): {refusal}") from None
    except Refused as refusal:
        raise SheetError(str(refusal)) from None
    return rnd


def settle(game: PokerGame, sheet: Any) -> dict[str, Any]:
    """The settlement sheet of a Poker round sheet."""
    rnd = round_from_sheet(game, sheet)
    settlement = settlement_sheet(rnd)
    settlement["rules"] = {k: v for k, v in settlement["rules"].items() if k != POSITIONS}
    settlement["stacks"] = {str(seat): plain_dollars(stack) for seat, stack in sorted(rnd.final_stacks().items())}
    return settlement
