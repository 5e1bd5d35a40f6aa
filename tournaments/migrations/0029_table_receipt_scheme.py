"""Tables made before keep four-character receipts chained from "table N" (scheme 1), so that a
code printed or noted at their night checks as it did; new tables take scheme 2."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0028_tournament_importing")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="receipt_scheme",
            field=models.PositiveSmallIntegerField(
                choices=[(1, "4"), (2, "6")], default=1, editable=False, verbose_name="receipts"
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="receipt_scheme",
            field=models.PositiveSmallIntegerField(
                choices=[(1, "4"), (2, "6")], default=2, editable=False, verbose_name="receipts"
            ),
        ),
    ]
