"""Data migrations leave every stored round replayable under today's chapter rules."""

import importlib

from django.apps import apps

from games.models import Table

fixed_limit = importlib.import_module("games.migrations.0004_fixed_holdem_payout_limit")


def test_texas_holdem_tables_drop_the_payout_limit_the_chapter_now_fixes(db):
    holdem = Table.objects.create(name="TH-OLD", game="texas-holdem-bonus",
                                  rules={"bonus_paytable": "B", "payout_limit": "100000.00"})
    wpt = Table.objects.create(name="WPT-OLD", game="wpt-heads-up", rules={"payout_limit": "60000.00"})
    fixed_limit.drop_payout_limit(apps, None)
    holdem.refresh_from_db()
    wpt.refresh_from_db()
    assert holdem.rules == {"bonus_paytable": "B"}  # § 647a.12(c) derives it
    assert wpt.rules == {"payout_limit": "60000.00"}  # § 677a.12(f) leaves it to the table
