"""Round sheets: a whole round on paper, settled by the same engine as the tablets.

A sheet names the game, the table's rules options, each seat's wagers, decisions and cards,
the dealer's cards and the board (see docs/round-sheets.md).  ``settle_sheet`` plays it
through the engine, prompt by prompt, and returns the settlement sheet.  ``sheet_from_log``
writes the sheet of a recorded round, so any past round can be settled again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from games.engine.chapters.banked_poker import StubCount
from games.engine.core import Close, Deal, Refused, RoundState, SeatDecision, SettleSeats, ZoneCards
from games.engine.money import dollars, plain_dollars
from games.engine.registry import game_for

AMOUNT = re.compile(r"\$?[\d,]+(\.\d+)?")


# The zones a sheet lists by name beside the board: the dealer's hand, bonus cards.
ZONE_KEYS = ("dealer", "six_card_bonus")
SHEET_VERSION = 2


def zone_key(game: Any, zone: str, sheet: Mapping[str, Any]) -> str:
    """The sheet's key for a zone's cards.  A sheet of version 1 wrote the cards of the one zone of
    a game without a dealer's hand (Let It Ride's Six Card Bonus cards) under "dealer"."""
    if sheet.get("version", 1) == 1 and not game.dealer_hand and zone not in sheet and "dealer" in sheet:
        return "dealer"
    return zone


class SheetError(ValueError):
    """A round sheet that cannot be settled; the message names the problem."""


def _require(mapping: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(mapping, Mapping) or key not in mapping:
        raise SheetError(f"{where} has no {key!r}")
    value = mapping[key]
    if not isinstance(value, kind):
        raise SheetError(f"{where}: {key!r} must be a {kind.__name__}")
    return value


def settle_sheet(sheet: Any) -> dict[str, Any]:
    try:
        return _settle(sheet)
    except Refused as refusal:
        raise SheetError(str(refusal)) from None
    except KeyError as error:
        raise SheetError(str(error.args[0])) from None


class _Player:
    """Plays a sheet into a round, one action at a time."""

    def __init__(self, rnd: RoundState, irregularities: list[Mapping[str, Any]]):
        self.round = rnd
        self.irregularities = irregularities

    def act(self, action: dict[str, Any]) -> None:
        self.round = self.round.apply(action)

    def irregularities_at(self, step: str) -> None:
        """Apply the sheet's irregularities that happened at this step, with the floorperson's answer."""
        while self.irregularities and self.irregularities[0].get("at") == step:
            entry = self.irregularities.pop(0)
            self.act({"type": "irregularity", **{k: v for k, v in entry.items() if k not in ("at", "approved")}})
            self.confirm_void(entry.get("approved", True))

    def confirm_void(self, approved: bool) -> None:
        """The floorperson's answer to a void the round is waiting on."""
        for approval in self.round.approvals:
            if approval.kind == "void" and approval.status == "pending":
                self.act({"type": "approve" if approved else "refuse", "approval": approval.id})


