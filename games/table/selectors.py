"""Read-only views of a table and its round, as its tablets are shown them: the seats, the prompt,
the settlement, the offers to undo and correct."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Subquery
from django.urls import reverse

from games.engine import returns
from games.engine.cards import RANK_CHARS, SUIT_CHARS, Card
from games.engine.core import CAGE, RETURNED, Refused, RoundState, corrections, floor
from games.engine.core import SettlementLine as EngineLine
from games.engine.core.contract import GameRound
from games.models import (
    Round,
    RoundEvent,
    Table,
)
from games.people import roles
from games.progressives.selectors import Feed, table_feed
from games.table import shortcuts
from games.table.inputs import seat_seen
from games.table.poker_view import poker_round_view
from games.table.replay import engine_round

DEALING_LABELS = {
    "manual_shoe": "Dealt from a manual shoe",
    "hand": "Dealt from the hand",
    "automated_shoe": "Dealt from an automated shoe",
    "reshuffling_shoe": "Dealt from an automated reshuffling shoe",
}
SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def card_label(code: str) -> str:
    rank = "10" if code[0] == "T" else code[0]
    return f"{rank}{SUIT_SYMBOLS[code[1]]}"


@dataclass
class HandView:
    """One of a seat's hands, where a game plays several or says what a hand is ("soft 17")."""

    number: int
    cards: list[str]
    wagers: list[tuple[str, str, int]]  # (slug, label, cents)
    state: str
    active: bool = False
    plays: list[str] = field(default_factory=list)  # its decisions and cards after its first, in order


@dataclass
class SeatView:
    number: int
    wagers: list[tuple[str, str, int]]  # (slug, label, cents)
    cards: list[str]
    cards_shown: bool
    folded: bool
    lines: list[EngineLine] = field(default_factory=list)
    active: bool = False
    decisions: list[str] = field(default_factory=list)  # "flop decision: flop", in the order taken
    # Wagers the seat withdrew by a decision (Let It Ride's pulled Bet 1 or Bet 2): still listed
    # among its wagers (what it wagered), but no longer in action.
    withdrawn: list[str] = field(default_factory=list)
    player: int = 0  # the seat of the player who also wagers on this box (§ 677a.7(e)); 0: its own
    # Each of its hands with its cards, wagers and state, where the game has them (Spanish 21);
    # empty where the seat's one hand is shown by the fields above.
    hands: list[HandView] = field(default_factory=list)
    seen: str = ""  # its wagers as its wager form carries them back (games.table.inputs.seat_seen)


def current_round(table: Table) -> Round | None:
    return table.rounds.filter(status=Round.Status.OPEN).first() or table.rounds.order_by("-number").first()


def role_flags(user) -> dict[str, bool]:
    """What the user's roles show on the table.  A user who holds the dealer role sees the
    dealer's screen, whatever else they hold (they decide approvals from the pit); otherwise a
    floorperson or supervisor sees the floor's screen.  These are the only two variants a table
    is rendered in, so a change is rendered twice at most, whoever is watching."""
    user_roles = roles.roles_of(user)
    is_dealer = roles.DEALER in user_roles
    return {"is_dealer": is_dealer, "is_floor": not is_dealer and bool(user_roles & {roles.FLOORPERSON,
                                                                                     roles.SUPERVISOR})}


def table_state(table: Table, user, *, error: str = "") -> dict[str, Any]:
    """Everything the table fragment shows, for this user's roles."""
    return {**table_context(table, error=error), **role_flags(user)}


def _dealing(table: Table) -> str:
    """How the table deals (a banked game's dealing method), or what it deals (a Poker table's game)."""
    game = table.game_engine
    rules = {**game.default_rules, **table.rules}
    try:
        return DEALING_LABELS.get(rules.get("dealing_method", ""), "") or game.describe(rules)
    except Refused:
        return ""  # a configuration the chapter refuses: the round's start says why


# A tap a service has just committed: the table's current round, its engine state, and the role of
# each event the tap wrote, by seq.
Committed = tuple[Round, GameRound, Mapping[int, str]]


