"""A tournament's rule set and its options (issue 12): every tournament so far plays Prisdorf,
its minimum bid becomes the option ``min_bid``; a Preisfipsen unless unticked."""

from django.db import migrations, models


def min_bid_to_options(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.only("pk", "min_bid"):
        Tournament.objects.filter(pk=tournament.pk).update(
            rule_set="prisdorf", rule_options={"min_bid": tournament.min_bid}
        )


def options_to_min_bid(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for tournament in Tournament.objects.only("pk", "rule_options"):
        min_bid = tournament.rule_options.get("min_bid", 2)
        Tournament.objects.filter(pk=tournament.pk).update(min_bid=min_bid)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0011_generated_files_to_printing"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="rule_set",
            field=models.CharField(default="prisdorf", max_length=30, verbose_name="rules"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="rule_options",
            field=models.JSONField(blank=True, default=dict, verbose_name="options of the rules"),
        ),
        migrations.AddField(
            model_name="tournament",
            name="prize_tournament",
            field=models.BooleanField(
                default=True,
                help_text="Untick for a private evening: only there can Kontra be agreed.",
                verbose_name="Preisfipsen (with prizes)",
            ),
        ),
        migrations.RunPython(min_bid_to_options, options_to_min_bid),
        migrations.RemoveConstraint(model_name="tournament", name="tournament_min_bid"),
        migrations.RemoveField(model_name="tournament", name="min_bid"),
        migrations.AddConstraint(
            model_name="tournament",
            constraint=models.CheckConstraint(
                condition=models.Q(("rule_set__in", ("prisdorf",))), name="tournament_rule_set"
            ),
        ),
    ]
