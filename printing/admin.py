from django.contrib import admin

from printing.models import GeneratedFile


@admin.register(GeneratedFile)
class GeneratedFileAdmin(admin.ModelAdmin):
    list_display = ["filename", "kind", "owner", "created_at", "expires_at", "error"]
    list_filter = ["kind", "created_at"]
    search_fields = ["filename", "task_id", "owner"]
    date_hierarchy = "created_at"
    readonly_fields = ["id", "created_at"]
