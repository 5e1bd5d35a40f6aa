"""Django's JSON serialization with times to the microsecond, for the backups.

Django's encoder cuts a time to the millisecond (ECMA-262's format), so a row restored from a
JSON backup was not the row backed up: every deal's and every change's time moved (issue 18).
Registered as the format ``exact_json`` (``SERIALIZATION_MODULES``); what it writes is plain
JSON, read back by Django's own ``json`` deserializer (ISO 8601 with microseconds).

>>> import datetime
>>> ExactJSONEncoder().encode(datetime.datetime(2026, 11, 27, 19, 5, 3, 123456, datetime.UTC))
'"2026-11-27T19:05:03.123456Z"'
>>> ExactJSONEncoder().encode(datetime.time(19, 5, 3, 120))
'"19:05:03.000120"'
"""

import datetime
from typing import Any

from django.core.serializers.json import Deserializer as Deserializer
from django.core.serializers.json import DjangoJSONEncoder
from django.core.serializers.json import Serializer as JSONSerializer
from django.utils.timezone import is_aware

__all__ = ["Deserializer", "ExactJSONEncoder", "Serializer"]


class ExactJSONEncoder(DjangoJSONEncoder):
    """:class:`DjangoJSONEncoder`, keeping the microseconds of times."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            text = o.isoformat()
            return text.removesuffix("+00:00") + "Z" if text.endswith("+00:00") else text
        if isinstance(o, datetime.time) and not is_aware(o):
            return o.isoformat()
        return super().default(o)


class Serializer(JSONSerializer):
    """Django's JSON serializer with :class:`ExactJSONEncoder`."""

    def start_serialization(self) -> None:
        super().start_serialization()  # sets json_kwargs, with Django's encoder
        self.json_kwargs["cls"] = ExactJSONEncoder
