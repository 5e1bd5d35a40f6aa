"""Admin pages for scoring: deals and their history (corrections go through the app)."""

from django.contrib import admin

from scoring.models import Deal, DealChange


class DealChangeInline(admin.TabularInline):
    model = DealChange
    extra = 0
    fields = ("created_at", "action", "before", "after", "reason", "user")
    readonly_fields = fields
    can_delete = False


@admin.register(Deal)
class DealAdmin(admin.ModelAdmin):
    list_display = ("table", "number", "sequence", "declarer", "game", "score", "confirmed_by")
    list_filter = ("table__tournament",)
    search_fields = ("game",)
    list_select_related = ("table",)
    readonly_fields = ("submission", "created_at", "updated_at")
    inlines = [DealChangeInline]


@admin.register(DealChange)
class DealChangeAdmin(admin.ModelAdmin):
    list_display = ("deal", "action", "before", "after", "reason", "user", "created_at")
    list_filter = ("action",)
    list_select_related = ("deal__table", "user")
