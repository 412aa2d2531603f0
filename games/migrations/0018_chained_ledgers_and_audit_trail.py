"""Each progressive meter's ledger and the audit trail are chained like a round's log
(games.common.hashing).  The entries already stored are chained as they are now: the chain makes a
later change evident, it cannot tell what was changed before it existed."""

import django.utils.timezone
from django.db import migrations, models

from games.common import hashing


def chain_existing(apps, schema_editor):
    from games.people.audit import AUDIT_FIELDS, AUDIT_KIND, AUDIT_START
    from games.progressives.ledger import LEDGER_FIELDS, LEDGER_KIND, ledger_start

    Meter, MeterEntry = apps.get_model("games", "Meter"), apps.get_model("games", "MeterEntry")
    AuditEntry = apps.get_model("games", "AuditEntry")
    for meter in Meter.objects.order_by("id"):
        entries = list(MeterEntry.objects.filter(meter_id=meter.id).order_by("seq"))
        meter.ledger_hash = hashing.link(entries, ledger_start(meter.id), LEDGER_KIND, LEDGER_FIELDS) if entries else ""
        # The model refuses to save an entry again: the hashes are written by a bulk update.
        MeterEntry.objects.bulk_update(entries, ["prev_hash", "hash"], batch_size=1000)
        Meter.objects.filter(pk=meter.pk).update(ledger_hash=meter.ledger_hash)
    connection = schema_editor.connection
    postgres = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if postgres:  # its trigger refuses any UPDATE of the trail: set aside for this one
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no check left pending: the table can be altered
            cursor.execute("ALTER TABLE games_auditentry DISABLE TRIGGER games_auditentry_append_only")
        head = AUDIT_START
        rows = []
        for entry in AuditEntry.objects.order_by("id").iterator(chunk_size=2000):
            head = hashing.link([entry], head, AUDIT_KIND, AUDIT_FIELDS)
            rows.append((entry.prev_hash, entry.hash, entry.id))
        cursor.executemany("UPDATE games_auditentry SET prev_hash = %s, hash = %s WHERE id = %s", rows)
        if postgres:
            cursor.execute("ALTER TABLE games_auditentry ENABLE TRIGGER games_auditentry_append_only")


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0017_withheld_rounds'),
    ]

    operations = [
        migrations.AddField(
            model_name='auditentry',
            name='hash',
            field=models.CharField(blank=True, db_default='', default='', max_length=64),
        ),
        migrations.AddField(
            model_name='auditentry',
            name='prev_hash',
            field=models.CharField(blank=True, db_default='', default='', max_length=64),
        ),
        migrations.AddField(
            model_name='meter',
            name='ledger_hash',
            field=models.CharField(blank=True, db_default='', default='', max_length=64),
        ),
        migrations.AddField(
            model_name='meterentry',
            name='hash',
            field=models.CharField(blank=True, db_default='', default='', max_length=64),
        ),
        migrations.AddField(
            model_name='meterentry',
            name='prev_hash',
            field=models.CharField(blank=True, db_default='', default='', max_length=64),
        ),
        migrations.AlterField(
            model_name='auditentry',
            name='kind',
            field=models.CharField(choices=[('table', 'Table created or renamed'), ('table_rules', 'Table rules'), ('table_training', 'Training mode'), ('meter', 'Progressive meter'), ('link', 'Progressive link'), ('user_roles', "User's roles"), ('dealer_assignment', 'Dealer at a table'), ('correction', 'Correction'), ('void', 'Void'), ('history_digest', "Gaming day's history digest")], max_length=20),
        ),
        migrations.AlterField(
            model_name='meterentry',
            name='created_at',
            field=models.DateTimeField(default=django.utils.timezone.now),
        ),
        migrations.RunPython(chain_existing, migrations.RunPython.noop),
    ]
