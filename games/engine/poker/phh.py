"""A Poker hand as a Poker Hand History (PHH) file, written and read with pokerkit's ``HandHistory``.

PHH names a game by a code for its variant and betting structure, and its specification (as
pokerkit reads it, ``HandHistory.game_types``) names eleven games only.  The chapter's games that
have one are written; the others (pot-limit Hold'em, Omaha High in limit or no limit, Omaha
High-low in pot limit or no limit, Seven-card Stud High-low without a qualifier) have no code in
PHH at all: their export is refused with a message, and the project's round sheet records them.

Amounts are dollars (``currency = 'USD'``).  The table's rules options, which PHH has no fields
for (the rake, the drops, the odd-chip rule), travel in the user-defined field
``_dealer_assist_rules``, so that ``settle_round`` settles an exported hand exactly; a PHH file
from elsewhere is settled with no rake and no drops.

PHH players are numbered in the order of the deal (p1 to the button's left, the button last);
``seats`` gives each one's seat at the table.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from pokerkit import (
    BoardDealing,
    BringInPosting,
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Folding,
    HandHistory,
    HoleCardsShowingOrMucking,
    HoleDealing,
)

from games.engine.core.records import Refused
from games.engine.core.sheets import SHEET_VERSION, SheetError
from games.engine.money import Cents, dollars, plain_dollars
from games.engine.poker.options import POSITIONS
from games.engine.poker.round import PokerRound
from games.engine.poker.seating import read_positions
from games.engine.poker.variants import LIMIT, NO_LIMIT, POT_LIMIT, STRUCTURES, VARIANTS

if TYPE_CHECKING:
    from games.engine.poker.game import PokerGame

CODES: dict[tuple[str, str], str] = {
    ("holdem", LIMIT): "FT", ("holdem", NO_LIMIT): "NT", ("omaha", POT_LIMIT): "PO", ("omaha_hilo", LIMIT): "FO/8",
    ("stud", LIMIT): "F7S", ("stud_hilo8", LIMIT): "F7S/8", ("razz", LIMIT): "FR",
}
GAMES_OF = {code: key for key, code in CODES.items()}
RULES_FIELD = "_dealer_assist_rules"
# Where the hand's blinds were (a dead button, a dead small blind) and who posted a big blind of their own:
# PHH writes the blinds by position, this says why, so that the hand replays here as it was dealt.
START_FIELD = "_dealer_assist_start"


def _start(rnd: PokerRound) -> dict[str, Any]:
    """Where the hand's blinds were, who posted one of their own, and the jackpot funds it started with."""
    owed = {str(seat): "missed" if rnd.flags_at_start[seat][1] else "new" for seat in rnd.posts}
    start = read_positions(rnd.rules.get(POSITIONS))
    return {**({"button": rnd.button, "blinds": list(rnd.blind_seats)} if rnd.blind_seats else {}),
            **({"posted": owed} if owed else {}),
            **({"funds": {k: v for k, v in start.funds.items() if v}} if any(start.funds.values()) else {}),
            **({"high_hand": {"seat": start.high_hand[0], "cards": list(start.high_hand[1])}}
               if start.high_hand else {})}


def _value(cents: Cents) -> int | Decimal:
    """Dollars as PHH writes them: a whole number, or a decimal with its cents."""
    return cents // 100 if cents % 100 == 0 else Decimal(plain_dollars(cents))


def _cents(value: Any, what: str) -> Cents:
    try:
        amount = Decimal(str(value)) * 100
    except InvalidOperation:
        raise SheetError(f"{what} is not an amount: {value!r}") from None
    if amount != amount.to_integral_value() or amount < 0:
        raise SheetError(f"{what} must be dollars and whole cents, not {value!r}")
    return int(amount)


