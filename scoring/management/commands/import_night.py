"""`manage.py import_night FILE`: a night exported by `export_night` (or the button), all or
nothing, read a table at a time (scoring/night_file/transfer.py). An import of an earlier run that
was killed half-way (its hidden tournament left) is undone first (scoring/night_file/jobs.py)."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from scoring.night_file import jobs as transfer_jobs
from scoring.night_file import transfer as night_transfer


class Command(BaseCommand):
    help = "Import a tournament exported as JSON; players are matched by name and club."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        for stopped in transfer_jobs.night_imports_stopped_undo():
            self.stdout.write(
                _("An import of “%(file)s” stopped half-way (its process is gone): it is undone.")
                % {"file": stopped.filename}
            )
        try:
            with file.open("rb") as opened:
                tournament = transfer_jobs.night_import_here(file=opened, filename=file.name)
        except OSError as error:
            raise CommandError(str(error)) from error
        except night_transfer.NightFileError as error:
            raise CommandError(str(error)) from error
        if options["verbosity"] > 0:
            self.stdout.write(
                _("The tournament “%(name)s” is imported.") % {"name": tournament.name}
            )
