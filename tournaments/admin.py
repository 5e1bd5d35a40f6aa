"""The admin: every model of the app, for the organiser's repairs and look-ups.

The pages of the app are the way to run a night; the admin saves what it is given without the
services' checks (states, the draw), except where noted, so it is for repairs. Once play has
started the night's history is append-only here too: seats cannot be changed or deleted,
registrations, tables and the tournament cannot be deleted (the database refuses as well:
scoring's deals PROTECT their table, seats PROTECT their registration).
"""

import secrets
from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from tournaments import services
from tournaments.models import (
    OrganiserProfile,
    Player,
    Registration,
    Seat,
    SeatSwap,
    Table,
    Tournament,
    TournamentEvent,
)


def play_started(tournament: Tournament | None) -> bool:
    """Whether the tournament has (or had) deals being played: its seats are history now."""
    return tournament is not None and tournament.has_started


@admin.register(OrganiserProfile)
class OrganiserProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "must_change_password"]
    list_select_related = ["user"]
    list_filter = ["must_change_password"]
    search_fields = ["user__username"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "club", "contact", "created_at"]
    list_filter = ["club"]
    search_fields = ["name", "name_key", "club", "contact"]
    readonly_fields = ["name_key", "created_at"]

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        """Through the service, which folds the name for search and the duplicate check."""
        services.player_update(player=obj, name=obj.name, club=obj.club, contact=obj.contact)


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ["player", "walk_in", "checked_in_at", "withdrawn_at"]
    autocomplete_fields = ["player"]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not play_started(obj) and super().has_delete_permission(request, obj)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "place", "state", "rule_set", "entry_fee"]
    list_filter = ["state", "rule_set", "date"]
    search_fields = ["name", "place"]
    date_hierarchy = "date"
    readonly_fields = ["state", "draw_seed", "drawn_at", "created_at"]
    inlines = [RegistrationInline]

    def has_delete_permission(self, request: HttpRequest, obj: Tournament | None = None) -> bool:
        return not play_started(obj) and super().has_delete_permission(request, obj)


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ["player", "tournament", "walk_in", "checked_in_at", "withdrawn_at"]
    list_select_related = ["player", "tournament"]
    list_filter = ["walk_in", "tournament"]
    search_fields = ["player__name", "player__name_key", "player__club", "tournament__name"]
    autocomplete_fields = ["player", "tournament"]
    readonly_fields = ["created_at"]

    def has_delete_permission(self, request: HttpRequest, obj: Registration | None = None) -> bool:
        started = obj is not None and play_started(obj.tournament)
        return not started and super().has_delete_permission(request, obj)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    max_num = 4
    fields = ["position", "registration", "left_after_deal"]
    autocomplete_fields = ["registration"]

    # obj is the table: once its tournament plays, its seats are history.
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        started = obj is not None and play_started(obj.tournament)
        return not started and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        started = obj is not None and play_started(obj.tournament)
        return not started and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        started = obj is not None and play_started(obj.tournament)
        return not started and super().has_delete_permission(request, obj)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["number", "tournament", "players", "deals", "first_dealer"]
    list_select_related = ["tournament"]
    list_filter = ["tournament"]
    search_fields = ["=number", "tournament__name"]
    autocomplete_fields = ["tournament"]
    readonly_fields = ["token", "ended_early_at", "ended_early_after", "ended_early_reason"]
    inlines = [SeatInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Table]:
        tables: QuerySet[Table] = super().get_queryset(request)
        return tables.annotate(player_count=Count("seats"))

    def has_delete_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        started = obj is not None and play_started(obj.tournament)
        return not started and super().has_delete_permission(request, obj)

    @admin.display(description=_("players"), ordering="player_count")
    def players(self, table: Table) -> int:
        return getattr(table, "player_count", 0)

    def save_model(self, request: HttpRequest, obj: Table, form: Any, change: bool) -> None:
        if not obj.token:  # a table added here gets a link like a drawn one (services.py)
            obj.token = secrets.token_urlsafe(18)
        super().save_model(request, obj, form, change)


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["registration", "table", "position", "left_after_deal"]
    list_select_related = ["registration__player", "table__tournament"]
    list_filter = ["table__tournament"]
    search_fields = ["registration__player__name", "registration__player__name_key"]
    autocomplete_fields = ["table", "registration"]

    def has_change_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        started = obj is not None and play_started(obj.table.tournament)
        return not started and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Seat | None = None) -> bool:
        started = obj is not None and play_started(obj.table.tournament)
        return not started and super().has_delete_permission(request, obj)


@admin.register(SeatSwap)
class SeatSwapAdmin(admin.ModelAdmin):
    list_display = ["tournament", "first", "second", "created_at"]
    list_select_related = ["tournament", "first__player", "second__player"]
    list_filter = ["tournament"]
    search_fields = ["first__player__name", "second__player__name"]
    autocomplete_fields = ["tournament", "first", "second"]
    readonly_fields = ["created_at"]


@admin.register(TournamentEvent)
class TournamentEventAdmin(admin.ModelAdmin):
    list_display = ["created_at", "tournament", "kind", "table_number", "reason", "user"]
    list_select_related = ["tournament", "user"]
    list_filter = ["kind", "tournament"]
    date_hierarchy = "created_at"

    # The history is append-only, as the deals' changes (scoring/admin.py): to look only.
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(
        self, request: HttpRequest, obj: TournamentEvent | None = None
    ) -> bool:
        return False

    def has_delete_permission(
        self, request: HttpRequest, obj: TournamentEvent | None = None
    ) -> bool:
        return False
