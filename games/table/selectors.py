"""Read-only views of tables and rounds for pages, pushes and exports."""

from __future__ import annotations

import csv
import functools
import io
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from itertools import islice
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import BooleanField, Count, Exists, Max, OuterRef, Q, QuerySet, Subquery
from django.db.models.expressions import RawSQL
from django.db.models.fields.json import KT
from django.urls import reverse
from django.utils import timezone

from games.engine import returns
from games.engine.cards import RANK_CHARS, SUIT_CHARS, Card
from games.engine.core import CAGE, RETURNED, Refused, RoundState, corrections
from games.engine.core import SettlementLine as EngineLine
from games.engine.core.contract import GameRound
from games.engine.money import plain_dollars
from games.engine.paytables import paytable
from games.engine.registry import GAMES
from games.history import chain
from games.models import (
    Approval,
    DealerAssignment,
    Link,
    LinkedTable,
    Meter,
    ReliefDealer,
    Round,
    RoundEvent,
    SettlementLine,
    Table,
    Wager,
)
from games.people import roles
from games.table import shortcuts
from games.table.poker_view import poker_round_view
from games.table.replay import cached_state, engine_round

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


@dataclass
class Feed:
    """The progressive meters feeding a table (its own, or its link's), and why its progressive is
    unplayable now: the link is down or the table is off it (§ 605a.8(c)); "" while it operates."""

    meters: list[Meter]
    link: Link | None
    down: str


def column_sql(model, field: str) -> str:
    """A column of ``model``'s table as SQL, for a correlated subquery of a query on that table (the
    query's main table, which Django does not alias)."""
    q = connection.ops.quote_name
    return f"{q(model._meta.db_table)}.{q(model._meta.get_field(field).column)}"


def exists_sql(model, where: dict[str, str]) -> str:
    """``EXISTS`` a row of ``model`` whose columns (by field) equal the SQL expressions given."""
    q = connection.ops.quote_name
    table = q(model._meta.db_table)
    test = " AND ".join(f"{table}.{q(model._meta.get_field(field).column)} "
                        + ("IS NULL" if value is None else f"= {value}") for field, value in where.items())
    return f"EXISTS (SELECT 1 FROM {table} WHERE {test})"  # noqa: S608 (the models' names; values are SQL or %s)


def assigned_sql(model, field: str) -> str:
    """Whether the user whose id is the statement's parameter is assigned to the table of the row's
    ``field`` (of ``model``, the query's main table)."""
    return exists_sql(DealerAssignment, {"dealer": "%s", "table": column_sql(model, field), "ended_at": None})


def meters_feed(model, field: str) -> RawSQL:
    """Whether a meter may feed the table of the row's ``field`` (of ``model``, the query's main
    table): it has a meter of its own or is on a link.  Read with a row the caller reads anyway, so
    that the render of a table with neither (most of a floor) reads no meter and no link.  Plain
    SQL: the ORM's EXISTS cost more CPU to build than the reads it saves."""
    table = column_sql(model, field)
    sql = f"{exists_sql(Meter, {'table': table})} OR {exists_sql(LinkedTable, {'table': table})}"
    return RawSQL(sql, (), output_field=BooleanField())  # noqa: S611 - the models' names, no input


def table_feed(table: Table) -> Feed:
    membership = LinkedTable.objects.filter(table=table).select_related("link").first()
    meters = list(Meter.objects.filter(table=table).order_by("tier", "pk"))
    down = ""
    link = None
    if membership is not None:
        link = membership.link
        meters += list(Meter.objects.filter(link=link).order_by("tier", "pk"))
        if not link.operating:
            down = f"the link {link.name} is down" + (f" ({link.down_reason})" if link.down_reason else "")
        elif not membership.on_link:
            down = f"table {table.name} is off the link {link.name}"
    return Feed(meters, link, down)


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
    context.update(round_view(rnd, state))
    context["act_url"] = reverse("round-act", args=[rnd.id])  # once, for every button of the round
    context["prompt"] = state.prompt if rnd.status == Round.Status.OPEN else None
    if context["prompt"] is not None:
        context.update(shortcuts.offers(rnd, state))
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
    # Seats whose payout waits for a floorperson: their winning lines are not to be paid yet.
    context["held_seats"] = sorted({a.seat for a in state.approvals
                                    if a.kind == "payout" and a.status == "pending" and a.seat is not None})
    # The dealer has reached the settlement: it is drawn first, above the layout.
    context["settling"] = rnd.status != Round.Status.OPEN or any(
        getattr(line, "stage", "") == "settle" for line in getattr(state, "lines", ()))
    return context


