"""Recompute the report's stored figures from the rounds.

    manage.py rebuild_report_figures

Run it after changing ``GAMING_DAY_START`` or ``SHIFT_STARTS`` (the figures are stored per
gaming day and shift as they were when each round closed), and once after the migration that
adds them, for the rounds closed before (a report would otherwise fold those in itself, on its
first request).  One transaction: the report reads the old figures until it commits, and a round
closing meanwhile waits for it.  Running it again gives the same figures.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from games.models import ReportCell
from games.reports import cells as report_figures


class Command(BaseCommand):
    help = "Recompute the report's figures (per gaming day, shift, table, game and dealer) from the rounds."

    def handle(self, *args, **options):
        if not report_figures.enabled():
            raise CommandError("The report's figures are stored on PostgreSQL only; this database sums them "
                               "from the rounds on each request.")
        began = time.perf_counter()
        rounds = report_figures.rebuild()
        self.stdout.write(f"{rounds} rounds in {ReportCell.objects.count()} cells, "
                          f"in {time.perf_counter() - began:.1f} s")
