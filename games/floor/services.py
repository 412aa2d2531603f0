"""What the floor changes: a floorperson's answer to a pending approval (applied to its round as a
tap), and which dealer deals at which table (assigned by a supervisor, or "I'm dealing this
table"), each in its own transaction and written to the audit trail.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.engine.core import Refused
from games.models import Approval, DealerAssignment, Round, Table
from games.people import audit, roles
from games.people.access import NotAllowed
from games.people.security import security_event
from games.table.replay import engine_round
from games.table.services import round_act


def approval_decide(*, approval_id: int, user, approve: bool, note: str = "") -> Round:
    """A floorperson's answer to a pending approval, applied to its round."""
    approval = Approval.objects.filter(pk=approval_id).select_related("round").first()
    if approval is None:
        raise Refused(f"There is no approval {approval_id}")
    # The approval is decided on its own, whatever the dealer's screen shows: the action names the
    # step the round is at (the approval's number keeps it from being decided twice).
    prompt = engine_round(approval.round).prompt
    action = {"type": "approve" if approve else "refuse", "step": prompt.step if prompt else "close",
              "approval": approval.number, "note": note}
    return round_act(round_id=approval.round_id, user=user, actions=[action], expected_seq=None)


@transaction.atomic
def dealer_assign(*, dealer_id: int, table_id: int | None, user, address: str = "") -> DealerAssignment | None:
    """A supervisor assigns a dealer to a table, which ends the dealer's assignment at any other
    one; with no table, ends the dealer's assignment.  Returns the new assignment.  ``address`` is
    where the request came from, for the security log."""
    if not roles.roles_of(user) & {roles.SUPERVISOR, roles.ADMINISTRATOR}:
        raise NotAllowed("Only a supervisor or an administrator can assign dealers to tables")
    dealer = get_user_model().objects.filter(pk=dealer_id, is_active=True).first()
    if dealer is None or roles.DEALER not in roles.roles_of(dealer):
        raise Refused(f"User {dealer_id} is not an active dealer" if dealer is None
                      else f"{dealer.get_username()} does not hold the dealer role")
    table = None
    if table_id is not None:
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise Refused(f"There is no table {table_id}")
    return _assign(dealer, table, by=user, how=DealerAssignment.How.ASSIGNED, address=address)


@transaction.atomic
def dealer_sign_in(*, table_id: int, user, address: str = "") -> DealerAssignment:
    """A dealer says "I'm dealing this table": their assignment moves here from any other table."""
    if roles.DEALER not in roles.roles_of(user):
        raise NotAllowed("Only a dealer can sign in at a table to deal")
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        raise Refused(f"There is no table {table_id}")
    return _assign(user, table, by=user, how=DealerAssignment.How.SIGNED_IN, address=address)


def _assign(dealer, table: Table | None, *, by, how: str, address: str) -> DealerAssignment | None:
    # The dealer's row lock serialises changes of one dealer's assignment (two tablets signing in at once).
    get_user_model().objects.select_for_update().filter(pk=dealer.pk).first()
    current = DealerAssignment.objects.filter(dealer=dealer, ended_at__isnull=True).select_related("table").first()
    if current is not None and table is not None and current.table_id == table.id:
        return current
    now = timezone.now()
    changes = []
    if current is not None:
        current.ended_at, current.ended_by = now, by
        current.save(update_fields=["ended_at", "ended_by"])
        changes.append(("dealer_unassigned", current.table.name))
    assignment = None
    if table is not None:
        assignment = DealerAssignment.objects.create(dealer=dealer, table=table, how=how, started_at=now,
                                                     started_by=by)
        changes.append(("dealer_assigned", table.name))
    was, now_at = (current.table.name if current else None), (table.name if table else None)
    if was is None and now_at is None:
        return None
    doing = "signed in at" if how == DealerAssignment.How.SIGNED_IN else "assigned to"
    audit.record(audit.Kind.DEALER_ASSIGNMENT, by, dealer, {"table": was}, {"table": now_at, "how": how},
                 f"{dealer.get_username()} {doing} table {now_at}" if now_at
                 else f"{dealer.get_username()}'s assignment at table {was} ended")

    def log() -> None:
        for event, table_name in changes:
            security_event(event, user=by, address=address, dealer=dealer.get_username(), table=table_name, how=how)

    transaction.on_commit(log)
    return assignment