def export(rnd: PokerRound, *, table: str = "", hand: int | None = None) -> str:
    """The hand as a PHH file."""
    options = rnd.options
    code = CODES.get((options.variant.key, options.structure))
    if code is None:
        raise Refused(f"PHH has no code for {options.variant.label} in {STRUCTURES[options.structure][0].lower()} "
                      f"(its specification names {', '.join(HandHistory.game_types)} only): the round sheet (JSON) "
                      "records this hand")
    if rnd.state is None:
        raise Refused("No hand was dealt in this round: there is no hand history to write")
    if rnd.void is not None:
        raise Refused(f"The hand is void ({rnd.void.label}): there is no hand history to write")
    state = rnd.state
    fields: dict[str, Any] = {"variant": code, "ante_trimming_status": rnd.ante_trimming,
                              "antes": [_value(ante) for ante in rnd.antes],
                              "starting_stacks": [_value(rnd.starting[seat]) for seat in rnd.order]}
    if options.stud:
        fields |= {"bring_in": _value(options.bring_in), "small_bet": _value(options.small_bet),
                   "big_bet": _value(options.big_bet)}
    else:
        fields["blinds_or_straddles"] = [_value(b) for b in rnd.blinds]
        fields |= ({"small_bet": _value(options.small_bet), "big_bet": _value(options.big_bet)} if options.limit
                   else {"min_bet": _value(options.big_blind)})
    finishing = rnd.final_stacks()
    history = HandHistory(
        **fields, actions=[a for op in state.operations if (a := _action(op)) is not None],
        seats=list(rnd.order), seat_count=rnd.game.seat_count, players=[f"Seat {seat}" for seat in rnd.order],
        finishing_stacks=[_value(finishing[seat]) for seat in rnd.order] if rnd.awarded else None,
        currency="USD", **({"table": table} if table else {}), **({"hand": hand} if hand is not None else {}),
        user_defined_fields={RULES_FIELD: {k: v for k, v in rnd.rules.items()
                                           if k not in (POSITIONS, "stub_count_due", "training")},
                             **({START_FIELD: start} if (start := _start(rnd)) else {})})
    return history.dumps() + "\n"


def _action(operation: Any) -> str | None:
    player = f"p{getattr(operation, 'player_index', -1) + 1}"
    match operation:
        case HoleDealing():
            return f"d dh {player} {''.join(map(repr, operation.cards))}"
        case BoardDealing():
            return f"d db {''.join(map(repr, operation.cards))}"
        case Folding():
            return f"{player} f"
        case CheckingOrCalling():
            return f"{player} cc"
        case BringInPosting():
            return f"{player} pb"
        case CompletionBettingOrRaisingTo():
            return f"{player} cbr {_value(operation.amount)}"
        case HoleCardsShowingOrMucking():
            return f"{player} sm {''.join(map(repr, operation.hole_cards))}".strip()
    return None  # posting, collecting and burning are PHH's own to replay


# -- reading -------------------------------------------------------------------------------------

def read(text: str) -> HandHistory:
    try:
        return HandHistory.loads(text)
    except Exception as error:  # tomllib, a missing field, a value of the wrong type: all say the file is bad
        raise SheetError(f"not a Poker Hand History (PHH) file: {error}") from None


def _rules(history: HandHistory) -> dict[str, Any]:
    """The table's options: as written by this project, or read from the PHH fields alone."""
    given = history.user_defined_fields.get(RULES_FIELD)
    if isinstance(given, Mapping):
        return dict(given)
    if history.variant not in GAMES_OF:
        raise SheetError(f"PHH variant {history.variant!r} is not a game of Chapter 637a "
                         f"(known: {', '.join(GAMES_OF)})")
    variant, structure = GAMES_OF[history.variant]
    rules: dict[str, Any] = {"variant": variant, "structure": structure, "rake_method": "none"}
    players = len(history.starting_stacks)
    antes = history.antes if isinstance(history.antes, list) else [history.antes] * players
    rules |= _antes([_cents(ante, "an ante") for ante in antes], players, stud=VARIANTS[variant].stud)
    if VARIANTS[variant].stud:
        rules |= {key: plain_dollars(_cents(getattr(history, key), key)) for key in ("bring_in", "small_bet",
                                                                                      "big_bet")}
    else:
        blinds = [_cents(b, "a blind") for b in history.blinds_or_straddles or []]
        posted = sorted(b for b in blinds if b)
        if len(posted) < 2:
            # § 637a.11(d) asks for a first Blind Bet and lets the Rules Submission add others; the tables here
            # post two, a small and a big blind, and a hand with fewer cannot be dealt as it was.
            given = f"one blind ({dollars(posted[0])})" if posted else "no blind"
            raise SheetError(f"the PHH file posts {given}: the tables here post a small blind and a big blind "
                             "(§ 637a.11(d)), so the hand cannot be settled as it was dealt")
        rules |= {"small_blind": plain_dollars(posted[0]), "big_blind": plain_dollars(posted[1]),
                  "straddle": len(posted) > 2}
        if structure == LIMIT:
            rules |= {"small_bet": plain_dollars(_cents(history.small_bet, "the small bet")),
                      "big_bet": plain_dollars(_cents(history.big_bet, "the big bet"))}
    # The smallest stakes a player may sit with: what the hand's forced bets and one bet need (§ 637a.8(b)(4)).
    forced = rules.get("bring_in") or rules["big_blind"]
    minimum = rules.get("small_bet") if VARIANTS[variant].stud or structure == LIMIT else rules["big_blind"]
    rules["min_buy_in"] = plain_dollars(sum(_cents(v, "an amount") for v in (rules["ante"], forced, minimum)))
    # The table's smallest chip, which the file does not give: the largest of at most $1 that makes every
    # amount in it (the stakes, the stacks, the bets), so that its pots are divided in whole chips (§ 637a.11(k)).
    bets = [words[2] for action in history.actions if len(words := action.split("#")[0].split()) == 3
            and words[1] == "cbr"]
    amounts = [_cents(v, "an amount") for v in (*antes, *(history.blinds_or_straddles or []),
                                                *history.starting_stacks, *bets)]
    amounts += [_cents(rules[key], key) for key in ("bring_in", "small_bet", "big_bet") if key in rules]
    rules["chip_unit"] = plain_dollars(math.gcd(100, *amounts))
    return rules