def _settle(sheet: Any) -> dict[str, Any]:
    slug = _require(sheet, "game", str, "the sheet")
    game = game_for(slug)
    rules = sheet.get("rules", {})
    if not isinstance(rules, Mapping):
        raise SheetError("the sheet: 'rules' must be an object")
    seats = _require(sheet, "seats", dict, "the sheet")
    board = sheet.get("board", [])
    irregularities = sheet.get("irregularities", [])
    if not isinstance(board, list) or not isinstance(irregularities, list):
        raise SheetError("the sheet: 'board' and 'irregularities' must be lists")
    if not all(isinstance(entry, Mapping) for entry in irregularities):
        raise SheetError("the sheet: each irregularity must be an object with \"at\" and \"kind\"")
    for seat_key, seat in seats.items():
        if isinstance(seat, Mapping) and not isinstance(seat.get("decisions", {}), Mapping):
            raise SheetError(f"seat {seat_key}: 'decisions' must be an object like {{\"flop\": \"20\"}}")
    if "stub_count" in sheet:
        # The sheet records a stub count: the round counted the stub (§ 647a.8(f)).
        rules = {**rules, "stub_count_due": True}
    player = _Player(RoundState(game, rules), list(irregularities))
    dealt = {"board": 0, "zones": set(), "seats": set(), "decisions": set()}

    for seat_key, seat in sorted(seats.items(), key=lambda item: str(item[0])):
        wagers = _require(seat, "wagers", dict, f"seat {seat_key}")
        # The required wager first: the others depend on it.
        for wager in sorted(wagers, key=lambda w: w != game.required_wager):
            player.act({"type": "place_wager", "seat": seat_key, "wager": wager, "amount": str(wagers[wager])})
    player.irregularities_at("wagers")
    player.act({"type": "no_more_bets"})

    while (prompt := player.round.prompt) is not None:
        player.irregularities_at(prompt.step)
        prompt = player.round.prompt
        if prompt is None or prompt.waiting_for_floor:
            break  # what waits for a floorperson is listed in the settlement sheet
        step = player.round.current_step()
        if isinstance(step, Deal):
            player.act({"type": "deal"})
        elif isinstance(step, SeatDecision):
            dealt["decisions"].add((str(prompt.seat), step.id.removesuffix("_decision")))
            player.act(_decision(step, seats, prompt.seat))
        elif isinstance(step, ZoneCards) and step.zone == "board":
            cards = board[dealt["board"]:dealt["board"] + step.count]
            if len(cards) < step.count:
                raise SheetError(f"the board has {len(board)} cards; the {step.id} needs "
                                 f"{dealt['board'] + step.count}")
            dealt["board"] += step.count
            player.act({"type": "cards", "target": "board", "cards": cards})
        elif isinstance(step, StubCount):
            player.act({"type": "stub_count", "result": sheet.get("stub_count", "correct")})
            player.confirm_void(True)  # a wrong count voids the round (§ 647a.8(h)); the sheet records the void
        elif isinstance(step, ZoneCards):
            key = zone_key(game, step.zone, sheet)
            dealt["zones"].add(key)
            player.act({"type": "cards", "target": step.zone, "cards": _cards(sheet.get(key), f"the {key}")})
        elif isinstance(step, SettleSeats):
            dealt["seats"].add(prompt.seat)
            cards = _cards(_seat(seats, prompt.seat).get("cards"), f"seat {prompt.seat}")
            player.act({"type": "cards", "target": f"seat:{prompt.seat}", "cards": cards})
        elif isinstance(step, Close):
            player.act({"type": "close"})
        else:  # pragma: no cover - every step kind is handled above
            raise SheetError(f"the sheet cannot answer the step {prompt.step}")

    if dealt["board"] < len(board):
        raise SheetError(f"the board has {len(board)} cards, but only {dealt['board']} were dealt in this round")
    for key in ZONE_KEYS:
        if sheet.get(key) and key not in dealt["zones"]:
            raise SheetError(f"the {key} cards are given, but the round never reached their reveal")
    for seat_key, seat in seats.items():
        if isinstance(seat, Mapping) and seat.get("cards") and int(seat_key) not in dealt["seats"]:
            raise SheetError(f"seat {seat_key}'s cards are given, but its hand is never turned in this round")
        for name in seat.get("decisions", {}) if isinstance(seat, Mapping) and not player.round.void else ():
            if (str(int(seat_key)), name) not in dealt["decisions"]:
                raise SheetError(f"seat {seat_key} has a {name} decision, but the round never asked seat "
                                 f"{seat_key} for one")
    if player.irregularities:
        raise SheetError(f"the irregularity at {player.irregularities[0].get('at')!r} never happened: "
                         "the round has no such step")
    return settlement_sheet(player.round)


def _seat(seats: Mapping[str, Any], number: int) -> Mapping[str, Any]:
    seat = seats.get(str(number), seats.get(number))
    if not isinstance(seat, Mapping):
        raise SheetError(f"seat {number} is missing from the sheet")
    return seat


def _cards(codes: Any, who: str) -> list[str]:
    if not isinstance(codes, list):
        raise SheetError(f"{who}: the cards are missing (a list of codes like [\"As\", \"Kd\"])")
    return codes


