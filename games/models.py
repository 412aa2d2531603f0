"""Tables, rounds and their append-only log.

``RoundEvent`` is the source of truth: the engine rebuilds a round by replaying it.  Its events
form a hash chain, and a closed round is sealed with a closing hash (``games.history.chain``).  Wagers,
settlement lines and approvals are materialised from the replay in the same transaction, so
that the pit page and the history can query them; they are never edited by hand.  Each is a
stable row named by its natural key (a wager by seat, hand and wager; a line also by the stage
that settled it; an approval by its number), updated in place when the engine's record changes,
so that another row can point at it.
"""

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone

from games.engine.core import instruction
from games.engine.registry import GAMES


class Table(models.Model):
    name = models.CharField(max_length=40, unique=True)
    game = models.CharField(max_length=40)  # a game slug of games.engine.registry
    # The options the casino's Rules Submission selects (§ 601a.2): paytables, limits, dealing method.
    rules = models.JSONField(default=dict, blank=True)
    # Training mode: cards come from a virtual shoe shuffled with secrets.SystemRandom.
    training = models.BooleanField(default=False)
    # Rounds closed since the stub was last counted (§ 647a.8(f): at least once every 5 rounds).
    rounds_since_stub_count = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    @property
    def game_engine(self):
        return GAMES[self.game]

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", "In play"
        CLOSED = "closed", "Closed"
        VOID = "void", "Void"
        # Started by mistake and ended before anything was wagered or dealt: no play, no figures.
        CANCELLED = "cancelled", "Cancelled (started by mistake)"

    # No index of their own: the history's indexes below start with the table and with the dealer,
    # and serve every other lookup by either; a lone one only tempts the planner into a sort.
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="rounds", db_index=False)
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=40)  # a game slug of games.engine.registry
    # The table's rules as they were when the round started; the round is replayed with these.
    rules = models.JSONField(default=dict)
    shoe_order = models.JSONField(null=True, blank=True)  # training mode's virtual shoe
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="rounds_dealt",
                               db_index=False)
    started_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    seq = models.PositiveIntegerField(default=0)  # number of events in the log
    total_paid = models.BigIntegerField(default=0)  # cents, from the settlement lines
    total_collected = models.BigIntegerField(default=0)
    # What the round's page, CSV and sheet show once it is closed or void, written at that moment
    # (games/history.py), and the engine version that settled it: a past round is read, never
    # replayed, so a later change of engine code or of a rules option cannot change what it shows.
    record = models.JSONField(null=True, blank=True)
    engine_version = models.CharField(max_length=40, blank=True)
    # The hash of the last event of the log (games/chain.py), empty before the first; the digest
    # of the record; and, once the round is closed or void, the hash that seals them with what its
    # history shows.
    log_hash = models.CharField(max_length=64, blank=True, default="")
    record_hash = models.CharField(max_length=64, blank=True, default="")
    closing_hash = models.CharField(max_length=64, blank=True, default="")
    # Whether the report's stored figures (``ReportCell``, ``ReportCount``) include this round:
    # set in the transaction that closes it; a round written otherwise is folded in by the next
    # report or ``manage.py rebuild_report_figures`` (games/reports/cells.py).
    figures_stored = models.BooleanField(default=False, db_default=False)

    class Meta:
        ordering = ["-started_at", "-id"]
        # One index per filter of the history, each ending in the history's order, so that a page
        # is an index range read from its newest round on, never a sort of the whole table.  A
        # date range is a range of the first one; combined filters use the most selective.
        indexes = [
            models.Index(fields=["-started_at", "-id"], name="round_history"),
            models.Index(fields=["table", "-started_at", "-id"], name="round_history_table"),
            models.Index(fields=["dealer", "-started_at", "-id"], name="round_history_dealer"),
            models.Index(fields=["game", "-started_at", "-id"], name="round_history_game"),
            models.Index(fields=["status", "-started_at", "-id"], name="round_history_status"),
            # Training rounds, a few among many: their own small index, so that asking for them alone
            # does not read the whole history to find none.
            models.Index(fields=["-started_at", "-id"], condition=models.Q(shoe_order__isnull=False),
                         name="round_history_training"),
            # The rounds closed but not yet in the report's figures: none, as a rule.
            models.Index(fields=["id"], condition=models.Q(figures_stored=False) & ~models.Q(status="open"),
                         name="round_figures_pending"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_round_number_per_table"),
            # One round in play per table at a time.
            models.UniqueConstraint(fields=["table"], condition=models.Q(status="open"),
                                    name="one_open_round_per_table"),
        ]

    def __str__(self) -> str:
        return f"{self.table.name} round {self.number}"

    @property
    def game_name(self) -> str:
        return GAMES[self.game].name


class RoundEvent(models.Model):
    """One action taken in a round, in order.  Append-only, and chained: ``hash`` covers the
    event's content and ``prev_hash``, the hash of the event before it (games/chain.py)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    action = models.JSONField()
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT)
    role = models.CharField(max_length=20)
    # Given by the service (not set on save) because the hash written with the event covers it.
    created_at = models.DateTimeField(default=timezone.now)
    prev_hash = models.CharField(max_length=64, blank=True, default="")
    hash = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["round", "seq"]
        constraints = [models.UniqueConstraint(fields=["round", "seq"], name="unique_event_seq")]
        # The reports count irregularities by kind (games/reports.py): an index of those events
        # alone, a few among the many, so that a month's count never reads every event.
        indexes = [models.Index(fields=["round"], condition=models.Q(action__type="irregularity"),
                                name="irregularity_events")]

    def __str__(self) -> str:
        return f"{self.round} #{self.seq} {self.action.get('type', '')}"


class ReliefDealer(models.Model):
    """A dealer who tapped in a round another dealer started (a relief dealer who took over the
    table mid-round), written by that dealer's first tap in it.  The log says the same (each event
    names its actor); this row lets the history's dealer filter find those rounds by index instead
    of probing every round's events."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="relief_dealers")
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["dealer", "round"], name="unique_relief_dealer")]

    def __str__(self) -> str:
        return f"{self.round} relieved by {self.dealer}"


