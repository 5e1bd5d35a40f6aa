"""The admin: every model of the app, for the organiser's repairs and look-ups.

The pages of the app are the way to run a night; the admin saves what it is given without the
services' checks (states, the draw), except where noted, so it is for repairs. Once play has
started the night's history is append-only here too: seats cannot be added, changed or deleted,
registrations, tables and the tournament cannot be deleted (the database refuses as well:
scoring's deals PROTECT their table, seats PROTECT their registration). What would break the
night is fixed from then on (a table's tournament, the rule set and its options, who a
registration is); what may still change (a table's deals, its first dealer) writes a line in
the night's history with who, before and after.
"""

import secrets
from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments import services
from tournaments.ledger.totals import SeatTotal, TableTotal
from tournaments.models import (
    OrganiserProfile,
    Player,
    PlayerMerge,
    Registration,
    Seat,
    SeatSwap,
    SeriesDraw,
    Table,
    Tournament,
    TournamentEvent,
)
from tournaments.players.services import player_update


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
    readonly_fields = ["name_key", "retired_at", "created_at"]

    def save_model(self, request: HttpRequest, obj: Player, form: Any, change: bool) -> None:
        """Through the service, which folds the name for search and the duplicate check."""
        player_update(player=obj, name=obj.name, club=obj.club, contact=obj.contact)


def fixed_once_started(
    readonly: list[str] | tuple[str, ...], tournament: Tournament | None, fixed: list[str]
) -> list[str]:
    """The read-only fields, with ``fixed`` among them once ``tournament`` plays."""
    return [*readonly, *fixed] if play_started(tournament) else list(readonly)


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ["player", "walk_in", "checked_in_at", "withdrawn_at"]
    autocomplete_fields = ["player"]

    # obj is the tournament: once it plays, a registration seated at a table stays its player.
    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        return fixed_once_started(super().get_readonly_fields(request, obj), obj, ["player"])

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

    # The rules are fixed from Spielbeginn, as on the app's pages (a club's points table too).
    def get_readonly_fields(self, request: HttpRequest, obj: Tournament | None = None) -> list[str]:
        readonly = super().get_readonly_fields(request, obj)
        return fixed_once_started(readonly, obj, ["rule_set", "rule_options"])

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

    def get_readonly_fields(
        self, request: HttpRequest, obj: Registration | None = None
    ) -> list[str]:
        readonly = super().get_readonly_fields(request, obj)
        tournament = obj.tournament if obj is not None else None
        return fixed_once_started(readonly, tournament, ["player", "tournament"])

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

    #: What may still change at a table in play; each change is a line in the night's history.
    LOGGED = ("deals", "first_dealer")

    def get_readonly_fields(self, request: HttpRequest, obj: Table | None = None) -> list[str]:
        readonly = super().get_readonly_fields(request, obj)
        tournament = obj.tournament if obj is not None else None
        return fixed_once_started(readonly, tournament, ["tournament"])

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
        changed = [name for name in self.LOGGED if name in form.changed_data]
        if not (change and changed and play_started(obj.tournament)):
            super().save_model(request, obj, form, change)
            return
        lines = [
            gettext("%(field)s: %(before)s → %(after)s")
            % {
                "field": form.fields[name].label,
                "before": _shown(form.initial.get(name)),
                "after": _shown(form.cleaned_data.get(name)),
            }
            for name in changed
        ]
        with transaction.atomic():
            super().save_model(request, obj, form, change)
            services.event_record(
                tournament=obj.tournament,
                kind=TournamentEvent.Kind.CHANGED_IN_ADMIN,
                user=request.user,  # type: ignore[arg-type]
                table=obj,
                reason="; ".join(lines)[:200],
            )


def _shown(value: object) -> str:
    return "–" if value is None or value == "" else str(value)


class SeatAdminForm(forms.ModelForm):
    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned: dict[str, Any] = self.cleaned_data
        table = cleaned.get("table")
        if self.instance.pk is None and table is not None and play_started(table.tournament):
            raise ValidationError(
                gettext("Table %(number)s already plays: no seat can be added to it.")
                % {"number": table.number},
                code="started",
            )
        return cleaned


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["registration", "table", "position", "left_after_deal"]
    list_select_related = ["registration__player", "table__tournament"]
    list_filter = ["table__tournament"]
    search_fields = ["registration__player__name", "registration__player__name_key"]
    autocomplete_fields = ["table", "registration"]
    form = SeatAdminForm

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


class TotalsAdmin(admin.ModelAdmin):
    """The running totals, made afresh by the ledger from the deals: to look at only."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(TableTotal)
class TableTotalAdmin(TotalsAdmin):
    list_display = ["table", "played", "entries", "last_entry"]
    list_select_related = ["table__tournament"]


@admin.register(SeatTotal)
class SeatTotalAdmin(TotalsAdmin):
    list_display = ["seat", "points", "declared", "won", "lost", "best"]
    list_select_related = ["seat__table__tournament", "seat__registration__player"]


@admin.register(SeriesDraw)
class SeriesDrawAdmin(TotalsAdmin):
    """How each later series was drawn: its record, to look at only (the check repeats it)."""

    list_display = ["tournament", "number", "method", "met_again", "drawn_at", "user"]
    list_select_related = ["tournament", "user"]
    list_filter = ["method", "tournament"]


@admin.register(PlayerMerge)
class PlayerMergeAdmin(TotalsAdmin):
    """The directory's history of merges: written by the merge, to look at only."""

    list_display = ["player", "merged_name", "merged_club", "user", "created_at"]
    list_select_related = ["player", "user"]
    search_fields = ["merged_name", "player__name"]
