"""The audit trail: who changed a table's rules, a meter, a user's roles or a round's record, when,
and what it was before and after.

Each change is recorded by ``record`` from the code that makes it, in the same transaction, so an
entry exists exactly when its change was committed.  Entries are append-only
(``models.AuditEntry``).  The services record their own changes (tables, meters, links, dealers'
assignments); ``round_changes`` records a round's corrections and its void from ``round_act``;
a user's roles (groups and the staff, superuser and active flags) are recorded from Django's
signals wherever they change, or once per save by the admin's user form (``user_form_saved``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.db.models.signals import m2m_changed, post_save, pre_save

from games.common import hashing
from games.engine.money import dollars
from games.models import AuditEntry, DealerAssignment, Link, Meter, Round, Table

Kind = AuditEntry.Kind

# The round actions whose acceptance is audited as a correction of the round's record: adding a
# type here is all it takes (its entry says what the round's last standing entry was before and after).
AUDITED_ROUND_ACTIONS = frozenset({"undo", "correct", "cancel"})
# A floorperson's answer is audited when it decides a correction (approved: the round goes back).
DECISIONS = frozenset({"approve", "refuse"})

# What a user's roles are: their groups and the flags that give rights.
USER_FLAGS = ("is_active", "is_staff", "is_superuser")


def subject_of(thing: Any) -> tuple[str, str, int | None]:
    """(the text an entry names it by, its type, its id)."""
    if isinstance(thing, Round):
        return f"{thing.table.name} round {thing.number}", "round", thing.pk
    if isinstance(thing, Table):
        return f"table {thing.name}", "table", thing.pk
    if isinstance(thing, Meter):
        return f"meter {thing.name}", "meter", thing.pk
    if isinstance(thing, Link):
        return f"link {thing.name}", "link", thing.pk
    if isinstance(thing, DealerAssignment):
        return f"dealer {thing.dealer.get_username()}", "user", thing.dealer_id
    if isinstance(thing, get_user_model()):
        return f"user {thing.get_username()}", "user", thing.pk
    return str(thing)[:200], "", None


# What an entry's hash covers (``games.common.hashing``), and what the trail's first entry links to.
AUDIT_FIELDS = ("created_at", "actor_id", "kind", "subject", "object_type", "object_id", "before", "after", "summary")
AUDIT_KIND = "audit entry"
AUDIT_START = hashing.digest("audit trail")
# The PostgreSQL advisory lock an entry is appended under: two transactions never link to the same entry.
APPEND_LOCK = 0x6175646974  # "audit"


def record(kind: str, actor, subject: Any, before: Any, after: Any, summary: str) -> AuditEntry:
    """Write one entry, chained to the one before.  ``actor`` is the user who made the change (None
    outside the app: a command, the shell); ``subject`` a table, round, meter, link or user (or the
    text naming it)."""
    text, object_type, object_id = subject_of(subject)
    actor = actor if getattr(actor, "is_authenticated", False) else None
    # As the JSON fields will give them back: the hash is of what is read later.
    entry = AuditEntry(kind=kind, actor=actor, subject=text[:200], object_type=object_type, object_id=object_id,
                       before=hashing.storable(before, DjangoJSONEncoder),
                       after=hashing.storable(after, DjangoJSONEncoder), summary=summary[:300])
    with transaction.atomic(savepoint=False):  # the change's own transaction, or one of its own
        if connection.vendor == "postgresql":  # held to the commit: the next entry links to this one
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", [APPEND_LOCK])
        last = AuditEntry.objects.order_by("-id").values_list("hash", flat=True).first()
        hashing.link([entry], last or AUDIT_START, AUDIT_KIND, AUDIT_FIELDS)
        entry.save()
        return entry


def audit_breaks() -> list[str]:
    """Every break in the audit trail's chain, read in id order a batch at a time: an entry edited,
    removed or inserted behind the app's back (on PostgreSQL its trigger refuses UPDATE and DELETE;
    this finds what a superuser who disabled it did)."""
    rows = AuditEntry.objects.order_by("id").values_list("id", *AUDIT_FIELDS, "prev_hash", "hash", named=True)
    problems, _ = hashing.check_chain(rows.iterator(chunk_size=2000), AUDIT_START, AUDIT_KIND, AUDIT_FIELDS,
                                      lambda row: f"audit entry {row.id}")
    return problems


# -- what an entry changed, in words ---------------------------------------------------------------

def in_words(value: Any, key: str = "") -> str:
    """A stored value as the trail's page says it: on/off, none, dollars for an amount (in cents).

    >>> in_words(True), in_words(None), in_words(1250050, "reset_amount"), in_words(["A", "B"])
    ('on', 'none', '$12,500.50', 'A, B')
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None or value == "":
        return "none"
    if isinstance(value, int) and "amount" in key:
        return dollars(value)
    if isinstance(value, list | tuple):
        return ", ".join(in_words(item, key) for item in value) or "none"
    if isinstance(value, Mapping):
        return "; ".join(f"{name.replace('_', ' ')} {in_words(item, key or name)}" for name, item in value.items())
    return str(value)


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """A nested object's leaves by their path ("rules › bonus paytable")."""
    if not isinstance(value, Mapping):
        return {prefix: value} if prefix else {}
    flat: dict[str, Any] = {}
    for key, item in value.items():
        name = f"{prefix} › {str(key).replace('_', ' ')}" if prefix else str(key).replace("_", " ")
        flat.update(_flat(item, name) if isinstance(item, Mapping) and item else {name: item})
    return flat


