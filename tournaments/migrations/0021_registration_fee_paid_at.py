"""The entry fee per registration: paid (``fee_paid_at``, in cash at the desk) or open, and
its marks in the tournament's history."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0020_rule_set_checked_by_the_registry'),
    ]

    operations = [
        migrations.AddField(
            model_name='registration',
            name='fee_paid_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='fee paid at'),
        ),
        migrations.AlterField(
            model_name='tournamentevent',
            name='kind',
            field=models.CharField(choices=[('finished', 'tournament finished'), ('reopened', 'tournament reopened'), ('table_ended_early', 'table ended early'), ('table_resumed', 'table resumed'), ('link_renewed', 'new table link'), ('changed_in_admin', 'changed in the admin'), ('fee_paid', 'entry fee paid'), ('fee_open', 'entry fee marked open again')], max_length=30, verbose_name='what'),
        ),
    ]
