"""Recompute the report's stored figures from the rounds, leaving out those that fail their check.

    manage.py rebuild_report_figures

Run it after changing ``GAMING_DAY_START`` or ``SHIFT_STARTS`` (the figures are stored per
gaming day and shift as they were when each round closed), and once after the migration that
adds them, for the rounds closed before (a report would otherwise fold those in itself, on its
first request).  One transaction: the report reads the old figures until it commits, and a round
closing meanwhile waits for it.  Running it again gives the same figures.

Every closed and void round's history is checked first (``games.history.chain``: its log, seal
and sealed rows; not its record, which no figure reads): a round that fails is set apart, named
here, left out of every figure, and listed on the reports page until a rebuild finds it intact.
The command then exits with status 1.  On a database that stores no figures (SQLite) the reports
sum the rounds on each request: the check and the setting apart are all it does.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from games.history import chain
from games.models import ReportCell, Round
from games.reports import cells as report_figures
from games.reports.figures import NOT_REPORTED


class Command(BaseCommand):
    help = ("Check every closed round's history, set apart those that fail, and recompute the report's figures "
            "(per gaming day, shift, table, game and dealer) from the others.")

    def add_arguments(self, parser):
        parser.add_argument("--batch", type=int, default=500, help="rounds read and checked at a time")

    def handle(self, *args, batch: int, **options):
        began = time.perf_counter()
        rounds = Round.objects.exclude(status__in=NOT_REPORTED).select_related("table").defer("record")
        withheld = {}
        for rnd, breaks in chain.verify_rounds(chain.rounds_by_id(rounds, batch), batch=batch, record=False):
            if breaks:
                withheld[rnd.id] = (str(breaks[0]), len(breaks))
                self.stdout.write(f"round {rnd.id} ({rnd.table.name} #{rnd.number}) set apart: {breaks[0]}"
                                  + (f" (and {len(breaks) - 1} more)" if len(breaks) > 1 else ""))
        if report_figures.enabled():
            rebuilt = report_figures.rebuild(withheld)
            self.stdout.write(f"{rebuilt} rounds in {ReportCell.objects.count()} cells, "
                              f"in {time.perf_counter() - began:.1f} s")
        else:
            report_figures.set_apart(withheld)
            self.stdout.write("This database stores no figures: the reports sum the rounds on each request, "
                              "without those set apart.")
        if withheld:
            raise CommandError(f"{len(withheld)} rounds fail their check and are left out of the report's figures "
                               "(the reports page lists them)", returncode=1)