@dataclass(frozen=True)
class UndoOffer:
    """What the dealer's Undo takes back: the entries of their last tap still standing, as far as the
    engine lets the dealer take them back alone, in one tap of undos (all or none)."""

    actions: list[dict[str, Any]]  # the undos, in the order they are applied (latest entry first)
    entries: list[dict[str, Any]]  # what they take back, in the order it was entered
    text: str  # the button's words; "" for a tap of one entry (its record, as before)
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
        return UndoOffer([first[1]], [first[0]], "", corrections.described(state, first[0]))
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
                   "covers": [""] * max(0, spec.cards - len(state.zones[spec.name].cards)),
                   "cards": [(card.code, up) for card, up in zip(state.zones[spec.name].cards,
                                                                 state.zones[spec.name].face_up, strict=True)]}
                  for spec in game.zones if spec.name != "board"],
        "settlement": [(seat, in_wager_order(state, seat)) for seat in order],
        # Wins the cage pays (a share of a meter): the dealer keeps those players' cards on the layout.
        "cage_paid": [line for line in state.lines if line.payer == CAGE and line.outcome == "win"],
        # The table game system's draw for the Five Card Hand Bonus (the Magic Card, the Lucky position).
        "magic_draw": state.step_results.get("magic_draw"),
        "void": state.void,
        "layout_template": "games/layouts/banked.html",
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
    passes = [step for step in state.steps if getattr(step, "losers_first", False) and step.id in state.completed_steps]
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
    (Spanish 21's tens) is not offered, and a card is greyed out once every copy of it is used."""
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
                            "used": used[card] >= deck.copies(card),
                            "out": used[card] if deck.copies(card) > 1 else 0})
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
        entry = _paytable_return(game.slug, option.paytable_wager, option.paytable_letter.format(letter))
        rows.append({"letter": letter, "label": label, "section": entry.section, "note": entry.note,
                     "expected": None if entry.expected is None else f"{float(entry.expected) * 100:+.4f}%"})
    return rows


def pending_approvals() -> QuerySet[Approval]:
    return (Approval.objects.filter(status=Approval.Status.PENDING)
            .select_related("round", "round__table", "round__dealer").order_by("requested_at"))


def live_pending() -> dict[str, int]:
    """How many approvals wait in the live pit (training rounds' are kept apart) and the newest's
    id: one query, for the navigation's badge on every page a floorperson opens."""
    live = Approval.objects.filter(status=Approval.Status.PENDING, round__shoe_order__isnull=True)
    found = live.aggregate(waiting=Count("id"), newest=Max("id"))
    return {"waiting": found["waiting"], "newest": found["newest"] or 0}


@dataclass
class PitRequest:
    """One pending approval with what a floorperson needs to decide it without walking to the table."""

    approval: Approval
    lines: list[SettlementLine]  # the lines of the seat it is about
    wagers: list[tuple[str, str, int]]  # that seat's wagers: (slug, label, cents)
    seat_cards: list[str]
    board: list[str]
    dealer_cards: list[str]
    amount: int  # cents: what its seat's winning lines pay

    @property
    def training(self) -> bool:
        return self.approval.round.shoe_order is not None


def _states_of(rounds: list[Round]) -> dict[int, GameRound]:
    """The engine state of each round: from this process's cache, or replayed from one read of
    every other round's log."""
    states = {rnd.id: state for rnd in rounds if (state := cached_state(rnd.id, rnd.seq)) is not None}
    missing = {rnd.id: rnd for rnd in rounds if rnd.id not in states}
    if missing:
        logs: dict[int, list[dict]] = {round_id: [] for round_id in missing}
        events = (RoundEvent.objects.filter(round_id__in=missing).order_by("round_id", "seq")
                  .values_list("round_id", "seq", "action"))
        for round_id, seq, action in events:
            if seq <= missing[round_id].seq:
                logs[round_id].append(action)
        for round_id, rnd in missing.items():
            states[round_id] = engine_round(rnd, logs[round_id])
    return states


def _codes(cards) -> list[str]:
    return [card.code for card in cards]


