"""The rules library's errors as the pages show them: the one adapter from a
:class:`~fipsen_rules.FipsenError` (codes, fields and parameters, English templates) to
translated text and Django form errors.

The templates are translated here, late, where they are shown (the German is in the ``.po``);
a missing parameter shows as ``?`` rather than failing the page. The library numbers seats from
0; the pages, like the table card, from 1, with the player's name where the page knows it.
"""

from collections.abc import Callable, Mapping, Sequence

from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.utils.translation import gettext

from fipsen_rules import Code, FipsenError, Violation, message_of
from fipsen_rules.errors import ParamValue
from fipsen_rules.messages import format_message
from fipsen_rules.rulesets import notation_words
from fipsen_rules.signs import signed_total
from fipsen_rules.vocabulary import spoken

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


def _game(value: ParamValue) -> ParamValue:
    """A game in the notation as the page's language says it ("3 Hand won" in English)."""
    return spoken(value, gettext, notation_words()) if isinstance(value, str) else value


#: The parameters of the rules' messages that are a seat (from 0), in every rule set's
#: messages; and those that are one in a single message only ("other" is a word elsewhere).
SEAT_PARAMS = frozenset({"seat", "expected"})
SEAT_PARAMS_OF: dict[str, frozenset[str]] = {Code.RACE_TWO_TENTHS: frozenset({"other"})}


def violation_text(violation: Violation, names: Sequence[str] = ()) -> str:
    """One broken rule as a sentence in the user's language; a seat counted from 1, as on the
    table card, and named: ``names`` are the players in the library's seat order.

    ("Seat 5 (Gerda Schulz) dealt and sits out …").
    """
    seats = SEAT_PARAMS | SEAT_PARAMS_OF.get(violation.code, frozenset())
    params = {
        key: _seat(value, names) if key in seats else _game(value) if key == "game" else value
        for key, value in violation.params.items()
    }
    return translated(message_of(violation.code), params)


def _seat(seat: ParamValue, names: Sequence[str]) -> ParamValue:
    """A seat of the library (from 0) as the table card numbers it, with the player's name."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        return seat
    if 0 <= seat < len(names):
        return f"{seat + 1} ({names[seat]})"
    return seat + 1


def violation_error(violation: Violation, names: Sequence[str] = ()) -> ValidationError:
    """One broken rule as a form error, with the rules' code (``names``: as
    :func:`violation_text`)."""
    return ValidationError(violation_text(violation, names), code=violation.code)


def rules_error_text(error: FipsenError, names: Sequence[str] = ()) -> str:
    """Every broken rule of ``error`` in one line (a failed file's message)."""
    return " ".join(violation_text(violation, names) for violation in error.violations)


def add_refusal(
    form: BaseForm,
    error: FipsenError | ValidationError,
    *,
    fields: Mapping[str, str] | None = None,
    wording: Wording | None = None,
    names: Sequence[str] = (),
) -> None:
    """Why the rules or a service refused what ``form`` sent, on the form.

    Each broken rule goes on the form's field it concerns (``fields`` maps the rules' field
    names to the form's), each error of a ``ValidationError`` on its own field if the form has
    it; anything else on the form as a whole. ``names``: the players in the rules' seat
    order, to name a seat.
    """
    if isinstance(error, ValidationError):
        _add_validation_error(form, error)
        return
    for violation in error.violations:
        field = (fields or {}).get(violation.field or "")
        shown = wording(violation, field) if wording is not None else None
        form.add_error(
            field if field in form.fields else None, shown or violation_error(violation, names)
        )


def _add_validation_error(form: BaseForm, error: ValidationError) -> None:
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for field, errors in error.error_dict.items():
        form.add_error(field if field in form.fields else None, errors)
