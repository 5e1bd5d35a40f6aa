"""The web server's access log names no link's token (issue 18: whoever read the log could
enter deals at any table)."""

import datetime
import logging
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

from preisfipsen.serve.access_log import AccessLog
from preisfipsen.serve.servers import servers


def _access_line(path: str, query: str = "", referer: str = "-") -> str:
    config = Config()
    config.set("accesslog", "-")
    log = AccessLog(config)
    records: list[logging.LogRecord] = []
    log.access_log.handlers = []
    log.access_log.addHandler(_Keep(records))
    raw = f"{path}?{query}" if query else path
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": raw,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "192.168.1.31",
        "HTTP_REFERER": referer,
    }
    response = SimpleNamespace(status="200 OK", sent=120, headers=[])
    request = SimpleNamespace(headers=[("REFERER", referer)])
    log.access(response, request, environ, datetime.timedelta(milliseconds=12))
    return records[0].getMessage()


class _Keep(logging.Handler):
    def __init__(self, records: list[logging.LogRecord]) -> None:
        super().__init__()
        self.records = records

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/t/Zq3_x-9AbCdEfGhIjKl/", "/t/…/"),
        ("/t/Zq3_x-9AbCdEfGhIjKl/race/", "/t/…/race/"),
        ("/t/Zq3_x-9AbCdEfGhIjKl/deals/7/correct/", "/t/…/deals/7/correct/"),
        ("/s/SheetToken_123/", "/s/…/"),
        ("/board/BoardToken-456/", "/board/…/"),
    ],
)
def test_a_links_token_is_not_in_the_access_log(path: str, shown: str) -> None:
    secret = path.split("/")[2]
    line = _access_line(path, referer=f"http://192.168.1.20:8000{path}")
    assert secret not in line
    assert f"POST {shown} HTTP/1.1" in line
    assert f"http://192.168.1.20:8000{shown}" in line  # the referrer too


def test_the_organisers_pages_are_logged_as_they_are() -> None:
    line = _access_line("/tournaments/3/tables/", query="page=2")
    assert "POST /tournaments/3/tables/?page=2 HTTP/1.1" in line


def test_make_run_starts_the_web_server_with_that_log(tmp_path) -> None:
    web, _worker = servers(host="127.0.0.1", port=8000, log_dir=tmp_path)
    assert "--logger-class=preisfipsen.serve.access_log.AccessLog" in web.command
