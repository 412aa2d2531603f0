"""Write the digest of a gaming day's closed rounds to the audit trail.

    manage.py digest_history               the gaming day that ended last
    manage.py digest_history --day 2026-11-30

Run it once a day, after the gaming day ends (docs/operations.md), and export the entry (the
audit trail's CSV, kind "Gaming day's history digest") to somewhere the database's users cannot
write: ``verify_history --all`` compares every digest with the rounds as stored.  Exits with
status 2, changing nothing, when the day has not ended, a round of it is still in play or it was
digested already.
"""

from datetime import date

from django.core.management.base import BaseCommand, CommandError

from games.history import digest


class Command(BaseCommand):
    help = "Write the digest of a gaming day's closed rounds to the audit trail."

    def add_arguments(self, parser):
        parser.add_argument("--day", default="", metavar="YYYY-MM-DD",
                            help="the gaming day (casino time); the one that ended last when not given")

    def handle(self, *args, day: str, **options):
        try:
            chosen = date.fromisoformat(day) if day else digest.last_ended_day()
        except ValueError:
            raise CommandError(f"--day: enter a real date as YYYY-MM-DD, not {day!r}", returncode=2) from None
        try:
            entry = digest.write_digest(chosen)
        except digest.Refused as refusal:
            raise CommandError(str(refusal), returncode=2) from None
        self.stdout.write(f"{entry.summary} (audit entry {entry.id})")