def _antes(antes: list[Cents], players: int, *, stud: bool) -> dict[str, Any]:
    """The Ante options of a PHH file's ``antes``, one entry a player in the order of the deal (missing
    entries are none): an Ante from each player, or one for the table from the big blind, the second
    player, as PHH lists the blinds (§ 637a.11(b): the Rules Submission says how it is placed)."""
    by_player = (antes + [0] * players)[:players]
    posted = [ante for ante in by_player if ante]
    if not posted:
        return {"ante": "0.00"}
    if len(posted) == players and len(set(posted)) == 1:
        return {"ante": plain_dollars(posted[0])}
    if not stud and len(posted) == 1 and by_player[1:2] == posted:
        return {"ante": plain_dollars(posted[0]), "big_blind_ante": True}
    raise SheetError(f"the PHH file's Antes ({', '.join(map(dollars, by_player))}) are neither one from each player "
                     "nor one from the big blind (the second player): the tables here take one or the other "
                     "(§ 637a.11(b))")


def to_sheet(game: PokerGame, text: str) -> dict[str, Any]:
    """The round sheet of a PHH file: its seats and stacks, then its actions as the engine takes them."""
    history = read(text)
    rules = _rules(history)
    stacks = [_cents(s, "a starting stack") for s in history.starting_stacks]
    seats = list(history.seats) if history.seats else list(range(1, len(stacks) + 1))
    if len(seats) != len(stacks):
        raise SheetError(f"the PHH file gives {len(stacks)} starting stacks for {len(seats)} seats")
    stud = VARIANTS[rules.get("variant", "holdem")].stud
    # The players are listed in the order of the deal: the button is the last (Stud has none).
    positions: dict[str, Any] = {
        "seats": {str(seat): {"stack": stack} for seat, stack in zip(seats, stacks, strict=True)},
        "button": None if stud else seats[-1], "moves": False}
    start = history.user_defined_fields.get(START_FIELD)
    if isinstance(start, Mapping):
        positions |= {"funds": start.get("funds"), "high_hand": start.get("high_hand")}
    if isinstance(start, Mapping) and not stud and start.get("blinds"):
        positions |= {"button": start.get("button"), "blinds": start.get("blinds")}
        posted = start.get("posted") or {}
        for seat, owed in (posted.items() if isinstance(posted, Mapping) else ()):
            if seat in positions["seats"] and owed in ("new", "missed"):
                positions["seats"][seat][owed] = True
    try:
        rnd = PokerRound(game, {**rules, POSITIONS: positions})
    except Refused as refusal:
        raise SheetError(f"the PHH file's game cannot be dealt here: {refusal}") from None
    posted = [b for b in history.blinds_or_straddles or [] if b]
    # A file of this project says where its blinds were: the Straddle is the one of twice the big blind
    # (a big blind a new player posts is another).  Elsewhere, a third blind is a Straddle.
    straddled = 2 * rnd.options.big_blind in [_cents(b, "a blind") for b in posted] if isinstance(start, Mapping) \
        else len(posted) > 2
    reader = _Reader(rnd, seats, list(history.actions))
    reader.play(straddled)
    return {
        "version": SHEET_VERSION, "game": game.slug, "rules": rules,
        "seats": {seat: {"stack": plain_dollars(value["stack"]),
                         **({"new": True} if value.get("new") else {}),
                         **({"missed_big_blind": True} if value.get("missed") else {})}
                  for seat, value in positions["seats"].items()},
        "button": positions["button"], "button_moves": False,
        **({"blinds": positions["blinds"]} if positions.get("blinds") else {}),
        **({"jackpot_funds": {k: plain_dollars(v) for k, v in positions["funds"].items()}}
           if positions.get("funds") else {}),
        **({"high_hand": positions["high_hand"]} if positions.get("high_hand") else {}), "actions": reader.sheet,
    }


