"""Which dealer deals at which table, and since when: an assignment is ended, never deleted."""

from django.conf import settings
from django.db import models

from games.models.rounds import Table


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