def changes_in_words(before: Any, after: Any) -> tuple[str, str]:
    """What an entry's before and after say, as the keys that differ between them, in words.

    >>> changes_in_words({"rules": {"bonus_paytable": "A", "limit": 5}}, {"rules": {"bonus_paytable": "B", "limit": 5}})
    ('rules › bonus paytable: A', 'rules › bonus paytable: B')
    >>> changes_in_words(None, {"name": "TH-1", "training": False})
    ('', 'name: TH-1; training: off')
    """
    old, new = _flat(before), _flat(after)
    keys = [key for key in dict.fromkeys([*old, *new]) if key not in old or key not in new or old[key] != new[key]]

    def said(values: dict[str, Any]) -> str:
        return "; ".join(f"{key}: {in_words(values[key], key.replace(' ', '_'))}" for key in keys if key in values)

    return said(old), said(new)


# -- a round's corrections and void ---------------------------------------------------------------

def _where(state: Any) -> dict[str, Any]:
    """Where a round stands: its step and the last entry an undo would take back."""
    step = state.current_step()
    standing = state.standing()
    return {"step": step.id if step is not None else None, "last_entry": standing[-1] if standing else None}


def _entry_name(entry: Mapping[str, Any] | None) -> str:
    return str(entry.get("type", "?")).replace("_", " ") if entry else "nothing"


def _decided(action: Mapping[str, Any], prior: Any, kind: str):
    """The approval of ``kind`` (a correction, a void) an approve or refuse decides, or None."""
    if action.get("type") not in DECISIONS:
        return None
    return next((a for a in prior.approvals if a.id == action.get("approval") and a.kind == kind), None)


def _void(void: Any) -> dict[str, str]:
    return {"kind": void.kind, "label": void.label, "section": void.section}


def round_changes(rnd: Round, user, before: Any, applied: Sequence[tuple[Mapping[str, Any], Any, Any]],
                  after: Any) -> None:
    """Audit a tap of ``round_act``: each accepted action of an audited type (``applied`` holds
    each action with the round's state before and after it), and the round's void if the tap
    confirmed one."""
    subject = subject_of(rnd)[0]
    for action, prior, state in applied:
        decided = _decided(action, prior, "correction")
        asked = getattr(prior, "void_pending", None)
        if action.get("type") == "refuse" and asked is not None and _decided(action, prior, "void") is not None:
            # A void refused is recorded like one confirmed: the round went on as it stood.
            record(Kind.VOID, user, rnd, {"status": Round.Status.OPEN, "void_requested": _void(asked)},
                   {"status": Round.Status.OPEN, "void_refused": _void(asked)},
                   f"{subject}: the void asked for ({asked.label}, {asked.section}) was refused; the round went on")
        if action.get("type") not in AUDITED_ROUND_ACTIONS and decided is None:
            continue
        was, now = _where(prior), _where(state)
        step = f"at the {(was['step'] or 'end').replace('_', ' ')} step"
        if decided is not None:
            answer = "approved: the round went back to it" if action["type"] == "approve" else \
                "refused: the round went on as it stood"
            summary = f"{subject}: the correction of entry {decided.entry} ({decided.reason}) {answer}, {step}"
        else:
            summary = f"{action['type'].replace('_', ' ')} in {subject} {step}"
        if action["type"] == "undo":
            summary += f": the last entry ({_entry_name(was['last_entry'])}) was taken back"
        record(Kind.CORRECTION, user, rnd, was, {**now, "action": dict(action)}, summary)
    if before.void is None and after.void is not None:
        void = after.void
        record(Kind.VOID, user, rnd, {"status": Round.Status.OPEN, "void_requested": _void(void)},
               {"status": Round.Status.VOID, "void": _void(void)}, f"{subject} voided: {void.label} ({void.section})")


