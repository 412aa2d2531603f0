from django.contrib import admin

from games.models import Approval, Round, RoundEvent, SettlementLine, Table


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "training", "rounds_since_stub_count"]


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class EventInline(ReadOnlyInline):
    model = RoundEvent


class LineInline(ReadOnlyInline):
    model = SettlementLine


class ApprovalInline(ReadOnlyInline):
    model = Approval


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """History is append-only: the admin shows rounds, it never edits them."""

    list_display = ["table", "number", "game", "status", "dealer", "started_at"]
    list_filter = ["game", "status", "table"]
    inlines = [EventInline, LineInline, ApprovalInline]

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
