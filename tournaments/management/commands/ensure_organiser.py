"""`manage.py ensure_organiser`: create the organiser account on the first start (`make run`)."""

import getpass
import os
import sys
from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from tournaments.selectors import organiser_exists
from tournaments.services import ORGANISER_USERNAME, OrganiserCreated, organiser_create


class Command(BaseCommand):
    help = (
        "Create the organiser account unless one exists. The password comes from "
        "ORGANISER_PASSWORD, or is asked for on a terminal; otherwise a one-time password is "
        "printed, which must be changed at the first login."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--username", default=ORGANISER_USERNAME)
        parser.add_argument(
            "--no-input",
            "--noinput",
            action="store_false",
            dest="interactive",
            help="Never ask for a password, even on a terminal.",
        )

    #: What this run made (None: the account existed). `make run` (preisfipsen/serve/) calls
    #: the command with verbosity 0 and shows the one-time password in its own start-up note.
    created: OrganiserCreated | None = None

    def handle(self, *args: Any, username: str, interactive: bool, **options: Any) -> None:
        if organiser_exists(username=username):
            return
        password = os.environ.get("ORGANISER_PASSWORD")
        if password:
            created = self._create(username, password)
        elif interactive and sys.stdin.isatty():
            created = self._create_asking(username)
        else:
            created = self._create(username, None)
        self.created = created
        if options["verbosity"] > 0:
            self._report(created)

    def _create(self, username: str, password: str | None) -> OrganiserCreated:
        try:
            return organiser_create(username=username, password=password)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error

    def _create_asking(self, username: str) -> OrganiserCreated:
        self.stdout.write(_("There is no organiser account yet: creating “%s”.") % username)
        while True:
            password = getpass.getpass(_("Password (empty for a one-time password): "))
            if password and getpass.getpass(_("The same password again: ")) != password:
                self.stderr.write(_("The two passwords differ. Please try again."))
                continue
            try:
                return organiser_create(username=username, password=password or None)
            except ValidationError as error:
                if hasattr(
                    error, "error_dict"
                ):  # the username, not the password: asking won't help
                    raise CommandError(" ".join(error.messages)) from error
                self.stderr.write("\n".join(error.messages))

    def _report(self, created: OrganiserCreated) -> None:
        username = created.user.get_username()
        if created.one_time_password is None:
            self.stdout.write(self.style.SUCCESS(_("Organiser account “%s” created.") % username))
            return
        lines = [
            _("Organiser account created."),
            _("Username: %s") % username,
            _("One-time password: %s") % created.one_time_password,
            _("It is shown only this once. At the first login you choose your own password."),
        ]
        rule = "=" * max(len(line) for line in lines)
        self.stdout.write("\n".join([rule, *lines, rule]), style_func=self.style.WARNING)
