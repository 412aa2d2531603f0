"""A banked game's round on paper: its sheet played through the engine, and written from its log.

A sheet names the game, the table's rules options, each seat's wagers, decisions and cards,
the dealer's cards and the board (see docs/round-sheets.md).  ``settle_banked_sheet`` plays it
prompt by prompt, each step reading its part through a ``SheetReader``, and returns the
settlement sheet; ``banked_sheet_from_log`` writes the sheet of a recorded round, each step
writing its part.  ``games.engine.round_sheet`` finds a sheet's game by its slug.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any

from games.engine.core import progressive
from games.engine.core.machine import RoundState
from games.engine.core.records import totals
from games.engine.money import MoneyError, dollars, parse_dollars, plain_dollars

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


def require(mapping: Any, key: str, kind: type, where: str) -> Any:
    if not isinstance(mapping, Mapping) or key not in mapping:
        raise SheetError(f"{where} has no {key!r}")
    value = mapping[key]
    if not isinstance(value, kind):
        raise SheetError(f"{where}: {key!r} must be a {kind.__name__}")
    return value


class _Player:
    """Plays a sheet into a round, one action at a time."""

    def __init__(self, rnd: RoundState, irregularities: list[Mapping[str, Any]]):
        self.round = rnd
        self.irregularities = irregularities
        self.actions: list[dict[str, Any]] = []

    reader: SheetReader | None = None

    def act(self, action: dict[str, Any]) -> None:
        self.round = self.round.apply(action)
        self.actions.append(action)
        if self.reader is not None and any(claim.pending for claim in self.round.claims):
            self.reader.answer_claims(self)

    def bet(self, kind: str, **fields: Any) -> None:
        """A betting action, named for the betting step the round is at."""
        self.act(self.round.current_step().action(kind, **fields))

    def irregularities_at(self, step: str) -> None:
        """Apply the sheet's irregularities that happened at this step, with the floorperson's answer."""
        while self.irregularities and self.irregularities[0].get("at") == step:
            entry = self.irregularities.pop(0)
            self.act({"type": "irregularity", **{k: v for k, v in entry.items() if k not in ("at", "approved")}})
            self.confirm_void(entry.get("approved", True))

    def answer_floor_question(self) -> bool:
        """A question of the game's own the round waits on (a Play Wager above the Ante on a lesser
        hand, § 657a.11(b)) was asked on the cards the sheet records, which are the final ones: a
        floorperson who refused it had the cards entered again, so on these cards it stands approved."""
        question = next((a for a in self.round.approvals
                         if a.kind not in ("payout", "void") and a.status == "pending"), None)
        if question is not None:
            self.act({"type": "approve", "approval": question.id})
        return question is not None

    def confirm_void(self, approved: bool) -> None:
        """The floorperson's answer to a void the round is waiting on."""
        for approval in self.round.approvals:
            if approval.kind == "void" and approval.status == "pending":
                self.act({"type": "approve" if approved else "refuse", "approval": approval.id})


def settle_banked_sheet(game: Any, sheet: Any) -> dict[str, Any]:
    """A banked game's sheet: its wagers placed, then each prompt answered from the sheet."""
    return settlement_sheet(play_banked_sheet(game, sheet)[0])


def play_banked_sheet(game: Any, sheet: Any) -> tuple[RoundState, list[dict[str, Any]]]:
    rules = sheet.get("rules", {})
    if not isinstance(rules, Mapping):
        raise SheetError("the sheet: 'rules' must be an object")
    seats = require(sheet, "seats", dict, "the sheet")
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
    reader = SheetReader(sheet, game, seats, board)
    player.reader = reader

    for seat_key, seat in sorted(seats.items(), key=lambda item: str(item[0])):
        wagers = require(seat, "wagers", dict, f"seat {seat_key}")
        # The required wager first: the others depend on it.
        for wager in sorted(wagers, key=lambda w: w not in game.playing_wagers):
            player.bet("place_wager", seat=seat_key, wager=wager, amount=str(wagers[wager]))
    for seat_key, seat in sorted(seats.items(), key=lambda item: str(item[0])):
        if isinstance(seat, Mapping) and "player" in seat:  # one player's adjacent boxes (§ 677a.7(e))
            player.bet("same_player", seat=seat_key, **{"with": seat["player"]})
    player.irregularities_at("wagers")
    player.bet("no_more_bets")

    while (prompt := player.round.prompt) is not None:
        player.irregularities_at(prompt.step)
        prompt = player.round.prompt
        if prompt is not None and prompt.waiting_for_floor and player.answer_floor_question():
            continue
        if prompt is None or prompt.waiting_for_floor:
            break  # what waits for a floorperson is listed in the settlement sheet
        player.act(player.round.current_step().sheet_action(player.round, reader))
        # Only a wrong stub count asks for a void here (§ 647a.8(h)): approved, unless the sheet
        # records that the floorperson refused it.
        player.confirm_void(reader.stub_count_void_approved())

    reader.check_all_used(player.round)
    if player.irregularities:
        raise SheetError(f"the irregularity at {player.irregularities[0].get('at')!r} never happened: "
                         "the round has no such step")
    return player.round, player.actions