def table_context(table: Table, *, error: str = "", current: Committed | None = None) -> dict[str, Any]:
    """Everything the table fragment shows, the same for everyone (no role, no user).  ``current``
    is the table's current round, its engine state and the tap just written when the caller holds
    them already (the service that has just committed them), saving the reads.  A table read with
    ``fed`` (``meters_feed``), or a current round read with ``table_fed``, that no meter feeds shows
    no progressive without reading one."""
    rnd, state, tap = current if current is not None else (current_round(table), None, None)
    fed = getattr(table, "fed", getattr(current[0], "table_fed", None) if current is not None else None)
    context: dict[str, Any] = {
        "table": table,
        "game": table.game_engine,
        "round": rnd,
        "error": error,
        "seat_numbers": range(1, table.game_engine.seat_count + 1),
        "dealing": _dealing(table),
        "progressive": table_feed(table) if fed is not False else Feed([], None, ""),
    }
    if rnd is None:
        return context
    if state is None:
        state = engine_round(rnd)
    if rnd.status != Round.Status.OPEN:
        # The seats the next hand would deal in, where the last round says (Poker): its start is one tap.
        context["next_hand"] = getattr(state, "next_hand_seats", lambda: [])()
    context.update(round_view(rnd, state))
    context["act_url"] = reverse("round-act", args=[rnd.id])  # once, for every button of the round
    context["prompt"] = state.prompt if rnd.status == Round.Status.OPEN else None
    if context["prompt"] is not None:
        context.update(shortcuts.offers(rnd, state, down=context["progressive"].down))
    context["undo"] = undo_offer(rnd, state, tap) if rnd.status == Round.Status.OPEN else None
    # Entries only a floorperson's approval may correct now, and the cancel of a round started by mistake.
    context["corrections"] = state.correction_offers() if rnd.status == Round.Status.OPEN else []
    context["cancel"] = (getattr(state, "cancel_offer", lambda: None)() if rnd.status == Round.Status.OPEN
                         else None)
    context["picker"] = card_picker(state)
    context["irregularities"] = [i for k, i in state.game.irregularities.items() if not k.startswith("stub_")]
    # The approval rows mirror the engine's approvals: most rounds have none to read.
    context["approvals"] = (list(rnd.approvals.select_related("requested_by", "decided_by")) if state.approvals
                            else [])
    context.update(held_view(state))
    # The dealer has reached the settlement: it is drawn first, above the layout.
    context["settling"] = rnd.status != Round.Status.OPEN or any(
        getattr(line, "stage", "") == "settle" for line in getattr(state, "lines", ()))
    return context


def held_view(state: GameRound) -> dict[str, Any]:
    """The lines a pending approval holds (not to be paid yet), their seats, and for a seat held
    again after some of its lines were released and paid, what is held apart from what was paid:
    a released line stays released, and the seat's total never counts it twice."""
    held = floor.held_lines(state) if hasattr(state, "approvals") and hasattr(state, "lines") else set()
    seats = sorted({key[0] for key in held})
    partly = {}
    for seat in seats:
        lines = [line for line in state.lines if line.seat == seat]
        released = [line for line in lines if line.key not in held and line.pays]
        if released:
            partly[seat] = {"held": [line for line in lines if line.key in held],
                            "paid": [line for line in lines if line.key not in held]}
    return {"held_lines": held, "held_seats": seats, "partly_held": partly}


@dataclass(frozen=True)
class UndoOffer:
    """What the dealer's Undo takes back: the entries of their last tap still standing, as far as the
    engine lets the dealer take them back alone, in one tap of undos (all or none)."""

    actions: list[dict[str, Any]]  # the undos, in the order they are applied (latest entry first)
    entries: list[dict[str, Any]]  # what they take back, in the order it was entered
    text: str  # the button's words
    detail: str  # every entry it takes back
    kept: str = ""  # what of that tap stays, and why; "" when the whole tap goes


def tap_seqs(round_id: int, seq: int) -> set[int]:
    """The seqs of the events entered in one tap with event ``seq``: a tap's events are written
    together, with one time, actor and role (``services.round_act``), all of which the chain's
    hashes cover, so the log itself says where a tap begins and ends."""
    # Unordered: the events' default order joins their round for its own.
    mark = RoundEvent.objects.filter(round_id=round_id, seq=seq).order_by()
    return set(RoundEvent.objects.filter(
        round_id=round_id, created_at=Subquery(mark.values("created_at")),
        actor_id=Subquery(mark.values("actor_id")), role=Subquery(mark.values("role")),
    ).order_by().values_list("seq", flat=True))


