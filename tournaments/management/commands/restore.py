"""`manage.py restore FILE [--force]`: put a backup of `manage.py backup` in place of the whole
database. Refuses a database that holds a night unless --force (see sitewide/backup.py)."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from sitewide import backup


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py backup` (or the button “Download a backup”), "
        "replacing the whole database. Stop `make run` first. A database that holds "
        "tournaments or players is replaced only with --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="The backup file (.sqlite3 or .json).")
        parser.add_argument(
            "--force",
            action="store_true",
            help="Replace the database even though it holds tournaments or players.",
        )

    def handle(self, *args: Any, file: Path, force: bool, **options: Any) -> None:
        try:
            restored = backup.backup_restore(file, force=force)
        except backup.BackupError as error:
            raise CommandError(str(error)) from error
        if options["verbosity"] > 0:
            self.stdout.write(self.style.SUCCESS(_("Backup restored: %(file)s") % {"file": file}))
            if restored.migrated:
                self.stdout.write(_("The backup was older: its database is brought up to date."))
