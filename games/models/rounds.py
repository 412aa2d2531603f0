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
from django.db import models
from django.utils import timezone

from games.engine.core import handed, instruction
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
    # (games/history/record.py), and the engine version that settled it: a past round is read, never
    # replayed, so a later change of engine code or of a rules option cannot change what it shows.
    record = models.JSONField(null=True, blank=True)
    engine_version = models.CharField(max_length=40, blank=True)
    # The hash of the last event of the log (games/history/chain.py), empty before the first; the digest
    # of the record; and, once the round is closed or void, the hash that seals them with what its
    # history shows.
    log_hash = models.CharField(max_length=64, blank=True, default="")
    record_hash = models.CharField(max_length=64, blank=True, default="")
    closing_hash = models.CharField(max_length=64, blank=True, default="")
    # How the closing hash was made: 1, unkeyed over the row and approvals (rounds closed before
    # version 2); 2, an HMAC with the key named ``seal_key`` (games/history/keys.py) over the row and
    # ``sealed_rows``, the digest of each wager, settlement line, approval and ledger entry by name.
    seal_version = models.PositiveSmallIntegerField(default=0, db_default=0)
    seal_key = models.CharField(max_length=40, blank=True, default="", db_default="")
    sealed_rows = models.JSONField(null=True, blank=True)
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
    event's content and ``prev_hash``, the hash of the event before it (games/history/chain.py)."""

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
        # The reports count irregularities by kind (games/reports/report.py): an index of those events
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

    @property
    def handed(self) -> int:
        """Cents: what leaves the table for it, the figure every screen shows (records.handed)."""
        return handed(self.outcome, self.amount, self.stake, self.stake_collected, self.payer)


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