def undo_offer(rnd: Round, state: GameRound, written: Mapping[int, str] | None = None) -> UndoOffer | None:
    """The dealer's Undo: everything their last tap entered that is still standing, when the engine
    lets them take it back alone (``undos``); only the latest part of it when an earlier entry of the
    tap can no longer be, saying so; nothing when its last entry cannot (a floorperson's decision,
    a draw of the table game system, an entry something depends on).  The log is read only when the
    engine offers an undo at all, and not when that entry is of the tap just ``written`` (the role
    of each of its events, by seq)."""
    first = state.undo_offer() if hasattr(state, "undo_offer") else None
    if first is None:
        return None
    standing = state.standing_entries()
    mark = standing[-1][0] + 1
    if written and mark in written:
        tap = {seq for seq, role in written.items() if role == written[mark]}
    else:
        tap = tap_seqs(rnd.id, mark)
    count = 0
    for index, _ in reversed(standing):
        if index + 1 not in tap:
            break
        count += 1
    if count <= 1:
        words = corrections.described(state, first[0])
        return UndoOffer([first[1]], [first[0]], words, words)
    found, why = state.undos(count)
    entries = [entry for entry, _ in reversed(found)]
    kept = ""
    if why:
        stays = [action for _, action in standing[-count:-len(found)]]
        kept = (f"Only the latest {len(found)} of that tap's {count} entries can be undone: "
                f"{corrections.described_tap(state, stays)} stay{'s' if len(stays) == 1 else ''}. {why}")
    return UndoOffer([undo for _, undo in found], entries, corrections.described_tap(state, entries),
                     "; ".join(corrections.described(state, entry) for entry in entries), kept)


def round_view(rnd: Round, state: GameRound) -> dict[str, Any]:
    """What the table's layout and the round's page show, as the game's family draws it."""
    return ROUND_VIEWS[state.game.family](rnd, state)


def banked_round_view(rnd: Round, state: RoundState) -> dict[str, Any]:
    game = state.game
    prompt = state.prompt
    seats = []
    for number in range(1, game.seat_count + 1):
        seat = state.seats.get(number)
        if seat is None:
            seats.append(SeatView(number, [], [], False, False))
            continue
        seats.append(SeatView(
            number,
            [(w, game.wager_label(w), amount) for w, amount in seat.wagers.items()],
            [card.code for card in seat.cards],
            seat.cards_shown,
            seat.folded,
            state.seat_lines(number),
            active=prompt is not None and prompt.seat == number,
            decisions=[f"{step.removesuffix('_decision').replace('_', ' ')}: {choice}"
                       for step, choice in seat.decisions.items()],
            withdrawn=[line.wager for line in state.seat_lines(number)
                       if line.stage == "decision" and line.outcome == RETURNED],
            player=seat.player,
            hands=hand_views(state, seat, prompt),
            seen=seat_seen(seat.wagers, seat.player),
        ))
    # Seats in the order they were settled; a wager settled by a decision (a fold, a pulled bet)
    # does not put its seat first.
    order = []
    for line in sorted(state.lines, key=lambda line: line.stage != "settle"):
        if line.seat not in order:
            order.append(line.seat)
    return {
        "state": state,
        "seats": seats,
        "has_board": "board" in state.zones,
        "collect_then_pay": collect_then_pay(state),
        "board": [card.code for card in state.board],
        "board_label": next((spec.label for spec in game.zones if spec.name == "board"), "Board"),
        # Community cards dealt face down with the players' (Let It Ride, Mississippi Stud) and not
        # turned yet: drawn as covers, so the dealer sees how many are still to come.
        "board_covers": ["cover"] * max(0, getattr(game, "community_cards_at_deal", 0) - len(state.board))
        if "deal" in state.completed_steps and state.void is None and not state.closed else [],
        "dealer_cards": [card.code for card in state.dealer_cards],
        "dealer_shown": state.dealer_shown,
        # The zones beside the board (the dealer's hand, bonus cards), each card face up or down.
        # A zone that says how many cards it holds (the dealer's five, one up) shows a cover for each
        # card not entered yet, and the count.
        "zones": [{"name": spec.name, "label": spec.label, "count": spec.cards,
                   "state": game.describe_zone(state, spec.name),
                   "covers": [""] * max(0, spec.cards - len(state.zones[spec.name].cards)),
                   "cards": [(card.code, up) for card, up in zip(state.zones[spec.name].cards,
                                                                 state.zones[spec.name].face_up, strict=True)]}
                  for spec in game.zones if spec.name != "board"],
        "settlement": [(seat, in_wager_order(state, seat)) for seat in order],
        # The seat settled last: the dealer's screen brings its lines into view.
        "latest_settled": next((line.seat for line in reversed(state.lines) if line.stage == "settle"), None),
        # Wins the cage pays (a share of a meter): the dealer keeps those players' cards on the layout.
        "cage_paid": [line for line in state.lines if line.payer == CAGE and line.outcome == "win"],
        # The table game system's draw for the Five Card Hand Bonus (the Magic Card, the Lucky position).
        "magic_draw": state.step_results.get("magic_draw"),
        "void": state.void,
        "layout_template": "games/table/layouts/banked.html",
        "adjacent_boxes": game.adjacent_boxes(state.rules),
    }


