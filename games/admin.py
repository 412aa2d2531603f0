"""The admin shows history and tables; it changes neither.

History is append-only: rounds, their events, settlement lines and approvals are written by the
services alone, so the admin may view them but never add, change or delete one (a fabricated
closed round would appear in the history and its CSV).  A table's rules and training mode
change only on the supervisor's configuration page, through ``services.table_configure``, which
refuses while a round is in play and checks the options against the chapter; here a table can
be created (its rules checked the same way) and renamed.  Dealers' assignments to tables are shown
here too; they change on the "Dealers at tables" page (a supervisor's or an administrator's), through
``services.dealer_assign``.

Every change made here to a table or to a user's roles (groups, staff, superuser, active) is
written to the audit trail (``games.people.audit``) in the save's transaction; the trail itself is shown
and never written here.
"""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils.html import format_html

from games.engine.core import Refused
from games.engine.core.schema import text_problem
from games.engine.registry import GAMES
from games.models import (
    Approval,
    AuditEntry,
    DealerAssignment,
    Link,
    LinkedTable,
    Meter,
    MeterEntry,
    Round,
    RoundEvent,
    SettlementLine,
    Table,
)
from games.people import audit


class OneLineNames:
    """A form mixin: the names it takes (a table's, a user's and their display names, a group's, which
    is a role) hold no control character.  A name goes into file names, headers and one-line cells:
    a line break there breaks every download of the table's round sheets."""

    NAME_FIELDS = ("name", "username", "first_name", "last_name", "email")

    def clean(self):
        cleaned = super().clean()
        for field in self.NAME_FIELDS:
            value = cleaned.get(field)
            if isinstance(value, str) and (problem := text_problem(value, len(value), one_line=True)):
                self.add_error(field, f"The {field.replace('_', ' ')} {problem}")
        return cleaned


class RefusesControlCharacters:
    """A ModelAdmin mixin: its forms refuse names with control characters (``OneLineNames``)."""

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        return type(form.__name__, (OneLineNames, form), {})


class TableAddForm(forms.ModelForm):
    game = forms.ChoiceField(choices=[(slug, game.name) for slug, game in GAMES.items()])

    class Meta:
        model = Table
        fields = ["name", "game", "rules", "training"]

    def clean(self):
        cleaned = super().clean()
        game, rules = cleaned.get("game"), cleaned.get("rules")
        if game in GAMES:
            if not isinstance(rules, dict):
                self.add_error("rules", "The rules must be a JSON object of options")
            else:
                try:
                    GAMES[game].validate_rules(rules)
                except Refused as refusal:
                    self.add_error("rules", str(refusal))
        return cleaned