def pit_request(approval: Approval, state: GameRound | None, lines: list[SettlementLine]) -> PitRequest:
    seat = getattr(state, "seats", {}).get(approval.seat) if approval.seat else None
    game = approval.round.table.game_engine
    wagers = [(w, game.wager_label(w), amount) for w, amount in seat.wagers.items()] if seat is not None else []
    return PitRequest(approval, lines, wagers, _codes(getattr(seat, "cards", ())), _codes(getattr(state, "board", ())),
                      _codes(getattr(state, "dealer_cards", ())),
                      sum(line.amount for line in lines if line.outcome == "win"))


def pit_state() -> dict[str, Any]:
    """The pending approvals, each with the cards, wagers and lines of the seat it is about, the
    live ones apart from training rounds' (which never wait in the live pit), and each table's
    status: the same few queries however many approvals wait."""
    approvals = list(pending_approvals())
    lines: dict[tuple[int, int], list[SettlementLine]] = {}
    seats = {(approval.round_id, approval.seat) for approval in approvals if approval.seat}
    if seats:
        for line in SettlementLine.objects.filter(round_id__in={round_id for round_id, _ in seats}):
            if (line.round_id, line.seat) in seats:
                lines.setdefault((line.round_id, line.seat), []).append(line)
    states = _states_of(list({approval.round_id: approval.round for approval in approvals}.values()))
    items = [pit_request(approval, states.get(approval.round_id), lines.get((approval.round_id, approval.seat), []))
             for approval in approvals]
    live = [item for item in items if not item.training]
    return {"items": live, "training_items": [item for item in items if item.training],
            # The newest live request, as ``live_pending`` counts it: what the alert compares.
            "newest": max((item.approval.id for item in live), default=0),
            "tables": tables_with_status()}


def tables_with_status(tables: QuerySet[Table] | None = None) -> list[Table]:
    """Every table (or ``tables``) with its ``status``: "waiting" (an approval of its rounds waits
    for a floorperson), "in play" (a round is open) or "idle", and the position that status was
    read at (``status_position``: its latest round, 0 while that round is open and 1 once it has
    ended), which orders two pushes of it; one query."""
    pending = Approval.objects.filter(round__table=OuterRef("pk"), status=Approval.Status.PENDING)
    latest = Round.objects.filter(table=OuterRef("pk")).order_by("-number").values("id")[:1]
    tables = list((Table.objects.all() if tables is None else tables).annotate(
        open_round=Exists(Round.objects.filter(table=OuterRef("pk"), status=Round.Status.OPEN)),
        waiting=Exists(pending), latest_round=Subquery(latest)))
    for table in tables:
        table.status, table.status_position = _status(table.waiting, table.open_round, table.latest_round or 0)
    return tables


def table_with_status(table: Table, rnd: Round, state: GameRound) -> Table:
    """``tables_with_status`` for a table whose latest round, with its engine state, a service has
    just committed, without reading them: only the latest round can be open, and a round ends
    only once no approval of it is pending (a close waits for the floorperson's answers), so its
    approvals are the table's only ones that can wait."""
    waiting = any(approval.status == "pending" for approval in state.approvals)
    table.status, table.status_position = _status(waiting, rnd.status == Round.Status.OPEN, rnd.id)
    return table


def _status(waiting: bool, open_round: bool, latest_round: int) -> tuple[str, tuple[int, int]]:
    return ("waiting" if waiting else "in play" if open_round else "idle"), (latest_round, 0 if open_round else 1)


# -- dealers at tables ------------------------------------------------------------------------------

def current_assignment(user) -> DealerAssignment | None:
    return (DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True).select_related("table").first()
            if user.is_authenticated else None)


def dealer_seat(table: Table, user, *, error: str = "") -> dict[str, Any]:
    """What a dealer's bar on a table page shows: where they are assigned.  Per user, so never in
    the table's pushed fragment."""
    is_dealer = roles.DEALER in roles.roles_of(user)
    assignment = current_assignment(user) if is_dealer else None
    return {"table": table, "assignment": assignment, "is_dealer": is_dealer, "seat_error": error,
            "dealing_here": assignment is not None and assignment.table_id == table.id}


ASSIGNMENT_CHANGES_SHOWN = 50


