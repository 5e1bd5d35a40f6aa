"""The file records move to the printing app (issue 11): copied into its table, with the
tournament kept as the owner's key ("tournament:12"), then the old table is dropped. Backwards
they move back (and leave printing's table, so that migrating forward again finds it empty)."""

from django.db import migrations

FIELDS = ("id", "kind", "filename", "file", "task_id", "error", "created_at", "expires_at")


def _keeping_created_at(model):  # type: ignore[no-untyped-def]
    # The historical model would stamp created_at with now: the copies keep their time.
    model._meta.get_field("created_at").auto_now_add = False
    return model


def to_printing(apps, schema_editor):  # type: ignore[no-untyped-def]
    old = apps.get_model("tournaments", "GeneratedFile")
    new = _keeping_created_at(apps.get_model("printing", "GeneratedFile"))
    new.objects.bulk_create(
        new(
            owner=f"tournament:{row.tournament_id}" if row.tournament_id else "",
            **{name: getattr(row, name) for name in FIELDS},
        )
        for row in old.objects.all()
    )


def back_to_tournaments(apps, schema_editor):  # type: ignore[no-untyped-def]
    old = _keeping_created_at(apps.get_model("tournaments", "GeneratedFile"))
    new = apps.get_model("printing", "GeneratedFile")
    tournaments = set(apps.get_model("tournaments", "Tournament").objects.values_list("pk", flat=True))
    rows = []
    for row in new.objects.all():
        kind, _, pk = row.owner.partition(":")
        owner = int(pk) if kind == "tournament" and pk.isdecimal() else None
        rows.append(
            old(
                tournament_id=owner if owner in tournaments else None,
                **{name: getattr(row, name) for name in FIELDS},
            )
        )
    old.objects.bulk_create(rows)
    new.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0010_table_retired_token"),
        ("printing", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(to_printing, back_to_tournaments),
        migrations.DeleteModel(name="GeneratedFile"),
    ]
