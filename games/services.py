"""The only code that changes the database.

Each command runs in one transaction, locks the round (or table) row, replays the round's
log through the engine, applies the action, appends it to the log and refreshes the
materialised wagers, settlement lines and approvals.  The change is broadcast to every tablet
of the table only after the transaction commits.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import IntegrityError, transaction
from django.utils import timezone

from games import roles
from games.engine.cards import Shoe
from games.engine.core import Refused, RoundState
from games.engine.registry import game_for
from games.inputs import NOTE_MAX
from games.models import Approval, Round, RoundEvent, SettlementLine, Table, Wager

logger = logging.getLogger(__name__)

STUB_COUNT_EVERY = 5  # rounds, § 647a.8(f)


class NotAllowed(Refused):
    """The user's role does not allow this action."""


def table_group(table_id: int) -> str:
    return f"table.{table_id}"


PIT_GROUP = "pit"


def engine_round(rnd: Round, events: Sequence[Mapping[str, Any]] | None = None) -> RoundState:
    """Rebuild the engine's state of a round from its log."""
    if events is None:
        events = [event.action for event in rnd.events.order_by("seq")]
    return RoundState.replay(game_for(rnd.game), rnd.rules, events, shoe_order=rnd.shoe_order)


def _broadcast(table_id: int, round_id: int, seq: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "table.changed", "table": table_id, "round": round_id, "seq": seq}
    async_to_sync(layer.group_send)(table_group(table_id), message)
    async_to_sync(layer.group_send)(PIT_GROUP, {"type": "pit.changed", "table": table_id})


def _on_commit_broadcast(rnd: Round) -> None:
    table_id, round_id, seq = rnd.table_id, rnd.id, rnd.seq
    transaction.on_commit(lambda: _broadcast(table_id, round_id, seq))


@transaction.atomic
def round_start(*, table_id: int, user) -> Round:
    if not roles.can_act(user, "deal"):
        raise NotAllowed("Only a dealer can start a round")
    table = Table.objects.select_for_update().get(pk=table_id)
    if table.rounds.filter(status=Round.Status.OPEN).exists():
        raise Refused(f"Table {table.name} already has a round in play")
    rules = dict(table.rules)
    rules["stub_count_due"] = table.rounds_since_stub_count >= STUB_COUNT_EVERY - 1
    game = game_for(table.game)
    game.validate_rules(rules)  # refuses a table whose configuration the chapter does not allow
    last = table.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    shoe_order = Shoe(game.deck.cards()).order() if table.training else None
    rnd = Round.objects.create(table=table, number=last + 1, game=table.game, rules=rules,
                               shoe_order=shoe_order, dealer=user)
    _on_commit_broadcast(rnd)
    return rnd


@transaction.atomic
def round_act(*, round_id: int, user, actions: Sequence[Mapping[str, Any]], expected_seq: int | None) -> Round:
    """Apply one tap's actions (all or none).  ``expected_seq`` is the number of events the
    tablet had seen: a double tap or a stale tablet carries an old number and is refused.
    A floorperson's decision names its approval instead (``None``): deciding it twice is refused
    by the engine, and the dealer may act in the meantime."""
    if not actions:
        raise Refused("Nothing to do")
    for action in actions:
        if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
            raise Refused(f"An action needs a type, got {action!r}")
        if not roles.can_act(user, action["type"]):
            who = "a floorperson" if action["type"] in roles.FLOOR_ACTIONS else "a dealer"
            raise NotAllowed(f"Only {who} can do this ({action['type'].replace('_', ' ')})")
    if expected_seq is None and any(action["type"] not in roles.FLOOR_ACTIONS for action in actions):
        raise Refused("This action carries no sequence number: the screen it was decided on is unknown, "
                      "so a repeated tap could not be told apart; the screen now shows the current state")
    rnd = Round.objects.select_for_update().select_related("table").get(pk=round_id)
    if any(action["type"] in roles.FLOOR_ACTIONS for action in actions):
        _check_segregation(rnd, user)
    if expected_seq is not None and expected_seq != rnd.seq:
        raise Refused("This round has moved on since your screen was drawn (another tablet acted, or the tap "
                      "was sent twice); the screen now shows the current state")
    state = engine_round(rnd)
    before = {approval.id: approval.status for approval in state.approvals}
    for action in actions:
        state = _apply(state, action)
    now = timezone.now()
    try:
        RoundEvent.objects.bulk_create([
            RoundEvent(round=rnd, seq=rnd.seq + offset + 1, action=dict(action), actor=user,
                       role=roles.acting_role(user, action["type"]))
            for offset, action in enumerate(actions)
        ])
    except IntegrityError:  # pragma: no cover - the row lock makes this unreachable; the constraint is the backstop
        raise Refused("Another tablet recorded this step first") from None
    rnd.seq += len(actions)
    if state.closed:
        rnd.status = Round.Status.VOID if state.void is not None else Round.Status.CLOSED
        rnd.closed_at = now
        _count_round_for_stub(rnd)
        from games import history  # here: history reads through selectors, which import this module

        history.record_round(rnd, state)
    _materialise(rnd, state, user, before, now)
    rnd.save()
    _on_commit_broadcast(rnd)
    return rnd