def dealer_roster() -> dict[str, Any]:
    """Every active dealer with their table, the tables, and the latest assignment changes."""
    dealers = list(get_user_model().objects.filter(is_active=True, groups__name=roles.DEALER).order_by("username"))
    current = {a.dealer_id: a for a in DealerAssignment.objects.filter(ended_at__isnull=True).select_related("table")}
    changes = DealerAssignment.objects.select_related("dealer", "table", "started_by", "ended_by").order_by(
        "-started_at", "-id")[:ASSIGNMENT_CHANGES_SHOWN]
    return {"dealers": [(dealer, current.get(dealer.pk)) for dealer in dealers], "tables": list(Table.objects.all()),
            "changes": list(changes)}


# -- history ---------------------------------------------------------------------------------------

HISTORY_PAGE_SIZE = 50
# The history says "1,000+ rounds" rather than count a million rows for every page.
HISTORY_COUNT_CAP = 1000
# What the list shows of a round: the record written at close stays behind.
HISTORY_COLUMNS = ("id", "number", "game", "status", "started_at", "closed_at", "total_paid", "total_collected",
                   "shoe_order", "table__name", "dealer__username")  # a training round has its virtual shoe


@dataclass(frozen=True)
class Cursor:
    """A place in the history's order (-started_at, -id), written into the newer/older links.

    >>> from datetime import datetime, timezone
    >>> token = Cursor(datetime(2026, 11, 23, 19, 5, 1, 250, tzinfo=timezone.utc), 42).token()
    >>> token, Cursor.parse(token).id
    ('1795460701000250-42', 42)
    """

    started_at: datetime
    id: int

    def token(self) -> str:
        delta = self.started_at - EPOCH
        return f"{(delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds}-{self.id}"

    @classmethod
    def parse(cls, token: str) -> Cursor:
        """Raises ValueError for anything ``token`` did not write."""
        micros, _, pk = token.partition("-")
        try:
            return cls(EPOCH + timedelta(microseconds=int(micros)), int(pk))
        except OverflowError:
            raise ValueError(f"{token!r} is beyond any date") from None

    @classmethod
    def of(cls, rnd: Round) -> Cursor:
        return cls(rnd.started_at, rnd.id)


EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass
class HistoryPage:
    rounds: list[Round]
    newer: Cursor | None  # the link to the rounds just newer than this page, if any
    older: Cursor | None
    count: int  # the number of matching rounds, up to HISTORY_COUNT_CAP + 1
    count_capped: bool


def rounds_dealt_by(rounds: QuerySet[Round], dealers: Iterable[Any]) -> QuerySet[Round]:
    """The rounds any of ``dealers`` (users or their ids) dealt: started, or tapped in as a dealer (a
    relief dealer who took over the table mid-round), each event naming who took it."""
    ids = [getattr(dealer, "pk", dealer) for dealer in dealers]
    # The few rounds relieved, as a list: with the dealer's own index the database then reads the
    # matching rounds alone (an OR with a subquery would scan every round to count them).
    relieved = list(ReliefDealer.objects.filter(dealer_id__in=ids).values_list("round_id", flat=True))
    return rounds.filter(Q(dealer_id__in=ids) | Q(pk__in=relieved)) if relieved else rounds.filter(dealer_id__in=ids)


def history_rounds() -> QuerySet[Round]:
    """Every round as the history lists it, newest first, narrow: its filters
    (``games.history.filters``) each read an index whose order is the history's (games/models.py)."""
    return Round.objects.select_related("table", "dealer").only(*HISTORY_COLUMNS).order_by("-started_at", "-id")


def _beyond(rounds: QuerySet[Round], cursor: Cursor, *, older: bool) -> QuerySet[Round]:
    """The rounds strictly older (or newer) than the cursor, in the history's order.  The bound on
    started_at alone is what the index scan starts from; the id breaks ties within one instant."""
    if older:
        return rounds.filter(Q(started_at__lt=cursor.started_at) | Q(started_at=cursor.started_at, id__lt=cursor.id),
                             started_at__lte=cursor.started_at)
    return rounds.filter(Q(started_at__gt=cursor.started_at) | Q(started_at=cursor.started_at, id__gt=cursor.id),
                         started_at__gte=cursor.started_at)


