"""`manage.py backup [--output FILE] [--format sqlite|json]`: a consistent copy of the whole
database, made while the app runs (see sitewide/backup.py)."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone
from django.utils.translation import gettext as _

from sitewide import backup


class Command(BaseCommand):
    help = (
        "Write a consistent backup of the whole database, while the app runs: SQLite's online "
        "backup (a .sqlite3 file) or, on PostgreSQL, every row as JSON from one snapshot. "
        "Restore it with `manage.py restore FILE`."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--output", "-o", type=Path, help="The file to write (default: in the current folder)."
        )
        parser.add_argument(
            "--format",
            choices=[backup.SQLITE, backup.JSON],
            help="sqlite: a copy of the SQLite file (the default on SQLite); json: every row "
            "(the default on PostgreSQL; restores into either).",
        )

    def handle(self, *args: Any, output: Path | None, format: str | None, **options: Any) -> None:
        format = format or backup.default_format()
        if output is None:
            stamp = timezone.localtime().strftime("%Y-%m-%d-%H%M%S")
            output = Path(f"preisfipsen-backup-{stamp}.{backup.extension(format)}")
        try:
            backup.backup_write(output, format=format)
        except (backup.BackupError, OSError) as error:
            raise CommandError(str(error)) from error
        if options["verbosity"] > 0:
            self.stdout.write(
                self.style.SUCCESS(_("Backup written: %(file)s") % {"file": output.resolve()})
            )