def hand_views(state: RoundState, seat, prompt) -> list[HandView]:
    """The seat's hands in the order they are played, where the game says what each is or the
    seat has split; none where its one hand needs no more than the seat's own fields."""
    game = state.game
    states = [game.describe_hand(state, seat, hand) for hand in seat.hands]
    if len(seat.hands) == 1 and not states[0]:
        return []
    return [HandView(hand.number, [card.code for card in hand.cards],
                     [(w, game.wager_label(w), amount) for w, amount in hand.wagers.items()], text,
                     active=prompt is not None and prompt.seat == seat.number and prompt.hand == hand.number,
                     plays=list(hand.plays))
            for hand, text in zip(seat.hands, states, strict=True)]


def collect_then_pay(state: RoundState) -> dict[str, list[EngineLine]] | None:
    """Where a table-wide pass collected every losing wager before paying any winner (§ 635a.7(p)(1)):
    its lines in that order, to collect and then to pay."""
    passes = [step for step in state.steps if getattr(step, "losers_first", False) and step.written(state)]
    if not passes:
        return None
    lines = [line for line in state.lines if line.stage == passes[-1].stage and line.outcome != "capped"]
    return {"section": passes[-1].section, "collect": [line for line in lines if line.outcome == "lose"],
            "pay": [line for line in lines if line.outcome == "win"]}


ROUND_VIEWS: dict[str, Callable[[Round, Any], dict[str, Any]]] = {
    "banked": banked_round_view, "poker": poker_round_view,
}


def in_wager_order(state: RoundState, seat_no: int) -> list[EngineLine]:
    """A seat's lines in the order they are settled, with a wager settled earlier by a decision
    (a fold, a pulled bet) put back among them in the order of the seat's wagers.  A seat settled
    by table-wide passes and at named steps (Spanish 21) keeps the order its lines were settled in."""
    lines = [line for line in state.seat_lines(seat_no) if line.stage == "settle"]
    if not lines:
        return state.seat_lines(seat_no)
    wagers = list(state.seats[seat_no].wagers)
    rank = {wager: index for index, wager in enumerate(wagers)}
    for decided in (line for line in state.seat_lines(seat_no) if line.stage != "settle"):
        # A line of a table-wide pass about no wager of the seat (an Envy Bonus) comes last.
        at = rank.get(decided.wager, len(wagers))
        later = (i for i, line in enumerate(lines) if rank.get(line.wager, len(wagers)) > at)
        lines.insert(next(later, len(lines)), decided)
    return lines


def card_picker(state: RoundState) -> list[list[dict[str, Any]]]:
    """Rows of the card picker, one per suit, as the table's deck has them: a rank the deck lacks
    (Spanish 21's tens) is not offered, a card may be picked as many times as the shoe still holds
    it (``left``: 7♠ 7♠ from six decks, once from one), and it is greyed out once every copy is used."""
    deck = state.deck
    used = Counter(state.used_cards())
    rows = []
    for suit in SUIT_CHARS:
        row = []
        for rank in reversed(RANK_CHARS):
            card = Card.parse(rank + suit)
            if deck.copies(card):
                # With several decks a card seen once is still offered; the picker says how many are out.
                row.append({"code": card.code, "label": card_label(card.code), "suit": suit,
                            "used": used[card] >= deck.copies(card), "left": max(0, deck.copies(card) - used[card]),
                            "out": used[card] if deck.copies(card) > 1 else 0})
        rows.append(row)
    return rows


def paytable_returns(game, option) -> list[dict[str, Any]]:
    """The exact theoretical return of each paytable a configuration option can select."""
    rows = []
    for letter, label in option.choices:
        if not letter:
            continue
        entry = returns.paytable_return_of(game.slug, option.paytable_wager, option.paytable_letter.format(letter))
        rows.append({"letter": letter, "label": label, "section": entry.section, "note": entry.note,
                     "expected": None if entry.expected is None else f"{float(entry.expected) * 100:+.4f}%"})
    return rows


# -- dealers at tables ------------------------------------------------------------------------------


# -- history ---------------------------------------------------------------------------------------


# -- progressive meters --------------------------------------------------------------------------------


