"""An option of a rule set as the organiser reads it (the form's label, help and choices)."""

from dataclasses import dataclass

from django_stubs_ext import StrOrPromise

__all__ = ["OptionText"]


@dataclass(frozen=True)
class OptionText:
    """An option as the organiser reads it; ``choices`` for an option of a few numbers."""

    label: "StrOrPromise"
    help: "StrOrPromise" = ""
    choices: tuple[tuple[int, "StrOrPromise"], ...] = ()