class SheetReader:
    """What the steps read from a sheet; it remembers what was read, so that a sheet giving more
    than the round used (cards never turned, a decision never asked) is refused."""

    def __init__(self, sheet: Mapping[str, Any], game: Any, seats: Mapping[str, Any], board: list[Any]):
        self.sheet, self.game, self.seats, self.board = sheet, game, seats, board
        self.board_dealt = 0
        self.zones: dict[str, int] = {}  # a zone's cards read so far
        self.turned: set[int] = set()
        self.decided: set[tuple[str, str]] = set()
        self.played: dict[tuple[int, int], int] = {}  # (seat, hand's place) -> its plays read so far
        self.readings_used = 0

    def seat(self, number: int) -> Mapping[str, Any]:
        seat = self.seats.get(str(number), self.seats.get(number))
        if not isinstance(seat, Mapping):
            raise SheetError(f"seat {number} is missing from the sheet")
        return seat

    def decision(self, seat_no: int, name: str, keys: tuple[str, ...], wager_key: str | None) -> tuple[str, str]:
        """(choice, amount) of a seat's decision: one of ``keys``, or an amount for ``wager_key``."""
        self.decided.add((str(seat_no), name))
        decisions = self.seat(seat_no).get("decisions", {})
        if name not in decisions:
            raise SheetError(f"seat {seat_no} has no {name} decision ({' or '.join(keys)})")
        value = decisions[name]
        if isinstance(value, str) and value in keys:
            return value, ""
        is_amount = isinstance(value, int | Decimal) or (isinstance(value, str) and AMOUNT.fullmatch(value))
        if wager_key is None or not is_amount:
            raise SheetError(f"seat {seat_no}'s {name} decision must be one of {', '.join(keys)}"
                             + (f", or an amount for the {wager_key}" if wager_key else "") + f", not {value!r}")
        return wager_key, str(value)

    def zone_cards(self, zone: str, count: int, step: str) -> list[Any]:
        if zone == "board":
            cards = self.board[self.board_dealt:self.board_dealt + count]
            if len(cards) < count:
                raise SheetError(f"the board has {len(self.board)} cards; the {step} needs {self.board_dealt + count}")
            self.board_dealt += count
            return cards
        key = zone_key(self.game, zone, self.sheet)
        cards = _cards(self.sheet.get(key), f"the {key}")
        if key in self.zones or len(cards) > count:
            # A zone read a little at a time (a dealer's up card, hole card, then each draw).
            start = self.zones.get(key, 0)
            if start + count > len(cards):
                raise SheetError(f"the {key} has {len(cards)} cards; the {step} needs {start + count}")
            cards = cards[start:start + count]
        self.zones[key] = self.zones.get(key, 0) + len(cards)
        return cards

    def gives_zone_cards(self, zone: str) -> bool:
        """Whether the sheet still holds cards of the zone to read: a step whose cards no wager is
        decided on reads them where the sheet gives them, and is confirmed without them where not."""
        if zone == "board":
            return self.board_dealt < len(self.board)
        codes = self.sheet.get(zone_key(self.game, zone, self.sheet))
        return isinstance(codes, list) and len(codes) > self.zones.get(zone_key(self.game, zone, self.sheet), 0)

    def hand_play(self, seat_no: int, place: int, who: str) -> Any:
        """The next play of a seat's hand (a card dealt to it, or a decision), its hands in the order
        they were played."""
        hands = self.seat(seat_no).get("hands", [])
        if not isinstance(hands, list) or not all(isinstance(plays, list) for plays in hands):
            raise SheetError(f"seat {seat_no}: 'hands' must be a list of each hand's plays, like "
                             '[["7h", "stand"], ["Kd", "double", "5c", "stand"]]')
        read = self.played.get((seat_no, place), 0)
        if place >= len(hands) or read >= len(hands[place]):
            raise SheetError(f"seat {seat_no}: {who.lower()} (hand {place + 1} in playing order) has no "
                             f"play {read + 1}; the round asks for one")
        self.played[(seat_no, place)] = read + 1
        return hands[place][read]

    def seat_cards(self, seat_no: int) -> list[Any]:
        self.turned.add(seat_no)
        return _cards(self.seat(seat_no).get("cards"), f"seat {seat_no}")

    def stub_count(self) -> Any:
        return self.sheet.get("stub_count", "correct")

    def stub_count_void_approved(self) -> bool:
        """The floorperson's answer to the void a wrong stub count asked for ("approved" unless given)."""
        answer = self.sheet.get("stub_count_void", "approved")
        if answer not in ("approved", "refused"):
            raise SheetError(f"the sheet: 'stub_count_void' is \"approved\" or \"refused\", not {answer!r}")
        if "stub_count_void" in self.sheet and self.sheet.get("stub_count", "correct") == "correct":
            raise SheetError("the sheet: 'stub_count_void' is given, but its stub count was correct: no void was asked")
        return answer == "approved"

    def answer(self, step: str) -> Any:
        """A value the round was given rather than computed (a card reader's peek), by step."""
        inputs = self.sheet.get("inputs", {})
        if not isinstance(inputs, Mapping) or step not in inputs:
            raise SheetError(f"the sheet has no input for the {step} step (\"inputs\": {{\"{step}\": ...}})")
        return inputs[step]

    def answer_claims(self, player: _Player) -> None:
        """A share of a progressive meter is paid from the meter's amount at the player's turn,
        which the sheet gives in ``meter_amounts``, one per claim in the order they were made."""
        readings = self.sheet.get("meter_amounts", [])
        if not isinstance(readings, list):
            raise SheetError("the sheet: 'meter_amounts' must be a list of dollar amounts")
        for claim in [claim for claim in player.round.claims if claim.pending]:
            if self.readings_used >= len(readings):
                raise SheetError(f"seat {claim.seat} won {claim.share} of meter {claim.meter}: the sheet needs the "
                                 "meter's amount at its turn (\"meter_amounts\": [\"10000.00\", ...])")
            try:
                reading = parse_dollars(readings[self.readings_used])
            except MoneyError as error:
                raise SheetError(f"meter_amounts: {error}") from None
            self.readings_used += 1
            amount = progressive.share_of_meter(reading, progressive.claim_percent(claim.share))
            player.act({"type": "resolve_claim", "claim": claim.id, "amount": amount, "meter_amount": reading})

    def check_all_used(self, rnd: RoundState) -> None:
        if self.readings_used < len(self.sheet.get("meter_amounts", [])):
            raise SheetError(f"the sheet gives {len(self.sheet['meter_amounts'])} meter amounts, but only "
                             f"{self.readings_used} progressive shares were won in this round")
        if self.board_dealt < len(self.board):
            raise SheetError(f"the board has {len(self.board)} cards, but only {self.board_dealt} were dealt in "
                             "this round")
        for key in ZONE_KEYS:
            if self.sheet.get(key) and key not in self.zones:
                raise SheetError(f"the {key} cards are given, but the round never reached their reveal")
            if isinstance(self.sheet.get(key), list) and 0 < self.zones.get(key, 0) < len(self.sheet[key]):
                raise SheetError(f"the {key} has {len(self.sheet[key])} cards, but only {self.zones[key]} were "
                                 "dealt in this round")
        for seat_key, seat in self.seats.items():
            if isinstance(seat, Mapping) and seat.get("cards") and int(seat_key) not in self.turned:
                raise SheetError(f"seat {seat_key}'s cards are given, but its hand is never turned in this round")
            hands = seat.get("hands", []) if isinstance(seat, Mapping) and not rnd.void else []
            for place, plays in enumerate(hands if isinstance(hands, list) else []):
                if isinstance(plays, list) and self.played.get((int(seat_key), place), 0) < len(plays):
                    raise SheetError(f"seat {seat_key}'s hand {place + 1} (in playing order) has "
                                     f"{len(plays)} plays, but the round used "
                                     f"{self.played.get((int(seat_key), place), 0)}")
            for name in seat.get("decisions", {}) if isinstance(seat, Mapping) and not rnd.void else ():
                if (str(int(seat_key)), name) not in self.decided:
                    raise SheetError(f"seat {seat_key} has a {name} decision, but the round never asked seat "
                                     f"{seat_key} for one")


