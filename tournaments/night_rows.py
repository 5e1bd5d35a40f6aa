"""Rows of the night's file: a model's fields as plain values, and back as a checked new row;
the times the database sets, kept as in the file; who changed a row, by user name. Shared by
the frame (``scoring.night_file.transfer``: the tournament, players, tables, seats, swaps) and by
every app's own rows in it (:mod:`tournaments.night_file`)."""

from __future__ import annotations

import json
import re
import unicodedata
import uuid
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any, TypeVar, cast

from django.core.exceptions import ValidationError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.translation import gettext as _

from tournaments.converters import TokenConverter

#: Fields whose value the database sets on save; set again after the rows are in.
AUTO_TIMES = {"created_at", "updated_at"}
#: Rows per query when saving in bulk.
BATCH = 500
#: Rows per query when putting their times back: each row is a CASE of the query, built as
#: Python objects first (500 took some 2 MB).
TIMES_BATCH = 100
#: The key of a row's changes (its history) in the file.
CHANGES = "changes"
#: The key of who made a change (a user name of the installation that wrote the file).
USER = "user"
#: An entry's id against a form sent twice (:class:`tournaments.ledger.entries.LedgerEntry`).
SUBMISSION = "submission"

ModelT = TypeVar("ModelT", bound=models.Model)


def field(model: type[models.Model] | models.Model, name: str) -> models.Field[Any, Any]:
    """The concrete field ``name``: the names exported here are never relations' reverse sides
    or generic keys, which get_field may also return."""
    return cast("models.Field[Any, Any]", model._meta.get_field(name))


def values(obj: models.Model, names: Iterable[str]) -> dict[str, Any]:
    encoder = DjangoJSONEncoder()
    result: dict[str, Any] = {}
    for name in names:
        value = field(obj, name).value_from_object(obj)
        if isinstance(value, datetime):
            # Always to the millisecond, so that a time exported, imported and exported
            # again reads the same (DjangoJSONEncoder leaves out a fraction of .000).
            result[name] = value.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        else:
            result[name] = value if value is None else json.loads(encoder.encode(value))
    return result


#: The years a time or a date of a night may fall in: a database's extremes (year 1 in another
#: time zone) broke the pages and every backup after them.
YEARS = (2000, 2100)
#: A link's secret as the URL converter takes it (else no page could name it), and not one
#: to guess: every link Preisfipsen makes has 24 characters (``new_token``), a file's with
#: fewer was written by hand.
_TOKEN = re.compile(TokenConverter.regex)
SHORTEST_TOKEN = 16


class RowError(ValidationError):
    """A row of the file is wrong: ``reason`` says what, ``places`` where ("Tisch 3",
    "Spiel 12")."""

    def __init__(self, reason: str, places: tuple[str, ...] = ()) -> None:
        self.reason, self.places = reason, places
        super().__init__(f"{', '.join(places)}: {reason}" if places else reason)


@contextmanager
def at(place: str) -> Iterator[None]:
    """Name the place of whatever is wrong inside: ``with at(_("Table 3")):``. The places
    nest: "Tisch 3, Spiel 12: …"."""
    try:
        yield
    except RowError as error:
        raise RowError(error.reason, (place, *error.places)) from error
    except (ValidationError, KeyError, TypeError, ValueError, AttributeError) as error:
        text = reason(error)
        for mark in (":", ","):  # an app's message that names the place already
            if text.startswith(place + mark):
                text = text[len(place) + 1 :].lstrip()
        raise RowError(text, (place,)) from error


def reason(error: Exception) -> str:
    """What is wrong, in words (never a Python error's name)."""
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    if isinstance(error, KeyError):
        return _("“%(key)s” is missing.") % {"key": error.args[0] if error.args else ""}
    return _("a value has the wrong kind (%(error)s).") % {"error": error}


