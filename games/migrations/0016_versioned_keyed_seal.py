"""The seal gets a version: the rounds sealed so far keep their version 1 closing hash (unkeyed,
over the row and the approvals) and verify as before; a round closed from now on is sealed with
version 2, a keyed HMAC over its row and the digest of each of its rows (games/history/chain.py).
No closing hash is recomputed: resealing would bless whatever was edited before."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0015_relief_dealers'),
    ]

    operations = [
        migrations.AddField(
            model_name='round',
            name='seal_key',
            field=models.CharField(blank=True, db_default='', default='', max_length=40),
        ),
        migrations.AddField(
            model_name='round',
            name='seal_version',
            field=models.PositiveSmallIntegerField(db_default=0, default=0),
        ),
        migrations.AddField(
            model_name='round',
            name='sealed_rows',
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunSQL("UPDATE games_round SET seal_version = 1 WHERE closing_hash <> ''", migrations.RunSQL.noop),
    ]