def _cards(codes: Any, who: str) -> list[str]:
    if not isinstance(codes, list):
        raise SheetError(f"{who}: the cards are missing (a list of codes like [\"As\", \"Kd\"])")
    return codes


def settlement_sheet(rnd: RoundState) -> dict[str, Any]:
    paid, collected = totals(rnd.lines)
    return {
        "game": rnd.game.slug,
        "rules": {k: v for k, v in rnd.rules.items() if k not in ("stub_count_due", "training")},
        "void": ({"reason": rnd.void.label, "section": rnd.void.section} if rnd.void else None),
        "lines": [line.as_dict() for line in rnd.lines],
        "totals": {"paid": dollars(paid), "collected": dollars(collected)},
        "approvals": [approval.as_dict() for approval in rnd.approvals],
    }


def banked_sheet_from_log(game: Any, rules: Mapping[str, Any], actions: Iterable[Mapping[str, Any]],
                          shoe_order: list[str] | None = None, closing: RoundState | None = None) -> dict[str, Any]:
    """A banked round's sheet: the wagers, the decisions and the cards of each seat.  It is written
    from the round's last state: ``closing`` when given, unless an irregularity was reported, whose
    sheet entry names the step it was reported at, which only a replay sees."""
    actions = list(actions)
    if closing is not None and not any(action["type"] == "irregularity" for action in actions):
        rnd, irregularities = closing, []
    else:
        rnd, irregularities = _replayed(game, rules, actions, shoe_order)
    return _banked_sheet(game, rnd, actions, irregularities)


