"""Read-only views of tables and rounds for pages, pushes and exports."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from games import roles
from games.engine import returns
from games.engine.cards import RANK_CHARS, SUIT_CHARS
from games.engine.paytables import paytable
from games.engine.procedure import RETURNED
from games.engine.procedure import Round as EngineRound
from games.engine.procedure import SettlementLine as EngineLine
from games.models import Approval, Round, SettlementLine, Table
from games.replay import engine_round

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


def table_context(table: Table, *, error: str = "") -> dict[str, Any]:
    """Everything the table fragment shows, the same for everyone (no role, no user)."""
    rnd = current_round(table)
    context: dict[str, Any] = {
        "table": table,
        "game": table.game_engine,
        "round": rnd,
        "error": error,
        "seat_numbers": range(1, table.game_engine.seat_count + 1),
        "dealing": DEALING_LABELS.get(table.rules.get("dealing_method", "manual_shoe"), ""),
    }
    if rnd is None:
        return context
    state = engine_round(rnd)
    context.update(round_view(rnd, state))
    context["prompt"] = state.prompt if rnd.status == Round.Status.OPEN else None
    context["betting_wagers"] = [(w, state.game.wager_label(w)) for w in state.game.betting_wagers(state.rules)]
    context["picker"] = card_picker(state)
    context["irregularities"] = [i for k, i in state.game.irregularities.items() if not k.startswith("stub_")]
    context["approvals"] = list(rnd.approvals.select_related("decided_by"))
    return context


def round_view(rnd: Round, state: EngineRound) -> dict[str, Any]:
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
        "board": [card.code for card in state.board],
        "dealer_cards": [card.code for card in state.dealer_cards],
        "dealer_shown": state.dealer_shown,
        "settlement": [(seat, in_wager_order(state, seat)) for seat in order],
        "void": state.void,
    }


def in_wager_order(state: EngineRound, seat_no: int) -> list[EngineLine]:
    """A seat's lines in the order they are settled, with a wager settled earlier by a decision
    (a fold, a pulled bet) put back among them in the order of the seat's wagers."""
    wagers = list(state.seats[seat_no].wagers)
    rank = {wager: index for index, wager in enumerate(wagers)}
    lines = [line for line in state.seat_lines(seat_no) if line.stage == "settle"]
    for decided in (line for line in state.seat_lines(seat_no) if line.stage != "settle"):
        later = (i for i, line in enumerate(lines) if rank.get(line.wager, len(wagers)) > rank[decided.wager])
        lines.insert(next(later, len(lines)), decided)
    return lines


def card_picker(state: EngineRound) -> list[list[dict[str, Any]]]:
    """Rows of the 52-card picker, one per suit, with the cards already used greyed out."""
    used = {card.code for card in state.used_cards()}
    rows = []
    for suit in SUIT_CHARS:
        row = []
        for rank in reversed(RANK_CHARS):
            code = rank + suit
            row.append({"code": code, "label": card_label(code), "used": code in used, "suit": suit})
        rows.append(row)
    return rows


@functools.cache
def _paytable_return(game: str, wager: str, letter: str):
    return returns.paytable_return(paytable(game, wager, letter))


def paytable_returns(game, option) -> list[dict[str, Any]]:
    """The exact theoretical return of each paytable a configuration option can select."""
    rows = []
    for letter, label in option.choices:
        if not letter:
            continue
        entry = _paytable_return(game.slug, option.paytable_wager, letter)
        rows.append({"letter": letter, "label": label, "section": entry.section, "note": entry.note,
                     "expected": None if entry.expected is None else f"{float(entry.expected) * 100:+.4f}%"})
    return rows


def pending_approvals() -> QuerySet[Approval]:
    return (Approval.objects.filter(status=Approval.Status.PENDING)
            .select_related("round", "round__table").order_by("requested_at"))


def pit_state() -> dict[str, Any]:
    """The pending approvals, each with the lines of the seat it is about: three queries,
    however many approvals wait."""
    approvals = list(pending_approvals())
    lines: dict[tuple[int, int], list[SettlementLine]] = {}
    seats = {(approval.round_id, approval.seat) for approval in approvals if approval.seat}
    if seats:
        for line in SettlementLine.objects.filter(round_id__in={round_id for round_id, _ in seats}):
            if (line.round_id, line.seat) in seats:
                lines.setdefault((line.round_id, line.seat), []).append(line)
    items = [{"approval": approval, "lines": lines.get((approval.round_id, approval.seat), [])}
             for approval in approvals]
    return {"items": items, "tables": list(Table.objects.all())}


def search_rounds(*, table: str = "", dealer: str = "", game: str = "", date_from=None, date_to=None,
                  status: str = "") -> QuerySet[Round]:
    rounds = Round.objects.select_related("table", "dealer")
    if table:
        rounds = rounds.filter(table__name__iexact=table)
    if dealer:
        rounds = rounds.filter(dealer__username__iexact=dealer)
    if game:
        rounds = rounds.filter(game=game)
    if date_from:
        rounds = rounds.filter(started_at__date__gte=date_from)
    if date_to:
        rounds = rounds.filter(started_at__date__lte=date_to)
    if status:
        rounds = rounds.filter(status=status)
    return rounds.order_by("-started_at", "-id")