def _decision(step: SeatDecision, seats: Mapping[str, Any], seat_no: int) -> dict[str, Any]:
    name = step.id.removesuffix("_decision")
    decisions = _seat(seats, seat_no).get("decisions", {})
    if name not in decisions:
        raise SheetError(f"seat {seat_no} has no {name} decision ({' or '.join(o.key for o in step.options)})")
    value = decisions[name]
    by_key = {option.key: option for option in step.options}
    if isinstance(value, str) and value in by_key:
        return {"type": "decide", "step": step.id, "seat": seat_no, "choice": value}
    wager_options = [option for option in step.options if option.wager]
    is_amount = isinstance(value, (int, Decimal)) or (isinstance(value, str) and AMOUNT.fullmatch(value))
    if len(wager_options) != 1 or not is_amount:
        raise SheetError(f"seat {seat_no}'s {name} decision must be one of {', '.join(by_key)}"
                         + (f", or an amount for the {wager_options[0].key}" if len(wager_options) == 1 else "")
                         + f", not {value!r}")
    return {"type": "decide", "step": step.id, "seat": seat_no, "choice": wager_options[0].key, "amount": str(value)}


def settlement_sheet(rnd: RoundState) -> dict[str, Any]:
    paid = sum(line.amount for line in rnd.lines if line.outcome in ("win", "capped"))
    collected = sum(line.amount for line in rnd.lines if line.outcome == "lose")
    return {
        "game": rnd.game.slug,
        "rules": {k: v for k, v in rnd.rules.items() if k not in ("stub_count_due", "training")},
        "void": ({"reason": rnd.void.label, "section": rnd.void.section} if rnd.void else None),
        "lines": [line.as_dict() for line in rnd.lines],
        "totals": {"paid": dollars(paid), "collected": dollars(collected)},
        "approvals": [approval.as_dict() for approval in rnd.approvals],
    }


def sheet_from_log(slug: str, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]],
                   shoe_order: list[str] | None = None) -> dict[str, Any]:
    """The round sheet of a recorded round: settling it gives the round's own settlement."""
    game = game_for(slug)
    rnd = RoundState(game, rules, shoe_order=shoe_order)
    actions = list(actions)
    irregularities = []
    for action in actions:
        if action["type"] == "irregularity":
            entry = {"at": rnd.prompt.step if rnd.prompt else "", **{k: v for k, v in action.items() if k != "type"}}
            irregularities.append(entry)
        elif action["type"] in ("approve", "refuse") and irregularities:
            approval = next(a for a in rnd.approvals if a.id == action.get("approval"))
            if approval.kind == "void":
                irregularities[-1]["approved"] = action["type"] == "approve"
        rnd = rnd.apply(action)
    seats: dict[str, Any] = {}
    for number, seat in sorted(rnd.seats.items()):
        entry: dict[str, Any] = {"wagers": {}, "decisions": {}}
        decision_wagers = set()
        for step in rnd.steps:
            if isinstance(step, SeatDecision) and step.id in seat.decisions:
                option = next(o for o in step.options if o.key == seat.decisions[step.id])
                name = step.id.removesuffix("_decision")
                entry["decisions"][name] = plain_dollars(seat.wagers[option.wager]) if option.wager else option.key
                decision_wagers.add(option.wager)
        entry["wagers"] = {w: plain_dollars(a) for w, a in seat.wagers.items() if w not in decision_wagers}
        if not entry["decisions"]:
            del entry["decisions"]
        if seat.cards_shown:
            entry["cards"] = [card.code for card in seat.cards]
        seats[str(number)] = entry
    sheet: dict[str, Any] = {
        "version": SHEET_VERSION,
        "game": slug,
        "rules": {k: v for k, v in rnd.rules.items() if k not in ("stub_count_due", "training")},
        "seats": seats,
        "board": [card.code for card in rnd.board],
    }
    for name, zone in rnd.zones.items():
        if name != "board" and zone.shown:
            sheet[name] = [card.code for card in zone.cards]
    if "stub_count" in rnd.completed_steps:
        sheet["stub_count"] = next(a["result"] for a in actions if a["type"] == "stub_count")
    if irregularities:
        sheet["irregularities"] = irregularities
    return sheet


