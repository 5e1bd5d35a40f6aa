"""A table keeps one link for the whole night: finishing no longer renews it. A tournament
finished before this gets its printed links back (they showed its final totals as retired
tokens), so the cards and the PDFs printed before finishing are the table's link again."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.models import F


def printed_links_back(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    table = apps.get_model("tournaments", "Table")
    table.objects.filter(retired_token__isnull=False).update(token=F("retired_token"))


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0015_race_in_the_making")]

    operations = [
        migrations.RunPython(printed_links_back, migrations.RunPython.noop),
        migrations.RemoveField(model_name="table", name="retired_token"),
    ]