def history_page(rounds: QuerySet[Round], *, older: Cursor | None = None, newer: Cursor | None = None,
                 size: int | None = None) -> HistoryPage:
    """One page of ``rounds`` by keyset: the first page, or the page just older than ``older``, or
    just newer than ``newer`` (the first page when fewer than a page are newer).  A round inserted
    meanwhile never shifts a page, so paging older lists every round once."""
    size = size or HISTORY_PAGE_SIZE
    if newer is not None:
        rows = list(_beyond(rounds, newer, older=False).order_by("started_at", "id")[:size + 1])
        if len(rows) <= size:  # the newest rounds: that is the first page
            return history_page(rounds, size=size)
        rows = rows[:size][::-1]
        has_newer, has_older = True, True
    else:
        page = _beyond(rounds, older, older=True) if older is not None else rounds
        rows = list(page[:size + 1])
        has_older, has_newer = len(rows) > size, older is not None
        rows = rows[:size]
    count = rounds.order_by().values("id")[:HISTORY_COUNT_CAP + 1].count()
    return HistoryPage(rows, Cursor.of(rows[0]) if has_newer and rows else None,
                       Cursor.of(rows[-1]) if has_older and rows else None,
                       min(count, HISTORY_COUNT_CAP), count > HISTORY_COUNT_CAP)


CSV_HEADER = ("table", "round", "game", "dealer", "started", "closed", "status", "training", "seats", "wagers",
              "drop", "paid", "collected", "win", "void", "approvals", "approval_statuses", "decided_by", "log")
CSV_CHUNK = 64 * 1024  # bytes handed to the server at a time
CSV_BATCH = 500  # rounds read, verified and written at a time


def history_csv(rounds: QuerySet[Round], *, on_broken: Callable[[Round, list[chain.Break]], None] | None = None
                ) -> Iterator[bytes]:
    """The history's CSV of ``rounds``, in chunks, in constant memory: the rounds are read from a
    cursor, and a batch at a time their wagers and approvals are read and their logs and seals
    verified (``games.history.chain``); the last column says whether each round's log and row are intact,
    or where they first break (``on_broken`` is also told).  Names, not slugs; times in the
    casino's time zone with their offset, to the microsecond, as the screens show them; dollars
    as 12.50."""
    yield (",".join(CSV_HEADER) + "\n").encode()
    # Every column the seal covers; not the record, which the CSV does not show but for the void's
    # reason, read out of it by the database (its digest is sealed).
    rounds = rounds.defer(None).defer("record").annotate(void_label=KT("record__page__void__label"),
                                                         void_section=KT("record__page__void__section"))
    yield from _written(_with_holdings(rounds.iterator(chunk_size=CSV_BATCH)), on_broken)


@dataclass
class Holdings:
    """What the CSV shows of a round besides its own row: its wagers and approvals, in order."""

    wagers: list[tuple[int, int, str, int]] = field(default_factory=list)  # (seat, hand, wager, cents)
    approvals: list[tuple[str, str]] = field(default_factory=list)  # (status, decided by's username or "")


def _with_holdings(rounds: Iterator[Round]) -> Iterator[tuple[Round, list[chain.Break], Holdings]]:
    """Each round with its breaks and holdings, CSV_BATCH rounds at a time: their wagers, their
    approvals (with who decided them), and the events and approvals their chains are checked with,
    four reads a batch."""
    while batch := list(islice(rounds, CSV_BATCH)):
        yield from _batch_with_holdings(batch)


def _batch_with_holdings(batch: list[Round]) -> Iterator[tuple[Round, list[chain.Break], Holdings]]:
    ids = [rnd.id for rnd in batch]
    held = {pk: Holdings() for pk in ids}
    for round_id, *wager in (Wager.objects.filter(round_id__in=ids).order_by("round_id", "seat", "hand_no", "id")
                             .values_list("round_id", "seat", "hand_no", "wager", "amount")):
        held[round_id].wagers.append(tuple(wager))
    for round_id, status, decider in (Approval.objects.filter(round_id__in=ids).order_by("round_id", "number")
                                      .values_list("round_id", "status", "decided_by__username")):
        held[round_id].approvals.append((status, decider or ""))
    for rnd, breaks in chain.verify_rounds(batch, batch=len(batch), record=False):
        yield rnd, breaks, held[rnd.id]


def _local(moment) -> str:
    """"2026-11-24T09:15:02.123456-05:00": the casino's time, its offset written in."""
    return timezone.localtime(moment).isoformat(timespec="microseconds")