class Wager(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="wagers")
    seat = models.PositiveSmallIntegerField()
    hand_no = models.PositiveSmallIntegerField(default=1)  # which of the seat's hands (a split makes a second)
    wager = models.CharField(max_length=40)
    amount = models.BigIntegerField()  # cents

    class Meta:
        ordering = ["round", "seat", "id"]
        constraints = [models.UniqueConstraint(fields=["round", "seat", "hand_no", "wager"],
                                               name="unique_wager_per_hand")]
        # The history's search by seat and by wager: where few rounds have one (a seat rarely
        # played, a progressive wager), the rounds are found from these rather than by probing
        # every round of the history in turn.
        indexes = [models.Index(fields=["seat", "round"], name="wagers_by_seat"),
                   models.Index(fields=["wager", "round"], name="wagers_by_kind")]

    def __str__(self) -> str:
        return f"{self.round} seat {self.seat} {self.wager}"


class SettlementLine(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="lines")
    position = models.PositiveIntegerField()  # settlement order
    seat = models.PositiveSmallIntegerField()
    hand_no = models.PositiveSmallIntegerField(default=1)
    wager = models.CharField(max_length=40)
    # "settle" when the seat's settlement decided it, "decision" when a decision did (a fold, a
    # pulled bet): the same wager can have one line of each.
    stage = models.CharField(max_length=10, default="settle")
    stake = models.BigIntegerField()
    outcome = models.CharField(max_length=10)
    amount = models.BigIntegerField()
    odds = models.CharField(max_length=40, blank=True)
    section = models.CharField(max_length=40)
    hand = models.CharField(max_length=200, blank=True)
    note = models.CharField(max_length=300, blank=True)
    stake_collected = models.BooleanField(default=False)  # the chips went in at "no more bets"
    # Who pays a win: the dealer from the table inventory, or the cage (a progressive jackpot).
    payer = models.CharField(max_length=10, default="table")

    class Meta:
        ordering = ["round", "position"]
        constraints = [models.UniqueConstraint(fields=["round", "seat", "hand_no", "wager", "stage"],
                                               name="unique_line_per_wager_and_stage")]
        # The history's search by amount: a large payout is rare, and its rounds are found from here.
        indexes = [models.Index(fields=["amount", "round"], name="lines_by_amount")]

    def __str__(self) -> str:
        return f"{self.round} seat {self.seat} {self.wager}: {self.outcome}"

    @property
    def instruction(self) -> str:
        return instruction(self.outcome, self.amount, self.stake, self.stake_collected, self.payer)


