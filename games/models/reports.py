"""The report figures stored as rounds close, per cell (gaming day, shift, table, game, dealer,
training) and rolled up per game (``games.reports.cells`` writes them)."""

from django.conf import settings
from django.db import models

from games.models.rounds import Table


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


class WithheldRound(models.Model):
    """A closed or void round the report leaves out because its history failed its check when
    the figures were last rebuilt (``manage.py rebuild_report_figures``): its rows are not what
    was sealed, so no figure is taken from them until a supervisor has looked into it."""

    round = models.OneToOneField("games.Round", on_delete=models.CASCADE, related_name="withheld")
    problem = models.CharField(max_length=500)  # the first break found
    breaks = models.PositiveIntegerField(default=1)
    found_at = models.DateTimeField()

    class Meta:
        ordering = ["round_id"]

    def __str__(self) -> str:
        return f"round {self.round_id} withheld: {self.problem}"