def row(
    model: type[ModelT],
    given_values: Any,
    names: Iterable[str],
    *,
    extra: Iterable[str] = (),
    **given: Any,
) -> ModelT:
    """A new row of ``model`` from the file's values, each field checked as a form would:
    no key but ``names`` and ``extra`` (read by the caller), every value of its field's kind,
    text without control characters, times with their zone and within :data:`YEARS`.

    :raises ValidationError, KeyError, TypeError: a field is missing, unknown or wrong.
    """
    if not isinstance(given_values, Mapping):
        raise TypeError(_("a row must be an object"))
    names = tuple(names)
    unknown = sorted(str(key) for key in set(given_values) - {*names, *extra})
    if unknown:
        raise ValidationError(_("unknown field “%(key)s”.") % {"key": unknown[0]})
    fields = {}
    for name in names:
        with at(name):
            fields[name] = _value(field(model, name), given_values[name])
    new = model(**fields, **given)
    # What the caller gives is its own (a row it saved: the table, the deal), not the file's:
    # checking it would cost a query a row, some 10,000 for a night of 200 tables.
    exclude = [name for name in AUTO_TIMES if hasattr(new, name)] + list(given)
    new.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    return new


def _value(model_field: models.Field[Any, Any], value: Any) -> Any:
    """A field's value from the file, of the field's kind (as a form's field would take it)."""
    if value is None and not model_field.null:
        raise ValidationError(model_field.error_messages["null"])
    if isinstance(value, bool) and not isinstance(model_field, models.BooleanField):
        raise ValidationError(_("“%(value)s” is no value of this field.") % {"value": value})
    if isinstance(model_field, models.BooleanField) and not isinstance(value, bool | None):
        raise ValidationError(_("“%(value)s” is not true or false.") % {"value": value})
    if isinstance(value, dict | list) and not isinstance(model_field, models.JSONField):
        raise ValidationError(_("a list or an object is no value of this field."))
    text_checked(value)
    result = model_field.to_python(value)
    if isinstance(result, datetime) and (result.tzinfo is None or not _in_years(result)):
        raise ValidationError(
            _("“%(value)s” is no time of a night (with its time zone, %(first)s to %(last)s).")
            % {"value": value, "first": YEARS[0], "last": YEARS[1]}
        )
    if isinstance(result, date) and not _in_years(result):
        raise ValidationError(
            _("“%(value)s” is no date of a night (%(first)s to %(last)s).")
            % {"value": value, "first": YEARS[0], "last": YEARS[1]}
        )
    return result


def _in_years(value: date) -> bool:
    return YEARS[0] <= value.year <= YEARS[1]


