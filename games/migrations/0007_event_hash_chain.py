"""The round log becomes a hash chain, a round's record gets its digest, and a closed round a
closing hash (games/chain.py).

The events already stored are chained here, a few hundred rounds at a time, and every closed or
void round is sealed as it stands, with one exception: a round whose record's ``log_digest`` (the
digest its close wrote over the log, before this chain) no longer matches its log was changed
after it closed.  Sealing it now would bless the change, so its closing hash is set to that old
digest instead, which no seal can equal: the verification reports it.

The hashes are computed by ``games.history.chain``, the code that checks them: its format is fixed by the
hashes already written, so it cannot change without a migration of its own.
"""

import hashlib
import json

from django.db import migrations, models
from django.utils import timezone

CHUNK = 500  # rounds per step: their events and approvals are held in memory at once


def old_log_digest(events):
    """The digest a closed round's record kept before the chain (history.log_digest, as it was)."""
    digest = hashlib.sha256(b"").hexdigest()
    for event in events:
        link = json.dumps([event.seq, event.action, event.actor_id, event.role], sort_keys=True,
                          separators=(",", ":"), ensure_ascii=False)
        digest = hashlib.sha256(f"{digest}{link}".encode()).hexdigest()
    return digest


def chain_existing_logs(apps, schema_editor):
    from games.history import chain

    Round = apps.get_model("games", "Round")
    RoundEvent = apps.get_model("games", "RoundEvent")
    Approval = apps.get_model("games", "Approval")
    last = 0
    while rounds := list(Round.objects.filter(id__gt=last).order_by("id")[:CHUNK]):
        last = rounds[-1].id
        ids = [rnd.id for rnd in rounds]
        events, approvals = {}, {}
        for event in RoundEvent.objects.filter(round_id__in=ids).order_by("round_id", "seq"):
            events.setdefault(event.round_id, []).append(event)
        for approval in Approval.objects.filter(round_id__in=ids):
            approvals.setdefault(approval.round_id, []).append(approval)
        for rnd in rounds:
            log = events.get(rnd.id, [])
            digest = (rnd.record or {}).get("log_digest")
            changed_since_close = digest is not None and digest != old_log_digest(log)
            rnd.log_hash = chain.link(log, rnd.id, "") if log else ""
            rnd.record_hash = chain.record_digest(rnd.record)
            if rnd.status != "open":
                rnd.closing_hash = digest if changed_since_close else chain.seal(rnd, approvals.get(rnd.id, []))
        # One prepared UPDATE per row (bulk_update's CASE over a thousand ids is far slower).
        quote = schema_editor.connection.ops.quote_name
        with schema_editor.connection.cursor() as cursor:
            cursor.executemany(f"UPDATE {quote(RoundEvent._meta.db_table)} SET prev_hash = %s, hash = %s WHERE id = %s",
                               [(e.prev_hash, e.hash, e.id) for log in events.values() for e in log])
            cursor.executemany(f"UPDATE {quote(Round._meta.db_table)} SET log_hash = %s, record_hash = %s, "
                               "closing_hash = %s WHERE id = %s",
                               [(rnd.log_hash, rnd.record_hash, rnd.closing_hash, rnd.id) for rnd in rounds])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_progressive_meters'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='closing_hash',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='round',
            name='log_hash',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='round',
            name='record_hash',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='roundevent',
            name='hash',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AddField(
            model_name='roundevent',
            name='prev_hash',
            field=models.CharField(blank=True, default='', max_length=64),
        ),
        migrations.AlterField(
            model_name='roundevent',
            name='created_at',
            field=models.DateTimeField(default=timezone.now),
        ),
        migrations.RunPython(chain_existing_logs, migrations.RunPython.noop),
    ]
