"""A deal is an entry of the table's ledger (tournaments/ledger.py), which says when it was
last corrected, as race and Tippen deals always did: the deals corrected before get the time
of their last correction from their history."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def corrected_from_history(apps, schema_editor):
    Deal = apps.get_model("scoring", "Deal")
    DealChange = apps.get_model("scoring", "DealChange")
    last = (
        DealChange.objects.filter(deal=OuterRef("pk"), action="corrected")
        .order_by("-created_at", "-pk")
        .values("created_at")[:1]
    )
    Deal.objects.filter(changes__action="corrected").update(corrected_at=Subquery(last))


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0009_deal_seats_of_tables_of_five"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="corrected_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="corrected at"),
        ),
        migrations.RunPython(corrected_from_history, migrations.RunPython.noop, elidable=True),
    ]
