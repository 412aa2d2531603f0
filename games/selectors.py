"""Read-only views of tables and rounds for pages, pushes and exports."""

from __future__ import annotations

import csv
import functools
import io
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from games import chain, roles
from games.engine import returns
from games.engine.cards import RANK_CHARS, SUIT_CHARS, Card
from games.engine.core import RETURNED, RoundState
from games.engine.core import SettlementLine as EngineLine
from games.engine.money import plain_dollars
from games.engine.paytables import paytable
from games.models import Approval, DealerAssignment, Round, SettlementLine, Table
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
    player: int = 0  # the seat of the player who also wagers on this box (§ 677a.7(e)); 0: its own


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
    context["adjacent_boxes"] = state.game.adjacent_boxes(state.rules)
    context["picker"] = card_picker(state)
    context["irregularities"] = [i for k, i in state.game.irregularities.items() if not k.startswith("stub_")]
    context["approvals"] = list(rnd.approvals.select_related("decided_by"))
    return context


def round_view(rnd: Round, state: RoundState) -> dict[str, Any]:
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
        # The zones beside the board (the dealer's hand, bonus cards), each card face up or down.
        "zones": [{"name": spec.name, "label": spec.label,
                   "cards": [(card.code, up) for card, up in zip(state.zones[spec.name].cards,
                                                                 state.zones[spec.name].face_up, strict=True)]}
                  for spec in game.zones if spec.name != "board"],
        "settlement": [(seat, in_wager_order(state, seat)) for seat in order],
        "void": state.void,
    }


def in_wager_order(state: RoundState, seat_no: int) -> list[EngineLine]:
    """A seat's lines in the order they are settled, with a wager settled earlier by a decision
    (a fold, a pulled bet) put back among them in the order of the seat's wagers."""
    wagers = list(state.seats[seat_no].wagers)
    rank = {wager: index for index, wager in enumerate(wagers)}
    lines = [line for line in state.seat_lines(seat_no) if line.stage == "settle"]
    for decided in (line for line in state.seat_lines(seat_no) if line.stage != "settle"):
        later = (i for i, line in enumerate(lines) if rank.get(line.wager, len(wagers)) > rank[decided.wager])
        lines.insert(next(later, len(lines)), decided)
    return lines


def card_picker(state: RoundState) -> list[list[dict[str, Any]]]:
    """Rows of the card picker, one per suit, as the game's deck has them: a rank the deck lacks
    (Spanish 21's tens) is not offered, and a card is greyed out once every copy of it is used."""
    deck = state.game.deck
    used = Counter(state.used_cards())
    rows = []
    for suit in SUIT_CHARS:
        row = []
        for rank in reversed(RANK_CHARS):
            card = Card.parse(rank + suit)
            if deck.copies(card):
                row.append({"code": card.code, "label": card_label(card.code), "suit": suit,
                            "used": used[card] >= deck.copies(card)})
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
                   "table__name", "dealer__username")


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


def search_rounds(*, table_ids: list[int] | None = None, dealer_ids: list[int] | None = None, game: str = "",
                  status: str = "", since: datetime | None = None, until: datetime | None = None) -> QuerySet[Round]:
    """Rounds matching the history's filters, newest first, narrow.  Each filter has an index whose
    order is the history's (games/models.py), and dates are ranges of ``started_at`` (a ``__date``
    cast would hide it from every index)."""
    rounds = Round.objects.select_related("table", "dealer").only(*HISTORY_COLUMNS)
    if table_ids is not None:
        rounds = rounds.filter(table_id__in=table_ids)
    if dealer_ids is not None:
        rounds = rounds.filter(dealer_id__in=dealer_ids)
    if game:
        rounds = rounds.filter(game=game)
    if status:
        rounds = rounds.filter(status=status)
    if since is not None:
        rounds = rounds.filter(started_at__gte=since)
    if until is not None:
        rounds = rounds.filter(started_at__lt=until)
    return rounds.order_by("-started_at", "-id")


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


CSV_HEADER = ("table", "round", "game", "dealer", "started", "closed", "status", "paid", "collected", "log")
CSV_CHUNK = 64 * 1024  # bytes handed to the server at a time
CSV_BATCH = 500  # rounds read, verified and written at a time


def history_csv(rounds: QuerySet[Round], *, on_broken: Callable[[Round, list[chain.Break]], None] | None = None
                ) -> Iterator[bytes]:
    """The history's CSV of ``rounds``, in chunks, in constant memory: the rounds are read from a
    cursor and their logs and seals verified a batch at a time (``games.chain``); the last column
    says whether each round's log and row are intact, or where they first break (``on_broken`` is
    also told).  Times in UTC to the microsecond, dollars as 12.50."""
    yield (",".join(CSV_HEADER) + "\n").encode()
    # Every column the seal covers; not the record, which the CSV does not show (its digest is sealed).
    rounds = rounds.defer(None).defer("record")
    verified = chain.verify_rounds(rounds.iterator(chunk_size=CSV_BATCH), batch=CSV_BATCH, record=False)
    yield from _written(verified, on_broken)


def log_check(breaks: list[chain.Break]) -> str:
    """What the CSV says of a round's chain: "verified", or its first break."""
    if not breaks:
        return "verified"
    more = f" (and {len(breaks) - 1} more)" if len(breaks) > 1 else ""
    return f"BROKEN: {breaks[0]}{more}"


def _written(verified: Iterable[tuple[Round, list[chain.Break]]], on_broken) -> Iterator[bytes]:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for rnd, breaks in verified:
        if breaks and on_broken is not None:
            on_broken(rnd, breaks)
        writer.writerow([rnd.table.name, rnd.number, rnd.game, rnd.dealer.username,
                         rnd.started_at.astimezone(UTC).isoformat(timespec="microseconds"),
                         rnd.closed_at.astimezone(UTC).isoformat(timespec="microseconds") if rnd.closed_at else "",
                         rnd.status, plain_dollars(rnd.total_paid), plain_dollars(rnd.total_collected),
                         log_check(breaks)])
        if out.tell() >= CSV_CHUNK:
            yield out.getvalue().encode()
            out.seek(0)
            out.truncate()
    yield out.getvalue().encode()
