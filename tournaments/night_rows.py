"""Rows of the night's file: a model's fields as plain values, and back as a checked new row;
the times the database sets, kept as in the file; who changed a row, by user name. Shared by
the frame (``scoring.night_transfer``: the tournament, players, tables, seats, swaps) and by
every app's own rows in it (:mod:`tournaments.night_file`)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any, TypeVar, cast

from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

#: Fields whose value the database sets on save; set again after the rows are in.
AUTO_TIMES = {"created_at", "updated_at"}
#: Rows per query when saving in bulk.
BATCH = 500
#: The key of a row's changes (its history) in the file.
CHANGES = "changes"

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


def row(model: type[ModelT], given_values: Any, names: Iterable[str], **given: Any) -> ModelT:
    """A new row of ``model`` from the file's values, each field checked as a form would.

    :raises ValidationError, KeyError, TypeError: a field is missing or wrong.
    """
    if not isinstance(given_values, Mapping):
        raise TypeError("a row must be an object")
    fields = {}
    for name in names:
        fields[name] = field(model, name).to_python(given_values[name])
    new = model(**fields, **given)
    exclude = [name for name in AUTO_TIMES if hasattr(new, name)]
    new.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
    return new


def keep_times(model: type[models.Model], rows: list[tuple[Any, Mapping[str, Any]]]) -> None:
    """Put back the times the database set on save (auto_now_add, auto_now) as in the file."""
    names = [name for name in AUTO_TIMES if any(f.name == name for f in model._meta.fields)]
    for saved, item in rows:
        for name in names:
            setattr(saved, name, field(model, name).to_python(item[name]))
    if rows and names:
        model._default_manager.bulk_update([saved for saved, _ in rows], names, batch_size=BATCH)


def created(model: type[ModelT], rows: list[tuple[ModelT, Mapping[str, Any]]]) -> None:
    """Save new rows in bulk (each with its item of the file), their times as in the file."""
    model._default_manager.bulk_create([saved for saved, _item in rows], batch_size=BATCH)
    keep_times(model, rows)


def history(changes: Iterable[Any], names: Iterable[str]) -> list[dict[str, Any]]:
    """A row's changes (each with a ``user``) as plain values; who changed it by user name,
    since the ids differ in another installation (:func:`user_named` reads it back)."""
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

    :raises ValidationError, KeyError, TypeError: a change is missing a field or is wrong.
    """
    names = tuple(names)
    return [
        (row(model, change, names, deal=deal, user=user_named(change["user"])), change)
        for deal, item in rows
        for change in (item.get(CHANGES, []) if optional else item[CHANGES])
    ]


def user_named(username: object) -> Any:
    """The account of that name here, or None (then the line stays, without the account)."""
    if not username:
        return None
    return get_user_model().objects.filter(username=username).first()
