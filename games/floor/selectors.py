"""Read-only views of the floor: the pit's pending approvals, each with what a floorperson needs to
decide it; every table's status; the dealers at tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Exists, Max, OuterRef, QuerySet, Subquery

from games.engine.core.contract import GameRound
from games.models import (
    Approval,
    DealerAssignment,
    LinkedTable,
    Round,
    RoundEvent,
    SettlementLine,
    Table,
)
from games.people import roles
from games.table.replay import cached_state, engine_round


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
    link_down: str = ""  # why its table's progressive is unplayable now (§ 605a.8(c)), if it is

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
    # A seat held again (an Envy Bonus after its jackpot was released) is asked about its new lines
    # only: the lines another approval decided are not shown, nor counted, twice.
    approvals = getattr(state, "approvals", ())
    keys = {key for a in approvals if a.id == approval.number for key in a.lines}
    others = {key for a in approvals if a.id != approval.number and a.seat == approval.seat for key in a.lines}
    lines = [line for line in lines if _key(line) not in others]
    paid = [line for line in lines if line.outcome == "win" and (not keys or _key(line) in keys)]
    return PitRequest(approval, lines, wagers, _codes(getattr(seat, "cards", ())), _codes(getattr(state, "board", ())),
                      _codes(getattr(state, "dealer_cards", ())), sum(line.handed for line in paid))


def _key(line: SettlementLine) -> tuple[int, int, str, str]:
    return (line.seat, line.hand_no, line.wager, line.stage)


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
    # A round with a progressive says whether its link is down now (one read, only then).
    fed = {item.approval.round.table_id for item in items
           if getattr(states.get(item.approval.round_id), "rules", {}).get("progressives")}
    if fed:
        down = {member.table_id: member.unplayable
                for member in LinkedTable.objects.filter(table_id__in=fed).select_related("link", "table")}
        for item in items:
            item.link_down = down.get(item.approval.round.table_id, "")
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