class Approval(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        APPROVED = "approved", "Approved"
        REFUSED = "refused", "Refused"
        # Asked after an entry a correction took back: nothing is left to decide.
        WITHDRAWN = "withdrawn", "Withdrawn by a correction"

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="approvals")
    number = models.PositiveIntegerField()  # the engine's approval id within the round
    kind = models.CharField(max_length=20)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=300)
    section = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    note = models.CharField(max_length=300, blank=True)
    requested_at = models.DateTimeField()
    # Whose tap asked for it (the dealer asking for a correction); empty for approvals kept before it was.
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                     related_name="+")
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["requested_at", "id"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="unique_approval_number")]

    def __str__(self) -> str:
        return f"{self.round}: {self.reason} ({self.status})"


# -- progressive meters (§ 605a.7, § 605a.8) ---------------------------------------------------------
# A meter's amount changes only by an entry of its ledger, written by ``games.progressives.services`` under
# the meter's row lock: ``Meter.amount`` and ``Meter.reserve`` are the sums of its ledger's pools,
# stored with each entry (``balance_after``) so that reading a meter is one row, and checked by
# ``games.progressives.services.meter_audit``.


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
    created_at = models.DateTimeField(auto_now_add=True)

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


class DealerAssignment(models.Model):
    """A dealer's assignment to a table: a dealer acts only at the table of their current one
    (``ended_at`` empty).  Rows are ended, never deleted, so they are also the audit of who
    assigned whom where and when."""

    class How(models.TextChoices):
        ASSIGNED = "assigned", "Assigned by a supervisor"
        SIGNED_IN = "signed_in", "Signed in at the table"

    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="table_assignments")
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="dealer_assignments")
    how = models.CharField(max_length=10, choices=How.choices)
    started_at = models.DateTimeField()
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    ended_at = models.DateTimeField(null=True, blank=True)
    ended_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+")

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            # A dealer deals at one table at a time (a table may have several: a relief dealer).
            models.UniqueConstraint(fields=["dealer"], condition=models.Q(ended_at__isnull=True),
                                    name="one_table_per_dealer"),
        ]

    def __str__(self) -> str:
        return f"{self.dealer} at {self.table}"


class ReportKey(models.Model):
    """The cell a closed round's figures are added to: its gaming day and shift (on the casino's
    clock, ``GAMING_DAY_START`` and ``SHIFT_STARTS``: changing them needs ``manage.py
    rebuild_report_figures``), table, game, dealer and whether it was a training round."""

    gaming_day = models.DateField()
    shift = models.PositiveSmallIntegerField()  # 1 = the shift starting the gaming day
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+", db_index=False)
    game = models.CharField(max_length=40)
    dealer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                               db_index=False)
    training = models.BooleanField()

    KEY = ("gaming_day", "shift", "table", "game", "dealer", "training")

    class Meta:
        abstract = True


class ReportCell(ReportKey):
    """The additive figures of the closed and voided rounds of one cell (games/reports/cells.py)."""

    rounds = models.BigIntegerField(default=0)  # closed
    voids = models.BigIntegerField(default=0)
    paid = models.BigIntegerField(default=0)  # cents: the rounds' total_paid
    collected = models.BigIntegerField(default=0)
    hours = models.IntegerField(default=0)  # bit n: a round started in the gaming day's (n+1)th clock hour
    contributed = models.BigIntegerField(default=0)  # to progressive meters and reserves
    jackpots = models.BigIntegerField(default=0)  # paid from a meter
    jackpot_amounts = models.BigIntegerField(default=0)  # the ledgers' payout entries (negative)

    class Meta:
        constraints = [models.UniqueConstraint(fields=ReportKey.KEY, name="report_cell_key")]
        # A table's or a dealer's period (the key's first column is the gaming day).
        indexes = [models.Index(fields=["table", "gaming_day"], name="report_cell_table"),
                   models.Index(fields=["dealer", "gaming_day"], name="report_cell_dealer")]

    def __str__(self) -> str:
        return f"{self.gaming_day} shift {self.shift} table {self.table_id} dealer {self.dealer_id}"


