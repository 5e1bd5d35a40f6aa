from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    """The file jobs (PDFs): their records, the task, their progress and downloads.

    It knows no other app: the apps register their kinds of file (printing.kinds) and the
    owners of their files (printing.owners) from their own ``ready()``.
    """

    name = "printing"
    verbose_name = _("Printing")
