"""Each deal stores every seat's change of its total (issue 27), filled for the deals stored
before from what the totals made of them then, so that no figure changes: the declarer his
score, every other seat of the table each opponent's gain, but the dealer of a table of five
(he sat out). In SQL, one statement per seat: a night of 200 tables has some 20,000 deals."""

from django.db import migrations, models

#: The seat positions a deal has a change for (tournaments.models.MAX_SEATS when written).
SEATS = 6
#: The table size at which the totals of before sat the dealer out.
FIVE = 5

_PLAYERS = "(SELECT COUNT(*) FROM tournaments_seat WHERE tournaments_seat.table_id = scoring_deal.table_id)"


def _fill_sql(seat: int) -> str:
    return (
        f"UPDATE scoring_deal SET change_{seat} = CASE "  # noqa: S608 (numbers only)
        "WHEN declarer IS NULL THEN 0 "
        f"WHEN declarer = {seat} THEN score "
        f"WHEN dealer = {seat} AND {_PLAYERS} = {FIVE} THEN 0 "
        f"WHEN {seat} < {_PLAYERS} THEN opponents_score "
        "ELSE 0 END"
    )


def fill(apps, schema_editor):
    with schema_editor.connection.cursor() as cursor:
        for seat in range(SEATS):
            cursor.execute(_fill_sql(seat))


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0014_night_import_staged"),
    ]

    operations = [
        *(
            migrations.AddField(
                model_name="deal",
                name=f"change_{seat}",
                field=models.SmallIntegerField(default=0),
            )
            for seat in range(SEATS)
        ),
        # Back again the changes are dropped: score and opponents_score still hold the deal.
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=False),
    ]
