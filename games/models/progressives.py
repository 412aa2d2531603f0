"""Progressive links, the tables on them, the meters and each meter's ledger (§ 605a.7, § 605a.8)."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models.rounds import Round, SettlementLine, Table

# A meter's amount changes only by an entry of its ledger, written by ``games.progressives.ledger`` under
# the meter's row lock: ``Meter.amount`` and ``Meter.reserve`` are the sums of its ledger's pools,
# stored with each entry (``balance_after``) so that reading a meter is one row, and checked by
# ``games.progressives.ledger.meter_audit``.


class Link(models.Model):
    """A local area progressive link: tables of the facility sharing one progressive (§ 605a.8).
    While it is down its tables refuse progressive wagers (§ 605a.8(c)); only then may its
    meters' parameters change (§ 605a.8(b)(4))."""

    name = models.CharField(max_length=40, unique=True)
    operating = models.BooleanField(default=False)
    down_reason = models.CharField(max_length=300, blank=True)  # shown on its tables' tablets while down
    changed_at = models.DateTimeField(auto_now=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class LinkedTable(models.Model):
    """A table on a link.  A table taken off the link (``on_link`` false) stays listed and refuses
    progressive wagers until it is put back."""

    link = models.ForeignKey(Link, on_delete=models.PROTECT, related_name="members")
    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="link_membership")
    on_link = models.BooleanField(default=True)

    class Meta:
        ordering = ["link", "table"]

    def __str__(self) -> str:
        return f"{self.table} on {self.link}"

    @property
    def unplayable(self) -> str:
        """Why the table's progressive is unplayable now (§ 605a.8(c)): its link is down, or the table
        is off it; "" while it operates."""
        link = self.link
        if not link.operating:
            return f"the link {link.name} is down" + (f" ({link.down_reason})" if link.down_reason else "")
        return "" if self.on_link else f"table {self.table.name} is off the link {link.name}"


class Meter(models.Model):
    """A progressive meter of one table, or of a link (exactly one of the two), feeding one tier of
    one progressive wager's paytable, with the parameters of the Rules Submission (§ 605a.7(b))."""

    name = models.CharField(max_length=40, unique=True)
    game = models.CharField(max_length=40)  # a game slug of games.engine.registry
    wager = models.CharField(max_length=40)  # the progressive wager it feeds
    tier = models.CharField(max_length=10, blank=True)  # "mega", "major", "minor"; "" for a table of one meter
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.PROTECT, related_name="meters")
    link = models.ForeignKey(Link, null=True, blank=True, on_delete=models.PROTECT, related_name="meters")
    seed_amount = models.BigIntegerField()  # cents: the initial amount (§ 605a.7(b)(1))
    reset_amount = models.BigIntegerField()  # cents: after a jackpot of the whole meter
    rate = models.DecimalField(max_digits=5, decimal_places=2)  # percent of each wager (§ 605a.7(b)(3))
    reserve_rate = models.DecimalField(max_digits=5, decimal_places=2, default=0)  # to the reserve pool (b)(4)
    wager_amount = models.BigIntegerField()  # cents: the one amount every wager on it is (§ 605a.7(e)(3))
    amount = models.BigIntegerField(default=0)  # cents: the ledger's "meter" pool
    reserve = models.BigIntegerField(default=0)  # cents: the ledger's "reserve" pool
    entries = models.PositiveIntegerField(default=0)  # the ledger's last seq
    # The hash of the ledger's last entry (games/progressives/ledger.py chains them): an entry cut from
    # its end is evident.
    ledger_hash = models.CharField(max_length=64, blank=True, default="", db_default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(condition=models.Q(table__isnull=True, link__isnull=False)
                                   | models.Q(table__isnull=False, link__isnull=True),
                                   name="meter_of_a_table_or_a_link"),
            models.UniqueConstraint(fields=["table", "tier"], condition=models.Q(table__isnull=False),
                                    name="one_meter_per_tier_of_a_table"),
            models.UniqueConstraint(fields=["link", "tier"], condition=models.Q(link__isnull=False),
                                    name="one_meter_per_tier_of_a_link"),
            models.CheckConstraint(condition=models.Q(amount__gte=0, reserve__gte=0), name="meter_never_negative"),
        ]

    def __str__(self) -> str:
        return self.name


class MeterEntry(models.Model):
    """One change of a meter, in order.  Append-only: a mistake is undone by a new entry that
    ``reverses`` it, never by editing or deleting one."""

    class Kind(models.TextChoices):
        CONTRIBUTION = "contribution", "Contribution"  # a wager at "no more bets" (§ 605a.7(a)(1))
        PAYOUT = "payout", "Payout"  # a jackpot paid (§ 605a.7(d)(1))
        RESET = "reset", "Reset"  # the initial amount, and the restart after a jackpot of the whole meter
        TRANSFER = "transfer", "Transfer"  # to or from another progressive, on written approval (§ 605a.7(d)(2))
        CORRECTION = "correction", "Correction"  # after a malfunction, with a written explanation (§ 605a.7(d)(3))

    METER, RESERVE = "meter", "reserve"

    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="ledger")
    seq = models.PositiveIntegerField()  # the order of the meter's changes (§ 605a.8(b)(3)(iii))
    pool = models.CharField(max_length=10, default=METER)
    kind = models.CharField(max_length=12, choices=Kind.choices)
    amount = models.BigIntegerField()  # cents, signed
    balance_after = models.BigIntegerField()  # the pool's amount after this entry
    round = models.ForeignKey(Round, null=True, blank=True, on_delete=models.PROTECT, related_name="meter_entries")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    claim = models.PositiveIntegerField(null=True, blank=True)  # the round's claim it answers
    line = models.ForeignKey(SettlementLine, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    payer = models.CharField(max_length=10, blank=True)  # of a payout: "cage" (an attendant) or "table"
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                             related_name="+")
    note = models.CharField(max_length=300, blank=True)
    reverses = models.OneToOneField("self", null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="reversed_by")
    # Given when the entry is made (not set on save): the hash written with it covers it.
    created_at = models.DateTimeField(default=timezone.now)
    # Chained like a round's log: the hash of the meter's entry before (or the ledger's start) and
    # this entry's own, over that link and its content (games.common.hashing).
    prev_hash = models.CharField(max_length=64, blank=True, default="", db_default="")
    hash = models.CharField(max_length=64, blank=True, default="", db_default="")

    class Meta:
        ordering = ["meter", "seq"]
        constraints = [models.UniqueConstraint(fields=["meter", "seq"], name="unique_meter_entry_seq")]
        indexes = [models.Index(fields=["round", "seat"], name="meter_entries_of_a_seat")]

    def __str__(self) -> str:
        return f"{self.meter} #{self.seq} {self.kind} {self.amount}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("A meter's ledger is append-only: write an entry that reverses this one instead")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("A meter's ledger is append-only: write an entry that reverses this one instead")
