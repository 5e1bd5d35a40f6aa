from django.db import migrations


class Migration(migrations.Migration):
    """A place may have several prizes: "30 €" and "Präsentkorb" on two lines."""

    dependencies = [
        ("scoring", "0005_history_protected"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="prize", name="prize_place_unique"),
        migrations.AlterModelOptions(
            name="prize",
            options={
                "ordering": ["tournament", "place", "pk"],
                "verbose_name": "prize",
                "verbose_name_plural": "prizes",
            },
        ),
    ]
