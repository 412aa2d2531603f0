"""Login throttling around django-axes: what is locked, who unlocks it, and the security log.

django-axes counts failed logins per username and per address and refuses further attempts
once either reaches ``AXES_FAILURE_LIMIT`` (see the settings).  This module lists the locks a
supervisor can see, lifts them (``login_unlock``), and logs failed logins, lock-outs and
unlocks as security events.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from axes.models import AccessAttempt
from axes.signals import user_locked_out
from axes.utils import reset
from django.conf import settings
from django.contrib.auth.signals import user_login_failed
from django.db.models import Max, Sum
from django.dispatch import receiver
from django.utils import timezone

from games.engine.core import Refused
from games.people import roles
from games.people.access import NotAllowed
from games.people.security import request_address, security_event


@dataclass(frozen=True)
class Lock:
    kind: str  # "username" or "address"
    value: str
    failures: int
    last_attempt: object


def _cool_off() -> timedelta:
    return timedelta(hours=settings.AXES_COOLOFF_TIME)


def locked_logins() -> list[Lock]:
    """Every username and address whose recent failures reached the limit, newest first."""
    recent = AccessAttempt.objects.filter(attempt_time__gte=timezone.now() - _cool_off())
    locks = []
    for kind, field in (("username", "username"), ("address", "ip_address")):
        rows = (recent.exclude(**{field: ""}).exclude(**{f"{field}__isnull": True}).values(field)
                .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
                .filter(failures__gte=settings.AXES_FAILURE_LIMIT))
        locks += [Lock(kind, row[field], row["failures"], row["last"]) for row in rows]
    return sorted(locks, key=lambda lock: lock.last_attempt, reverse=True)


def login_unlock(*, by, username: str = "", address: str = "", by_address: str = "") -> int:
    """Lift the lock on a username or an address (a supervisor's decision, logged).  ``by`` is
    None for the command line, whose operator has the server's shell already."""
    if by is not None and roles.SUPERVISOR not in roles.roles_of(by):
        raise NotAllowed("Only a supervisor can reset a locked login")
    if bool(username) == bool(address):
        raise Refused("Name either a username or an address to unlock")
    removed = reset(username=username) if username else reset(ip=address)
    security_event("login_unlocked", user=by, address=by_address, unlocked_username=username,
                   unlocked_address=address, attempts_cleared=removed)
    return removed


@receiver(user_login_failed)
def _log_failed_login(sender, credentials, request=None, **kwargs) -> None:
    security_event("login_failed", username=str(credentials.get("username", ""))[:150],
                   address=request_address(request), path=getattr(request, "path", ""))


@receiver(user_locked_out)
def _log_lock_out(sender, request=None, username=None, ip_address=None, **kwargs) -> None:
    security_event("login_locked_out", username=str(username or "")[:150], address=ip_address or "",
                   limit=settings.AXES_FAILURE_LIMIT)
