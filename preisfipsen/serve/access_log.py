"""The web server's access log without the links' secrets.

A table's link (``/t/<token>/``), a shared sheet (``/s/<token>/``) and the hall's board
(``/board/<token>/``) are opened by their token alone: whoever reads it may enter deals. The
log keeps the path's shape and drops the token, in the request line, the path and the referrer.

>>> without_secrets("GET /t/Zq3_x-9/race/?tap=1 HTTP/1.1")
'GET /t/…/race/?tap=1 HTTP/1.1'
>>> without_secrets("http://192.168.1.20:8000/board/abc/")
'http://192.168.1.20:8000/board/…/'
>>> without_secrets("/tournaments/3/tables/")
'/tournaments/3/tables/'
"""

import re
from typing import Any

from gunicorn.glogging import Logger

#: A link's secret in a path: the segment after /t/, /s/ or /board/ (tournaments.converters).
_SECRET = re.compile(r"(?<=/)(t|s|board)/[A-Za-z0-9_-]{1,64}(?=[/?#\s]|$)")


def without_secrets(text: str) -> str:
    """``text`` with every link's token replaced by "…"."""
    return _SECRET.sub(r"\1/…", text)


class AccessLog(Logger):
    """gunicorn's logger, whose access lines name no link's token (``--logger-class``)."""

    def atoms(self, resp: Any, req: Any, environ: Any, request_time: Any) -> dict[str, Any]:
        atoms: dict[str, Any] = super().atoms(resp, req, environ, request_time)
        return {
            key: without_secrets(value) if isinstance(value, str) else value
            for key, value in atoms.items()
        }
