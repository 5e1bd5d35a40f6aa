"""Text as it comes in (forms, CSV files, raw POST fields): cleaned once, on the way in.

A NUL character cannot be stored by PostgreSQL, other control characters break the XLSX export
(and print as boxes), and the bidi controls (right-to-left overrides and isolates) turn the
text that follows them around in every message and PDF that shows the name. None of them
belongs in a name, a club, a prize or a reason, so :func:`clean_text` drops them; the models'
validators refuse what a path that skipped it would still bring (see :func:`no_control_characters`).
"""

import unicodedata
from typing import cast

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext_lazy as _

#: The invisible characters that reorder text (bidi embeddings, overrides, isolates, marks)
#: and the byte order mark.
_INVISIBLE = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff"
)
#: What breaks a line: a space in a one-line field, an end of line in a multi-line one.
_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def _is_unwanted(char: str) -> bool:
    # Cc: control characters (NUL included); Cs: lone surrogates (not storable as UTF-8);
    # Co/Cn: private use and unassigned code points, which no font prints.
    return char in _INVISIBLE or unicodedata.category(char) in ("Cc", "Cs", "Co", "Cn")


def clean_text(value: str, *, multiline: bool = False) -> str:
    """The text without control and bidi characters, in NFC; tabs and line breaks become
    spaces, or in a multi-line text line breaks become "\\n".

    >>> clean_text("Anna\\x00 M\\u202eöller\\tX")
    'Anna Möller X'
    >>> clean_text("1. 50 €\\r\\n2. Wein", multiline=True)
    '1. 50 €\\n2. Wein'
    """
    text = unicodedata.normalize("NFC", value.replace("\r\n", "\n"))
    kept = []
    for char in text:
        if char in _LINE_BREAKS:
            kept.append("\n" if multiline else " ")
        elif char == "\t":
            kept.append(" ")
        elif not _is_unwanted(char):
            kept.append(char)
    return "".join(kept)


def has_letter(value: str) -> bool:
    """Whether the text has a letter of any script (not only punctuation, digits or marks)."""
    return any(unicodedata.category(char).startswith("L") for char in value)


def no_control_characters(value: str) -> None:
    """A model field's validator: what :func:`clean_text` would remove is not stored."""
    if clean_text(value, multiline=True) != unicodedata.normalize("NFC", value):
        raise ValidationError(
            _("Please remove the invisible control characters from the text."),
            code="control_characters",
        )


def name_has_letter(value: str) -> None:
    """A name's validator: at least one letter."""
    if not has_letter(value):
        raise ValidationError(
            _("A name needs at least one letter."),
            code="no_letter",
        )


class CleanCharField(forms.CharField):
    """A text field that cleans its input with :func:`clean_text` before any other check (so
    that its length is counted without the characters dropped)."""

    def __init__(self, *args: object, multiline: bool = False, **kwargs: object) -> None:
        self.multiline = multiline
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def to_python(self, value: object) -> str:
        # str: the stubs allow None for empty_value=None, which no field here sets.
        text = cast(str, super().to_python(value))
        if self.multiline:
            return clean_text(text, multiline=True)
        return " ".join(clean_text(text).split()) if self.strip else clean_text(text)


def max_length_constraint(model: str, *fields: str, length: int) -> models.CheckConstraint:
    """The database holds text fields to their max_length: PostgreSQL's varchar does, SQLite
    does not, so a path that skipped full_clean would store anything there."""
    condition = Q()
    for field in fields:
        condition &= Q(LessThanOrEqual(Length(field), length))
    return models.CheckConstraint(condition=condition, name=f"{model}_text_length")
