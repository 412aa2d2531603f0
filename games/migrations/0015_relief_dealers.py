"""The dealers who tapped in rounds others started, from the log: the history's dealer filter
reads these rows instead of every round's events."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def from_the_log(apps, schema_editor):
    RoundEvent, ReliefDealer = apps.get_model("games", "RoundEvent"), apps.get_model("games", "ReliefDealer")
    relieved = (RoundEvent.objects.filter(role="dealer").exclude(actor_id=models.F("round__dealer_id"))
                .values_list("round_id", "actor_id").distinct().order_by())
    batch = []
    for round_id, dealer_id in relieved.iterator(chunk_size=2000):
        batch.append(ReliefDealer(round_id=round_id, dealer_id=dealer_id))
        if len(batch) == 2000:
            ReliefDealer.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    ReliefDealer.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0014_report_rollups'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ReliefDealer',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('dealer', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='relief_dealers', to='games.round')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('dealer', 'round'), name='unique_relief_dealer')],
            },
        ),
        migrations.RunPython(from_the_log, migrations.RunPython.noop),
    ]
