import uuid

from django.db import models
from django.utils.translation import gettext_lazy as _


class GeneratedFile(models.Model):
    """A file a background job makes (a PDF), kept for a while for download.

    The page creates the record with a random id, the job fills in the file and reports its
    progress; the page polls until the file is there (after pretix's CachedFile). The record
    names its owner by key only (printing.owners): printing knows no other app's models.
    """

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    #: Whose file it is, "<type>:<id>" ("tournament:12"); empty for nobody's.
    owner = models.CharField(_("belongs to"), max_length=100, blank=True, db_index=True)
    kind = models.CharField(_("kind"), max_length=40)
    filename = models.CharField(_("file name"), max_length=200)
    file = models.FileField(_("file"), upload_to="files/%Y/%m/", blank=True)
    task_id = models.CharField(max_length=255, blank=True)
    #: What the job was sent with (strings for the renderer): a job handed on is sent again.
    options = models.JSONField(default=dict, blank=True)
    #: How often the job was sent again because its worker died (services.file_hand_on).
    handed_on = models.PositiveSmallIntegerField(default=0)
    #: A message for the user when the job failed; empty while it runs or when it succeeded.
    error = models.CharField(_("error"), max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(_("expires at"))

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("generated file")
        verbose_name_plural = _("generated files")

    def __str__(self) -> str:
        return self.filename
