"""The form of a typed paper sheet: the text, and every wrong line as an error on it."""

from dataclasses import dataclass

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.paper import SheetError, WrongLine
from tournaments.rules_errors import translated

#: Longer than any sheet: 120 deals of about 50 characters each.
MAX_TEXT = 20_000


@dataclass(frozen=True)
class ShownLine:
    """A wrong line as the page shows it: where and what is wrong, then the line as typed."""

    message: str
    text: str


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

    #: Every wrong line: its message, and the line as typed under it.
    wrong_lines: tuple[ShownLine, ...] = ()
    #: Above them: how many lines are wrong, and that nothing was saved.
    wrong_summary: str = ""
    #: Below them: the lines whose totals are checked once the wrong lines before are right.
    unchecked_note: str = ""

    def add_sheet_error(self, error: SheetError) -> None:
        """Every wrong line as a plain message on the text: where, what, what was due."""
        self.wrong_lines = tuple(ShownLine(_line_message(w), w.text) for w in error.lines)
        if error.unchecked:
            self.unchecked_note = ngettext(
                "The totals of line %(lines)s are checked once the wrong lines before it are "
                "right.",
                "The totals of lines %(lines)s are checked once the wrong lines before them are "
                "right.",
                len(error.unchecked),
            ) % {"lines": ", ".join(map(str, error.unchecked))}
        count = sum(1 for wrong in error.lines if wrong.line is not None)
        if count:
            self.wrong_summary = ngettext(
                "%(count)s line is wrong, so nothing is saved. Correct it above and check again.",
                "%(count)s lines are wrong, so nothing is saved. Correct them above and check "
                "again.",
                count,
            ) % {"count": count}
        self.add_error(
            "text",
            [
                ValidationError(shown.message, code=wrong.problems[0].code)
                for shown, wrong in zip(self.wrong_lines, error.lines, strict=True)
            ],
        )


def _line_message(wrong: WrongLine) -> str:
    what = " ".join(translated(problem.template, problem.params) for problem in wrong.problems)
    if wrong.line is None:
        return what
    return gettext("Line %(line)s (deal %(number)s): %(message)s") % {
        "line": wrong.line,
        "number": wrong.number,
        "message": what,
    }