def log_check(breaks: list[chain.Break]) -> str:
    """What the CSV says of a round's chain: "verified", or its first break."""
    if not breaks:
        return "verified"
    more = f" (and {len(breaks) - 1} more)" if len(breaks) > 1 else ""
    return f"BROKEN: {breaks[0]}{more}"


def _csv_row(rnd: Round, breaks: list[chain.Break], held: Holdings) -> list:
    game = GAMES.get(rnd.game)
    label = game.wager_label if game is not None else str
    seats: dict[int, list[str]] = {}
    for seat, hand, wager, amount in held.wagers:
        which = f" (hand {hand})" if hand > 1 else ""
        seats.setdefault(seat, []).append(f"{label(wager)}{which} {plain_dollars(amount)}")
    void = rnd.void_label or ""
    if void and rnd.void_section:
        void += f" ({rnd.void_section})"
    deciders = list(dict.fromkeys(user for _, user in held.approvals if user))
    return [rnd.table.name, rnd.number, game.name if game is not None else rnd.game, rnd.dealer.username,
            _local(rnd.started_at), _local(rnd.closed_at) if rnd.closed_at else "", rnd.get_status_display(),
            "yes" if rnd.shoe_order is not None else "no",
            ", ".join(str(seat) for seat in seats),
            "; ".join(f"{seat}: {', '.join(wagers)}" for seat, wagers in seats.items()),
            plain_dollars(sum(amount for *_, amount in held.wagers)),
            plain_dollars(rnd.total_paid), plain_dollars(rnd.total_collected),
            plain_dollars(rnd.total_collected - rnd.total_paid), void,
            len(held.approvals), "; ".join(status for status, _ in held.approvals), "; ".join(deciders),
            log_check(breaks)]


def _written(rows: Iterable[tuple[Round, list[chain.Break], Holdings]], on_broken) -> Iterator[bytes]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for rnd, breaks, held in rows:
        if breaks and on_broken is not None:
            on_broken(rnd, breaks)
        writer.writerow(_csv_row(rnd, breaks, held))
        if out.tell() >= CSV_CHUNK:
            yield out.getvalue().encode()
            out.seek(0)
            out.truncate()
    yield out.getvalue().encode()


def _in_chunks(blocks: Iterable[bytes]) -> Iterator[bytes]:
    """Blocks (a COPY sends one per row) gathered into chunks of about CSV_CHUNK bytes."""
    chunk, size = [], 0
    for block in blocks:
        chunk.append(block)
        size += len(block)
        if size >= CSV_CHUNK:
            yield b"".join(chunk)
            chunk, size = [], 0
    if chunk:
        yield b"".join(chunk)


# -- progressive meters --------------------------------------------------------------------------------

@dataclass
class MeterView:
    meter: Meter
    fed: list[str]  # the tables it feeds
    attendant_paid: int  # § 605a.7(a)(3): jackpots paid by an attendant (the cage), in cents
    table_paid: int  # § 605a.7(a)(2): paid by the table itself (an electronic table; 0 at a live table)
    cumulative: int  # § 605a.7(a)(4): every jackpot paid


def progressives_overview() -> dict[str, Any]:
    """The links and meters of the facility, with the payout meters of § 605a.7(a)(2)-(4) summed
    from each ledger (kept as entries, never as a separate counter that could drift)."""
    from django.db.models import Sum

    from games.engine.core import CAGE
    from games.models import MeterEntry

    paid = {(row["meter"], row["payer"]): -row["total"] for row in
            MeterEntry.objects.filter(kind="payout").values("meter", "payer").annotate(total=Sum("amount"))}
    links = list(Link.objects.prefetch_related("members__table"))
    members = {link.pk: [m.table.name for m in link.members.all() if m.on_link] for link in links}
    views = []
    for meter in Meter.objects.select_related("table", "link"):
        fed = [meter.table.name] if meter.table_id else members.get(meter.link_id, [])
        attendant = paid.get((meter.pk, CAGE), 0)
        table = sum(total for (pk, payer), total in paid.items() if pk == meter.pk and payer != CAGE)
        views.append(MeterView(meter, fed, attendant, table, attendant + table))
    linked = set(LinkedTable.objects.values_list("table_id", flat=True))
    own = set(Meter.objects.filter(table__isnull=False).values_list("table_id", flat=True))
    return {"links": links, "meters": views,
            "free_tables": [t for t in Table.objects.all() if t.pk not in linked and t.pk not in own],
            "tables": list(Table.objects.all())}
