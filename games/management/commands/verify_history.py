"""Check the hash chain of the rounds' history and report every break.

    manage.py verify_history --all
    manage.py verify_history --table TH-1
    manage.py verify_history --from 2026-11-01 --to 2026-11-30 [--table TH-1]

Rounds are read a batch at a time in id order (keyset), with their events and the rows their
seals cover (wagers, settlement lines, approvals, ledger entries), so the memory used is that of
one batch however long the history.  With ``--all`` it also checks every progressive meter's
ledger (its chain and sums), the audit trail's chain, and every daily digest against the rounds
as stored (``manage.py digest_history``).  Each break is printed as one line
(round id, table and number, event seq, what differs) and logged as a ``history_tampered``
security event; the command exits with status 1 when it found any, 2 when its options are
refused, 0 when every round checked is intact.
"""

from datetime import date, timedelta

from django import forms
from django.core.management.base import BaseCommand, CommandError

from games.common.calendar import gaming_day_start
from games.common.filters import DATE_ERRORS
from games.history import chain, digest, selectors
from games.models import Meter, Table
from games.people import audit
from games.people.security import security_event
from games.progressives import ledger


class RoundsToVerify(forms.Form):
    """Which rounds: a table by its whole name, gaming days at the casino; training rounds too."""

    table = forms.CharField(required=False, max_length=Table._meta.get_field("name").max_length)
    since = forms.DateField(required=False, input_formats=["%Y-%m-%d"], error_messages=DATE_ERRORS)
    until = forms.DateField(required=False, input_formats=["%Y-%m-%d"], error_messages=DATE_ERRORS)
    LABELS = {"table": "Table", "since": "From", "until": "To"}

    def clean_table(self) -> str:
        name = self.cleaned_data["table"].strip()
        if name and not Table.objects.filter(name=name).exists():
            raise forms.ValidationError(f"No table is named {name!r}.")
        return name

    def rounds(self):
        data, rounds = self.cleaned_data, selectors.history_rounds()
        if data["table"]:
            rounds = rounds.filter(table__name=data["table"])
        if data["since"]:
            rounds = rounds.filter(started_at__gte=gaming_day_start(data["since"]))
        if data["until"] and data["until"] < date.max:
            rounds = rounds.filter(started_at__lt=gaming_day_start(data["until"] + timedelta(days=1)))
        return rounds


class Command(BaseCommand):
    help = ("Verify the hash chain of every round's log, its closing hash and sealed rows; with --all also every "
            "meter's ledger, the audit trail and its daily digests; report every break.")

    def add_arguments(self, parser):
        parser.add_argument("--all", action="store_true", help="every round")
        parser.add_argument("--table", default="", help="only the rounds of this table (its name)")
        parser.add_argument("--from", dest="since", default="", metavar="YYYY-MM-DD",
                            help="only rounds started on or after this gaming day (casino time)")
        parser.add_argument("--to", dest="until", default="", metavar="YYYY-MM-DD",
                            help="only rounds started on or before this gaming day (casino time)")
        parser.add_argument("--batch", type=int, default=500, help="rounds read and verified at a time")

    def handle(self, *args, all: bool, table: str, since: str, until: str, batch: int, **options):
        chosen = table or since or until
        if all == bool(chosen):
            raise CommandError("Say which rounds to verify: --all, or --table NAME and/or --from/--to YYYY-MM-DD "
                               "(not both)", returncode=2)
        if batch < 1:
            raise CommandError(f"--batch must be at least 1, got {batch}", returncode=2)
        search = RoundsToVerify({"table": table, "since": since, "until": until})
        if not search.is_valid():
            raise CommandError("; ".join(f"{search.LABELS.get(name, '')}: {error}".lstrip(": ")
                                         for name, errors in search.errors.items() for error in errors), returncode=2)
        rounds = search.rounds().defer(None)
        checked = broken_rounds = breaks_found = 0
        for rnd, breaks in chain.verify_rounds(chain.rounds_by_id(rounds, batch), batch=batch):
            checked += 1
            if not breaks:
                continue
            broken_rounds += 1
            breaks_found += len(breaks)
            for found in breaks:
                where = f"event {found.seq}" if found.seq is not None else "the round"
                self.stdout.write(f"round {rnd.id} ({rnd.table.name} #{rnd.number}) {where}: {found.problem}")
            security_event("history_tampered", source="command", round=rnd.id, table=rnd.table.name,
                           number=rnd.number, seq=breaks[0].seq, problem=breaks[0].problem, breaks=len(breaks))
        problems = self.beside_the_rounds() if all else []
        if breaks_found or problems:
            found = [f"{breaks_found} breaks in {broken_rounds} rounds"] if breaks_found or not problems else []
            found += [f"{len(problems)} problems in the meters' ledgers, the audit trail or its digests"] if problems \
                else []
            raise CommandError(f"{checked} rounds checked: {'; '.join(found)}", returncode=1)
        self.stdout.write(f"{checked} rounds checked: every log and closing hash is intact"
                          + ("; so are every meter's ledger, the audit trail and its daily digests" if all else ""))

    def beside_the_rounds(self) -> list[str]:
        """The records checked beside the rounds: every meter's ledger (its chain and sums), the audit
        trail's chain, and every daily digest against the rounds as stored; each problem printed."""
        problems = [f"meter {meter.name}: {problem}" for meter in Meter.objects.order_by("name")
                    for problem in ledger.meter_audit(meter)]
        problems += [f"audit trail: {problem}" for problem in audit.audit_breaks()]
        problems += digest.check_digests()
        for problem in problems:
            self.stdout.write(problem)
            security_event("history_tampered", source="command", problem=problem)
        return problems