def _apply(state: RoundState, action: Mapping[str, Any]) -> RoundState:
    """The engine's answer to one action.  Actions come from tablets, so a value of the wrong
    shape (a list where a card code belongs) must be refused like any other bad input, not
    become a server error or a closed socket; it is logged with its traceback, because it also
    means that the engine's own checks missed it."""
    try:
        return state.apply(dict(action))
    except Refused:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        logger.warning("The engine failed on a malformed action %r", action, exc_info=True)
        raise Refused(f"The {str(action['type'])[:40]!r} action has values of the wrong form "
                      "(a list, number or text where another was expected); nothing was changed") from None


def _check_segregation(rnd: Round, user) -> None:
    """Segregation of duties: whoever dealt in a round never decides its payouts or its void,
    whatever other role they hold."""
    if rnd.dealer_id == user.pk or rnd.events.filter(actor=user, role=roles.DEALER).exists():
        raise NotAllowed(f"You took a dealer's action in round {rnd.number} of table {rnd.table.name}: "
                         "another floorperson must decide its approvals")


def _count_round_for_stub(rnd: Round) -> None:
    counted = rnd.events.filter(action__type="stub_count").exists()
    table = Table.objects.select_for_update().get(pk=rnd.table_id)
    table.rounds_since_stub_count = 0 if counted else table.rounds_since_stub_count + 1
    table.save(update_fields=["rounds_since_stub_count"])


def _materialise(rnd: Round, state: RoundState, user, before: Mapping[int, str], now) -> None:
    Wager.objects.filter(round=rnd).delete()
    Wager.objects.bulk_create([
        Wager(round=rnd, seat=seat.number, wager=wager, amount=amount)
        for seat in state.seats.values() for wager, amount in seat.wagers.items()
    ])
    SettlementLine.objects.filter(round=rnd).delete()
    SettlementLine.objects.bulk_create([
        SettlementLine(round=rnd, position=position, seat=line.seat, wager=line.wager, stake=line.stake,
                       outcome=line.outcome, amount=line.amount, odds=line.odds, section=line.section,
                       hand=line.hand[:200], note=line.note[:300], stake_collected=line.stake_collected)
        for position, line in enumerate(state.lines)
    ])
    rnd.total_paid = sum(line.amount for line in state.lines if line.outcome in ("win", "capped"))
    rnd.total_collected = sum(line.amount for line in state.lines if line.outcome == "lose")
    existing = {approval.number: approval for approval in rnd.approvals.all()}
    for approval in state.approvals:
        row = existing.get(approval.id)
        if row is None:
            Approval.objects.create(round=rnd, number=approval.id, kind=approval.kind, seat=approval.seat,
                                    reason=approval.reason, section=approval.section, note=approval.note,
                                    requested_at=now)
        elif before.get(approval.id) == "pending" and approval.status != "pending":
            row.status, row.note, row.decided_by, row.decided_at = approval.status, approval.note, user, now
            row.save()


def approval_decide(*, approval_id: int, user, approve: bool, note: str = "") -> Round:
    """A floorperson's answer to a pending approval, applied to its round."""
    if len(note) > NOTE_MAX:
        raise Refused(f"The note is {len(note)} characters long; at most {NOTE_MAX} are kept")
    approval = Approval.objects.filter(pk=approval_id).first()
    if approval is None:
        raise Refused(f"There is no approval {approval_id}")
    action = {"type": "approve" if approve else "refuse", "approval": approval.number, "note": note}
    return round_act(round_id=approval.round_id, user=user, actions=[action], expected_seq=None)


@transaction.atomic
def table_configure(*, table_id: int, user, rules: Mapping[str, Any], training: bool) -> Table:
    if roles.SUPERVISOR not in roles.roles_of(user):
        raise NotAllowed("Only a supervisor can change a table's Rules Submission options")
    table = Table.objects.select_for_update().get(pk=table_id)
    if table.rounds.filter(status=Round.Status.OPEN).exists():
        raise Refused(f"Table {table.name} has a round in play: close it before changing the rules")
    game_for(table.game).validate_rules(rules)
    table.rules, table.training = dict(rules), training
    table.save(update_fields=["rules", "training"])
    return table
