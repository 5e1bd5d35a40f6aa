"""`manage.py export_night TOURNAMENT_ID [--output FILE]`: one night as one file (JSON), written
a few tables at a time, to import with `manage.py import_night` on another installation
(scoring/night_file/transfer.py)."""

from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.text import get_valid_filename
from django.utils.translation import gettext as _

from scoring.night_file import transfer as night_transfer
from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Export a tournament with its players, tables, deals, history and prizes as JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", type=int, help="The tournament's number (its id).")
        parser.add_argument("--output", "-o", type=Path, help="The file to write.")

    def handle(self, *args: Any, tournament: int, output: Path | None, **options: Any) -> None:
        found = Tournament.objects.filter(pk=tournament).first()
        if found is None:
            raise CommandError(_("There is no tournament %(id)s.") % {"id": tournament})
        if output is None:
            output = Path(get_valid_filename(f"{found.name} {found.date.isoformat()}") + ".json")
        try:
            with output.open("wb") as file:
                for chunk in night_transfer.night_export_chunks(tournament=found):
                    file.write(chunk)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        except OSError as error:
            raise CommandError(str(error)) from error
        if options["verbosity"] > 0:
            self.stdout.write(_("Tournament exported: %(file)s") % {"file": output.resolve()})
