"""§ 647a.12(c) fixes the Texas Hold 'Em Bonus payout limit ($50,000 or the most one patron could
win betting the minimum, whichever is greater): it is derived from the other options, and no
longer a table's option.  Tables and rounds drop the value they carried, so that every round
still replays under the chapter's rules."""

from django.db import migrations

GAME = "texas-holdem-bonus"


def drop_payout_limit(apps, schema_editor):
    for model in (apps.get_model("games", "Table"), apps.get_model("games", "Round")):
        for row in model.objects.filter(game=GAME, rules__has_key="payout_limit"):
            row.rules = {key: value for key, value in row.rules.items() if key != "payout_limit"}
            row.save(update_fields=["rules"])


class Migration(migrations.Migration):
    dependencies = [("games", "0003_history_record")]

    operations = [migrations.RunPython(drop_payout_limit, migrations.RunPython.noop)]
