"""The board's address and the read-only sheet's link get secrets of their own: existing rows
are filled one by one (a default would give them all the same token), then made unique."""

import secrets

from django.db import migrations, models

import tournaments.models


def fill_tokens(apps, schema_editor):
    for model_name, field in (("Tournament", "board_token"), ("Table", "sheet_token")):
        model = apps.get_model("tournaments", model_name)
        for pk in model.objects.values_list("pk", flat=True):
            model.objects.filter(pk=pk).update(**{field: secrets.token_urlsafe(18)})


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0005_board")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="board_after_finish",
            field=models.BooleanField(
                default=False,
                help_text="Otherwise the board goes dark once the tournament is finished.",
                verbose_name="the board shows the final ranking after the night",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="board_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.AddField(
            model_name="table",
            name="sheet_token",
            field=models.CharField(editable=False, max_length=64, null=True),
        ),
        migrations.RunPython(fill_tokens, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="board_token",
            field=models.CharField(
                default=tournaments.models.new_token, editable=False, max_length=64, unique=True
            ),
        ),
        migrations.AlterField(
            model_name="table",
            name="sheet_token",
            field=models.CharField(
                default=tournaments.models.new_token, editable=False, max_length=64, unique=True
            ),
        ),
    ]
