from django.contrib import admin

from tournaments.models import OrganiserProfile


@admin.register(OrganiserProfile)
class OrganiserProfileAdmin(admin.ModelAdmin):
    list_display = ["user", "must_change_password"]
    list_select_related = ["user"]
