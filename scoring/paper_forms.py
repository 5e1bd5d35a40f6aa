"""The form of a typed paper sheet: the text, and the first wrong line as an error on it."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from fipsen_rules.messages import format_message
from scoring.paper import SheetError

#: Longer than any sheet: 120 deals of about 50 characters each.
MAX_TEXT = 20_000


class PaperSheetForm(forms.Form):
    """One deal per line; ``batch`` is the id of the checked sheet, sent with "save"."""

    text = forms.CharField(
        label=_("The paper sheet, one deal per line"),
        max_length=MAX_TEXT,
        strip=False,
        widget=forms.Textarea(
            attrs={
                "rows": 12,
                "class": "paper-text",
                "autocapitalize": "off",
                "autocomplete": "off",
                "autocorrect": "off",
                "spellcheck": "false",
            }
        ),
    )
    batch = forms.UUIDField(widget=forms.HiddenInput, required=False)

    #: The wrong line as typed, shown under the message.
    wrong_line: str = ""

    def add_sheet_error(self, error: SheetError) -> None:
        """The first wrong line as one plain message on the text: where, what, what was due."""
        what = " ".join(
            format_message(gettext(problem.template), problem.params) for problem in error.problems
        )
        if error.line is None:
            message = what
        else:
            message = gettext("Line %(line)s (deal %(number)s): %(message)s") % {
                "line": error.line,
                "number": error.number,
                "message": what,
            }
        self.wrong_line = error.text
        self.add_error("text", ValidationError(message, code=error.problems[0].code))
