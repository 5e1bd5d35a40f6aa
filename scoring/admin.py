"""Admin pages for scoring: deals and their history (corrections go through the app)."""

from django.contrib import admin
from django.http import HttpRequest

from scoring.models import Deal, DealChange


class DealChangeInline(admin.TabularInline):
    model = DealChange
    extra = 0
    fields = ("created_at", "action", "before", "after", "reason", "user")
    readonly_fields = fields
    can_delete = False


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    """To look, not to change: a deal is entered and corrected in the app, which scores it by
    the rules, keeps its history, and numbers the deals in order (scoring.selectors.next_deal
    relies on that)."""

    list_display = ("table", "number", "sequence", "declarer", "game", "score", "confirmed_by")
    list_filter = ("table__tournament",)
    search_fields = ("game",)
    list_select_related = ("table",)
    inlines = [DealChangeInline]

    def get_readonly_fields(self, request: HttpRequest, obj: Deal | None = None) -> list[str]:
        return [field.name for field in Deal._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Deal | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Deal | None = None) -> bool:
        return False


@admin.register(DealChange)
class DealChangeAdmin(admin.ModelAdmin):
    list_display = ("deal", "action", "before", "after", "reason", "user", "created_at")
    list_filter = ("action",)
    list_select_related = ("deal__table", "user")

    # The history is append-only: to look, never to add, change or delete.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: DealChange | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: DealChange | None = None) -> bool:
        return False
