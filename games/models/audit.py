"""The audit trail: every change of the configuration, a user's roles or a round's record."""

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils import timezone


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
        # The closing hashes of a gaming day's rounds, digested (games.history.digest): exported, it
        # makes a later reseal evident even to whoever holds the seal's key.
        HISTORY_DIGEST = "history_digest", "Gaming day's history digest"

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
    # Chained in id order (games.people.audit writes the links): the hash of the entry before, or the
    # trail's start, and this entry's own over that link and its content.
    prev_hash = models.CharField(max_length=64, blank=True, default="", db_default="")
    hash = models.CharField(max_length=64, blank=True, default="", db_default="")

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