@admin.register(Table)
class TableAdmin(RefusesControlCharacters, admin.ModelAdmin):
    list_display = ["name", "game", "training", "rounds_since_stub_count"]

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = TableAddForm
        return super().get_form(request, obj, **kwargs)

    def get_fields(self, request, obj=None):
        if obj is None:
            return ["name", "game", "rules", "training"]
        return ["name", "game", "rules", "training", "rounds_since_stub_count", "configure"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return ["game", "rules", "training", "rounds_since_stub_count", "configure"]

    def save_model(self, request, obj: Table, form, change: bool) -> None:
        before = Table.objects.filter(pk=obj.pk).values("name").first() if change else None
        super().save_model(request, obj, form, change)
        if before is None:
            audit.record(audit.Kind.TABLE, request.user, obj, None,
                         {"name": obj.name, "game": obj.game, "rules": obj.rules, "training": obj.training},
                         f"Table {obj.name} created ({obj.game_name}{', training' if obj.training else ''})")
        elif before["name"] != obj.name:
            audit.record(audit.Kind.TABLE, request.user, obj, before, {"name": obj.name},
                         f"Table {before['name']} renamed {obj.name}")

    @admin.display(description="Rules and training mode")
    def configure(self, obj: Table) -> str:
        return format_html('<a href="{}">Change them on the configuration page</a> (refused while a round is in play)',
                           reverse("table-configure", args=[obj.pk]))


class ReadOnly:
    """Shown, never written: the services are the only writers of history."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(ReadOnly, admin.ModelAdmin):
    pass


class ReadOnlyInline(ReadOnly, admin.TabularInline):
    extra = 0
    can_delete = False


class EventInline(ReadOnlyInline):
    model = RoundEvent


class LineInline(ReadOnlyInline):
    model = SettlementLine


class ApprovalInline(ReadOnlyInline):
    model = Approval


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["table", "number", "game", "status", "dealer", "started_at"]
    list_filter = ["game", "status", "table"]
    inlines = [EventInline, LineInline, ApprovalInline]


@admin.register(RoundEvent)
class RoundEventAdmin(ReadOnlyAdmin):
    list_display = ["round", "seq", "actor", "role", "created_at"]


@admin.register(SettlementLine)
class SettlementLineAdmin(ReadOnlyAdmin):
    list_display = ["round", "position", "seat", "wager", "outcome", "amount"]


@admin.register(Approval)
class ApprovalAdmin(ReadOnlyAdmin):
    list_display = ["round", "number", "kind", "status", "decided_by"]


# -- progressive meters: shown here, changed only on the supervisor's page (games.progressives.services), whose
# checks (one progressive per table, no parameter change while a link operates) and ledger the admin
# would bypass.

class ProgressivesPageLink:
    readonly_fields = ["configure"]

    @admin.display(description="Change")
    def configure(self, obj) -> str:
        return format_html('<a href="{}">On the progressive meters page</a>', reverse("progressives"))


@admin.register(Link)
class LinkAdmin(ProgressivesPageLink, ReadOnlyAdmin):
    list_display = ["name", "operating", "down_reason", "changed_at"]


@admin.register(LinkedTable)
class LinkedTableAdmin(ReadOnlyAdmin):
    list_display = ["link", "table", "on_link"]


@admin.register(Meter)
class MeterAdmin(ProgressivesPageLink, ReadOnlyAdmin):
    list_display = ["name", "game", "wager", "tier", "table", "link", "amount", "reserve", "reset_amount", "rate",
                    "reserve_rate", "wager_amount"]


@admin.register(MeterEntry)
class MeterEntryAdmin(ReadOnlyAdmin):
    """A meter's ledger (its own page, with its audit, is the progressive meters page's link)."""

    list_display = ["meter", "seq", "kind", "pool", "amount", "balance_after", "round", "seat", "user", "created_at"]
    list_filter = ["kind", "meter"]


@admin.register(DealerAssignment)
class DealerAssignmentAdmin(ReadOnlyAdmin):
    list_display = ["dealer", "table", "how", "started_at", "started_by", "ended_at", "ended_by"]
    list_filter = ["table", "how"]
    readonly_fields = ["assign"]

    @admin.display(description="Change")
    def assign(self, obj) -> str:
        return format_html('<a href="{}">On the Dealers at tables page</a>', reverse("dealer-assignments"))


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """The audit trail, as its page (/audit/) shows it: never added to, changed or deleted here."""

    list_display = ["created_at", "kind", "actor", "subject", "summary"]
    list_filter = ["kind"]
    search_fields = ["subject", "summary"]


# -- users: the roles a form's save changes are one audit entry -----------------------------------

User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class AuditedUserAdmin(RefusesControlCharacters, UserAdmin):
    def get_readonly_fields(self, request, obj=None):
        # An administrator gives roles (groups), not every right: only a superuser makes another one.
        if request.user.is_superuser:
            return super().get_readonly_fields(request, obj)
        return [*super().get_readonly_fields(request, obj), "is_superuser", "user_permissions"]

    def save_model(self, request, obj, form, change: bool) -> None:
        # Read before the save (the object holds the form's new values already).
        request._audit_roles_before = audit.roles_snapshot(obj) if change else None
        with audit.silenced():
            super().save_model(request, obj, form, change)

    def save_related(self, request, form, formsets, change: bool) -> None:
        with audit.silenced():
            super().save_related(request, form, formsets, change)
        audit.user_roles_changed(actor=request.user, user=form.instance,
                                 before=getattr(request, "_audit_roles_before", None))


admin.site.unregister(Group)


@admin.register(Group)
class RoleGroupAdmin(RefusesControlCharacters, GroupAdmin):
    """Groups are roles, by name: a name changed here takes the role from every member (their open
    sockets re-check at once, ``games.people.live_rights``)."""