def text_checked(value: Any) -> None:
    """Text, and text inside a list or an object, without a control character (NUL and the
    like, which PostgreSQL refuses; a line break or a tab is text).

    :raises ValidationError: one was found.
    """
    if isinstance(value, str):
        if any(unicodedata.category(c) == "Cc" and c not in "\n\r\t" for c in value):
            raise ValidationError(
                _("Please remove the invisible control characters from the text.")
            )
    elif isinstance(value, list):
        for item in value:
            text_checked(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            text_checked(key)
            text_checked(item)


def keys_known(item: Mapping[str, Any], known: tuple[str, ...]) -> None:
    unknown = sorted(str(key) for key in set(item) - set(known))
    if unknown:
        raise RowError(_("unknown field “%(key)s”.") % {"key": unknown[0]})


def listed(items: Any) -> list[Any]:
    if not isinstance(items, list):
        raise RowError(_("a list is missing here."))
    return items


def token_checked(value: str) -> None:
    """A link's secret as the URL converter takes it: else no page could name it."""
    if not _TOKEN.fullmatch(value) or len(value) < SHORTEST_TOKEN:
        raise ValidationError(_("“%(value)s” is no link of Preisfipsen.") % {"value": value})


def keyed(item: Any, players: Mapping[Any, Any], name: str) -> Any:
    """The row of the file that ``item[name]`` names, by its key."""
    key = item[name]
    if type(key) is not int or key not in players:
        raise ValidationError(_("“%(value)s” names no row of the file.") % {"value": key})
    return players[key]


def new_key(item: Any, rows: Mapping[Any, Any]) -> int:
    key = item["key"]
    if type(key) is not int or key in rows:
        raise ValidationError(_("the key “%(value)s” is not a new number.") % {"value": key})
    return key


def keep_times(model: type[models.Model], rows: list[tuple[Any, Mapping[str, Any]]]) -> None:
    """Put back the times the database set on save (auto_now_add, auto_now) as in the file."""
    names = [name for name in AUTO_TIMES if any(f.name == name for f in model._meta.fields)]
    for saved, item in rows:
        for name in names:
            setattr(saved, name, field(model, name).to_python(item[name]))
    if rows and names:
        model._default_manager.bulk_update(
            [saved for saved, _ in rows], names, batch_size=TIMES_BATCH
        )


def created(model: type[ModelT], rows: list[tuple[ModelT, Mapping[str, Any]]]) -> None:
    """Save new rows in bulk (each with its item of the file), their times as in the file.

    An entry's submission id only tells a form sent twice from a new entry; an entry of the
    file is done. Where the id is taken (the night was here before, under another name, or
    the file has it twice) the entry gets a new one, as a fresh entry would.
    """
    if any(f.name == SUBMISSION for f in model._meta.fields):
        _fresh_submissions(model, [saved for saved, _item in rows])
    model._default_manager.bulk_create([saved for saved, _item in rows], batch_size=BATCH)
    keep_times(model, rows)


def _fresh_submissions(model: type[models.Model], rows: list[Any]) -> None:
    ids = [getattr(saved, SUBMISSION) for saved in rows]
    taken = set(
        model._default_manager.filter(**{f"{SUBMISSION}__in": ids}).values_list(
            SUBMISSION, flat=True
        )
    )
    for saved in rows:
        if getattr(saved, SUBMISSION) in taken:
            setattr(saved, SUBMISSION, uuid.uuid4())
        taken.add(getattr(saved, SUBMISSION))


def history(changes: Iterable[Any], names: Iterable[str]) -> list[dict[str, Any]]:
    """A row's changes (each with a ``user``) as plain values; who changed it by user name,
    for the reader of the file (the ids differ in another installation; :func:`history_read`
    gives no line of a file to an account here)."""
    names = tuple(names)
    return [
        {**values(change, names), "user": change.user.get_username() if change.user else None}
        for change in changes
    ]


def history_read(
    model: type[ModelT],
    rows: Iterable[tuple[models.Model, Mapping[str, Any]]],
    names: Iterable[str],
    *,
    optional: bool = False,
) -> list[tuple[ModelT, Mapping[str, Any]]]:
    """The changes of each deal in ``rows`` (saved, each with its item of the file), as
    :func:`history` wrote them under ``changes``: new rows of ``model``, checked, not saved.
    ``optional``: a file made before the changes were kept has none.

    Who made a change is an account of the installation that wrote the file: a name alone
    proves nothing (anyone can write "leitung" into a file), so a line of the file is never
    given to an account here; it stays, without an account. The name must be text.

    :raises ValidationError, KeyError, TypeError: a change is missing a field or is wrong.
    """
    names = tuple(names)
    changes = []
    for number, (deal, item) in enumerate(rows, start=1):
        with at(_("deal %(number)s") % {"number": getattr(deal, "sequence", number)}):
            found = item.get(CHANGES, []) if optional else item[CHANGES]
            if not isinstance(found, list):
                raise TypeError(_("the changes must be a list"))
            for index, change in enumerate(found, start=1):
                with at(_("change %(number)s") % {"number": index}):
                    changes.append((_change(model, change, names, deal), change))
    return changes


def _change(model: type[ModelT], change: Any, names: tuple[str, ...], deal: Any) -> ModelT:
    new = row(model, change, names, extra=(USER,), deal=deal, user=None)
    username = change.get(USER)
    if username is not None and not isinstance(username, str):
        raise TypeError(_("the name of who changed it must be text"))
    text_checked(username)
    return new