def _replayed(game: Any, rules: Mapping[str, Any], actions: list[Mapping[str, Any]],
              shoe_order: list[str] | None) -> tuple[RoundState, list[dict[str, Any]]]:
    """The round the actions lead to, and its irregularities with the step each was reported at
    and whether the floorperson approved the void it asked for."""
    rnd = RoundState(game, rules, shoe_order=shoe_order)
    irregularities = []
    for action in actions:
        if action["type"] == "irregularity":
            entry = {"at": rnd.prompt.step if rnd.prompt else "", **{k: v for k, v in action.items() if k != "type"}}
            irregularities.append(entry)
        elif action["type"] in ("approve", "refuse") and irregularities:
            approval = next(a for a in rnd.approvals if a.id == action.get("approval"))
            if approval.kind == "void":
                irregularities[-1]["approved"] = action["type"] == "approve"
        rnd = rnd.apply(action, logged=True)
    return rnd, irregularities


def _banked_sheet(game: Any, rnd: RoundState, actions: list[Mapping[str, Any]],
                  irregularities: list[dict[str, Any]]) -> dict[str, Any]:
    sheet: dict[str, Any] = {
        "version": SHEET_VERSION,
        "game": game.slug,
        "rules": {k: v for k, v in rnd.rules.items() if k not in ("stub_count_due", "training")},
        # The wagers placed before the deal: those placed by a decision are the decisions' (each step writes them).
        "seats": {str(number): {"wagers": {w: plain_dollars(a) for w, a in seat.wagers.items()
                                           if w in game.betting_wagers(rnd.rules)}}
                  for number, seat in sorted(rnd.seats.items())},
        **({"board": []} if "board" in rnd.zones else {}),
    }
    for step in rnd.steps:
        step.write_sheet(rnd, sheet)
    for number, seat in sorted(rnd.seats.items()):
        if seat.player:
            sheet["seats"][str(number)]["player"] = seat.player
        if seat.cards_shown:  # unless a step wrote them (the first two cards, where a hand then grew)
            sheet["seats"][str(number)].setdefault("cards", [card.code for card in seat.cards])
    if irregularities:
        sheet["irregularities"] = irregularities
    readings = [plain_dollars(action["meter_amount"]) for action in actions
                if action["type"] == "resolve_claim" and "meter_amount" in action]
    if readings:
        sheet["meter_amounts"] = readings
    return sheet


