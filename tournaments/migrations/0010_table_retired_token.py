from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_table_resumed_in_history"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="retired_token",
            field=models.CharField(
                blank=True, editable=False, max_length=64, null=True, unique=True
            ),
        ),
    ]