RARE_COUNTS = ["approval", "irregularity", "void", "wait"]


class BandFigures(models.Model):
    """A wager kind's wins by size (``games.reports.figures.BANDS``): how many, and what they paid."""

    band0_count = models.BigIntegerField(default=0)
    band0_paid = models.BigIntegerField(default=0)
    band1_count = models.BigIntegerField(default=0)
    band1_paid = models.BigIntegerField(default=0)
    band2_count = models.BigIntegerField(default=0)
    band2_paid = models.BigIntegerField(default=0)
    band3_count = models.BigIntegerField(default=0)
    band3_paid = models.BigIntegerField(default=0)

    class Meta:
        abstract = True


class NamedFigures(models.Model):
    """A count row's name and figures: what ``ReportCount`` and its roll-up ``ReportGameCount`` add up."""

    kind = models.CharField(max_length=12)
    wager = models.CharField(max_length=40, blank=True)
    letter = models.CharField(max_length=10, blank=True)
    name = models.CharField(max_length=200, blank=True)
    count = models.BigIntegerField(default=0)
    amount = models.BigIntegerField(default=0)  # cents: a wager's or a hit's stakes, a band's payouts
    won = models.BigIntegerField(default=0)
    lost = models.BigIntegerField(default=0)
    hands = models.BigIntegerField(default=0)

    class Meta:
        abstract = True


class ReportCount(ReportKey, NamedFigures, BandFigures):
    """A cell's figures by name: per wager kind ("wager": wagers, drop, paid, collected, first
    hands, and in the band columns its wins by size), approvals by status, decided approvals by
    their wait in microseconds ("wait"), voids and irregularities by kind, paytable rows hit
    ("hit", by wager, paytable letter and row)."""

    class Meta:
        constraints = [models.UniqueConstraint(fields=[*ReportKey.KEY, "kind", "wager", "letter", "name"],
                                               name="report_count_key")]
        indexes = [models.Index(fields=["table", "gaming_day"], name="report_count_table"),
                   models.Index(fields=["dealer", "gaming_day"], name="report_count_dealer"),
                   # The few approvals, waits, voids and irregularities among a period's counts.
                   models.Index(fields=["gaming_day"], condition=models.Q(kind__in=RARE_COUNTS),
                                name="report_count_rare")]

    def __str__(self) -> str:
        return f"{self.gaming_day} shift {self.shift} table {self.table_id}: {self.kind} {self.wager} {self.name}"


class ReportGameKey(models.Model):
    """The cells of ``ReportKey`` without the table and the dealer: what the floor's and the games'
    figures of a period add up (a month is a few hundred rows instead of tens of thousands)."""

    gaming_day = models.DateField()
    shift = models.PositiveSmallIntegerField()
    game = models.CharField(max_length=40)
    training = models.BooleanField()

    KEY = ("gaming_day", "shift", "game", "training")

    class Meta:
        abstract = True


class ReportGameCell(ReportGameKey):
    """``ReportCell``'s figures added up per gaming day, shift, game and training, and its clock
    hours counted per table: ``table_hours``, the (table, clock hour) pairs in which the game was
    dealt; ``floor_hours``, those in which the table dealt at all, each counted once, under one
    of the games it dealt in that hour (so only their sum over the games means anything)."""

    rounds = models.BigIntegerField(default=0)
    voids = models.BigIntegerField(default=0)
    paid = models.BigIntegerField(default=0)
    collected = models.BigIntegerField(default=0)
    contributed = models.BigIntegerField(default=0)
    jackpots = models.BigIntegerField(default=0)
    jackpot_amounts = models.BigIntegerField(default=0)
    table_hours = models.BigIntegerField(default=0)
    floor_hours = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=ReportGameKey.KEY, name="report_game_cell_key")]

    def __str__(self) -> str:
        return f"{self.gaming_day} shift {self.shift} {self.game}"


