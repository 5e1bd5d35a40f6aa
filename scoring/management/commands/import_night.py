"""`manage.py import_night FILE`: a night exported by `export_night` (or the button), all or
nothing, read a table at a time (scoring/night_transfer.py)."""

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from scoring import night_transfer


class Command(BaseCommand):
    help = "Import a tournament exported as JSON; players are matched by name and club."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        try:
            with file.open("rb") as opened:
                tournament = night_transfer.night_import_file(opened)
        except OSError as error:
            raise CommandError(str(error)) from error
        except night_transfer.NightFileError as error:
            raise CommandError(str(error)) from error
        if options["verbosity"] > 0:
            self.stdout.write(
                _("The tournament “%(name)s” is imported.") % {"name": tournament.name}
            )
