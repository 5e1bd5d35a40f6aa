"""Each paid fee keeps the money paid (``fee_amount``): the report summed the tournament's fee
of now over the paid ones, so changing the fee during play re-priced what was already in the
box. Existing paid rows are filled with their tournament's fee, the best that is known."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def fill_paid_amounts(apps, schema_editor):
    registration_model = apps.get_model("tournaments", "Registration")
    tournament_model = apps.get_model("tournaments", "Tournament")
    fee = tournament_model.objects.filter(pk=OuterRef("tournament_id")).values("entry_fee")
    registration_model.objects.filter(fee_paid_at__isnull=False).update(
        fee_amount=Subquery(fee[:1])
    )


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0029_table_receipt_scheme'),
    ]

    operations = [
        migrations.AddField(
            model_name='registration',
            name='fee_amount',
            field=models.DecimalField(blank=True, decimal_places=2, max_digits=6, null=True, verbose_name='fee paid (€)'),
        ),
        migrations.RunPython(fill_paid_amounts, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='registration',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('fee_amount__isnull', True), ('fee_paid_at__isnull', True)), models.Q(('fee_amount__gte', 0), ('fee_amount__isnull', False), ('fee_paid_at__isnull', False)), _connector='OR'), name='registration_fee_amount_when_paid'),
        ),
    ]