class ReportGameCount(ReportGameKey, NamedFigures, BandFigures):
    """``ReportCount``'s rows added up per gaming day, shift, game and training, but for the
    paytable rows hit (the hit frequency is per table)."""

    class Meta:
        constraints = [models.UniqueConstraint(fields=[*ReportGameKey.KEY, "kind", "wager", "letter", "name"],
                                               name="report_game_count_key")]

    def __str__(self) -> str:
        return f"{self.gaming_day} shift {self.shift} {self.game}: {self.kind} {self.wager} {self.name}"


class ReportHit(models.Model):
    """``ReportCount``'s paytable rows hit ("hit") added up without the dealer: the hit frequency
    is per table, and a month's hits are a tenth of its counts."""

    gaming_day = models.DateField()
    shift = models.PositiveSmallIntegerField()
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+", db_index=False)
    game = models.CharField(max_length=40)
    training = models.BooleanField()
    wager = models.CharField(max_length=40, blank=True)
    letter = models.CharField(max_length=10, blank=True)
    name = models.CharField(max_length=200, blank=True)
    count = models.BigIntegerField(default=0)
    amount = models.BigIntegerField(default=0)  # cents: the lines' stakes
    won = models.BigIntegerField(default=0)
    lost = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(
            fields=["gaming_day", "shift", "table", "game", "training", "wager", "letter", "name"],
            name="report_hit_key")]

    def __str__(self) -> str:
        return f"{self.gaming_day} shift {self.shift} table {self.table_id}: {self.wager} {self.name}"


class AuditQuerySet(models.QuerySet):
    """The audit trail's rows are written once: a bulk update or delete is refused like a single one."""

    def update(self, **kwargs):
        raise ValueError("The audit trail is append-only: an entry is never changed")

    def delete(self):
        raise ValueError("The audit trail is append-only: an entry is never deleted")


class AuditEntry(models.Model):
    """One change of the configuration, a user's roles or a round's record: who, when, what it was
    before and after (``games.people.audit`` writes them, in the change's transaction).  Append-only: the
    model refuses to save an existing entry or delete one, and on PostgreSQL a trigger refuses any
    UPDATE or DELETE of the table."""

    class Kind(models.TextChoices):
        TABLE = "table", "Table created or renamed"
        TABLE_RULES = "table_rules", "Table rules"
        TABLE_TRAINING = "table_training", "Training mode"
        METER = "meter", "Progressive meter"
        LINK = "link", "Progressive link"
        USER_ROLES = "user_roles", "User's roles"
        DEALER_ASSIGNMENT = "dealer_assignment", "Dealer at a table"
        CORRECTION = "correction", "Correction"
        VOID = "void", "Void"

    created_at = models.DateTimeField(default=timezone.now)
    # Empty for a change made outside the app (a management command, the shell).
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    subject = models.CharField(max_length=200)  # "table TH-1", "TH-1 round 12", "user dealer"
    # What the subject is and its id, kept as plain values: an entry outlives what it names.
    object_type = models.CharField(max_length=20, blank=True)
    object_id = models.BigIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    after = models.JSONField(null=True, blank=True, encoder=DjangoJSONEncoder)
    summary = models.CharField(max_length=300)

    objects = AuditQuerySet.as_manager()

    class Meta:
        ordering = ["-id"]
        verbose_name_plural = "audit entries"
        indexes = [
            models.Index(fields=["kind", "-id"], name="audit_by_kind"),
            models.Index(fields=["actor", "-id"], name="audit_by_actor"),
            models.Index(fields=["created_at"], name="audit_by_time"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.summary}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ValueError("The audit trail is append-only: an entry is never changed")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("The audit trail is append-only: an entry is never deleted")
