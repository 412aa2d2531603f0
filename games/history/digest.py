"""The daily digest of a gaming day's closed rounds, written to the audit trail.

Once a gaming day has ended, ``write_digest`` records in the audit trail (an entry of kind
``history_digest``, exported with the trail's CSV) every round of the day with the start of its
closing hash, an HMAC of the day's full closing hashes with the seal's key, and the head of the
audit trail at that moment.  Printed or exported and kept apart from the database, it makes a
later change of a round evident even to someone who holds the seal's key after the fact: a round
resealed with the key no longer has the closing hash the digest lists.  ``check_digests`` compares
every digest with the rounds as stored now and names each round changed, added or removed since.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import date, timedelta

from django.utils import timezone

from games.common.calendar import gaming_day_of, gaming_day_start
from games.common.hashing import canonical
from games.history import keys as seal_keys
from games.models import AuditEntry, Round
from games.people import audit

SHOWN = 16  # hex digits of each round's closing hash the entry lists: enough to name a changed one


class Refused(ValueError):
    """A digest that cannot be written (the day has not ended, a round is still in play, done already)."""


def _rounds(day: date) -> list[tuple[int, str]]:
    """(id, closing hash) of every round started on the gaming day but those in play."""
    return list(Round.objects.filter(started_at__gte=gaming_day_start(day),
                                     started_at__lt=gaming_day_start(day + timedelta(days=1)))
                .exclude(status=Round.Status.OPEN).order_by("id").values_list("id", "closing_hash"))


def _mac(day: date, rounds: list[tuple[int, str]], secret: bytes) -> str:
    message = canonical(["gaming day", day.isoformat(), [list(pair) for pair in rounds]])
    return hmac.new(secret, message.encode(), hashlib.sha256).hexdigest()


def last_ended_day() -> date:
    """The gaming day that ended most recently."""
    return gaming_day_of(timezone.now()) - timedelta(days=1)


def write_digest(day: date) -> AuditEntry:
    """Write the digest of gaming day ``day`` to the audit trail, once the day has ended and its
    every round is closed; refuses (changing nothing) otherwise, and a day digested already."""
    if gaming_day_start(day + timedelta(days=1)) > timezone.now():
        raise Refused(f"Gaming day {day.isoformat()} has not ended: it is digested once its last round can no "
                      "longer start")
    subject = f"gaming day {day.isoformat()}"
    done = AuditEntry.objects.filter(kind=AuditEntry.Kind.HISTORY_DIGEST, subject=subject).values_list("id", flat=True)
    if done:
        raise Refused(f"Gaming day {day.isoformat()} was digested already (audit entry {done[0]})")
    in_play = Round.objects.filter(started_at__gte=gaming_day_start(day),
                                   started_at__lt=gaming_day_start(day + timedelta(days=1)),
                                   status=Round.Status.OPEN).select_related("table").first()
    if in_play is not None:
        raise Refused(f"{in_play} of gaming day {day.isoformat()} is still in play: it is digested once closed")
    rounds = _rounds(day)
    configured = seal_keys.keys()
    head = AuditEntry.objects.order_by("-id").values_list("id", "hash").first()
    after = {"gaming_day": day.isoformat(), "rounds": [[pk, closing[:SHOWN]] for pk, closing in rounds],
             "key": configured.current, "digest": _mac(day, rounds, configured.secrets[configured.current]),
             "audit_head": list(head) if head else None}
    return audit.record(AuditEntry.Kind.HISTORY_DIGEST, None, subject, None, after,
                        f"Gaming day {day.isoformat()}: {len(rounds)} rounds digested, {after['digest'][:16]}…")


def check_digests() -> list[str]:
    """Every difference between the digests in the audit trail and the rounds as stored now."""
    problems = []
    secrets = seal_keys.keys().secrets
    for entry in AuditEntry.objects.filter(kind=AuditEntry.Kind.HISTORY_DIGEST).order_by("id"):
        digested = entry.after or {}
        day = date.fromisoformat(digested["gaming_day"])
        where = f"the digest of gaming day {day.isoformat()} (audit entry {entry.id})"
        listed = {pk: shown for pk, shown in digested["rounds"]}
        now = _rounds(day)
        for pk, closing in now:
            if pk not in listed:
                problems.append(f"{where}: round {pk} was added to the day after it was digested")
            elif closing[:SHOWN] != listed[pk]:
                problems.append(f"{where}: round {pk}'s closing hash is not the one digested: it was resealed or "
                                "its seal edited since")
        problems += [f"{where}: round {pk} was removed since it was digested"
                     for pk in sorted(listed.keys() - {pk for pk, _ in now})]
        secret = secrets.get(digested.get("key"))
        if secret is None:
            problems.append(f"{where}: made with the key {digested.get('key')!r}, which this server does not hold")
        elif not problems and not hmac.compare_digest(digested["digest"], _mac(day, now, secret)):
            problems.append(f"{where}: the day's closing hashes do not match its digest")
        if digested.get("audit_head"):
            pk, head = digested["audit_head"]
            stored = AuditEntry.objects.filter(pk=pk).values_list("hash", flat=True).first()
            if stored != head:
                problems.append(f"{where}: audit entry {pk}, the trail's last when the day was digested, is "
                                f"{'gone' if stored is None else 'not the one it was'}")
    return problems
