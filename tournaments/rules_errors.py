"""The rules library's errors as the pages show them: the one adapter from a
:class:`~fipsen_rules.FipsenError` (codes, fields and parameters, English templates) to
translated text and Django form errors.

The templates are translated here, late, where they are shown (the German is in the ``.po``);
a missing parameter shows as ``?`` rather than failing the page.
"""

from collections.abc import Callable, Mapping

from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.utils.translation import gettext

from fipsen_rules import MESSAGES, FipsenError, Violation
from fipsen_rules.errors import ParamValue
from fipsen_rules.messages import format_message
from fipsen_rules.signs import signed_total

#: How a form words a broken rule itself (``field``: the form's field it concerns, if any);
#: None leaves it to :func:`violation_error`.
Wording = Callable[[Violation, str | None], ValidationError | None]


def translated(template: str, params: Mapping[str, ParamValue]) -> str:
    """An English template of the rules (or of the paper sheet), translated and filled; a
    negative number with a true minus sign, as the pages write every score."""
    return format_message(gettext(template), {key: _written(v) for key, v in params.items()})


def _written(value: ParamValue) -> ParamValue:
    if isinstance(value, int) and not isinstance(value, bool) and value < 0:
        return signed_total(value)
    return value


def violation_text(violation: Violation) -> str:
    """One broken rule as a sentence in the user's language."""
    return translated(MESSAGES[violation.code], violation.params)


def violation_error(violation: Violation) -> ValidationError:
    """One broken rule as a form error, with the rules' code."""
    return ValidationError(violation_text(violation), code=violation.code)


def rules_error_text(error: FipsenError) -> str:
    """Every broken rule of ``error`` in one line (a failed file's message)."""
    return " ".join(violation_text(violation) for violation in error.violations)


def add_refusal(
    form: BaseForm,
    error: FipsenError | ValidationError,
    *,
    fields: Mapping[str, str] | None = None,
    wording: Wording | None = None,
) -> None:
    """Why the rules or a service refused what ``form`` sent, on the form.

    Each broken rule goes on the form's field it concerns (``fields`` maps the rules' field
    names to the form's), each error of a ``ValidationError`` on its own field if the form has
    it; anything else on the form as a whole.
    """
    if isinstance(error, ValidationError):
        _add_validation_error(form, error)
        return
    for violation in error.violations:
        field = (fields or {}).get(violation.field or "")
        shown = wording(violation, field) if wording is not None else None
        form.add_error(field if field in form.fields else None, shown or violation_error(violation))


def _add_validation_error(form: BaseForm, error: ValidationError) -> None:
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for field, errors in error.error_dict.items():
        form.add_error(field if field in form.fields else None, errors)