# -- users' roles ---------------------------------------------------------------------------------

def roles_snapshot(user) -> dict[str, Any]:
    """A user's roles as stored: their groups and flags."""
    row = get_user_model().objects.filter(pk=user.pk).values(*USER_FLAGS).first() or {}
    groups = sorted(Group.objects.filter(user__pk=user.pk).values_list("name", flat=True))
    return {"groups": groups, **row}


def _describe(user, before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> str:
    name = user.get_username()
    if before is None:
        return f"User {name} created ({', '.join(after['groups']) or 'no group'})"
    changes = []
    added = [g for g in after["groups"] if g not in before.get("groups", [])]
    removed = [g for g in before.get("groups", []) if g not in after["groups"]]
    changes += [f"added to {', '.join(added)}"] if added else []
    changes += [f"removed from {', '.join(removed)}"] if removed else []
    changes += [f"{flag.removeprefix('is_')} {'on' if after[flag] else 'off'}"
                for flag in USER_FLAGS if before.get(flag) != after.get(flag)]
    return f"User {name}: {'; '.join(changes)}"


def user_roles_changed(*, actor, user, before: Mapping[str, Any] | None) -> AuditEntry | None:
    """Audit a user's roles against ``before`` (None: the user is new); nothing if they are the same."""
    after = roles_snapshot(user)
    if before is not None and dict(before) == after:
        return None
    return record(Kind.USER_ROLES, actor, user, before, after, _describe(user, before, after))


# The admin's user form saves a user and then their groups: one entry for both, written by the
# admin (``user_form_saved``) while the signals below stand aside.
_silenced: ContextVar[bool] = ContextVar("audit_silenced", default=False)


@contextmanager
def silenced() -> Iterator[None]:
    token = _silenced.set(True)
    try:
        yield
    finally:
        _silenced.reset(token)


def _groups_changing(sender, instance, action, reverse, model, pk_set, **kwargs) -> None:
    if _silenced.get() or not action.startswith(("pre_", "post_")):
        return
    if action.startswith("pre_"):
        users = [instance] if not reverse else get_user_model().objects.filter(
            pk__in=pk_set if pk_set is not None else instance.user_set.values("pk"))
        # Kept on the instance the change goes through: the post_ signal comes with the same one.
        instance._audit_groups_before = {user.pk: (user, roles_snapshot(user)) for user in users}
        return
    before = getattr(instance, "_audit_groups_before", None) or {}
    instance._audit_groups_before = {}
    for user, roles in before.values():
        user_roles_changed(actor=None, user=user, before=roles)


def _user_saving(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    if _silenced.get() or raw or instance.pk is None:
        instance._audit_roles_before = None
        return
    if update_fields is not None and not set(update_fields) & set(USER_FLAGS):
        instance._audit_roles_before = "unchanged"  # a login's last_login, a password: not a role
        return
    instance._audit_roles_before = roles_snapshot(instance)


def _user_saved(sender, instance, created=False, raw=False, **kwargs) -> None:
    before = getattr(instance, "_audit_roles_before", None)
    instance._audit_roles_before = None
    if _silenced.get() or raw or before == "unchanged" or (before is None and not created):
        return
    user_roles_changed(actor=None, user=instance, before=None if created else before)


def connect_signals() -> None:
    user_model = get_user_model()
    m2m_changed.connect(_groups_changing, sender=user_model.groups.through, dispatch_uid="audit_groups")
    pre_save.connect(_user_saving, sender=user_model, dispatch_uid="audit_user_saving")
    post_save.connect(_user_saved, sender=user_model, dispatch_uid="audit_user_saved")