class _Reader:
    """Turns PHH actions into the engine's, at the step the hand is at."""

    def __init__(self, rnd: PokerRound, seats: list[int], actions: list[str]):
        self.rnd, self.seats, self.actions = rnd, seats, [a.split("#")[0].strip() for a in actions]
        self.sheet: list[dict[str, Any]] = []

    def act(self, action: dict[str, Any]) -> None:
        step = self.rnd.current_step()
        try:
            self.rnd = self.rnd.apply({**action, "step": step.id})
        except Refused as refusal:
            raise SheetError(f"the PHH action does not follow the rules here: {refusal}") from None
        self.sheet.append(action)

    def seat(self, player: str) -> int:
        if not (player.startswith("p") and player[1:].isdigit() and 1 <= int(player[1:]) <= len(self.seats)):
            raise SheetError(f"{player!r} is not a player of this PHH file")
        return self.seats[int(player[1:]) - 1]

    def play(self, straddled: bool) -> None:
        self.act({"type": "start_hand"})
        if self.rnd.current_step().kind == "straddle":
            self.act({"type": "decide", "seat": self.rnd.current_step().seat,
                      "choice": "straddle" if straddled else "no_straddle"})
        actions = [a for a in self.actions if a]
        while actions:
            words = actions[0].split()
            step = self.rnd.current_step()
            if step is None or step.kind == "close":
                raise SheetError(f"the hand is over, but the PHH file goes on: {actions[0]!r}")
            if words[:2] == ["d", "dh"] and step.kind == "deal":
                cards = {}
                while actions and actions[0].split()[:2] == ["d", "dh"]:
                    _, _, player, dealt = actions.pop(0).split()
                    codes = _codes(dealt)
                    if all(codes):
                        cards[f"seat:{self.seat(player)}"] = codes
                self.act({"type": "deal", **({"cards": cards} if cards else {})})
                continue
            actions.pop(0)
            self.act(self._one(words))
        if self.rnd.current_step() is not None and self.rnd.current_step().kind != "close":
            raise SheetError(f"the PHH file stops before the hand ends (at {self.rnd.current_step().id})")

    def _one(self, words: list[str]) -> dict[str, Any]:
        match words:
            case ["d", "dh", player, dealt]:
                codes = [c for c in _codes(dealt) if c]
                return {"type": "cards", "target": f"seat:{self.seat(player)}", "cards": codes}
            case ["d", "db", dealt]:
                return {"type": "cards", "target": "board", "cards": _codes(dealt)}
            case [player, "f"]:
                return {"type": "decide", "seat": self.seat(player), "choice": "fold"}
            case [player, "pb"]:
                return {"type": "decide", "seat": self.seat(player), "choice": "bring_in"}
            case [player, "cc"]:
                kinds = [c.action["choice"] for c in self.rnd.prompt.choices]
                return {"type": "decide", "seat": self.seat(player), "choice": "call" if "call" in kinds else "check"}
            case [player, "cbr", amount]:
                kinds = [c.action["choice"] for c in self.rnd.prompt.choices]
                kind = next((k for k in ("raise", "complete", "bet") if k in kinds), "raise")
                return {"type": "decide", "seat": self.seat(player), "choice": kind,
                        "amount": plain_dollars(_cents(amount, "a bet"))}
            case [player, "sm"]:
                return {"type": "decide", "seat": self.seat(player), "choice": "muck"}
            case [player, "sm", "-"]:
                return {"type": "decide", "seat": self.seat(player), "choice": "show"}
            case [player, "sm", shown]:
                seat = self.seat(player)
                known = self.rnd.known[seat]
                codes = _codes(shown)
                if all(card is not None for card in known):
                    return {"type": "decide", "seat": seat, "choice": "show"}
                return {"type": "cards", "target": f"seat:{seat}",
                        "cards": [code for code, was in zip(codes, known, strict=False) if was is None and code]}
        raise SheetError(f"{' '.join(words)!r} is not a PHH action this engine reads")


def _codes(cards: str) -> list[str | None]:
    """'AsKd??' -> ['As', 'Kd', None]."""
    if len(cards) % 2:
        raise SheetError(f"{cards!r} is not a run of two-character cards")
    return [None if cards[i:i + 2] == "??" else cards[i:i + 2] for i in range(0, len(cards), 2)]
